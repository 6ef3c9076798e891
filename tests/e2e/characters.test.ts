/**
 * The Characters panel in chromium, on a temporary copy of Kingdoms of Novitas with the tests' `characters:` settings:
 * a character is created by clicking skills, a greyed skill (Tradesman, which needs Estimate Value) becomes available
 * once its prerequisite is bought, a purchase is removed, and Save writes a YAML file that reads back as exactly that
 * character and that the shared character check finds nothing wrong with.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CharacterChecker } from '../../shared/characters/check.js';
import { readCharacterFile } from '../../shared/characters/read.js';
import { FIXTURES, linkedBook, makeBooks, useBooks } from '../characters/books.js';
import { openPanel, openApp, screenshots, useBrowser, type App } from './harness.js';

const launched = useBrowser();
const books = useBooks();

const option = (page: Page, skill: string) => page.locator(`.skill-option[data-skill="${skill}"]`);
const pointsLeft = (page: Page) => page.locator('[data-role="points-left"]').textContent();

/** Nothing in the panel is wider than the panel (no sideways scrolling, nothing cut off at the right). */
async function expectNoOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const panel = document.querySelector<HTMLElement>('.characters-panel')!;
    const right = panel.getBoundingClientRect().right;
    const wide = [...panel.querySelectorAll<HTMLElement>('*')].filter((e) => e.getClientRects().length && e.getBoundingClientRect().right > right + 1);
    return { scroll: panel.scrollWidth - panel.clientWidth, content: document.querySelector('.character-content')!.scrollWidth - document.querySelector('.character-content')!.clientWidth, wide: wide.slice(0, 5).map((e) => e.className || e.tagName) };
  });
  expect(overflow).toEqual({ scroll: 0, content: 0, wide: [] });
}

/** Screenshots to look at, when CHARACTERS_SCREENSHOTS names a folder. */
const screenshot = screenshots('CHARACTERS_SCREENSHOTS');

describe('Characters panel', () => {
  it('builds a character by clicking skills, a greyed skill opening once its prerequisite is bought, and saves it', async () => {
    let app: App | null = null;
    try {
      app = await openApp(launched.browser, books.novitas, { width: 1280, height: 800 });
      const { page } = app;
      await openPanel(page, 'characters');
      await page.getByText('No characters yet').waitFor({ timeout: 20_000 });

      await page.locator('[data-action="new-character"]').click();
      await page.getByLabel('New character name').fill('Test Hero');
      await page.locator('[data-action="create-character"]').click();
      await expect.poll(() => page.locator('[data-role="character-name"]').textContent()).toBe('Test Hero');
      await expect.poll(() => pointsLeft(page)).toBe('6');

      // Tradesman needs Estimate Value: greyed, saying so, and not clickable.
      const tradesman = option(page, 'Tradesman');
      await expect.poll(() => tradesman.getAttribute('data-state')).toBe('blocked');
      expect(await tradesman.isDisabled()).toBe(true);
      expect(await tradesman.locator('.skill-option-why').textContent()).toBe('needs Estimate Value');
      await screenshot(page, 'characters-1280-blocked');

      await option(page, 'Estimate Value').click();
      await expect.poll(() => tradesman.getAttribute('data-state')).toBe('available');
      await expect.poll(() => pointsLeft(page)).toBe('4');
      await tradesman.click();
      await expect.poll(() => pointsLeft(page)).toBe('3');
      await expect.poll(() => tradesman.getAttribute('data-state')).toBe('owned');

      // A third purchase, removed again.
      await option(page, 'First Aid').click();
      await expect.poll(() => pointsLeft(page)).toBe('2');
      await page.locator('[data-purchase="First Aid"] [data-action="remove-purchase"]').click();
      await expect.poll(() => pointsLeft(page)).toBe('3');
      await expect.poll(() => page.locator('[data-purchase]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-purchase')))).toEqual(['Estimate Value', 'Tradesman']);

      // Unsaved until Save: nothing on disk yet.
      const file = path.join(books.novitas, 'characters', 'test-hero.yaml');
      expect(await page.locator('[data-role="unsaved"]').isVisible()).toBe(true);
      expect(existsSync(file)).toBe(false);
      await expectNoOverflow(page);
      await screenshot(page, 'characters-1280');
      await page.setViewportSize({ width: 1024, height: 640 });
      await expectNoOverflow(page);
      await screenshot(page, 'characters-1024');

      await page.locator('[data-action="save-character"]').click();
      await expect.poll(() => page.locator('[data-role="unsaved"]').isVisible()).toBe(false);
      expect(await page.locator('[data-action="save-character"]').isDisabled()).toBe(true);

      const text = await readFile(file, 'utf8');
      const read = readCharacterFile(file, text);
      expect(read.problem).toBeNull();
      expect(read.characters).toHaveLength(1);
      const [character] = read.characters;
      expect(character).toMatchObject({ name: 'Test Hero', rulebook: 'Kingdoms of Novitas' });
      expect(character.purchases.map((p) => [p.skill, p.event, p.cost])).toEqual([['Estimate Value', null, 2], ['Tradesman', null, 1]]);
      const linked = await linkedBook(books.novitas);
      const report = new CharacterChecker(linked).check(character);
      expect(report.findings).toEqual([]);
      expect([report.spent, report.earned]).toEqual([3, 6]);
    } finally {
      await app?.close();
    }
  }, 120_000);

  it('opens the roster already in characters/, showing what the check finds, and keeps the file as written on save', async () => {
    const own = makeBooks();
    let app: App | null = null;
    try {
      const folder = path.join(own.novitas, 'characters');
      await mkdir(folder);
      const file = path.join(folder, 'corwin.yaml');
      await copyFile(path.join(FIXTURES, 'kingdoms-of-novitas', 'corwin-prerequisite-order.yaml'), file);
      app = await openApp(launched.browser, own.novitas, { width: 1024, height: 640 });
      const { page } = app;
      await openPanel(page, 'characters');
      await expect.poll(() => page.locator('[data-role="character-name"]').textContent(), { timeout: 20_000 }).toBe('Corwin Hale');
      expect(await page.locator('[data-role="character-picker"] option').allTextContents()).toEqual(['Corwin Hale · 2 errors']);
      expect(await page.locator('[data-purchase="Tradesman"] .character-finding').textContent()).toBe('Tradesman needs Estimate Value, not owned when it was bought');
      await expectNoOverflow(page);
      await screenshot(page, 'characters-1024-roster');

      // The second Lore (bought again at Spring Muster) removed: the fault goes, the comment and the rest stay.
      const before = await readFile(file, 'utf8');
      await page.locator('[data-purchase="Lore"]').nth(1).locator('[data-action="remove-purchase"]').click();
      await expect.poll(() => page.locator('[data-role="character-picker"] option').allTextContents()).toEqual(['● Corwin Hale · 1 error']);
      await page.locator('[data-action="save-character"]').click();
      await expect.poll(() => page.locator('[data-role="unsaved"]').isVisible()).toBe(false);
      expect(await readFile(file, 'utf8')).toBe(before.replace('  - { skill: Lore, event: Spring Muster 2025, cost: 2 }\n', ''));
    } finally {
      await app?.close();
      own.remove();
    }
  }, 120_000);
});
