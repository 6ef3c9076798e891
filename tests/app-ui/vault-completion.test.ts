/**
 * Completion of a vault's aliases and pictures, through the language service's facade and the app's worker query
 * (what `rulebook lsp` answers too): after `[[` a page's front-matter aliases, each written as Obsidian writes a link
 * chosen by its alias (`[[Page|alias]]`); after `![[` the pictures beside the pages, by the names Obsidian writes.
 * Each name offered is one the linker finds again.
 */
import { describe, expect, it } from 'vitest';
import { answerQuery } from '../../renderer/worker/answer.js';
import { RulebookService } from '../../shared/service/index.js';
import { HOLLOW_VALE_ALIASED as ALIASED, HOLLOW_VALE_HOME, HOLLOW_VALE_OTHER_FILES as OTHER_FILES, vaultManifest } from '../helpers/vault.js';

function open(files: Readonly<Record<string, string>>, assets: readonly string[] = OTHER_FILES): RulebookService {
  const service = new RulebookService();
  service.open({ manifest: { path: 'rulebook.yaml', text: vaultManifest(files) }, files: Object.entries(files).map(([path, text]) => ({ path, text })), assets });
  return service;
}

/** The book with `line` added to the home page, and what completion offers at its end. */
function offerAt(line: string) {
  const files = { ...ALIASED, 'Home.md': `${HOLLOW_VALE_HOME}\n${line}\n` };
  const service = open(files);
  const lines = files['Home.md'].split('\n');
  return service.completion({ file: 'Home.md', line: lines.indexOf(line) + 1, column: line.length + 1 })!;
}

describe('completion of aliases after `[[`', () => {
  it("offers each page's aliases with the pages, written as the page with the alias as its shown words", () => {
    const offer = offerAt('Ask the [[');
    expect(offer.items.filter((i) => i.kind === 'alias').map((i) => [i.label, i.detail, i.insertText])).toEqual([
      ['The Cold Waters', 'Lore/Rivers.md (alias)', 'Lore/Rivers|The Cold Waters]]'],
      ['Fords', 'Lore/Rivers.md (alias)', 'Lore/Rivers|Fords]]'],
    ]);
    // `aliases: serrated` on serrated.md names the page itself: offered once, as the page.
    expect(offer.items.filter((i) => i.label.toLowerCase() === 'serrated').map((i) => i.kind)).toEqual(['page']);
  });

  it('writes links the linker finds: a chosen alias leads to its page', () => {
    const chosen = offerAt('Ask the [[').items.find((i) => i.label === 'Fords')!.insertText;
    const line = `Cross at the [[${chosen}.`;
    const files = { ...ALIASED, 'Home.md': `${HOLLOW_VALE_HOME}\n${line}\n` };
    const service = open(files);
    expect(service.diagnostics().filter((f) => f.ruleId === 'broken-link' || f.ruleId === 'broken-reference')).toEqual([]);
    const at = { file: 'Home.md', line: files['Home.md'].split('\n').indexOf(line) + 1, column: line.indexOf('Fords') + 2 };
    expect(service.definition(at).map((r) => `${r.file}:${r.start.line}`)).toEqual(['Lore/Rivers.md:4']);
  });
});

describe('completion of pictures after `![[`', () => {
  it('offers the pictures only, by the names Obsidian writes, and nothing that is not a picture', () => {
    const offer = offerAt('The vale: ![[');
    expect(offer.items.map((i) => [i.kind, i.label, i.detail, i.insertText])).toEqual([
      // Two pictures named vale.png: the shortest paths that tell them apart.
      ['picture', 'anvil.JPG', 'Guilds/anvil.JPG', 'anvil.JPG]]'],
      ['picture', 'legend.svg', 'Maps/legend.svg', 'legend.svg]]'],
      ['picture', 'old/vale.png', 'Maps/old/vale.png', 'old/vale.png]]'],
      ['picture', 'Maps/vale.png', 'Maps/vale.png', 'Maps/vale.png]]'],
    ]);
    expect(offer.startColumn).toBe('The vale: ![['.length + 1);
    // A plain `[[` offers no pictures.
    expect(offerAt('Ask the [[').items.filter((i) => i.kind === 'picture')).toEqual([]);
  });

  it('writes embeds the link check finds', () => {
    const names = offerAt('![[').items.map((i) => i.insertText);
    const files = { ...ALIASED, 'Home.md': `${HOLLOW_VALE_HOME}\n${names.map((n) => `![[${n}`).join('\n\n')}\n` };
    const service = open(files);
    expect(service.diagnostics().filter((f) => f.ruleId === 'broken-link')).toEqual([]);
    expect([...service.analyse().linked.pictures.values()].sort()).toEqual(['Guilds/anvil.JPG', 'Maps/legend.svg', 'Maps/old/vale.png', 'Maps/vale.png']);
  });
});

describe("the app's worker query", () => {
  it('offers the same aliases and pictures, with what the link writes for each', () => {
    const service = open(ALIASED);
    const names = answerQuery(service, { kind: 'completion-names', file: 'Home.md', place: { partial: '', startColumn: 3, inLink: true } });
    expect(names.filter((n) => n.kind === 'alias').map((n) => [n.label, n.written])).toEqual([
      ['The Cold Waters', 'Lore/Rivers|The Cold Waters'],
      ['Fords', 'Lore/Rivers|Fords'],
    ]);
    const pictures = answerQuery(service, { kind: 'completion-names', file: 'Home.md', place: { partial: '', startColumn: 4, inLink: true, embed: true } });
    expect(pictures.map((n) => n.written)).toEqual(['anvil.JPG', 'legend.svg', 'old/vale.png', 'Maps/vale.png']);
  });
});
