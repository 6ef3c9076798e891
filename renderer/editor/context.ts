/** What every editor feature adapter gets: the core worker, the latest findings, and the app's hooks for opening files and confirming edits. */
import type { PlannedEdits } from '../../shared/service/index.js';
import type { CoreClient } from '../worker/client.js';
import type { monaco } from './monaco.js';

export interface EditorContext {
  readonly core: CoreClient;
  /** Shows a file in the editor (a new tab if needed), optionally selecting a range. */
  readonly reveal: (file: string, range?: monaco.IRange) => void;
  /** Shows a plan's edits, and its notes, for a person to accept or refuse (rename, renumber). */
  readonly confirmEdits: (plan: PlannedEdits) => Promise<boolean>;
  /** The text of a file as the editor holds it now (for previews). */
  readonly textOf: (file: string) => string | null;
  /** A short message in the status bar. */
  readonly notify: (message: string, kind?: 'info' | 'error') => void;
}
