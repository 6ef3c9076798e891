/**
 * Screenshots of the editor and every panel in both themes, for docs/screenshots/app-*.png.
 * Run by hand (not in CI): `node --import tsx scripts/screenshots.ts`. Uses the system chromium.
 */
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPanel, launchBrowser, openApp, goTo, publishedAndEdited } from '../tests/e2e/harness.js';

const OUT = path.resolve('docs/screenshots');
const PANELS = ['problems', 'outline', 'skills', 'graph', 'preview', 'changes', 'export'] as const;
const AMTGARD = path.resolve(import.meta.dirname, '../tests/fixtures/seeds/amtgard-magic.txt');

const work = await mkdtemp(path.join(tmpdir(), 'rulebook-shots-'));
// A working copy with a publication record behind it, so the Changes panel has a renumbered run and impact to show.
const { file } = await publishedAndEdited(path.join(work, 'funjerai'));
await mkdir(OUT, { recursive: true });
const browser = await launchBrowser();
try {
  const app = await openApp(browser, file, { width: 1440, height: 900 });
  const { page } = app;
  await page.locator('.problem').first().waitFor({ timeout: 30_000 });
  for (const theme of ['light', 'dark'] as const) {
    const current = await page.evaluate(() => document.documentElement.dataset.theme);
    if (current !== theme) await page.locator('#btn-theme').click();
    // The editor at the first problem (the hover card has its own screenshot below).
    await openPanel(page, 'problems');
    await page.locator('.problem').first().click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(OUT, `app-editor-${theme}.png`) });
    for (const panel of PANELS) {
      await openPanel(page, panel);
      if (panel === 'graph') await page.locator('svg.graph').waitFor({ timeout: 30_000 });
      if (panel === 'skills') await page.locator('.skills-table th button', { hasText: 'Cost' }).click();
      if (panel === 'changes') {
        await page.locator('[data-run] summary').first().waitFor({ timeout: 30_000 });
        if (!(await page.locator('[data-run]').first().evaluate((d) => (d as HTMLDetailsElement).open))) await page.locator('[data-run] summary').first().click();
      }
      await page.waitForTimeout(600);
      await page.screenshot({ path: path.join(OUT, `app-${panel}-${theme}.png`) });
    }
    // The Import preview, then cancelled.
    const chooser = page.waitForEvent('filechooser');
    await page.locator('#btn-import').click();
    await (await chooser).setFiles(AMTGARD);
    await page.locator('.dialog [data-import-counts]').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(OUT, `app-import-${theme}.png`) });
    await page.locator('.dialog button', { hasText: 'Cancel' }).click();
  }
  // Hover card on a prerequisite, light theme.
  await page.locator('#btn-theme').click();
  await openPanel(page, 'skills');
  await goTo(page, 72, 20);
  await page.keyboard.press('Control+k');
  await page.keyboard.press('Control+i');
  await page.waitForTimeout(1200);
  await page.screenshot({ path: path.join(OUT, 'app-hover-light.png') });
  await app.close();

  // A rulebook of skill tables: the rows coloured as skills, and a table skill's hover with the rules that describe it.
  await cp('rulebooks/kingdoms-of-novitas', path.join(work, 'kingdoms-of-novitas'), { recursive: true });
  const kon = await openApp(browser, path.join(work, 'kingdoms-of-novitas'), { width: 1440, height: 900 });
  await kon.page.locator('#file-list button[data-file="03-character-creation.md"]').click();
  await goTo(kon.page, 193, 5);
  await kon.page.keyboard.press('Control+k');
  await kon.page.keyboard.press('Control+i');
  await kon.page.waitForTimeout(1500);
  await kon.page.screenshot({ path: path.join(OUT, 'app-table-skills-light.png') });
  await kon.close();
} finally {
  await browser.close();
  await rm(work, { recursive: true, force: true });
}
console.log(`screenshots written to ${OUT}`);
