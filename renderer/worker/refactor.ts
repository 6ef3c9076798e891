/** The editor's door to shared/refactor: rename-skill and renumber plans, the same code as `rulebook rename-skill` and `rulebook renumber`. */
import type { LinkedRulebook } from '../../shared/link/types.js';
import type { RulebookSource } from '../../shared/model/types.js';
import { planRenameSkill, planRenumber as planRenumberShared } from '../../shared/refactor/index.js';
import type { FilePosition } from './protocol.js';
import { renameTargetAt, type RenamePlan } from './queries.js';

/** Null when the cursor is on no defined skill (the caller then explains why). */
export function planRename(linked: LinkedRulebook, at: FilePosition, newName: string, source?: RulebookSource): RenamePlan | null {
  const target = renameTargetAt(linked, at);
  if (!target || target.kind !== 'skill') return null;
  const oldName = linked.skillsByKey.get(target.key)![0].name;
  const plan = planRenameSkill(linked, oldName, newName.trim(), { source });
  if (plan.kind === 'refused') return { ok: false, message: plan.reasons.map((r) => r.message).join(' ') };
  return { ok: true, edits: plan.edits, title: `Rename “${plan.oldName}” to “${plan.newName}”` };
}

export function planRenumber(linked: LinkedRulebook, section: string | null, source?: RulebookSource): RenamePlan {
  const plan = planRenumberShared(linked, { section: section ?? undefined, source });
  if (plan.kind === 'refused') return { ok: false, message: plan.reasons.map((r) => r.message).join(' ') };
  return { ok: true, edits: plan.edits, title: section ? `Renumber section ${section}` : 'Renumber the rulebook' };
}
