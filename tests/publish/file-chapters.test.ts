/**
 * A folder book's chapters as its files open them. Razorweave writes "# 1. Welcome to the Game" in its first file and
 * "## 2. Core Concepts at a Glance" in the next ones: every one is a chapter, printed alike. Chronicles opens some
 * files with an unnumbered "## Headbands" that goes on with the chapter of the file before.
 */
import { describe, expect, it } from 'vitest';
import { linkRulebook } from '../../shared/link/index.js';
import type { RulebookSource } from '../../shared/model/types.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { buildContent, chaptersOf } from '../../shared/publish/content.js';
import { buildSite } from '../../shared/site/build.js';

// In our own words, shaped like the two books' files.
const SOURCE: RulebookSource = {
  files: [
    { path: '01-welcome.md', text: '# 1. Welcome to the Game\n\nWhat the game is.\n\n## Fiction First\n\nThe story comes first.\n' },
    { path: '02-concepts.md', text: '## 2. Core Concepts\n\nThe words the rules use.\n\n### Checks\n\nRoll when the outcome is in doubt.\n' },
    { path: '03-play.md', text: '# 3. Playing the Game\n\nHow a session runs.\n' },
    { path: '04-headbands.md', text: '## Headbands\n\nA white headband means out of game.\n\n### Orange Headbands\n\nNon-combatants.\n' },
  ],
};
const linked = linkRulebook(parseRulebook(SOURCE));

describe('chapters opened by the files of a folder book', () => {
  it('a file whose outermost headings carry a chapter number opens chapters, whatever their level', () => {
    expect(chaptersOf(linked).map((c) => c.title)).toEqual(['Welcome to the Game', 'Core Concepts', 'Playing the Game']);
  });

  it('prints each chapter and its sections at the same levels, file after file', () => {
    const headings = buildContent(linked, SOURCE).blocks.flatMap((b) => (b.kind === 'heading' ? [[b.section.title, b.level, b.chapter]] : []));
    expect(headings).toEqual([
      ['Welcome to the Game', 1, true],
      ['Fiction First', 2, false],
      ['Core Concepts', 1, true],
      ['Checks', 2, false],
      ['Playing the Game', 1, true],
      ['Headbands', 2, false],
      ['Orange Headbands', 3, false],
    ]);
  });

  it('gives the website a page a chapter, with its sections in the contents', () => {
    const site = buildSite(linked, SOURCE, {});
    const index = site.pages.find((p) => p.file === 'index.html')!.html;
    for (const title of ['Welcome to the Game', 'Core Concepts', 'Playing the Game']) expect(index).toContain(title);
    // "Checks" sits under chapter 2 in the contents, as "Fiction First" sits under chapter 1.
    expect(index).toMatch(/Core Concepts[\s\S]*Checks[\s\S]*Playing the Game/);
  });
});
