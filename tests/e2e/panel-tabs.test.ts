/**
 * The panel tab strip in chromium: one row at 1024x640 and 1280x800 (its height one tab's, nothing overflowing, so no
 * scrollbar arrows), the tabs that do not fit in the More menu, every panel reachable by mouse and by keyboard, the
 * active panel's tab always in the row, and the row refitted when the panels' column changes width.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { copyBook, screenshots, useOpenBook } from './harness.js';

const FUNJERAI = path.resolve('tests/fixtures/samples/funjerai.md');
const PANELS = ['problems', 'search', 'outline', 'skills', 'graph', 'preview', 'changes', 'export', 'characters'];

const bench = useOpenBook('tabs', (work) => copyBook(FUNJERAI, work), { width: 1024, height: 640 });

/** Screenshots to look at, when PANEL_TABS_SCREENSHOTS names a folder. */
const screenshot = screenshots('PANEL_TABS_SCREENSHOTS');

interface Strip {
  /** The strip's inner height and one tab's. */
  readonly height: number;
  readonly tabHeight: number;
  /** How far the content reaches past the strip (0 when nothing overflows). */
  readonly overflowX: number;
  readonly overflowY: number;
  /** The distinct tops of the buttons shown: one row has one. */
  readonly rows: number;
  /** The tabs in the row, left to right, and the panels in the More menu (empty when every tab fits). */
  readonly shown: string[];
  readonly active: string | null;
  readonly more: boolean;
  /** The row's right edge against the strip's: no button is cut off. */
  readonly clipped: string[];
}

function strip(page: Page): Promise<Strip> {
  return page.evaluate(() => {
    const host = document.getElementById('panel-tabs')!;
    const buttons = [...host.querySelectorAll<HTMLElement>('button')].filter((b) => b.getClientRects().length > 0).sort((a, b) => a.getBoundingClientRect().left - b.getBoundingClientRect().left);
    const right = host.getBoundingClientRect().right;
    const tab = buttons[0];
    return {
      height: host.clientHeight,
      tabHeight: tab.getBoundingClientRect().height,
      overflowX: host.scrollWidth - host.clientWidth,
      overflowY: host.scrollHeight - host.clientHeight,
      rows: new Set(buttons.map((b) => Math.round(b.getBoundingClientRect().top))).size,
      shown: buttons.filter((b) => b.dataset.panelTab).map((b) => b.dataset.panelTab!),
      active: host.querySelector<HTMLElement>('[aria-selected="true"]')?.dataset.panelTab ?? null,
      more: buttons.some((b) => b.dataset.action === 'more-panels'),
      clipped: buttons.filter((b) => b.getBoundingClientRect().right > right + 0.5).map((b) => b.textContent ?? ''),
    };
  });
}

async function expectOneRow(page: Page): Promise<Strip> {
  const now = await strip(page);
  expect(now.rows).toBe(1);
  expect(now.height).toBe(now.tabHeight);
  expect([now.overflowX, now.overflowY]).toEqual([0, 0]);
  expect(now.clipped).toEqual([]);
  return now;
}

const menuItems = (page: Page) => page.locator('[data-role="more-panels-menu"] [role="menuitem"]').evaluateAll((items) => items.map((i) => (i as HTMLElement).dataset.panelItem));

/** Shows a panel the way a person would: its tab when in the row, else through More. */
async function reach(page: Page, id: string): Promise<void> {
  const tab = page.locator(`[data-panel-tab="${id}"]`);
  if (await tab.isVisible()) await tab.click();
  else {
    await page.locator('[data-action="more-panels"]').click();
    await page.locator(`[data-panel-item="${id}"]`).click();
    await page.locator('[data-role="more-panels-menu"]').waitFor({ state: 'detached' });
  }
  await expect.poll(() => page.locator(`[data-panel="${id}"]`).isVisible()).toBe(true);
}

describe('the panel tab strip', () => {
  it('is one row at 1024x640, the rest in More, and every panel is reachable with its tab then in the row', async () => {
    const { page } = bench.app;
    const first = await expectOneRow(page);
    expect(first.more).toBe(true);
    await page.locator('[data-action="more-panels"]').click();
    const inMenu = await menuItems(page);
    // The row and the menu hold every panel once, in order.
    expect([...first.shown, ...inMenu]).toEqual(PANELS);
    expect(first.shown.length).toBeGreaterThanOrEqual(3);
    await screenshot(page, 'tabs-1024-menu');
    await page.keyboard.press('Escape');
    await page.locator('[data-role="more-panels-menu"]').waitFor({ state: 'detached' });

    for (const id of [...PANELS].reverse()) {
      await reach(page, id);
      const now = await expectOneRow(page);
      expect(now.active).toBe(id);
      expect(now.shown).toContain(id);
    }
    // The last panel of the menu, chosen: drawn at the row's end, before More.
    await reach(page, 'characters');
    const late = await expectOneRow(page);
    expect(late.shown.at(-1)).toBe('characters');
    await screenshot(page, 'tabs-1024-late-active');
  });

  it('works from the keyboard: arrows along the row, More opens a menu, Enter shows the panel', async () => {
    const { page } = bench.app;
    await reach(page, 'problems');
    await page.locator('[data-panel-tab="problems"]').focus();
    await page.keyboard.press('End');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.action)).toBe('more-panels');
    await page.keyboard.press('Home');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.panelTab)).toBe('problems');
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.panelTab)).toBe('search');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    // Round the row: from the first to More.
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.action)).toBe('more-panels');
    expect(await page.locator('[data-action="more-panels"]').getAttribute('aria-haspopup')).toBe('menu');
    await page.keyboard.press('Enter');
    await page.locator('[data-role="more-panels-menu"]').waitFor();
    expect(await page.locator('[data-action="more-panels"]').getAttribute('aria-expanded')).toBe('true');
    const items = await menuItems(page);
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.panelItem)).toBe(items[0]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.panelItem)).toBe(items[2 % items.length]);
    await page.keyboard.press('ArrowUp');
    const chosen = items[1 % items.length]!;
    await page.keyboard.press('Enter');
    await page.locator('[data-role="more-panels-menu"]').waitFor({ state: 'detached' });
    await expect.poll(() => page.locator(`[data-panel="${chosen}"]`).isVisible()).toBe(true);
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.panelTab)).toBe(chosen);
    expect((await expectOneRow(page)).active).toBe(chosen);
    // Escape closes the menu and gives the focus back to More; a click elsewhere closes it too.
    await page.locator('[data-action="more-panels"]').click();
    await page.locator('[data-role="more-panels-menu"]').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('[data-role="more-panels-menu"]').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.action)).toBe('more-panels');
    await page.locator('[data-action="more-panels"]').click();
    await page.locator('[data-role="more-panels-menu"]').waitFor();
    await page.locator('#editor').click();
    await page.locator('[data-role="more-panels-menu"]').waitFor({ state: 'detached' });
  });

  it('is one row at 1280x800 and fits more tabs in a wider column', async () => {
    const { page } = bench.app;
    await reach(page, 'problems');
    const narrow = await expectOneRow(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(async () => (await strip(page)).shown.length).toBeGreaterThan(narrow.shown.length);
    await expectOneRow(page);
    await screenshot(page, 'tabs-1280');
    await page.setViewportSize({ width: 1920, height: 1000 });
    await expect.poll(async () => (await strip(page)).shown.length).toBeGreaterThan(narrow.shown.length + 1);
    await expectOneRow(page);
    await screenshot(page, 'tabs-1920');
    await page.setViewportSize({ width: 1024, height: 640 });
    await expect.poll(async () => (await strip(page)).shown).toEqual(narrow.shown);
    await expectOneRow(page);
  });
});
