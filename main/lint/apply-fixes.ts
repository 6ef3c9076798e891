/**
 * `--fix`: applies each finding's unambiguous fix to the files on disk, atomically (temp file + rename),
 * keeping the byte-order mark. Which fixes go together is shared/lint/plan-fixes.ts's choice, as in the editors' "fix all".
 */
import { writeFileAtomically } from '../fs/atomic-write.js';
import { planFixes } from '../../shared/lint/plan-fixes.js';
import { applyEdits } from '../../shared/model/edits.js';
import { UserError } from '../errors.js';
import { describeFsError } from '../fs/load-rulebook.js';
import { displayPath, type RulebookLintResult } from './run-lint.js';

export interface AppliedFix {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly ruleId: string;
  /** What was there and what is there now. */
  readonly before: string;
  readonly after: string;
}

/** Writes the fixes and returns what changed. Files are rewritten only when their text changes. */
export async function applyFixes(result: RulebookLintResult): Promise<AppliedFix[]> {
  const applied: AppliedFix[] = [];
  for (const [file, fixes] of planFixes(result.findings)) {
    const loaded = result.loaded.files.find((f) => f.path === file);
    if (!loaded) continue;
    const edits = fixes.flatMap((f) => f.edits);
    const text = applyEdits(loaded.text, edits);
    if (text === loaded.text) continue;
    try {
      await writeFileAtomically(loaded.absolutePath, (loaded.bom ? '\uFEFF' : '') + text);
    } catch (error) {
      throw new UserError(`${displayPath(result, file)}: cannot write the fixes: ${describeFsError(error)}`);
    }
    for (const { finding, edits: own } of fixes) {
      for (const edit of own) {
        applied.push({
          file: displayPath(result, file),
          line: edit.range.start.line,
          column: edit.range.start.column,
          ruleId: finding.ruleId,
          before: loaded.text.slice(edit.range.start.offset, edit.range.end.offset),
          after: edit.newText,
        });
      }
    }
  }
  return applied;
}
