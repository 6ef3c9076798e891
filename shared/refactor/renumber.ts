/**
 * planRenumber: numbers headings and rules in document order, keeping the rulebook's style, and rewrites
 * every reference to a renumbered entry so that it names the same text as before. Pure: returns edits.
 */
import type { LinkedRulebook, MisnumberedReference, ResolvedReference } from '../link/types.js';
import type { NumberedEntry, Reference, RulebookSource, SourceRange } from '../model/types.js';
import { assignNumbers } from './assign-numbers.js';
import { buildNumberingTree, walk, type NumberNode } from './numbering-tree.js';
import { byPlace, editsOf, matchCase, placeOf, subRange, textAt, textsOf } from './places.js';
import { rewriteTarget } from './reference-target.js';
import type { PlanChange, PlanNote, RefusalReason, RefusedPlan, RenumberPlan, Renumbering, SourceTexts } from './types.js';

export interface RenumberOptions {
  /** Renumber only what stands under this heading or rule ("4.9", "Chapter 4"); its own number stays. */
  readonly section?: string;
  /**
   * The files' texts. With them every edit is checked against the text it replaces and heading numbers
   * are located exactly; without them "Chapter  4" with two spaces would be misread. The CLI and the editor pass them.
   */
  readonly source?: RulebookSource;
}

const PREFIX_WORD = /^(?:(?:chapter|section|part|appendix)\s+)/i;

type Resolution =
  | { readonly kind: 'ok'; readonly node: NumberNode | null; readonly newKey: string }
  | { readonly kind: 'missing' }
  | { readonly kind: 'ambiguous'; readonly entries: readonly NumberedEntry[] };

export function planRenumber(linked: LinkedRulebook, options: RenumberOptions = {}): RenumberPlan | RefusedPlan {
  const config = linked.model.config.numbering;
  const texts = textsOf(options.source);
  const tree = buildNumberingTree(linked.numberedEntries, config);

  let scope: NumberNode | null = null;
  if (options.section !== undefined) {
    const found = findScope(linked, options.section, tree.nodeOf);
    if ('reason' in found) return refused([found.reason]);
    scope = found.node;
  }
  const { newKey, problems } = assignNumbers(tree, config, scope);
  const reasons: RefusalReason[] = [...problems];
  const keyOf = (node: NumberNode) => newKey.get(node) ?? node.oldKey;

  const changes: PlanChange[] = [];
  const renumbered: Renumbering[] = [];
  for (const entry of linked.numberedEntries) {
    const node = tree.nodeOf.get(entry);
    const assigned = node && newKey.get(node);
    if (!node || assigned === undefined || assigned === node.oldKey) continue;
    renumbered.push({ entry, oldNumber: node.oldKey, newNumber: assigned });
    const located = numberDigits(entry, texts);
    if ('reason' in located) reasons.push(located.reason);
    else changes.push({ kind: 'number', range: located.range, before: located.written, after: matchCase(located.written, assigned), context: null });
  }

  if (scope) reasons.push(...collisionsOutside(tree.nodeOf, newKey, scope));

  // References: each names, after renumbering, the entry it named before.
  const notes: PlanNote[] = [];
  const newKeys = new Set<string>();
  for (const node of tree.nodeOf.values()) newKeys.add(keyOf(node));
  const newNumberOf = (entry: NumberedEntry) => {
    const node = tree.nodeOf.get(entry);
    // A chapter read in order has no node: its number is its place, which renumbering does not change.
    return node ? keyOf(node) : entry.number.key;
  };
  const titled = resolvedByTitle(linked);
  for (const reference of linked.model.references) {
    if (reference.kind !== 'rule') continue;
    const byTitle = titled.get(reference);
    if (byTitle) {
      const followed = followTitle(byTitle, newNumberOf(byTitle.entries[0]));
      if (followed.change) changes.push(followed.change);
      notes.push(followed.note);
      continue;
    }
    const first = resolve(linked, tree.nodeOf, keyOf, reference.target, reference.keyword);
    const last = reference.targetEnd ? resolve(linked, tree.nodeOf, keyOf, reference.targetEnd, reference.keyword) : first;
    const ambiguous = [first, last].find((r): r is Extract<Resolution, { kind: 'ambiguous' }> => r.kind === 'ambiguous');
    if (ambiguous) {
      const key = first.kind === 'ambiguous' ? reference.target : reference.targetEnd!;
      const places = ambiguous.entries.map((e) => placeOf(e.number.range)).join(', ');
      reasons.push({
        message: `\`${reference.text}\` is ambiguous: ${key} is written on ${ambiguous.entries.length} entries (${places}), so renumbering cannot tell which one it means; fix the reference or those numbers by hand first`,
        range: reference.range,
      });
      continue;
    }
    if (first.kind === 'missing' || last.kind === 'missing') {
      const missing = first.kind === 'missing' ? reference.target : reference.targetEnd!;
      if (newKeys.has(missing)) {
        notes.push({ message: `\`${reference.text}\` names no rule today, but after renumbering ${missing} will exist; check what it should point at`, range: reference.range });
      }
      continue;
    }
    if (first.kind !== 'ok' || last.kind !== 'ok') continue;
    const after = rewriteTarget(reference, first.newKey, reference.targetEnd ? last.newKey : null);
    if (after !== reference.targetText) {
      changes.push({ kind: 'reference', range: reference.targetRange, before: reference.targetText, after, context: reference.text });
    }
  }

  if (texts) reasons.push(...mismatches(changes, texts));
  if (reasons.length > 0) return refused(reasons);
  const order = byPlace(linked.model.files.map((f) => f.path));
  changes.sort(order);
  return { kind: 'renumber', renumbered, edits: editsOf(changes), changes, notes: notes.sort(byNullablePlace(order)) };
}

type TitledReference = ResolvedReference & { readonly misnumbered: MisnumberedReference };

/**
 * The references the linker resolved by the title written after them ("Chapter 8: Running the Game" where Running the
 * Game is chapter 7): they name the titled heading, whatever their number names, and renumbering follows the linker.
 */
function resolvedByTitle(linked: LinkedRulebook): Map<Reference, TitledReference> {
  const titled = new Map<Reference, TitledReference>();
  for (const resolved of linked.resolvedReferences) if (resolved.misnumbered) titled.set(resolved.reference, resolved as TitledReference);
  return titled;
}

/**
 * A reference resolved by its title gets the new number of the titled heading, which also repairs the wrong number it
 * gave. The note says so: the reader followed the number, and where that number names another heading too, either half
 * may have been the slip (the reason broken-reference does not fix it by itself), so the marshal should look.
 */
function followTitle({ reference, misnumbered }: TitledReference, newNumber: string): { change: PlanChange | null; note: PlanNote } {
  const { written, title, number, numberNames } = misnumbered;
  const after = rewriteTarget(reference, newNumber, null);
  const change: PlanChange | null =
    after === reference.targetText ? null : { kind: 'reference', range: reference.targetRange, before: reference.targetText, after, context: written };
  const is = `“${title}” is ${reference.keyword} ${number}`;
  const outcome = !change
    ? `${is} and will be ${newNumber}, as written, so the reference is left alone`
    : `${is}${newNumber === number ? '' : `, ${newNumber} after renumbering`}; the reference is rewritten to ${after}`;
  const doubt = numberNames ? `; ${reference.keyword} ${reference.targetText} names something else today: check that the title is the one meant` : '';
  return { change, note: { message: `\`${written}\` gives the wrong number: ${outcome}${doubt}`, range: reference.range } };
}

function refused(reasons: RefusalReason[]): RefusedPlan {
  return { kind: 'refused', reasons };
}

function byNullablePlace(order: (a: { range: SourceRange }, b: { range: SourceRange }) => number) {
  return (a: PlanNote, b: PlanNote) => (a.range && b.range ? order({ range: a.range }, { range: b.range }) : a.range ? 1 : b.range ? -1 : 0);
}

/** The node `--section` names: exactly one global heading or rule must carry that number. */
function findScope(
  linked: LinkedRulebook,
  section: string,
  nodeOf: ReadonlyMap<NumberedEntry, NumberNode>,
): { node: NumberNode } | { reason: RefusalReason } {
  const key = section.trim().replace(PREFIX_WORD, '').replace(/\.+$/, '').toLowerCase();
  const entries = linked.entriesByNumber.get(key) ?? [];
  if (entries.length === 0) return { reason: { message: `no heading or rule is numbered ${section.trim()}`, range: null } };
  if (entries.length > 1) {
    return {
      reason: {
        message: `${key} is written on ${entries.length} entries (${entries.map((e) => placeOf(e.number.range)).join(', ')}); renumber the section above it, or the whole rulebook, instead`,
        range: entries[1].number.range,
      },
    };
  }
  return { node: nodeOf.get(entries[0])! };
}

/** A number given inside the scope that an entry outside it already carries would make a new duplicate. */
function collisionsOutside(nodeOf: ReadonlyMap<NumberedEntry, NumberNode>, newKey: ReadonlyMap<NumberNode, string>, scope: NumberNode): RefusalReason[] {
  const inside = new Map<string, NumberNode>();
  for (const node of walk(scope.children)) if (node.entry && newKey.get(node) !== node.oldKey) inside.set(newKey.get(node)!, node);
  const reasons: RefusalReason[] = [];
  for (const [entry, node] of nodeOf) {
    if (newKey.has(node)) continue;
    const clash = inside.get(node.oldKey);
    if (clash) {
      reasons.push({
        message: `${node.oldKey} would then be written twice: here and at ${placeOf(clash.anchor.number.range)} inside ${scope.oldKey}; renumber the whole rulebook instead`,
        range: entry.number.range,
      });
    }
  }
  return reasons;
}

/**
 * The entry a number names. Where several entries carry it, they are an insertion when each stands right
 * after the other in the same sequence (or under such entries): the one written last is the original,
 * because a new rule is typed with the number of the rule it goes before.
 */
function resolve(
  linked: LinkedRulebook,
  nodeOf: ReadonlyMap<NumberedEntry, NumberNode>,
  keyOf: (node: NumberNode) => string,
  key: string,
  keyword: string,
): Resolution {
  let entries = linked.entriesByNumber.get(key) ?? [];
  if (entries.length === 0) return { kind: 'missing' };
  if (entries.length > 1) {
    const appendix = /^appendi/.test(keyword);
    const family = entries.filter((e) => (e.kind === 'section' && /^appendix$/i.test(e.number.prefix ?? '')) === appendix);
    if (family.length > 0) entries = family;
  }
  const nodes = entries.map((e) => nodeOf.get(e)!);
  const keys = new Set(nodes.map(keyOf));
  if (keys.size === 1) return { kind: 'ok', node: nodes[0], newKey: keyOf(nodes[0]) };
  for (let i = 1; i < nodes.length; i++) if (!sameSlot(nodes[i - 1], nodes[i])) return { kind: 'ambiguous', entries };
  const last = nodes[nodes.length - 1];
  return { kind: 'ok', node: last, newKey: keyOf(last) };
}

/** Whether `b` was typed as the original of the number `a` was inserted with: next to each other, or under such entries. */
function sameSlot(a: NumberNode, b: NumberNode): boolean {
  if (a.oldKey !== b.oldKey) return false;
  if (a.parent === b.parent) return a.series === b.series && b.index === a.index + 1;
  return a.parent !== null && b.parent !== null && sameSlot(a.parent, b.parent);
}

/** Where the digits of an entry's number are written ("4" of "Chapter 4."), and how. */
function numberDigits(entry: NumberedEntry, texts: SourceTexts | null): { range: SourceRange; written: string } | { reason: RefusalReason } {
  const number = entry.number;
  const length = number.key.length;
  let from = 0;
  if (entry.kind === 'section' && number.prefix) {
    const written = texts ? textAt(texts, number.range) : null;
    const prefix = written !== null ? PREFIX_WORD.exec(written) : null;
    from = prefix ? prefix[0].length : number.prefix.length + 1;
  }
  const range = subRange(number.range, from, length);
  const at = number.text.toLowerCase().indexOf(number.key);
  const written = texts ? textAt(texts, range) : at === -1 ? null : number.text.slice(at, at + length);
  if (written === null || written.toLowerCase() !== number.key) {
    return { reason: { message: `cannot find the number ${number.key} where the model says it is written (the file changed since it was read?)`, range: number.range } };
  }
  return { range, written };
}

/** Every edit replaces exactly the text the plan believes is there; anything else means the model and the files disagree. */
function mismatches(changes: readonly PlanChange[], texts: SourceTexts): RefusalReason[] {
  const reasons: RefusalReason[] = [];
  for (const change of changes) {
    const actual = textAt(texts, change.range);
    if (actual !== change.before) {
      reasons.push({ message: `the text here is \`${actual ?? ''}\`, not \`${change.before}\` as the rulebook was read; read it again and retry`, range: change.range });
    }
  }
  return reasons;
}
