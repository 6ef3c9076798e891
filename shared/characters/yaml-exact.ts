/**
 * A character file read by the `yaml` package's full composition: slow (about 2 MB a second), but the judge of what
 * is valid YAML and of every YAML error's message, so a file the quick reader is unsure of is read here.
 */
import { isAlias, isMap, isScalar, isSeq, parseAllDocuments, type Node } from 'yaml';
import { blockEnd, type YamlDocument, type YamlNode, type YamlPair } from './yaml-nodes.js';

export function exactDocuments(text: string): YamlDocument[] {
  const docs = parseAllDocuments(text, { prettyErrors: false, uniqueKeys: true, logLevel: 'error' });
  // parseAllDocuments answers an empty stream with an EmptyStream, not a list.
  const list = Array.isArray(docs) ? docs : [];
  return list.map((doc) => {
    const error = doc.errors[0];
    if (error) return { error: { message: error.message.split('\n')[0], offset: error.pos[0] }, root: null };
    return { error: null, root: doc.contents === null ? null : convert(text, doc.contents as Node) };
  });
}

function convert(text: string, node: Node | null | undefined): YamlNode | null {
  if (node === null || node === undefined) return null;
  const [start, end] = node.range ?? [0, 0];
  if (isScalar(node)) return { kind: 'scalar', value: node.value, start, end, exact: true };
  if (isAlias(node)) return { kind: 'alias', start, end };
  if (isMap(node)) {
    const pairs: YamlPair[] = node.items.map((pair) => ({ key: convert(text, pair.key as Node | null), value: convert(text, pair.value as Node | null) }));
    const last = pairs[pairs.length - 1];
    return { kind: 'map', start, end: node.flow ? end : blockEnd(text, start, last?.value ?? null, last?.key ?? null), pairs };
  }
  if (isSeq(node)) {
    const items = node.items.map((item) => convert(text, item as Node | null));
    return { kind: 'seq', start, end: node.flow ? end : blockEnd(text, start, items[items.length - 1] ?? null, null), items };
  }
  throw new Error(`unexpected YAML node ${String(node)}`);
}
