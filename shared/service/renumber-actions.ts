/**
 * Renumbering offered where the cursor stands, as editors offer refactorings: on a numbered heading or rule, the
 * section it heads or stands in, and the whole book, each planned by shared/refactor's planRenumber (what
 * `rulebook renumber` and the app's command run) and offered only when its plan would change something.
 */
import type { LinkedRulebook } from '../link/types.js';
import type { NumberedEntry, RulebookSource } from '../model/types.js';
import { buildNumberingTree, type NumberNode } from '../refactor/numbering-tree.js';
import { rangesTouch } from './code-actions.js';
import { planRenumber } from './rename.js';
import type { PlannedEdits, RenamePlan } from './types.js';
import { plural } from '../model/plural.js';

/** A renumbering to offer: what it renumbers (a section's number, or null for the whole book) and its plan. */
export interface RenumberOffer {
  /** "Renumber section 4.9 in document order", "Renumber the whole book", with how many notes the plan has. */
  readonly title: string;
  /** The number of the heading or rule whose contents are renumbered (its own number stays); null for the whole book. */
  readonly section: string | null;
  readonly plan: PlannedEdits;
}

type Selection = { readonly start: { line: number; column: number }; readonly end: { line: number; column: number } };

// Plans by section (the whole book under ''), built once per analysis and dropped with it: editors ask for code actions
// at every move of the cursor, and the action chosen is planned again when resolved.
const plansOf = new WeakMap<LinkedRulebook, Map<string, RenamePlan>>();

/** The renumbering plan of `section` (null: the whole book) for this analysis, planned once. */
export function renumberPlan(linked: LinkedRulebook, section: string | null, source: RulebookSource): RenamePlan {
  let plans = plansOf.get(linked);
  if (!plans) plansOf.set(linked, (plans = new Map()));
  let plan = plans.get(section ?? '');
  if (!plan) plans.set(section ?? '', (plan = planRenumber(linked, section, source)));
  return plan;
}

/**
 * The renumberings to offer at `selection` in `file`: when it meets a numbered heading or rule, renumbering what stands
 * under that entry, under the entry it stands in, and the whole book; each only when its plan is not refused and edits
 * something. Nothing away from a numbered entry: a refactoring is offered where it is about.
 */
export function renumberOffers(linked: LinkedRulebook, file: string, selection: Selection, source: RulebookSource): RenumberOffer[] {
  const entry = entryAt(linked, file, selection);
  if (!entry) return [];
  const node = buildNumberingTree(linked.numberedEntries, linked.model.config.numbering).nodeOf.get(entry);
  if (!node) return [];
  const scopes: NumberedEntry[] = [];
  if (node.children.length > 0) scopes.push(entry);
  const parent = writtenAncestor(node);
  if (parent) scopes.push(parent);
  const offers: RenumberOffer[] = [];
  for (const scope of [...scopes, null]) {
    const section = scope ? scope.number.key : null;
    const plan = renumberPlan(linked, section, source);
    if (!plan.ok || plan.edits.length === 0) continue;
    const what = scope ? `${scope.kind === 'section' && scope.number.prefix ? scope.number.prefix.toLowerCase() : 'section'} ${section} in document order` : 'the whole book';
    offers.push({ title: `Renumber ${what}${notesCount(plan)}`, section, plan });
  }
  return offers;
}

/** The global numbered heading or rule the selection meets (a heading on its line, a rule anywhere in it), the innermost. */
function entryAt(linked: LinkedRulebook, file: string, selection: Selection): NumberedEntry | null {
  let found: NumberedEntry | null = null;
  for (const entry of linked.numberedEntries) {
    if (entry.scope !== 'global') continue;
    const range = entry.kind === 'section' ? entry.headingRange : entry.range;
    if (range.file !== file || !rangesTouch(range, selection)) continue;
    if (!found || range.start.offset >= (found.kind === 'section' ? found.headingRange : found.range).start.offset) found = entry;
  }
  return found;
}

/** The nearest entry above a node that a heading or rule carries (a number only implied by its children names none). */
function writtenAncestor(node: NumberNode): NumberedEntry | null {
  for (let up = node.parent; up; up = up.parent) if (up.entry) return up.entry;
  return null;
}

/** " (1 note to check)": the plan's notes are said when it is chosen; the title warns they are there. */
function notesCount(plan: PlannedEdits): string {
  return plan.notes.length === 0 ? '' : ` (${plural(plan.notes.length, 'note')} to check)`;
}
