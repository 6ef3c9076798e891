/**
 * The language service on a rulebook kept as an Obsidian vault, through its facade (what the app's worker and
 * `rulebook lsp` both call): a wiki link to a page or heading, a bare `[[name]]` the linker resolved to a page, and a
 * Markdown link to a place of the book jump there, show where they lead, and are found from the heading; `[[`
 * offers the skills, then the pages by the names Obsidian writes, and `[[Page#` that page's headings.
 */
import { describe, expect, it } from 'vitest';
import { answerQuery } from '../../renderer/worker/answer.js';
import type { RulebookSource, SourceRange } from '../../shared/model/types.js';
import { RulebookService, type FilePosition } from '../../shared/service/index.js';
import { HOLLOW_VALE as FILES, HOLLOW_VALE_HOME as HOME, vaultManifest } from '../helpers/vault.js';

function vault(files: Readonly<Record<string, string>> = FILES): RulebookService {
  const source: RulebookSource = {
    manifest: { path: 'rulebook.yaml', text: vaultManifest(files) },
    files: Object.entries(files).map(([path, text]) => ({ path, text })),
  };
  const service = new RulebookService();
  service.open(source);
  return service;
}

/** The place `into` characters into the first `needle` on the line of `file` that contains `lineHas`. */
function at(file: string, lineHas: string, needle = lineHas, into = 1, files: Readonly<Record<string, string>> = FILES): FilePosition {
  const lines = files[file].split('\n');
  const line = lines.findIndex((l) => l.includes(lineHas));
  expect(line, `no line of ${file} contains ${lineHas}`).toBeGreaterThanOrEqual(0);
  return { file, line: line + 1, column: lines[line].indexOf(needle) + 1 + into };
}

/** Where a range is: its file, line and the text it starts with. */
function place(range: SourceRange, files: Readonly<Record<string, string>> = FILES): string {
  return `${range.file}:${range.start.line} ${files[range.file].slice(range.start.offset, range.end.offset).split('\n')[0]}`;
}

describe('go to definition on links in a vault', () => {
  const service = vault();
  const jump = (from: FilePosition) => service.definition(from).map((r) => place(r));

  it('goes to the page a wiki link names, its first heading', () => {
    expect(jump(at('Home.md', '[[Guilds/Smiths|the smiths]]', 'Guilds', 2))).toEqual(['Guilds/Smiths.md:1 # Smiths']);
    // On the shown words too: the whole link is the page's.
    expect(jump(at('Home.md', '[[Guilds/Smiths|the smiths]]', 'the smiths', 2))).toEqual(['Guilds/Smiths.md:1 # Smiths']);
  });

  it('goes to the heading a wiki link names, on its page or on this one', () => {
    expect(jump(at('Home.md', '[[Lore/Rivers#Crossing]]', 'Crossing', 2))).toEqual(['Lore/Rivers.md:5 ## Crossing']);
    expect(jump(at('Home.md', '[[#Safety]]', 'Safety', 1))).toEqual(['Home.md:7 ## Safety']);
  });

  it('goes to the page a bare name names when no skill has that name, and to the skill when one has', () => {
    expect(jump(at('Home.md', '[[serrated]]', 'serrated', 2))).toEqual(['Traits/serrated.md:1 # Serrated']);
    expect(jump(at('Home.md', '[[Forge Sense]]', 'Forge', 2))).toEqual(['Guilds/Smiths.md:7 Forge Sense']);
  });

  it('goes to the heading a Markdown link names by its words, as Obsidian writes them', () => {
    expect(jump(at('Home.md', '[calls](', 'calls', 1))).toEqual(['Guilds/Smiths.md:12 ## Calls and Signals']);
  });

  it('goes to the heading an ordinary Markdown link names in a book of our own dialect', () => {
    const files = { 'rules.md': '# Rules\n\nFights follow [the melee rules](combat.md#melee).\n', 'combat.md': '# Combat\n\n## Melee\n\nTouch, do not hit.\n' };
    const book = vault(files);
    expect(book.definition(at('rules.md', 'the melee rules', 'melee', 1, files)).map((r) => place(r, files))).toEqual(['combat.md:3 ## Melee']);
  });
});

describe('hover on links in a vault', () => {
  const service = vault();

  it('shows the page and heading a link leads to, where it stands, and its first line', () => {
    const card = service.hover(at('Home.md', '[[Lore/Rivers#Crossing]]', 'Crossing', 2))!;
    expect(card.markdown).toBe('**Rivers of the Vale › Crossing**\n\nLinked 1 time · at Lore/Rivers\\.md:5\n\n---\n\nFord only at the marked stones\\.');
    expect(place(card.range)).toBe('Home.md:3 [[Lore/Rivers#Crossing]]');
  });

  it('shows a page reached by a bare name, and skips lint comments and markup in the first line', () => {
    expect(service.hover(at('Home.md', '[[serrated]]', 'serrated', 2))!.markdown).toBe(
      '**Serrated**\n\nLinked 1 time · at Traits/serrated\\.md:1\n\n---\n\nA serrated edge bleeds the foe for one more call\\.',
    );
    expect(service.hover(at('Home.md', '[calls](', 'calls', 1))!.markdown).toBe(
      '**Smiths › Calls and Signals**\n\nLinked 1 time · at Guilds/Smiths\\.md:12\n\n---\n\nThree strikes on the anvil call the hall to order\\.',
    );
    // A skill's name keeps its skill's card; a heading itself needs none.
    expect(service.hover(at('Home.md', '[[Forge Sense]]', 'Forge', 2))!.markdown).toMatch(/^\*\*Forge Sense\*\* — 1 CP/);
    expect(service.hover(at('Lore/Rivers.md', '## Crossing', 'Crossing', 2))).toBeNull();
  });
});

describe('completion in a vault', () => {
  /** The vault with `line` added to the home page, and the completion at its end. */
  function offerAt(line: string) {
    const files = { ...FILES, 'Home.md': `${HOME}\n${line}\n` };
    const service = vault(files);
    return { service, offer: service.completion({ file: 'Home.md', line: files['Home.md'].split('\n').length - 2 + 1, column: line.length + 1 }) };
  }

  it('offers the skills first, then every page by the name Obsidian writes for it', () => {
    const { offer } = offerAt('Ask the [[');
    expect(offer!.items.map((i) => [i.kind, i.label, i.insertText])).toEqual([
      ['skill', 'Forge Sense', 'Forge Sense]]'],
      ['page', 'Home', 'Home]]'],
      ['page', 'Smiths', 'Smiths]]'],
      // Two pages named Rivers: the shortest paths that tell them apart.
      ['page', 'Lore/Rivers', 'Lore/Rivers]]'],
      ['page', 'Guilds/Rivers', 'Guilds/Rivers]]'],
      ['page', 'serrated', 'serrated]]'],
    ]);
    expect(offer!.items.find((i) => i.label === 'Lore/Rivers')!.detail).toBe('Lore/Rivers.md');
    expect(offer!.startColumn).toBe('Ask the [['.length + 1);
    // A book of our own dialect names only skills in [[ ]]: it is offered no pages.
    const files = { 'a.md': '# Skills\n\n- **Shield Bash** (2 XP)\n\nSee [[\n', 'b.md': '# More\n' };
    expect(vault(files).completion({ file: 'a.md', line: 5, column: 7 })!.items.map((i) => [i.kind, i.label])).toEqual([['skill', 'Shield Bash']]);
  });

  it("offers a page's headings after `[[Page#`, and this page's after `[[#`", () => {
    const { offer } = offerAt('Ask the [[Smiths#Ca');
    expect(offer!.items.map((i) => i.label)).toEqual(['Smiths', 'Skills', 'Forge Sense', 'Calls and Signals']);
    expect(offer!.items.every((i) => i.kind === 'heading')).toBe(true);
    // The heading's words replace what is typed after the #.
    expect(offer!.startColumn).toBe('Ask the [[Smiths#'.length + 1);
    expect(offerAt('See [[#').offer!.items.map((i) => i.label)).toEqual(['Hollow Vale', 'Safety']);
  });

  it('offers names the linker finds again: a chosen page or heading leads where it says', () => {
    const chosen = (typed: string, label: string) => offerAt(typed).offer!.items.find((i) => i.label === label)!.insertText;
    // A numbered heading is named as written, number and separator too, as the linker finds it by.
    const line = `Ask the [[Guilds/Rivers#${chosen('Ask the [[Guilds/Rivers#', '2 - Tolls')}, the [[${chosen('Ask the [[', 'Lore/Rivers')}.`;
    expect(line).toBe('Ask the [[Guilds/Rivers#2 - Tolls]], the [[Lore/Rivers]].');
    const files = { ...FILES, 'Home.md': `${HOME}\n${line}\n` };
    const service = vault(files);
    expect(service.diagnostics().filter((f) => f.ruleId === 'broken-link')).toEqual([]);
    const jump = (needle: string) => service.definition(at('Home.md', line, needle, 1, files)).map((r) => place(r, files));
    expect(jump('Tolls')).toEqual(['Guilds/Rivers.md:5 ## 2 - Tolls']);
    expect(jump('Lore')).toEqual(['Lore/Rivers.md:1 # Rivers of the Vale']);
  });

  it('offers the app the same names through its worker query', () => {
    const service = vault();
    const names = answerQuery(service, { kind: 'completion-names', file: 'Home.md', place: { partial: 'Ri', startColumn: 3, inLink: true } });
    expect(names.filter((n) => n.kind === 'page').map((n) => n.label)).toEqual(['Home', 'Smiths', 'Lore/Rivers', 'Guilds/Rivers', 'serrated']);
    const headings = answerQuery(service, { kind: 'completion-names', file: 'Home.md', place: { partial: '', startColumn: 3, inLink: true, page: 'Lore/Rivers' } });
    expect(headings.map((n) => n.label)).toEqual(['Rivers of the Vale', 'Crossing']);
  });
});

describe('references on a heading in a vault', () => {
  const service = vault();
  const found = (from: FilePosition) => service.references(from).map((r) => place(r));

  it('lists the heading and the Markdown and wiki links that land on it, from the heading or from a link', () => {
    expect(found(at('Guilds/Smiths.md', '## Calls and Signals', 'Calls', 2))).toEqual([
      'Guilds/Smiths.md:12 ## Calls and Signals',
      'Home.md:5 [calls](Guilds/Smiths.md#Calls%20and%20Signals)',
    ]);
    expect(found(at('Home.md', '[[Lore/Rivers#Crossing]]', 'Lore', 1))).toEqual(['Lore/Rivers.md:5 ## Crossing', 'Home.md:3 [[Lore/Rivers#Crossing]]']);
  });

  it("lists the links to a page on its first heading, a bare name's included", () => {
    expect(found(at('Traits/serrated.md', '# Serrated', 'Serrated', 2))).toEqual(['Traits/serrated.md:1 # Serrated', 'Home.md:4 [[serrated]]']);
    expect(found(at('Guilds/Smiths.md', '# Smiths', 'Smiths', 2))).toEqual(['Guilds/Smiths.md:1 # Smiths', 'Home.md:3 [[Guilds/Smiths|the smiths]]']);
  });
});
