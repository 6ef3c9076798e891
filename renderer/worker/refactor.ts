/**
 * The editor's door to shared/refactor (rename-skill and renumber, the same code as the CLI).
 * Until that module lands, rename falls back to the editor's own plan and renumber says it is not available.
 */
import type { LinkedRulebook } from '../../shared/link/types.js';
import type { FilePosition } from './protocol.js';
import type { RenamePlan } from './queries.js';

/** Null means "no shared planner: use the editor's own". */
export function planRename(_linked: LinkedRulebook, _at: FilePosition, _newName: string): RenamePlan | null {
  return null;
}

export function planRenumber(_linked: LinkedRulebook, _section: string | null): RenamePlan {
  return { ok: false, message: 'Renumbering is not available in this build yet.' };
}
