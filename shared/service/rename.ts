/**
 * Renaming a skill and renumbering, planned as text edits for a preview: shared/refactor's plans (the same code as
 * `rulebook rename-skill` and `rulebook renumber`), their notes with them, with a plain every-occurrence plan when the
 * cursor's skill is one shared/refactor would not touch.
 */
import type { LinkedRulebook } from '../link/types.js';
import type { RulebookSource } from '../model/types.js';
import { nameKey } from '../parse/index.js';
import { planRenameSkill, planRenumber as planRenumberShared } from '../refactor/index.js';
import { skillOccurrences, symbolAt } from './symbols.js';
import type { FilePosition, RenamePlan, SymbolTarget } from './types.js';

/** The skill a rename at this place would rename, or null when the place names no defined skill. */
export function renameTargetAt(linked: LinkedRulebook, at: FilePosition): SymbolTarget | null {
  const target = symbolAt(linked, at);
  if (!target || target.kind !== 'skill' || !linked.skillsByKey.has(target.key)) return null;
  return target;
}

/** Checks a new skill name the way a person would expect: not empty, one line, not another skill's name. */
export function checkNewName(linked: LinkedRulebook, oldKey: string, newName: string): string | null {
  const name = newName.trim();
  if (!name) return 'The new name is empty.';
  if (/[\r\n]/.test(name)) return 'A skill name must fit on one line.';
  if (/[[\]*|]/.test(name)) return 'A skill name cannot contain [, ], * or |.';
  const key = nameKey(name);
  if (key !== oldKey && linked.skillsByKey.has(key)) return `A skill named “${linked.skillsByKey.get(key)![0].name}” already exists.`;
  return null;
}

/** Stand-in for shared/refactor's planRenameSkill: every definition, prerequisite and [[link]] of the skill. */
export function planRenameHere(linked: LinkedRulebook, at: FilePosition, newName: string): RenamePlan {
  const target = renameTargetAt(linked, at);
  if (!target || target.kind !== 'skill') return { ok: false, message: 'Put the cursor on a skill name to rename it.' };
  const problem = checkNewName(linked, target.key, newName);
  if (problem) return { ok: false, message: problem };
  const oldName = linked.skillsByKey.get(target.key)![0].name;
  const edits = skillOccurrences(linked, target.key).map((range) => ({ range, newText: newName.trim() }));
  return { ok: true, edits, title: `Rename “${oldName}” to “${newName.trim()}”`, notes: [] };
}

/** The rename of the skill at the cursor, every file included; refused with a message that says why. */
export function planRename(linked: LinkedRulebook, at: FilePosition, newName: string, source?: RulebookSource): RenamePlan {
  const target = renameTargetAt(linked, at);
  if (!target || target.kind !== 'skill') return planRenameHere(linked, at, newName);
  const oldName = linked.skillsByKey.get(target.key)![0].name;
  const plan = planRenameSkill(linked, oldName, newName.trim(), { source });
  if (plan.kind === 'refused') return { ok: false, message: plan.reasons.map((r) => r.message).join(' ') };
  return { ok: true, edits: plan.edits, title: `Rename “${plan.oldName}” to “${plan.newName}”`, notes: plan.notes };
}

export function planRenumber(linked: LinkedRulebook, section: string | null, source?: RulebookSource): RenamePlan {
  const plan = planRenumberShared(linked, { section: section ?? undefined, source });
  if (plan.kind === 'refused') return { ok: false, message: plan.reasons.map((r) => r.message).join(' ') };
  return { ok: true, edits: plan.edits, title: section ? `Renumber section ${section}` : 'Renumber the rulebook', notes: plan.notes };
}
