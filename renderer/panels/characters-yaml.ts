/**
 * Edits of a character file's YAML for the Characters panel: a new file, a purchase added or removed. Made on the
 * `yaml` package's document (not by rewriting the whole file from data), so the marshal's comments, key order and
 * the other characters of the file stay as written.
 */
import { Document, isMap, isSeq, parseAllDocuments, stringify, type YAMLMap, type YAMLSeq } from 'yaml';
import { fileStem } from '../../shared/model/file-stem.js';

export interface NewPurchase {
  readonly skill: string;
  readonly tier: string | null;
  /** Null: bought at creation. */
  readonly event: string | null;
  /** Points paid; null leaves it to the book's price. */
  readonly cost: number | null;
}

/** The text of a new character file, as docs/characters.md shows one. */
export function newCharacterText(name: string, rulebook: string | null): string {
  return stringify({ name, ...(rulebook ? { rulebook } : {}), purchases: [] }, { lineWidth: 0 });
}

/** A file name for a new character ("Sigrun Hallsdottir" → "sigrun-hallsdottir.yaml"), unlike any of `taken`. */
export function characterFileName(name: string, taken: readonly string[]): string {
  const stem = fileStem(name) || 'character';
  const lower = new Set(taken.map((t) => t.toLowerCase()));
  for (let n = 1; ; n++) {
    const candidate = `${stem}${n === 1 ? '' : `-${n}`}.yaml`;
    if (!lower.has(candidate)) return candidate;
  }
}

/** The documents of the file and the mapping of its `index`th character, in the order readCharacterFile reads them. */
function locate(text: string, index: number): { docs: Document[]; map: YAMLMap } {
  const parsed = parseAllDocuments(text, { uniqueKeys: true });
  const docs = (Array.isArray(parsed) ? parsed : []) as Document[];
  let seen = 0;
  for (const doc of docs) {
    if (doc.errors.length) throw new Error(`the file does not read as YAML: ${doc.errors[0].message.split('\n')[0]}`);
    const root = doc.contents;
    const maps = isMap(root) ? [root] : isSeq(root) ? root.items.filter(isMap) : [];
    for (const map of maps) if (seen++ === index) return { docs, map };
  }
  throw new Error(`the file has no character number ${index + 1}`);
}

function serialise(docs: readonly Document[]): string {
  return docs.map((doc) => doc.toString({ lineWidth: 0 })).join('');
}

function purchasesOf(doc: Document, map: YAMLMap): YAMLSeq {
  const list = map.get('purchases', true);
  if (isSeq(list)) return list;
  if (list !== undefined && list !== null && !(typeof list === 'object' && 'value' in list && list.value === null)) {
    throw new Error('`purchases` is not a list');
  }
  const created = doc.createNode([]) as YAMLSeq;
  map.set('purchases', created);
  return created;
}

/** Appends a purchase to the character's `purchases:` (one line, `{ skill: …, event: …, cost: … }`, as the docs write them). */
export function addPurchase(text: string, index: number, purchase: NewPurchase): string {
  const { docs, map } = locate(text, index);
  const doc = docs.find((d) => d.contents === map || (isSeq(d.contents) && d.contents.items.includes(map)))!;
  const list = purchasesOf(doc, map);
  const entry: Record<string, string | number> = { skill: purchase.skill };
  if (purchase.tier) entry.tier = purchase.tier;
  if (purchase.event) entry.event = purchase.event;
  if (purchase.cost !== null) entry.cost = purchase.cost;
  const node = doc.createNode(entry) as YAMLMap;
  node.flow = true;
  // An empty `purchases: []` is a flow list: it becomes a block list once it has an entry, one purchase a line.
  if (list.items.length === 0) list.flow = false;
  list.items.push(node);
  return serialise(docs);
}

/** Removes the character's `index`th purchase as written in the file (not the timeline's order). */
export function removePurchase(text: string, index: number, purchaseIndex: number): string {
  const { docs, map } = locate(text, index);
  const list = map.get('purchases', true);
  if (!isSeq(list) || purchaseIndex < 0 || purchaseIndex >= list.items.length) throw new Error(`the character has no purchase number ${purchaseIndex + 1}`);
  list.items.splice(purchaseIndex, 1);
  return serialise(docs);
}
