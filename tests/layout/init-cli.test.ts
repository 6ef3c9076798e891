/**
 * `rulebook init` as a marshal runs it: a real child process on real files in a temp folder. It writes the settings a
 * book needs (front matter for one file, rulebook.yaml for a folder), never touches the text, changes nothing the
 * second time, and says in one line (exit 2) when it cannot make sense of a book.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli as run } from '../helpers/cli.js';
import { useTempFolder } from '../helpers/temp-folder.js';
import { splitFrontMatter } from '../../shared/parse/config.js';
import { ABILITIES, FEATS, LARP, PROSE } from './books.js';

const temp = useTempFolder('init');

const read = (name: string) => readFileSync(path.join(temp.dir, name));

describe('rulebook init', () => {
  it('adds a layout to a single file\'s front matter, leaving the rest of it and the body byte for byte, and changes nothing the second time', async () => {
    // A BOM and Windows line endings, as a file saved on Windows has them.
    const original = `\uFEFF${LARP.replace(/\n/g, '\r\n')}`;
    temp.write({ 'skills.md': original });
    const first = await run(['init', 'skills.md'], temp.dir);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^Wrote skills\.md\.\n\nRead:\n {2}\d+ skills? /);
    expect(first.stdout).toContain('Why:\n  - `CP Cost` (5 entries');
    const after = read('skills.md').toString('utf8');
    expect(after.startsWith('\uFEFF---\r\ntitle: Crestwood\r\nlayout:\r\n  skills:\r\n    headingLevels: [2]\r\n')).toBe(true);
    const body = (text: string) => text.slice(splitFrontMatter(text.slice(1))!.bodyOffset + 1);
    expect(body(after)).toBe(body(original));

    const second = await run(['init', 'skills.md'], temp.dir);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^skills\.md is already up to date\.\n/);
    expect(read('skills.md').toString('utf8')).toBe(after);
  });

  it('puts front matter before a file that had none, the body unchanged', async () => {
    temp.write({ 'abilities.md': ABILITIES });
    const { code } = await run(['init', 'abilities.md'], temp.dir);
    expect(code).toBe(0);
    const after = read('abilities.md').toString('utf8');
    expect(after).toBe(`---\nlayout:\n  skills:\n    boldNames: all\ncostUnits:\n  - Might points\n  - Intellect points\n  - Might point\n  - Speed points\n---\n${ABILITIES}`);
  });

  it('writes rulebook.yaml for a folder of front-matter entries, listing the files in subfolders; the second run writes nothing', async () => {
    temp.write({ ...FEATS, 'README.md': '# Our d20 feats\n' });
    const first = await run(['init', '.'], temp.dir);
    expect(first.code, first.stderr).toBe(0);
    const yaml = read('rulebook.yaml').toString('utf8');
    expect(yaml).toContain('    frontMatter:\n      name: title\n      cost: [power.powerPoints, power.xpCost]\n      prerequisites: [feat.prerequisite]\n');
    expect(yaml).toContain('  conditions:\n    attributes: [Dex, Str]\nlint:\n  missing-cost: off\n');
    expect(first.stdout).toContain('  - 6 of 9 skills carry no cost');
    expect(yaml).toMatch(/\nfiles:\n {2}- _feats\/cleave\.md\n {2}- _feats\/dodge\.md\n[\s\S]* {2}- _powers\/bend-reality\.md\n$/);
    expect(yaml).not.toContain('README.md');
    expect(first.stdout).toContain('README.md is about the repository, not the rules: not listed.');

    const second = await run(['init', '.'], temp.dir);
    expect(second.stdout).toMatch(/^rulebook\.yaml is already up to date\.\n/);
    expect(read('rulebook.yaml').toString('utf8')).toBe(yaml);
  });

  it('leaves out a repository’s documents named in capitals beside a book kept in subfolders (Amtgard’s STYLE.md)', async () => {
    temp.write({
      ...FEATS,
      'STYLE.md': '# Conversion style\n\n## Headings\n\nOne file per feat.\n',
      'CROSS-REVIEW.md': '# Review\n\n## Findings\n\nNone.\n',
      // In a subfolder, or short, capitals are a chapter's name: MARS's `Basic/PHB.md`.
      'Basic/PHB.md': '# Player’s Handbook\n\nHow to play.\n',
    });
    const first = await run(['init', '.'], temp.dir);
    expect(first.code, first.stderr).toBe(0);
    const yaml = read('rulebook.yaml').toString('utf8');
    expect(yaml).not.toMatch(/STYLE|CROSS-REVIEW/);
    expect(yaml).toContain('  - Basic/PHB.md\n');
    expect(first.stdout).toContain('CROSS-REVIEW.md and STYLE.md are about the repository, not the rules: not listed.');
  });

  it('reads a book of one file named in capitals (RULES.md) as that book', async () => {
    temp.write({ 'RULES.md': LARP });
    const book = await run(['init', '.', '--dry-run'], temp.dir);
    expect(book.code, book.stderr).toBe(0);
    expect(book.stdout).not.toContain('about the repository');
    expect(book.stdout).toMatch(/\d+ skills as/);
  });

  it('titles a folder book after its folder when its files name it nowhere (MARS: # Equipment, # Talents…), and only then', async () => {
    temp.write({
      'Basic/Equipment.md': '# Equipment\n\nWhat you carry.\n',
      'Basic/Talents.md': LARP,
    });
    const first = await run(['init', '.'], temp.dir);
    expect(first.code, first.stderr).toBe(0);
    const name = path.basename(temp.dir);
    expect(read('rulebook.yaml').toString('utf8')).toMatch(new RegExp(`\\ntitle: ${name}\\nfiles:\\n`));
    expect(first.stdout).toContain(`  - The book is titled \`${name}\`, the folder's name: its files name it nowhere`);
    // One `#` heading opening the book names it: no title is proposed.
    rmSync(path.join(temp.dir, 'rulebook.yaml'));
    temp.write({ 'Basic/Equipment.md': '# Crestwood\n\n## Equipment\n\nWhat you carry.\n', 'Basic/Talents.md': LARP.replace('# Skills', '## Skills') });
    expect((await run(['init', '.'], temp.dir)).code).toBe(0);
    expect(read('rulebook.yaml').toString('utf8')).not.toMatch(/^title:/m);
    // A lone `#` heading after the first chapter is that chapter's (`# Skills` in the second file): the folder names it.
    rmSync(path.join(temp.dir, 'rulebook.yaml'));
    temp.write({ 'Basic/Equipment.md': '## Equipment\n\nWhat you carry.\n', 'Basic/Talents.md': LARP });
    expect((await run(['init', '.'], temp.dir)).code).toBe(0);
    expect(read('rulebook.yaml').toString('utf8')).toMatch(new RegExp(`\\ntitle: ${name}\\nfiles:\\n`));
  });

  it('titles a folder book of files in their own order after its folder too, when they name it nowhere (Razorweave)', async () => {
    // No list of files to write (they are read in their names' order), but a title: the book would be called
    // "01-welcome" on its cover and every page.
    temp.write({ '01-welcome.md': '# 1. Welcome\n\nWhat the game is.\n', '02-concepts.md': '## 2. Core Concepts\n\nThe words.\n', '03-play.md': '# 3. Play\n\nA session.\n' });
    const { code, stdout, stderr } = await run(['init', '.'], temp.dir);
    expect(code, stderr).toBe(0);
    expect(read('rulebook.yaml').toString('utf8')).toBe(`title: ${path.basename(temp.dir)}\n`);
    expect(stdout).toContain("the folder's name: its files name it nowhere");
  });

  it('keeps every key and comment of an existing rulebook.yaml', async () => {
    const manifest = '# Crestwood, the LARP\ntitle: Crestwood # cover\nfiles:\n  - skills.md\nlint:\n  numbering-gap: warning\n';
    temp.write({ 'rulebook.yaml': manifest, 'skills.md': LARP, 'notes.md': '# Notes\n' });
    const { code, stdout } = await run(['init', temp.dir], temp.dir);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Wrote rulebook\.yaml\./);
    const yaml = read('rulebook.yaml').toString('utf8');
    expect(yaml.startsWith('# Crestwood, the LARP\ntitle: Crestwood # cover\nfiles:\n  - skills.md\nlint:\n  numbering-gap: warning\nlayout:\n')).toBe(true);
    expect(read('skills.md').toString('utf8')).toBe(LARP);
  });

  it('--dry-run prints what it would write and writes nothing', async () => {
    temp.write({ 'skills.md': LARP });
    const { code, stdout } = await run(['init', 'skills.md', '--dry-run'], temp.dir);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Would write skills\.md:\n\n---\ntitle: Crestwood\nlayout:\n {2}skills:\n {4}headingLevels: \[2\]\n[\s\S]*\n---\n\nRead:\n {2}5 skills as `##` headings with CP Cost and Restrictions; /);
    expect(read('skills.md').toString('utf8')).toBe(LARP);
  });

  it('says in one line and exits 2 when it can read neither skills nor numbered rules, and writes nothing', async () => {
    temp.write({ 'story.md': PROSE });
    const { code, stdout, stderr } = await run(['init', 'story.md'], temp.dir);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe('rulebook: story.md: found no skills and no numbered rules in it, even after inferring its layout; nothing was written\n');
    expect(read('story.md').toString('utf8')).toBe(PROSE);
    const folder = await run(['init', '.'], temp.dir);
    expect(folder.code).toBe(2);
    expect(folder.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(existsSync(path.join(temp.dir, 'rulebook.yaml'))).toBe(false);
  });

  it('refuses what is not a book, in one line', async () => {
    temp.write({ 'notes.txt': 'hello\n' });
    const missing = await run(['init', 'nowhere.md'], temp.dir);
    expect([missing.code, missing.stderr]).toEqual([2, 'rulebook: nowhere.md: no such file or folder\n']);
    const text = await run(['init', 'notes.txt'], temp.dir);
    expect([text.code, text.stderr]).toEqual([2, 'rulebook: notes.txt: init reads a markdown (.md, .markdown, .mdx) file or a folder of them\n']);
  });

  it('lists a subfolder numbered as the files are in its place among them, other subfolders after them (the SRD 5.2)', async () => {
    // The D&D SRD 5.2 in Markdown keeps `03_Classes/` between `02_CharacterCreation.md` and `04_CharacterOrigins.md`:
    // init listed the classes after `13_Animals.md`, last in the book. Our own words in that shape.
    temp.write({
      '01_Playing.md': '# Playing the Game\n\nRoll when the outcome is in doubt.\n',
      '02_Creation.md': LARP,
      '03_Classes/00_Classes.md': '# Classes\n\nEach class is a way of life.\n',
      '03_Classes/01_Fighter.md': '# Fighter\n\nA master of arms.\n',
      '10_Monsters.md': '# Monsters\n\nWhat waits in the dark.\n',
      'Appendix/Glossary.md': '# Glossary\n\nWords the rules use.\n',
    });
    const init = await run(['init', '.'], temp.dir);
    expect(init.code, init.stderr).toBe(0);
    const listed = [...read('rulebook.yaml').toString('utf8').matchAll(/^ {2}- (.+)$/gm)].map((m) => m[1]);
    expect(listed).toEqual(['01_Playing.md', '02_Creation.md', '03_Classes/00_Classes.md', '03_Classes/01_Fighter.md', '10_Monsters.md', 'Appendix/Glossary.md']);
  });

  it('lists the pages of a vault six folders down, so that links to them by name resolve (the 13th Age SRD)', async () => {
    // Its dragons live in Compendium/13A/Bestiary/Dragon/Chromatic-Dragon/Black-Dragons/: init stopped five folders down,
    // and 52 links by name were then reported broken. Our own words in that shape; a page nine folders down is past
    // the bound every walk of the folder keeps.
    const deep = 'Compendium/Book/Bestiary/Dragon/Chromatic/Black';
    temp.write({
      'Compendium/Book/Bestiary/Bestiary.md': '# Bestiary\n\n## Skills\n\n- **Dragon Lore** (2 XP) Read the signs of [[Catacomb-Dragon]].\n- **Wyrm Sense** (1 XP) Know a dragon is near.\n',
      [`${deep}/Catacomb-Dragon.md`]: '# Catacomb Dragon\n\nIt sleeps under the old city.\n',
      'a/b/c/d/e/f/g/h/i/Too-Deep.md': '# Too Deep\n\nNobody reads this far down.\n',
    });
    const init = await run(['init', '.'], temp.dir);
    expect(init.code, init.stderr).toBe(0);
    const yaml = read('rulebook.yaml').toString('utf8');
    expect(yaml).toContain(`  - ${deep}/Catacomb-Dragon.md\n`);
    expect(yaml).not.toContain('Too-Deep.md');
    const lint = await run(['lint', '.'], temp.dir);
    expect(lint.stdout).not.toContain('broken-reference');
  });
});
