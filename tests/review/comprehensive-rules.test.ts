/**
 * The review of a real release: the two Comprehensive Rules editions of the corpus (tests/fixtures/corpus, with
 * their source and licence), imported to the dialect and committed one after the other.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRulebook } from '../../shared/import/index.js';
import { runInProcess } from '../helpers/cli-in-process.js';
import { Repo } from './history.js';

const corpus = path.resolve(import.meta.dirname, '../fixtures/corpus/mtg-comprehensive-rules');
const edition = (date: string) => importRulebook(readFileSync(path.join(corpus, `MagicCompRules-${date}.txt`), 'utf8'), { format: 'txt' }).markdown;

let repo: Repo;
beforeAll(() => {
  repo = new Repo();
  repo.commit('cr-2020-06-01', { 'cr.md': edition('2020-06-01') });
  repo.commit('cr-2020-07-03', { 'cr.md': edition('2020-07-03') });
}, 60_000);
afterAll(() => repo.remove());

describe('the review of Comprehensive Rules 2020-06-01 → 2020-07-03', () => {
  it('counts what `rulebook diff` counts', async () => {
    const review = await runInProcess(['review', 'cr-2020-06-01', 'cr.md', '--format', 'json'], repo.dir);
    const diff = await runInProcess(['diff', 'cr-2020-06-01', 'cr.md', '--format', 'json'], repo.dir);
    const report = JSON.parse(review.stdout);
    const comparison = JSON.parse(diff.stdout);
    expect(report.comparison.summary).toEqual(comparison.summary);
    expect(report.comparison.impact).toEqual(comparison.impact);
    expect(report.summary.brokenReferences).toBe(comparison.impact.length);
    // Checked by hand in tests/diff/comprehensive-rules.test.ts: 20 changed rules, the two 903.9a references.
    expect(comparison.summary.changed).toBe(20);
    expect(report.summary.fixableReferences).toBe(2);
  }, 60_000);

  it('fits a pull-request comment, long lists folded, every count in its table', async () => {
    const run = await runInProcess(['review', 'cr-2020-06-01', 'cr.md', '--repo-url', 'https://github.com/example/cr'], repo.dir);
    const md = run.stdout;
    expect(md.length).toBeLessThan(65_000);
    const summary = JSON.parse((await runInProcess(['review', 'cr-2020-06-01', 'cr.md', '--format', 'json'], repo.dir)).stdout).comparison.summary;
    expect(md).toContain(`| Rules and headings | ${summary.added} added, ${summary.changed} changed, ${summary.moved} moved, ${summary.renumbered} only renumbered, ${summary.referencesUpdated} with references updated (${summary.renumberRuns} renumbered runs) |`);
    // 140 renumbered rules collapse into their 8 runs; the 41 other changed entries fold into <details>, shown closed.
    expect(md).toContain(`### Renumbered (${summary.renumberRuns})\n\n- 103.2–103.2c renumbered −1 (now 103.1–103.1c)\n`);
    expect(md).toMatch(/<details>\n<summary><strong>Rules and headings \(\d+\)<\/strong><\/summary>/);
    expect(md.match(/<details>/g)?.length).toBe(md.match(/<\/details>/g)?.length);
    // The 903.9a references come with their fix and a link to their line in the head commit.
    expect(md).toMatch(/- \[`cr\.md:\d+`\]\(https:\/\/github\.com\/example\/cr\/blob\/[0-9a-f]{40}\/cr\.md#L\d+\) 712\.4d says .*903\.9a.*: write `903\.9c` instead of `903\.9a`/);
  }, 60_000);

  it('cuts the least urgent lists, saying how many more, when the comment would be too long', async () => {
    const { buildReview } = await import('../../main/review/build-review.js');
    const { formatReviewMarkdown } = await import('../../main/review/format-markdown.js');
    const { analyseVersion } = await import('../../main/diff/load-version.js');
    const version = (date: string) => analyseVersion(date, { files: [{ path: 'cr.md', text: edition(date) }] });
    const review = buildReview(version('2020-06-01'), version('2020-07-03'));
    const full = formatReviewMarkdown(review);
    const cut = formatReviewMarkdown(review, { limit: 6_000 });
    expect(cut.length).toBeLessThan(6_000);
    // What a reviewer must see first is whole: the verdict, the table and the broken references.
    expect(cut).toContain(full.slice(0, full.indexOf('### References this change broke')));
    expect(cut).toContain('### References this change broke (2)');
    expect(cut).toMatch(/- …and \d+ more, left out to fit a comment: `rulebook review --format json` lists them all\./);
  }, 60_000);
});
