/**
 * What a wiki link names is read once, by the parser (wikiLinkKind): the model's link keeps it (Link.wiki: 'page' or
 * 'name'), and the link check, the vault test and the broken-reference rule read it there instead of reading the
 * link's target again. Whether the book is kept as a vault is decided once, as it is linked (LinkedRulebook.vault).
 * The pages are in our own words, in the shapes of the 13th Age SRD for Obsidian and of our own dialect.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { analyse } from '../../shared/analyse/index.js';
import { LinkMemo, linkRulebook } from '../../shared/link/index.js';
import { lintRulebook } from '../../shared/lint/index.js';
import { ParseCache, parseRulebook } from '../../shared/parse/index.js';
import { namesPageOnly, readWikiLink } from '../../shared/parse/wiki-links.js';

const HARBOUR = `# The Harbour

The wardens: [[Wardens/Tide-Warden|Tide Warden]] and [[Compendium/Coast/Wardens/Lamplighter]].
Harbour rules are under [[Tide-Warden#Harbour Rules]]; see [[#Thanks]] below, and the [[Charter.md|charter]].
A warden may be [[salted]], which is a trait. A warden learns [[Rope Snare|the snare]] early; [[Sea Legs]] is lost.
Rule [[2.1]] applies. [[This is a note the book writes in brackets, long enough to be one.]]
See the [map page](Maps.md) and the [[Lamplighter\\|lamp]].

![[Maps/harbour.png]]

## Thanks

Written by the harbour guild.
`;

const WARDEN = `# Tide Warden

## Harbour Rules

### Rope Snare
Cost: 2 XP

Catches one foe.
`;

const SALTED = '# Salted\n\nSalted gear never rusts.\n';

const harbour = (extra: Record<string, string> = {}) =>
  Object.entries({ 'Harbour.md': HARBOUR, 'Wardens/Tide-Warden.md': WARDEN, 'Traits/salted.md': SALTED, 'Charter.md': '# Charter\n\nShare alike.\n', ...extra }).map(([path, text]) => ({ path, text }));

describe('the kind of a wiki link, read by the parser', () => {
  it('is kept on the model’s link: a page by its folder, file or heading, or a bare name; no kind for Markdown links', () => {
    const { model } = analyse({ files: harbour() });
    const kinds = model.links
      .filter((l) => l.range.file === 'Harbour.md')
      .sort((a, b) => a.range.start.offset - b.range.start.offset)
      .map((l) => [l.href, l.wiki ?? null]);
    expect(kinds).toEqual([
      ['Wardens/Tide-Warden', 'page'],
      ['Compendium/Coast/Wardens/Lamplighter', 'page'],
      ['Tide-Warden#Harbour Rules', 'page'],
      ['#Thanks', 'page'],
      ['Charter.md', 'page'],
      ['salted', 'name'],
      ['Rope Snare', 'name'],
      ['Sea Legs', 'name'],
      ['Maps.md', null],
      ['Lamplighter', 'name'],
      ['Maps/harbour.png', 'page'],
    ]);
    // Rule numbers and bracketed notes are references and text, never links.
    expect(model.links.some((l) => l.href === '2.1' || l.href.startsWith('This is'))).toBe(false);
  });

  it('is what reading the link’s target again would say, for any wiki link', () => {
    const part = fc.stringMatching(/^[A-Za-z][A-Za-z -]{0,10}$/);
    const inside = fc.tuple(fc.array(part, { minLength: 1, maxLength: 3 }), fc.option(part), fc.option(part), fc.constantFrom('', '.md', '.png')).map(
      ([folders, heading, alias, ending]) => `${folders.join('/')}${ending}${heading === null ? '' : `#${heading}`}${alias === null ? '' : `|${alias}`}`,
    );
    fc.assert(
      fc.property(fc.array(inside, { minLength: 1, maxLength: 6 }), (links) => {
        const text = `# Page\n\n${links.map((l) => `See [[${l}]].`).join('\n')}\n`;
        const { model } = analyse({ files: [{ path: 'page.md', text }] });
        for (const link of model.links) expect(link.wiki).toBe(namesPageOnly(readWikiLink(link.href)) ? 'page' : 'name');
      }),
      { numRuns: 60 },
    );
  });
});

describe('whether a book is kept as a vault, decided once as it is linked', () => {
  it('is true for a book whose wiki links name pages, false for our dialect’s skills and rules or no links', () => {
    expect(analyse({ files: harbour() }).linked.vault).toBe(true);
    const dialect = '# Skills\n\n## 1. Rope Snare\nCost: 2 XP\n\nCatches one foe. See [[1]] and [[Rope Snare]], or [[Sea Legs]].\n';
    expect(analyse({ files: [{ path: 'book.md', text: dialect }] }).linked.vault).toBe(false);
    expect(analyse({ files: [{ path: 'book.md', text: '# Plain\n\nNo links at all.\n' }] }).linked.vault).toBe(false);
  });

  it('is what the broken-reference rule says of a bare name: a page may be meant in a vault, only a skill elsewhere', () => {
    const { linked } = analyse({ files: harbour() });
    const message = (of: typeof linked) => lintRulebook(of).find((f) => f.ruleId === 'broken-reference')?.message;
    expect(message(linked)).toBe('Broken link `[[Sea Legs]]`: there is no skill or page named `Sea Legs`');
    // The rule reads the linked book's decision; it does not look at the links again.
    expect(message({ ...linked, vault: false })).toBe('Broken reference `[[Sea Legs]]`: there is no skill named `Sea Legs`');
  });

  it('holds after edits linked again from the last link, as a fresh link decides it', () => {
    const files = harbour();
    const cache = new ParseCache({ inPlace: true });
    const memo = new LinkMemo();
    linkRulebook(parseRulebook({ files }, { cache }), { memo });
    const edits: Array<[string, string]> = [
      ['Catches one foe.', 'Catches two foes.'],
      ['[[Wardens/Tide-Warden|Tide Warden]]', 'Tide Warden'],
      ['[[Compendium/Coast/Wardens/Lamplighter]]', 'Lamplighter'],
      ['[[Tide-Warden#Harbour Rules]]', 'the rules'],
      ['[[#Thanks]]', 'the thanks'],
      ['[[Charter.md|charter]]', 'charter'],
      ['![[Maps/harbour.png]]', 'A map.'],
      ['A map.', '![[Maps/harbour.png]]'],
    ];
    const seen: boolean[] = [];
    for (const [from, to] of edits) {
      const at = files.findIndex((f) => f.text.includes(from));
      files[at] = { ...files[at], text: files[at].text.replace(from, to) };
      const model = parseRulebook({ files }, { cache });
      const linked = linkRulebook(model, { memo, change: cache.change });
      const fresh = linkRulebook(parseRulebook({ files }));
      expect(linked.vault).toBe(fresh.vault);
      seen.push(linked.vault);
    }
    // Vault to the last page link, then not (bare names alone), then a vault again.
    expect(seen).toEqual([true, true, true, true, true, true, false, true]);
  });
});
