/** Findings for the editor: the linter's own engine (the same as `rulebook lint`), so the editor and the CLI never disagree. */
import type { LinkedRulebook } from '../../shared/link/types.js';
import { lintRulebook } from '../../shared/lint/index.js';
import type { Finding } from '../../shared/lint/types.js';

export function lintForEditor(linked: LinkedRulebook): Finding[] {
  return lintRulebook(linked);
}
