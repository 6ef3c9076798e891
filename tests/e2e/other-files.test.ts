/**
 * A picture dropped into the open book's folder, as the page sees it: the host's watcher lists the folder's other
 * files again, the page hands them to its worker, and the missing-image finding on the page that shows the picture
 * goes from Problems without opening the book again; deleting the picture brings it back.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPanel, useOpenBook } from './harness.js';

let book: string;

const opened = useOpenBook('other-files', async (work) => {
  book = path.join(work, 'vale');
  await mkdir(path.join(book, 'Lore'), { recursive: true });
  await writeFile(path.join(book, 'rulebook.yaml'), 'title: Vale\nfiles:\n  - Home.md\n  - Lore/Rivers.md\n');
  await writeFile(path.join(book, 'Home.md'), '# Vale\n\nRead [[Lore/Rivers]] before you cross.\n\n![[ford.png]]\n');
  await writeFile(path.join(book, 'Lore/Rivers.md'), '# Rivers\n\nCold water runs down from the peaks.\n');
  return book;
});

describe('pictures added to the open book’s folder', () => {
  it('clears the missing picture from Problems once it is in the folder, and shows it again once it is gone', async () => {
    const { page } = opened.app;
    await openPanel(page, 'problems');
    const missing = page.locator('.problem[data-rule="missing-image"]');
    await expect.poll(() => missing.count(), { timeout: 60_000 }).toBe(1);
    await mkdir(path.join(book, 'Maps'));
    await writeFile(path.join(book, 'Maps/ford.png'), 'only the name is read');
    await expect.poll(() => missing.count(), { timeout: 30_000 }).toBe(0);
    await rm(path.join(book, 'Maps'), { recursive: true });
    await expect.poll(() => missing.count(), { timeout: 30_000 }).toBe(1);
  }, 150_000);
});
