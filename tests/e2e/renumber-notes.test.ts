/** The app's renumber preview shows the plan's notes above its edits: what renumber asks a marshal to check. */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useOpenBook } from './harness.js';

// "Chapter 3: Combat" where Combat is chapter 2: renumber repairs the number to the titled chapter's, and says so.
const BOOK = '# Chapter 1. Characters\n\n1.1 Pick a name. See Chapter 3: Combat for fights.\n\n# Chapter 2. Combat\n\n2.1 Blows land softly.\n';

const opened = useOpenBook('renumber-notes', async (work) => {
  const file = path.join(work, 'book.md');
  await writeFile(file, BOOK);
  return file;
});

describe('the renumber preview', () => {
  it("lists the plan's notes, each at its place, above the edits", async () => {
    const { page } = opened.app;
    await page.locator('#btn-renumber').click();
    const dialog = page.locator('.dialog');
    await dialog.waitFor({ timeout: 15_000 });
    expect(await dialog.locator('.plan-note').allTextContents()).toEqual([
      'book.md:3: `See Chapter 3: Combat` gives the wrong number: “Combat” is chapter 2; the reference is rewritten to 2',
    ]);
    expect(await dialog.locator('.plan-notes-title').textContent()).toBe('Check this');
    expect(await dialog.locator('.edit-line ins').allTextContents()).toEqual(['2']);
    await dialog.locator('button', { hasText: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});
