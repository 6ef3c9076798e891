/**
 * The Files list of a book kept in folders, as a marshal sees it in the page: the 13th Age SRD's vault listed its
 * thousand pages as `Compendium/13A/Bestiary/…` cut to the list's width, none told apart. Now each file by its name,
 * under its folder, folders in a tree below what every page shares, closed in a book this large; a closed folder
 * shows the errors it holds, and opening a page from Problems opens the folders over it. Our own words in that shape.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPanel, useOpenBook } from './harness.js';

const MONSTERS = Array.from({ length: 42 }, (_, i) => `Compendium/Vale/Bestiary/Beasts/Beast-${i + 1}.md`);
const FILES = ['Compendium/Vale/Index.md', 'Compendium/Vale/Rules/Combat/Melee.md', 'Compendium/Vale/Rules/Combat/Ranged/Bows.md', 'Compendium/Vale/Rules/Magic/Runes.md', ...MONSTERS];

const opened = useOpenBook('file-tree', async (work) => {
  const book = path.join(work, 'vale');
  for (const file of FILES) {
    await mkdir(path.dirname(path.join(book, file)), { recursive: true });
    const name = path.basename(file, '.md');
    // Beast 7 refers to a rule the book does not have: an error inside a closed folder.
    await writeFile(path.join(book, file), `# ${name}\n\nSee [[Compendium/Vale/Index|the index]].${name === 'Beast-7' ? ' As rule 9.9 says.' : ''}\n`);
  }
  await writeFile(path.join(book, 'rulebook.yaml'), `title: Vale\nfiles:\n${FILES.map((f) => `  - ${f}\n`).join('')}`);
  return book;
});

describe('the Files list of a book in folders', () => {
  it('lists files by name under a tree of folders, closed in a large book; a closed folder shows its errors; Problems opens the way to a page', async () => {
    const { page } = opened.app;
    const folder = (name: string) => page.locator(`#file-list button[data-folder="${name}"]`);
    const file = (name: string) => page.locator(`#file-list button[data-file="Compendium/Vale/${name}"]`);
    // What every page shares, Compendium/Vale, is named nowhere; the page at the top stands by its name.
    await expect.poll(() => file('Index.md').textContent(), { timeout: 60_000 }).toBe('Index.md');
    expect(await folder('Rules/Combat').locator('.name').textContent()).toBe('Rules/Combat');
    expect(await folder('Rules/Combat').getAttribute('aria-expanded')).toBe('false');
    expect(await file('Rules/Combat/Melee.md').count()).toBe(0);
    // Opened, Combat shows its page and, one step in, its subfolder by its own name.
    await folder('Rules/Combat').click();
    await expect.poll(() => file('Rules/Combat/Melee.md').textContent()).toBe('Melee.md');
    expect(await folder('Rules/Combat/Ranged').locator('.name').textContent()).toBe('Ranged');
    // Both indents read at once, and again until they hold: the list is drawn anew when the book's reading comes in,
    // and a button found before that is no longer in the page when its style is read (NaN) on a slow machine.
    const indents = () =>
      page.evaluate(() => ['Rules/Combat', 'Rules/Combat/Ranged'].map((name) => parseFloat(getComputedStyle(document.querySelector(`#file-list button[data-folder="${name}"]`)!).paddingLeft)));
    await expect.poll(async () => { const [outer, inner] = await indents(); return inner > outer; }).toBe(true);
    // The closed bestiary shows the error one of its pages holds; Problems opens the page and the folders over it.
    await expect.poll(() => folder('Bestiary/Beasts').locator('.file-count').textContent(), { timeout: 60_000 }).toBe('1');
    await openPanel(page, 'problems');
    await page.locator('.problem[data-rule="broken-reference"]').first().click();
    await expect.poll(() => folder('Bestiary/Beasts').getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => file('Bestiary/Beasts/Beast-7.md').getAttribute('class')).toBe('active');
    // Closing Combat hides its subfolder with it.
    await folder('Rules/Combat').click();
    expect(await folder('Rules/Combat/Ranged').count()).toBe(0);
  }, 150_000);
});
