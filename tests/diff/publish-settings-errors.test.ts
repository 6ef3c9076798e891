/** `rulebook publish` and `rulebook lint` read a book through the same analyse(): a bad `lint:` setting is reported at the same place by both. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PublishRefused, publishRulebook } from '../../main/diff/publish.js';
import { lintOne } from '../../main/lint/run-lint.js';
import type { Finding } from '../../shared/lint/types.js';

const RULES = '# 1 Safety\n\n1.1 Weapons are checked before every event.\n\n- **Shield Use** (1 SP) Carry a shield.\n';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rulebook-publish-settings-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

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
    await writeFile(path.join(dir, 'rulebook.yaml'), 'title: Test\nfiles: [rules.md]\nlint:\n  missing-cost: loud\npublish:\n  kinds: [book]\n');
    await writeFile(path.join(dir, 'rules.md'), RULES);
    const linted = errorsOf((await lintOne(dir)).findings);
    expect(linted.map((f) => `${f.range.file}:${f.range.start.line}:${f.range.start.column} ${f.ruleId}`)).toEqual(['rulebook.yaml:4:3 invalid-lint-config']);
    expect(await publishErrors(dir)).toEqual(linted);
  });

  it('is reported at its key in the front matter, alike by lint and publish', async () => {
    const book = path.join(dir, 'book.md');
    await writeFile(book, `---\ntitle: Test\nlint: { numbering-gap: sometimes }\n---\n\n${RULES}`);
    const linted = errorsOf((await lintOne(book)).findings);
    expect(linted.map((f) => `${f.range.file}:${f.range.start.line}:${f.range.start.column} ${f.ruleId}`)).toEqual(['book.md:3:9 invalid-lint-config']);
    expect(await publishErrors(book)).toEqual(linted);
  });
});
