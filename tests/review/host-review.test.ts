/**
 * The app's review operation (`reviewChanges` in the contract), through the same workspace API both hosts serve:
 * the working copy with the editor's unsaved text against a git revision, and the CLI's Markdown exactly.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspaceApi, type WorkspaceApi } from '../../main/workspace/api.js';
import { runInProcess } from '../helpers/cli-in-process.js';
import { reviewHistory, reviewRepo, type Repo } from './history.js';

let repo: Repo;
let api: WorkspaceApi;
let dataDir: string;

beforeAll(async () => {
  repo = reviewRepo();
  repo.git('checkout', '-q', 'c1-renumber');
  dataDir = mkdtempSync(path.join(tmpdir(), 'rulebook-review-data-'));
  api = createWorkspaceApi({ dataDir, samplesDir: dataDir, shell: { info: { kind: 'browser', appVersion: 'test', nativeDialogs: false, canReveal: false, coreBuild: null } } });
  const opened = await api.openRulebook(path.join(repo.dir, 'book'));
  expect(opened.ok).toBe(true);
});
afterAll(async () => {
  await api.dispose();
  repo.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('reviewChanges', () => {
  it('reviews the unsaved text against a revision, as `rulebook review` does the same text on disk', async () => {
    const base = repo.git('rev-parse', 'c1-renumber');
    // The rename with its missed mention, typed but not saved.
    const answer = await api.dispatch('reviewChanges', [base, [{ path: '02-skills.md', text: reviewHistory().rename.skills }]]);
    expect(answer.ok).toBe(true);
    const review = (answer as { value: import('../../shared/ipc/contract.js').ChangeReview }).value;
    expect(review).toMatchObject({
      label: `git ${base}`,
      failed: true,
      introduced: [{ file: '02-skills.md', line: 7, column: 17, severity: 'error', ruleId: 'unknown-prerequisite', message: 'Unknown prerequisite `Shield Use` of `Shield Wall`, did you mean `Shield Bash`?' }],
      fixed: [],
      brokenReferences: 1,
      fixableReferences: 1,
    });
    // The same text saved, reviewed by the CLI: the same report (the head is named as the working copy either way).
    repo.git('checkout', '-q', 'c2-rename', '--', 'book');
    try {
      const cli = await runInProcess(['review', base, 'book'], repo.dir);
      expect(review.markdown.replace(`\`rulebook diff ${base.slice(0, 12)} --fix\``, '`rulebook diff BASE --fix`')).toBe(
        cli.stdout.replace('with the working copy (book)', 'with the working copy').replace(`\`rulebook diff ${base} --fix\``, '`rulebook diff BASE --fix`'),
      );
    } finally {
      repo.git('checkout', '-q', 'c1-renumber', '--', 'book');
    }
  });

  it('answers not-found for a book never published and for an unknown revision, bad-argument for a bad base', async () => {
    expect(await api.dispatch('reviewChanges', ['publication', []])).toMatchObject({ ok: false, error: { code: 'not-found', message: expect.stringContaining('never published') } });
    expect(await api.dispatch('reviewChanges', ['0123456789abcdef', []])).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect(await api.dispatch('reviewChanges', ['HEAD; rm -rf /', []])).toMatchObject({ ok: false, error: { code: 'bad-argument' } });
    expect(await api.dispatch('reviewChanges', ['publication', [{ path: '../x.md', text: '' }]])).toMatchObject({ ok: false, error: { code: 'bad-argument' } });
  });
});
