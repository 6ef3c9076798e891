/** GitHub workflow annotations of real findings: one command per line, with %, CR, LF, `:` and `,` escaped. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatGithub } from '../../main/lint/format-github.js';
import { runLint } from '../../main/lint/run-lint.js';
import { md } from '../helpers/md.js';

describe('github annotations', () => {
  it('escapes the file property and the message so that neither can end or split the command', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rulebook-github-'));
    try {
      const file = path.join(dir, 'rules, v2: draft.md');
      writeFileSync(
        file,
        md`
          - **Focus** (2 SP) Concentrates.
            Prerequisite: Fcus 50%
          - **Dream** (1 SP) Sleeps.
            Effect:
        `,
      );
      const out = formatGithub(await runLint([file]));
      const shown = file.replace(/:/g, '%3A').replace(/,/g, '%2C');
      expect(out).toBe(
        `::error file=${shown},line=2,col=17,endLine=2,endColumn=25,title=unknown-prerequisite::Unknown prerequisite \`Fcus 50%25\` of \`Focus\`: no skill or declared condition has this name\n` +
          `::warning file=${shown},line=4,col=3,endLine=4,endColumn=10,title=empty-field::Field \`Effect\` of \`Dream\` has no value\n`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
