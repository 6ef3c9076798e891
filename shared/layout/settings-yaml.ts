/**
 * Writes inferred settings into rulebook.yaml or a file's front matter the way a marshal would: every existing key,
 * value and comment kept (the yaml Document API edits the tree), lists only gain what they lack, a value the marshal
 * set is never overwritten. Text that needs no change is returned as it was, byte for byte.
 */
import { isAlias, isMap, isScalar, isSeq, parseDocument, visit, type Document } from 'yaml';
import { splitFrontMatter } from '../parse/config.js';

export interface MergeResult {
  readonly text: string;
  readonly changed: boolean;
  /** Settings the text already had with another value, kept as the marshal wrote them ("layout.references.bare"). */
  readonly kept: readonly string[];
}

export type MergeOutcome = ({ readonly ok: true } & MergeResult) | { readonly ok: false; readonly message: string; readonly line: number };

type Data = Record<string, unknown>;

const isPlain = (v: unknown): v is Data => typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => (typeof a === 'string' && typeof b === 'string' ? a.toLowerCase() === b.toLowerCase() : JSON.stringify(a) === JSON.stringify(b));

/** Values that stay whole: a front-matter mapping is one setting, not a group to merge into. */
const WHOLE = new Set(['frontMatter']);

/** Short lists of words read best on one line: `headingLevels: [2]`, `attributes: [Str, Dex]`. */
function flowShortLists(node: unknown): void {
  if (isMap(node)) for (const pair of node.items) flowShortLists(pair.value);
  else if (isSeq(node)) {
    if (node.items.every((i) => isScalar(i)) && JSON.stringify(node.toJSON()).length <= 60) node.flow = true;
    else for (const item of node.items) flowShortLists(item);
  }
}

function node(doc: Document, value: unknown, key: string): unknown {
  const created = doc.createNode(value);
  // A list of files grows and shrinks a line at a time, in a diff too.
  if (key !== 'files') flowShortLists(created);
  return created;
}

function merge(doc: Document, path: string[], settings: Data, kept: string[]): boolean {
  let changed = false;
  for (const [key, value] of Object.entries(settings)) {
    const at = [...path, key];
    const dotted = at.join('.');
    const existing = doc.getIn(at, true);
    if (existing === undefined || (isScalar(existing) && existing.value === null)) {
      doc.setIn(at, node(doc, value, key));
      changed = true;
    } else if (isPlain(value) && !WHOLE.has(key)) {
      if (isMap(existing)) changed = merge(doc, at, value, kept) || changed;
      else kept.push(dotted);
    } else if (Array.isArray(value)) {
      if (isSeq(existing)) {
        const have = existing.items.map((i) => (isScalar(i) ? i.value : undefined));
        for (const item of value) {
          if (have.some((h) => same(h, item))) continue;
          existing.add(doc.createNode(item));
          changed = true;
        }
      } else if (isScalar(existing)) {
        // `cost: Build` is a list of one (layout/read.ts): it becomes a list when it gains a word.
        const fresh = value.filter((v) => !same(existing.value, v));
        if (fresh.length) {
          doc.setIn(at, node(doc, [existing.value, ...fresh], key));
          changed = true;
        }
      } else kept.push(dotted);
    } else {
      const current = isScalar(existing) ? existing.value : (existing as { toJSON(): unknown }).toJSON();
      if (!same(current, value)) kept.push(dotted);
    }
  }
  return changed;
}

/**
 * An alias whose anchor is missing, or so many aliases that reading them would never end: the parser lets both
 * through, and writing the document back would throw. The first such problem and its offset, as parseYaml reports it.
 */
function aliasProblem(doc: Document): { message: string; offset: number } | null {
  try {
    doc.toJS({ maxAliasCount: 100 });
    return null;
  } catch (error) {
    // The first alias no earlier anchor names, found in one pass (an alias bomb has thousands of aliases).
    let offset = 0;
    const anchors = new Set<string>();
    visit(doc, {
      Node(_, node) {
        if (isAlias(node) && !anchors.has(node.source)) {
          offset = node.range?.[0] ?? 0;
          return visit.BREAK;
        }
        if (!isAlias(node) && node.anchor) anchors.add(node.anchor);
        return undefined;
      },
    });
    return { message: error instanceof Error ? error.message : String(error), offset };
  }
}

/** Merges `settings` (top-level keys) into a YAML mapping's text. */
export function mergeYamlSettings(text: string, settings: Data): MergeOutcome {
  const doc = parseDocument(text, { uniqueKeys: true, logLevel: 'error' });
  const error = doc.errors[0];
  if (error) return { ok: false, message: error.message.split('\n')[0], line: text.slice(0, error.pos[0]).split('\n').length };
  const alias = aliasProblem(doc);
  if (alias) return { ok: false, message: alias.message, line: text.slice(0, alias.offset).split('\n').length };
  if (doc.contents === null) doc.contents = doc.createNode({}) as unknown as typeof doc.contents;
  else if (!isMap(doc.contents)) return { ok: false, message: 'expected a mapping of settings (key: value)', line: 1 };
  const kept: string[] = [];
  const changed = merge(doc, [], settings, kept);
  return { ok: true, text: changed ? doc.toString({ lineWidth: 0, flowCollectionPadding: false }) : text, changed, kept };
}

/**
 * Merges `settings` into the front matter of a Markdown file, or adds front matter holding them. Everything after the
 * front matter's closing line stays byte for byte; so does the whole text when nothing changes.
 */
export function mergeFrontMatterSettings(text: string, settings: Data): MergeOutcome {
  const eol = /\r\n/.test(text.slice(0, 65536)) ? '\r\n' : '\n';
  const withEol = (yaml: string) => (eol === '\n' ? yaml : yaml.replace(/\r?\n/g, '\r\n'));
  const front = splitFrontMatter(text);
  if (!front) {
    if (Object.keys(settings).length === 0) return { ok: true, text, changed: false, kept: [] };
    const made = mergeYamlSettings('', settings);
    if (!made.ok) return made;
    return { ok: true, text: `---${eol}${withEol(made.text)}---${eol}${text}`, changed: true, kept: [] };
  }
  const merged = mergeYamlSettings(front.yaml, settings);
  if (!merged.ok) {
    const before = text.slice(0, front.yamlOffset).split('\n').length - 1;
    return { ...merged, line: merged.line + before };
  }
  if (!merged.changed) return { ok: true, text, changed: false, kept: merged.kept };
  const end = front.yamlOffset + front.yaml.length;
  return { ok: true, text: `${text.slice(0, front.yamlOffset)}${withEol(merged.text)}${text.slice(end)}`, changed: true, kept: merged.kept };
}
