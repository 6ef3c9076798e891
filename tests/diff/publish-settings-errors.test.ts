/** `rulebook publish` and `rulebook lint` read a book through the same analyse(): a bad `lint:` setting is reported at the same place by both. */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempFolder } from '../helpers/temp-folder.js';
import { PublishRefused, publishRulebook } from '../../main/diff/publish.js';
import { lintOne } from '../../main/lint/run-lint.js';
import type { Finding } from '../../shared/lint/types.js';

const RULES = '# 1 Safety\n\n1.1 Weapons are checked before every event.\n\n- **Shield Use** (1 SP) Carry a shield.\n';

const temp = useTempFolder('publish-settings');

async function publishErrors(target: string): Promise<readonly Finding[]> {
  try {
    await publishRulebook(target, { now: new Date('2026-01-10T12:00:00Z') });
  } catch (error) {
    if (error instanceof PublishRefused) return error.errors;
    throw error;
  }
  throw new Error('published a book with a bad lint setting');
}

const errorsOf = (findings: readonly Finding[]) => findings.filter((f) => f.severity === 'error');

describe('a bad lint setting', () => {
  it('is reported at its key in rulebook.yaml, alike by lint and publish', async () => {
    await writeFile(path.join(temp.dir, 'rulebook.yaml'), 'title: Test\nfiles: [rules.md]\nlint:\n  missing-cost: loud\npublish:\n  kinds: [book]\n');
    await writeFile(path.join(temp.dir, 'rules.md'), RULES);
    const linted = errorsOf((await lintOne(temp.dir)).findings);
    expect(linted.map((f) => `${f.range.file}:${f.range.start.line}:${f.range.start.column} ${f.ruleId}`)).toEqual(['rulebook.yaml:4:3 invalid-lint-config']);
    expect(await publishErrors(temp.dir)).toEqual(linted);
  });

  it('is reported at its key in the front matter, alike by lint and publish', async () => {
    const book = path.join(temp.dir, 'book.md');
    await writeFile(book, `---\ntitle: Test\nlint: { numbering-gap: sometimes }\n---\n\n${RULES}`);
    const linted = errorsOf((await lintOne(book)).findings);
    expect(linted.map((f) => `${f.range.file}:${f.range.start.line}:${f.range.start.column} ${f.ruleId}`)).toEqual(['book.md:3:9 invalid-lint-config']);
    expect(await publishErrors(book)).toEqual(linted);
  });
});
