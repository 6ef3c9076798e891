/**
 * Rulebooks kept as Obsidian vaults, as the 13th Age, Pathfinder 2e and Starfinder SRDs for Obsidian and the
 * Chronicles LARP keep theirs: pages link each other with wiki links (`[[Classes/Fighter|Fighter]]`, `[[agile]]`,
 * `[[Fighter#Talents]]`, paths from the vault's root, aliases from front matter), which Obsidian resolves by page
 * name. Read before as links to skills, the 13th Age SRD's 1,540 wiki links gave 1,006 broken references. The pages
 * are in our own words, in the SRDs' shapes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli as run } from '../helpers/cli.js';
import { useTempFolder } from '../helpers/temp-folder.js';
import { analyse } from '../../shared/analyse/index.js';
import { readWikiLink, shownWords } from '../../shared/parse/wiki-links.js';
import { plainText } from '../../shared/parse/keys.js';

const INDEX = `# Vault of the Marches

The classes: [[Classes/Fighter|Fighter]] and [[Compendium/Marches/Classes/Mage|the mage]].
A fighter's talents are listed under [[Fighter#Talents]]; see [[#Credits]] below.
Weapons may be [[agile]], which is a trait. A fighter learns [[Shield Bash|the bash]] early.
The [[Marches License]] covers all of this; [[Blue Mage]] does not exist yet.
Fighters guard the [[Fighter#Watchtower]].

| Class | Page |
| --- | --- |
| Fighter | [[Classes/Fighter\\|Fighter]] |

![[Maps/march.png]]

See the [table of talents](Compendium/Marches/Classes/Fighter.md#Talent%20List).

## Credits

Written by the marshals.
`;

const FIGHTER = `# Fighter

## Talents

### Shield Bash
Cost: 2 XP

Knock a foe back one step.

### Shield Wall
Cost: 3 XP
Prerequisite: Shield Bash

Allies behind you take no arrows. Learn [[Shield Bash|the bash]] first.

## Talent List

Shield Bash, Shield Wall.
`;

const MAGE = `# Mage

The mage learns spells from books.
`;

const AGILE = `# Agile

An agile weapon strikes first.
`;

const LICENSE = `---
aliases: [Marches License]
---
# License

Share alike.
`;

const VAULT: Record<string, string> = {
  'Index.md': INDEX,
  'Classes/Fighter.md': FIGHTER,
  'Classes/Mage.md': MAGE,
  'Traits/agile.md': AGILE,
  'License.md': LICENSE,
  'rulebook.yaml': 'title: Vault of the Marches\nfiles:\n  - Index.md\n  - Classes/Fighter.md\n  - Classes/Mage.md\n  - Traits/agile.md\n  - License.md\n',
};

const temp = useTempFolder('vault');

/** A PNG of one pixel: a real picture for the vault's map. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

interface JsonFinding {
  readonly ruleId: string;
  readonly file: string;
  readonly line: number;
  readonly message: string;
}

describe('a rulebook kept as an Obsidian vault', () => {
  it('resolves its wiki links as Obsidian does, and reports only those that lead nowhere', async () => {
    temp.write({ ...VAULT, 'Maps/march.png': PNG });
    const lint = await run(['lint', '.', '--format', 'json', '--no-cache'], temp.dir);
    const findings = JSON.parse(lint.stdout) as JsonFinding[];
    expect(findings.map((f) => [f.ruleId, f.file, f.line, f.message])).toEqual([
      ['broken-reference', 'Index.md', 6, 'Broken link `[[Blue Mage]]`: there is no skill or page named `Blue Mage`'],
      ['broken-link', 'Index.md', 7, expect.stringContaining('`Fighter#Watchtower` points to no heading or anchor in Classes/Fighter.md')],
    ]);
  });

  it('reports a missing picture embedded with ![[…]], found by its path in the vault', async () => {
    temp.write(VAULT);
    const lint = await run(['lint', '.', '--format', 'json', '--no-cache'], temp.dir);
    const findings = JSON.parse(lint.stdout) as JsonFinding[];
    expect(findings.filter((f) => f.ruleId === 'missing-image').map((f) => [f.file, f.line])).toEqual([['Index.md', 13]]);
  });

  it('links a bare name to the skill of that name first, to the page of that name otherwise', () => {
    const files = Object.entries(VAULT)
      .filter(([name]) => name.endsWith('.md'))
      .map(([name, text]) => ({ path: name, text }));
    const { linked } = analyse({ files });
    const byText = new Map(linked.resolvedReferences.map((r) => [r.reference.text, r]));
    expect(byText.get('[[Shield Bash|the bash]]')?.skill?.name).toBe('Shield Bash');
    expect(byText.get('[[agile]]')?.page).toBe('Traits/agile.md');
    expect(byText.get('[[Marches License]]')?.page).toBe('License.md');
    // Paths and headings are the book's links, not references to skills.
    expect(linked.model.references.map((r) => r.text)).not.toContain('[[Classes/Fighter|Fighter]]');
    expect(linked.model.links.filter((l) => l.wiki).map((l) => [l.href, l.text])).toContainEqual(['Classes/Fighter', 'Fighter']);
    // A wiki link in a skill's text is no prerequisite unless it is a bare name: Shield Wall requires Shield Bash once.
    const wall = linked.model.skills.find((s) => s.name === 'Shield Wall')!;
    expect(wall.prerequisites.flatMap((p) => p.requirements.flatMap((r) => r.alternatives.map((a) => a.text)))).toEqual(['Shield Bash']);
  });

  it('renames a skill inside `[[Name|shown words]]`, keeping the words shown', async () => {
    temp.write(VAULT);
    const rename = await run(['rename-skill', '.', 'Shield Bash', 'Shield Slam'], temp.dir);
    expect(rename.code, rename.stderr).toBe(0);
    expect(readFileSync(path.join(temp.dir, 'Index.md'), 'utf8')).toContain('A fighter learns [[Shield Slam|the bash]] early.');
    expect(readFileSync(path.join(temp.dir, 'Classes/Fighter.md'), 'utf8')).toContain('Learn [[Shield Slam|the bash]] first.');
  });

  it('prints a wiki link as the words it shows, a link to the page or heading it names', async () => {
    temp.write({ ...VAULT, 'Maps/march.png': PNG });
    const html = await run(['export', '.', '--kind', 'html', '--out', 'book.html', '--quiet'], temp.dir);
    expect(html.code, html.stderr).toBe(0);
    const printed = readFileSync(path.join(temp.dir, 'book.html'), 'utf8');
    expect(printed).not.toContain('[[');
    expect(printed).toMatch(/The classes: <a href="#[^"]+">Fighter<\/a> and <a href="#[^"]+">the mage<\/a>\./);
    expect(printed).toMatch(/listed under <a href="#[^"]+">Talents<\/a>/);
    expect(printed).toMatch(/Weapons may be <a href="#[^"]+">agile<\/a>/);
  });
});

describe('the parts of a wiki link', () => {
  it('reads target, heading and shown words, with a table cell’s escaped bar', () => {
    expect(readWikiLink('Compendium/13A/Classes/Chaos-Mage|Chaos Mage')).toMatchObject({ target: 'Compendium/13A/Classes/Chaos-Mage', fragment: null, alias: 'Chaos Mage' });
    expect(readWikiLink('Classes/Chaos-Mage\\|Chaos Mage')).toMatchObject({ target: 'Classes/Chaos-Mage', alias: 'Chaos Mage' });
    expect(readWikiLink('Fighter#Talents')).toMatchObject({ target: 'Fighter', fragment: 'Talents', alias: null });
    const words = (inner: string) => {
      const shown = shownWords(readWikiLink(inner));
      // The words stand in the link as written: print keeps their offsets.
      expect(inner.slice(shown.at, shown.at + shown.text.length)).toBe(shown.text);
      return shown.text;
    };
    expect(words('Compendium/13A/Classes/Chaos-Mage')).toBe('Chaos-Mage');
    expect(words('Spells/Chaos-Ray#^spell')).toBe('Chaos-Ray');
    expect(words('Combat#Fleeing#Running Away')).toBe('Running Away');
    expect(words(' versatile | versatile s ')).toBe('versatile s');
    expect(plainText('Wields [[Weapons/Longsword.md|a longsword]] and [[3.3]].')).toBe('Wields a longsword and 3.3.');
  });
});

describe('Markdown links written from the root of a vault', () => {
  const book = (link: string) => ({
    'compendium/feats/shield-slam.md': `# Shield Slam\n\nCost: 2 XP\n\nA [press](${link}) attack.\n`,
    'compendium/feats/shield-wall.md': '# Shield Wall\n\nCost: 3 XP\n\nSee the [press trait](rules/traits/press.md) and [Shield Slam](compendium/feats/shield-slam.md).\n',
    'compendium/feats/tower.md': '# Tower\n\nCost: 4 XP\n\nAlso [press](rules/traits/press.md).\n',
    'rules/traits/press.md': '# Press\n\nAn attack that follows another.\n',
  });
  const brokenLinks = (files: Record<string, string>) =>
    analyse({ files: Object.entries(files).map(([path, text]) => ({ path, text })) }).linked.brokenLinks.map((b) => [b.link.range.file, b.link.href]);

  it('land where Obsidian lands them when most of the book writes them so', () => {
    expect(brokenLinks(book('rules/traits/press.md'))).toEqual([]);
    expect(brokenLinks(book('rules/traits/shove.md'))).toEqual([['compendium/feats/shield-slam.md', 'rules/traits/shove.md']]);
  });

  it('stay broken in a book whose links are written from their page, as GitHub reads them', () => {
    const github = {
      'feats/slam.md': '# Slam\n\nCost: 2 XP\n\nA [press](../rules/press.md) attack, and [a slip](rules/press.md).\n',
      'feats/wall.md': '# Wall\n\nCost: 3 XP\n\nSee [press](../rules/press.md) and [Slam](slam.md).\n',
      'rules/press.md': '# Press\n\nAn attack that follows another.\n',
    };
    expect(brokenLinks(github)).toEqual([['feats/slam.md', 'rules/press.md']]);
  });
});

