/**
 * A folder book's chapters as its files open them. Razorweave writes "# 1. Welcome to the Game" in its first file and
 * "## 2. Core Concepts at a Glance" in the next ones: every one is a chapter, printed alike. Chronicles opens some
 * files with an unnumbered "## Headbands" that goes on with the chapter of the file before.
 */
import { describe, expect, it } from 'vitest';
import { linkRulebook } from '../../shared/link/index.js';
import type { LinkedRulebook } from '../../shared/link/types.js';
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

/** Each heading as it prints: its title, the level it prints at, and whether it opens a chapter. */
const printedHeadings = (book: LinkedRulebook, source: RulebookSource) =>
  buildContent(book, source).blocks.flatMap((b) => (b.kind === 'heading' ? [[b.section.title, b.level, b.chapter]] : []));

describe('chapters opened by the files of a folder book', () => {
  it('a file whose outermost headings carry a chapter number opens chapters, whatever their level', () => {
    expect(chaptersOf(linked).map((c) => c.title)).toEqual(['Welcome to the Game', 'Core Concepts', 'Playing the Game']);
  });

  it('prints each chapter and its sections at the same levels, file after file', () => {
    expect(printedHeadings(linked, SOURCE)).toEqual([
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

/**
 * An Obsidian vault's notes, in our own words, shaped like the 13th Age SRD's (Obsidian TTRPG Community): the notes open
 * at `##` with their name (Human.md), under a heading of their own (Gibbering-Mouthers.md), or hold a stat block and no
 * heading at all (Koruku-Landkiller.md); one note opens at `#`. The vault's links name notes by their paths (`[[Races/Human|Human]]`).
 */
const VAULT: RulebookSource = {
  files: [
    { path: 'Revision-Log.md', text: '# Revision History\n\n## 4.0\n\nThe [[Races/Human|Human]] note gained its champion feat, and [[Bestiary/Koruku-Landkiller|the landkiller]] its block.\n' },
    { path: 'Races/Human.md', text: '---\naliases: [Humans]\n---\n## Human\n\n### Racial Bonus\n\n+2 to any ability score.\n' },
    { path: 'Bestiary/Koruku-Landkiller.md', text: '---\naliases: [Koruku Landkiller]\n---\n\n```statblock\nname: "Koruku Landkiller"\nlevel: 8\n```\n' },
    { path: 'Bestiary/Gibbering-Mouthers.md', text: '---\naliases: [Gibbering Mouthers]\n---\n## Abilities for All Gibbering Mouthers\n\nThey cannot be ambushed.\n' },
    { path: 'Bestiary/Nagas.md', text: '## Nastier Special for all Nagas\n\nA naga strikes twice.\n' },
  ],
};

describe('chapters of a vault: a note each', () => {
  const vault = linkRulebook(parseRulebook(VAULT));

  it('a note opens a chapter: its heading when named as the note, else one made from its name', () => {
    expect(chaptersOf(vault).map((c) => c.title)).toEqual(['Revision History', 'Human', 'Koruku Landkiller', 'Gibbering Mouthers', 'Nagas']);
  });

  it('prints every note’s chapter at the book’s chapter level and its sections under it', () => {
    expect(printedHeadings(vault, VAULT)).toEqual([
      ['Revision History', 1, true],
      ['4.0', 2, false],
      ['Human', 1, true],
      ['Racial Bonus', 2, false],
      ['Koruku Landkiller', 1, true],
      ['Gibbering Mouthers', 1, true],
      ['Abilities for All Gibbering Mouthers', 2, false],
      ['Nagas', 1, true],
      ['Nastier Special for all Nagas', 2, false],
    ]);
  });

  it('gives the website a page a note: none piles into the note before it', () => {
    const site = buildSite(vault, VAULT, {});
    // The index page comes first, titled as the book (here by its one `#` heading); a page a note follows.
    const notes = site.pages.slice(1);
    expect(notes.map((p) => p.title)).toEqual(['Revision History', 'Human', 'Koruku Landkiller', 'Gibbering Mouthers', 'Nagas']);
    const page = (title: string) => notes.find((p) => p.title === title);
    expect(page('Revision History')!.html).not.toContain('Racial Bonus');
    expect(page('Koruku Landkiller')!.html).toContain('level: 8');
    // A link to a note with no heading of its own lands at the top of its page.
    expect(page('Revision History')!.html).toMatch(/<a href="koruku-landkiller\.html#[^"]+">the landkiller<\/a>/);
  });

  it('a folder of files that is no vault keeps its `##` files with the chapter before them', () => {
    const plain = { files: VAULT.files.map((f) => ({ ...f, text: f.text.replace(/\[\[[^\]|]*\|([^\]]*)\]\]/g, '$1') })) };
    expect(chaptersOf(linkRulebook(parseRulebook(plain))).map((c) => c.title)).toEqual(['Revision History']);
  });
});
