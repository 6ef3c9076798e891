/**
 * The editor's colours end with their line: real books write a heading's text right under it, with no blank line
 * between (the Belegarth Book of War's `## Safety and Adjudication` over `0. Each individual…`, Fate Core's `######
 * Average` over `**Competence**: …`). Monarch tries no rule on a line it has used up, so a heading, prerequisite or
 * cost line's state once ran on and coloured every line after it as a heading until a blank one.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useOpenBook } from './harness.js';

const BOOK = [
  '# Book',
  '',
  'A plain paragraph.',
  '',
  '## Sword',
  'Plain right under a heading.',
  'Prerequisite: Healing or [[First Aid]]',
  'Plain after a prerequisite.',
  'Cost: 3 SP',
  'Plain after a cost.',
  '## Healing (2 SP)',
  'Plain under a priced heading.',
  '## 7',
  'Plain under a number alone.',
  '',
].join('\n');

const bench = useOpenBook('editor-colours', async (work) => {
  const file = path.join(work, 'book.md');
  await writeFile(file, BOOK);
  return file;
});

/** The class names of the coloured pieces of each shown line that has text, by its text. */
async function coloursByLine(page: Page): Promise<Map<string, string>> {
  await page.locator('.view-line').first().waitFor();
  const lines = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.monaco-editor .view-line')].map((line) => ({
      text: line.textContent?.replace(/\u00a0/g, ' ') ?? '',
      classes: [...line.querySelectorAll('span > span')].map((span) => span.className).join(' '),
    })),
  );
  return new Map(lines.filter((l) => l.text.trim()).map((l) => [l.text, l.classes]));
}

describe('the editor’s colours', () => {
  it('colour the line after a heading, a prerequisite line or a cost line as plain text', async () => {
    const { page } = bench.app;
    // Colours come after the text: wait until the heading has a colour of its own.
    let colours = await coloursByLine(page);
    await expect.poll(async () => {
      colours = await coloursByLine(page);
      return colours.get('## Sword') !== colours.get('A plain paragraph.');
    }, { timeout: 20_000 }).toBe(true);
    const plain = colours.get('A plain paragraph.');
    expect(plain).toBeTruthy();
    for (const line of ['Plain right under a heading.', 'Plain after a prerequisite.', 'Plain after a cost.', 'Plain under a priced heading.', 'Plain under a number alone.']) {
      expect(colours.get(line), line).toBe(plain);
    }
  });
});
