/**
 * What an export refuses, before it begins, with one line naming the limit: a file the parse did not read (over
 * its 4 MB per file, or past its 16 MB per rulebook) would otherwise print as one endless paragraph of prose.
 * Within them every export finishes in bounded time: its cost grows linearly with the text.
 */
import type { LinkedRulebook } from '../../shared/link/types.js';
import type { RulebookSource } from '../../shared/model/types.js';
import { MAX_FILE_LENGTH, MAX_RULEBOOK_LENGTH } from '../../shared/parse/index.js';

/** A rulebook past what an export handles; the message names the file and the limit. */
export class ExportLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExportLimitError';
  }
}

const mb = (length: number) => `${(length / 1048576).toFixed(1)} MB`;

/** Throws ExportLimitError for the first file the parse left unread for its size. */
export function checkExportLimits(linked: LinkedRulebook, source: RulebookSource | undefined): void {
  const files = source?.files ?? linked.model.files.map((f) => ({ path: f.path, text: { length: f.length } }));
  let total = 0;
  for (const file of files) {
    const length = file.text.length;
    if (length > MAX_FILE_LENGTH) {
      throw new ExportLimitError(`${file.path} is ${mb(length)}, over the ${MAX_FILE_LENGTH / 1048576} MB one file may hold; not exported (split it into chapter files)`);
    }
    total += length;
    if (total > MAX_RULEBOOK_LENGTH) {
      throw new ExportLimitError(`the rulebook's files come to over ${MAX_RULEBOOK_LENGTH / 1048576} MB with ${file.path}; not exported`);
    }
  }
}
