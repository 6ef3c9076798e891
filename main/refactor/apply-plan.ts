/** Applies a refactoring plan's edits to the rulebook's files on disk, all files or none, keeping each file's BOM and line endings. */
import path from 'node:path';
import { applyEdits, editsByFile, type TextEdit } from '../../shared/model/edits.js';
import { encodeRulebookText } from '../../shared/parse/decode.js';
import { UserError } from '../errors.js';
import type { LoadedRulebook } from '../fs/load-rulebook.js';
import { displayPaths } from './format-plan.js';
import { WriteFailure, writeAllOrNothing, type FileWrite, type WriteHooks } from './write-all-or-nothing.js';

export interface AppliedFile {
  /** Rulebook-relative path. */
  readonly path: string;
  readonly absolutePath: string;
  readonly text: string;
}

/** The new text of every file the edits touch, in rulebook order. Pure apart from reading `loaded`. */
export function editedFiles(loaded: LoadedRulebook, edits: readonly TextEdit[]): AppliedFile[] {
  const byFile = editsByFile(edits);
  const out: AppliedFile[] = [];
  for (const file of loaded.files) {
    const fileEdits = byFile.get(file.path);
    if (!fileEdits || fileEdits.length === 0) continue;
    out.push({ path: file.path, absolutePath: file.absolutePath, text: applyEdits(file.text, fileEdits) });
  }
  for (const file of byFile.keys()) {
    if (!loaded.files.some((f) => f.path === file)) throw new Error(`edit for ${file}, which is not a file of the rulebook at ${path.basename(loaded.target)}`);
  }
  return out;
}

/** Writes the edited files atomically, all or none. Returns what was written. */
export async function applyPlanToFiles(loaded: LoadedRulebook, edits: readonly TextEdit[], hooks?: WriteHooks): Promise<AppliedFile[]> {
  const files = editedFiles(loaded, edits);
  const loadedByPath = new Map(loaded.files.map((f) => [f.path, f]));
  const writes: FileWrite[] = files.map((file) => {
    const original = loadedByPath.get(file.path)!;
    return { absolutePath: file.absolutePath, content: encodeRulebookText(file.text, original.bom), expected: encodeRulebookText(original.text, original.bom) };
  });
  await writeAllOrNothing(writes, hooks);
  return files;
}

/**
 * applyPlanToFiles for a CLI command (renumber, rename-skill, diff --fix): a write that could not happen
 * becomes one line naming the file, and nothing was written.
 */
export async function writeEditsForCommand(loaded: LoadedRulebook, edits: readonly TextEdit[], hooks?: WriteHooks): Promise<AppliedFile[]> {
  try {
    return await applyPlanToFiles(loaded, edits, hooks);
  } catch (error) {
    if (error instanceof WriteFailure) throw new UserError(`${displayPaths(loaded)(loaded.files.find((f) => f.absolutePath === error.file)?.path ?? error.file)}: ${error.message}`);
    throw error;
  }
}
