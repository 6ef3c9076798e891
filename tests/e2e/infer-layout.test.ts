/**
 * "Infer this book's layout" in the browser: the Crestfallen LARP's Hugo rules folder opens reading no skill (its
 * skill list sits in a subfolder the loader does not read unlisted), the app offers what `rulebook init` would write
 * with a preview, and Apply writes rulebook.yaml, leaves every .md file as it was and fills the Skills panel.
 * RULEBOOK_SCREENSHOTS=<folder> keeps screenshots of the offer, to look at its styling.
 */
import { cp, readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPanel, useBench, useApp } from './harness.js';

const CRESTFALLEN = path.resolve(import.meta.dirname, '../fixtures/wild/crestfallen-larp/book');
const SCREENSHOTS = process.env.RULEBOOK_SCREENSHOTS;

const bench = useBench('layout');

async function markdownUnder(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.md')) out.set(path.relative(root, path.join(entry.parentPath, entry.name)), await readFile(path.join(entry.parentPath, entry.name), 'utf8'));
  }
  return out;
}

describe('a book the app reads no skills from', () => {
  let rules: string;
  /** How many skills the preview says the book would read. */
  let promised = 0;

  const opened = useApp(bench, async () => {
    await cp(CRESTFALLEN, path.join(bench.work, 'crestfallen'), { recursive: true });
    rules = path.join(bench.work, 'crestfallen', 'content', 'en', 'rules');
    return rules;
  });

  it('offers to infer its layout, with what it would write and what the book would read as', async () => {
    const { page } = opened.app;
    const offer = page.locator('[data-banner="layout"]');
    await offer.waitFor({ timeout: 30_000 });
    // Its top page reads (numbered lists), so the offer is for the pages below it, which only a `files:` list reads.
    expect(await offer.locator('.layout-offer-head').textContent()).toBe('Infer this book’s layout? Its subfolders hold pages that are not read until rulebook.yaml lists them.');
    expect(await offer.locator('[data-layout-settings]').textContent()).toMatch(/^layout:\n {2}skills:\n {4}headingLevels: \[2\]\n[\s\S]*\nfiles:\n {2}- _index\.md\n/);
    const reads = await offer.locator('[data-layout-reads] li').allTextContents();
    expect(reads[0]).toMatch(/^129 skills as ## headings with CP Cost and Restrictions; 129 have a cost/);
    // What the preview promises, to hold the Skills panel to after applying.
    promised = reads.reduce((sum, line) => sum + Number(/^(\d+) skills? as /.exec(line)?.[1] ?? 0), 0);
    expect(promised).toBeGreaterThanOrEqual(129);
    // Offered, not done: nothing on disk yet, and the Skills panel is still empty.
    await expect(readFile(path.join(rules, 'rulebook.yaml'))).rejects.toThrow(/ENOENT/);
    await openPanel(page, 'skills');
    // The Skills panel's code loads when the panel is first shown.
    await expect.poll(() => page.locator('[data-panel="skills"] [data-action="infer-layout"]').count(), { timeout: 10_000 }).toBe(1);

    // The banner fits: nothing spills out of it sideways, and the editor keeps most of its height.
    const fit = await offer.evaluate((node) => {
      const box = node.getBoundingClientRect();
      const spill = [...node.querySelectorAll('*')].some((child) => child.getBoundingClientRect().right > box.right + 0.5);
      return { spill, height: box.height, window: window.innerHeight };
    });
    expect(fit.spill).toBe(false);
    expect(fit.height).toBeLessThan(fit.window / 2);
    if (SCREENSHOTS) {
      await page.screenshot({ path: path.join(SCREENSHOTS, 'layout-offer.png') });
      await offer.locator('.layout-why summary').click();
      await page.screenshot({ path: path.join(SCREENSHOTS, 'layout-offer-why.png') });
      await page.locator('#btn-theme').click();
      await page.screenshot({ path: path.join(SCREENSHOTS, 'layout-offer-dark.png') });
      await page.locator('#btn-theme').click();
      await page.setViewportSize({ width: 1100, height: 760 });
      await page.screenshot({ path: path.join(SCREENSHOTS, 'layout-offer-narrow.png') });
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });

  it('applies it: writes rulebook.yaml, leaves the text as it was, reloads the book and fills the Skills panel', async () => {
    const { page } = opened.app;
    const before = await markdownUnder(rules);
    const offer = page.locator('[data-banner="layout"]');
    await offer.locator('[data-banner-action="Apply"]').click();
    await offer.waitFor({ state: 'detached', timeout: 30_000 });

    const rows = page.locator('[data-panel="skills"] .skills-table tbody tr');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(promised);
    expect(await page.locator('[data-panel="skills"] .count').textContent()).toBe(`${promised} skills`);
    expect(await page.locator('[data-panel="skills"] .skills-table', { hasText: 'Ambidextrous#' }).count()).toBe(1);
    // The reopened book lists every file in the order the site shows its pages (their weight), and its settings.
    await expect.poll(() => page.locator('#file-list [data-file]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-file')))).toEqual([
      '_index.md', 'lineage_skill_categories/_index.md', 'skill_categories/_index.md', 'skills/_index.md', 'conditions/_index.md', 'rulebook.yaml',
    ]);
    expect(await page.locator('#status-message').textContent()).toMatch(/^Wrote rulebook\.yaml\. 129 skills as ## headings/);

    expect(await readFile(path.join(rules, 'rulebook.yaml'), 'utf8')).toMatch(/^layout:\n[\s\S]*\nfiles:\n/);
    expect(await markdownUnder(rules)).toEqual(before);
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'layout-applied.png') });
    // The reread book reads well: no second offer.
    await page.waitForTimeout(500);
    expect(await page.locator('[data-banner="layout"]').count()).toBe(0);
  });
});

describe('a book init cannot make sense of', () => {
  const opened = useApp(bench, async () => {
    await cp(CRESTFALLEN, path.join(bench.work, 'prose'), { recursive: true });
    // The conditions page: prose under headings, no skill and no numbered rule however it is read.
    return path.join(bench.work, 'prose', 'content', 'en', 'rules', 'conditions', '_index.md');
  });

  it('says so in one plain line, and writes nothing', async () => {
    const { page } = opened.app;
    const status = page.locator('[data-banner="layout"] [data-layout-status="no-sense"]');
    await status.waitFor({ timeout: 30_000 });
    expect(await status.textContent()).toBe('This book has no skills or numbered rules to read, even with an inferred layout.');
    expect(await page.locator('[data-banner="layout"] [data-layout-settings]').count()).toBe(0);
    const height = await page.locator('[data-banner="layout"]').evaluate((node) => node.getBoundingClientRect().height);
    // One line: the sentence and its button side by side.
    expect(height).toBeLessThan(50);
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'layout-no-sense.png') });
    await page.locator('[data-banner="layout"] [data-banner-action="OK"]').click();
    expect(await page.locator('[data-banner="layout"]').count()).toBe(0);
    expect(await readFile(path.join(bench.work, 'prose', 'content', 'en', 'rules', 'conditions', '_index.md'), 'utf8')).toBe(await readFile(path.join(CRESTFALLEN, 'content', 'en', 'rules', 'conditions', '_index.md'), 'utf8'));
  });
});
