/** What the linter reports. The engine and rules live beside this file; everyone else reads these types. */
import type { TextEdit } from '../model/edits.js';
import type { Severity, SourceRange } from '../model/types.js';

export interface RelatedPlace {
  readonly message: string;
  readonly range: SourceRange;
}

export interface Finding {
  readonly ruleId: string;
  readonly severity: Severity;
  readonly message: string;
  readonly range: SourceRange;
  /** Replacement texts a person may pick (quick fixes in the editor), best first. */
  readonly suggestions?: readonly { readonly title: string; readonly edits: readonly TextEdit[] }[];
  /** The unambiguous fix `--fix` applies, when there is exactly one. */
  readonly fix?: readonly TextEdit[];
  readonly related?: readonly RelatedPlace[];
}
