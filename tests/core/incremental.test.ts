/** Re-parsing after an edit with a ParseCache (chunks and whole chapters taken over) gives exactly the model of a fresh parse. */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateRulebook } from '../../bench/generate.js';
import { crMarkdown } from '../../bench/texts.js';
import { LinkMemo, linkRulebook } from '../../shared/link/index.js';
import { LintMemo, lintRulebook } from '../../shared/lint/index.js';
import { NODE_KINDS, type ModelChange, type NodeRun } from '../../shared/model/change.js';
import type { Rulebook } from '../../shared/model/types.js';
import { ParseCache, parseRulebook } from '../../shared/parse/index.js';

const FUNJERAI = readFileSync('tests/fixtures/samples/funjerai.md', 'utf8');
const GENERATED = generateRulebook(60_000, 7).text;
/** The Comprehensive Rules as the bench reads them: numbered rules in big chapters, sections in the middle of chunks. */
const CR = crMarkdown();

/** An edit: insert or delete text at a place, as typing would. */
const edit = (length: number) =>
  fc.record({
    at: fc.nat({ max: length }),
    remove: fc.nat({ max: 40 }),
    insert: fc.constantFrom('', 'x', '\n', '\n\n', '# 9 New chapter\n', '## 1.1 Section\n', '### ', '- ', '\n\n- ', '```\n', 'Prerequisites: Magic\n\n', '- **Energy Ball** (4 SP) Ball.\n  Prerequisite: Nowhere\n', '<!-- lint ignore -->\n', '2.1.1 A rule.\n'),
  });

/**
 * What ParseCache.change says of a model against the one before it: of each kind of node, the nodes before the run and
 * after it are the very objects the earlier model had (checked before they are compared with a fresh parse).
 */
function expectChangeHolds(change: ModelChange | null, model: Rulebook): void {
  if (!change) return;
  for (const kind of NODE_KINDS) {
    const run: NodeRun = change.runs[kind];
    const before: readonly unknown[] = change.previous[kind];
    const now: readonly unknown[] = model[kind];
    expect(before.length - run.removed, kind).toBe(now.length - run.added);
    const differs: number[] = [];
    for (let i = 0; i < run.start; i++) if (before[i] !== now[i]) differs.push(i);
    for (let i = run.start + run.added; i < now.length; i++) if (now[i] !== before[i - run.added + run.removed]) differs.push(i);
    expect(differs, `${kind} outside the run that are not the earlier nodes`).toEqual([]);
  }
}

function check(original: string, edits: Array<{ at: number; remove: number; insert: string }>, inPlace = false): void {
  const cache = new ParseCache({ inPlace });
  const memo = new LinkMemo();
  const lintMemo = new LintMemo();
  const first = linkRulebook(parseRulebook({ files: [{ path: 'book.md', text: original }] }, { cache }), { memo });
  lintRulebook(first, { memo: lintMemo });
  let text = original;
  for (const e of edits) {
    const at = Math.min(e.at, text.length);
    text = text.slice(0, at) + e.insert + text.slice(Math.min(text.length, at + e.remove));
    const incremental = parseRulebook({ files: [{ path: 'book.md', text }] }, { cache });
    expectChangeHolds(cache.change, incremental);
    const fresh = parseRulebook({ files: [{ path: 'book.md', text }] });
    expect(incremental).toEqual(fresh);
    // The linker's kept suggestions, cycles and unreachable skills, and what it linked again after the change alone,
    // are what a fresh link finds; so are the linter's findings, kept or found again.
    const linked = linkRulebook(incremental, { memo, change: cache.change });
    const freshLinked = linkRulebook(fresh);
    expect(linked).toEqual(freshLinked);
    expect(lintRulebook(linked, { memo: lintMemo })).toEqual(lintRulebook(freshLinked));
  }
}

/** Random edits from `inserts` (removing up to `maxRemove` characters) at places `at` draws, checked with either cache. */
function checkEditsWithEitherCache(book: string, inserts: readonly string[], maxRemove: number, at: fc.Arbitrary<number> = fc.nat({ max: book.length })): void {
  const edit = fc.record({ at, remove: fc.nat({ max: maxRemove }), insert: fc.constantFrom(...inserts) });
  for (const inPlace of [false, true]) {
    fc.assert(fc.property(fc.array(edit, { minLength: 1, maxLength: 4 }), (edits) => check(book, edits, inPlace)), { numRuns: 15 });
  }
}

// Bounded by case counts, kept small enough for the whole suite to stay well inside CI's time on a slower machine;
// the timeout only leaves room for a machine four times slower than a developer's (10–35 s each here).
describe('incremental parsing', { timeout: 300_000 }, () => {
  it('equals a fresh parse after random edits to a generated rulebook of many chapters', () => {
    fc.assert(fc.property(fc.array(edit(GENERATED.length), { minLength: 1, maxLength: 4 }), (edits) => check(GENERATED, edits)), { numRuns: 15 });
  });

  it('equals a fresh parse after random edits to Funjerai', () => {
    fc.assert(fc.property(fc.array(edit(FUNJERAI.length), { minLength: 1, maxLength: 4 }), (edits) => check(FUNJERAI, edits)), { numRuns: 15 });
  });

  it('equals a fresh parse when the chapters after an edit are moved in place (the editor’s cache)', () => {
    fc.assert(fc.property(fc.array(edit(GENERATED.length), { minLength: 1, maxLength: 4 }), (edits) => check(GENERATED, edits, true)), { numRuns: 15 });
    fc.assert(fc.property(fc.array(edit(FUNJERAI.length), { minLength: 1, maxLength: 4 }), (edits) => check(FUNJERAI, edits, true)), { numRuns: 15 });
  });

  it('equals a fresh parse when numbered lists restart, nest and go on, with either cache', () => {
    // A bestiary as Ashfall writes one: each monster's lists restart at 1, some nest, one goes on after a paragraph.
    const monster = (n: number) =>
      `## Monster ${n}\n\n**Actions:**\n1. **Bite:** hits.\n2. **Claw:** rends.\n   1. Left claw.\n   2. Right claw.\n\n` +
      `**Lair Actions:**\n1. **Quake:** shakes.\n2. **Mist:** hides.\n\nThe count goes on:\n\n3. **Roar:** frightens.\n\n- Loot\n  1. Teeth.\n  2. Hide.\n\n`;
    const bestiary = Array.from({ length: 40 }, (_, i) => monster(i + 1)).join('');
    checkEditsWithEitherCache(bestiary, ['', 'x', '\n', '\n\n', '1. ', '\n\n1. Step.\n', '3. ', '   1. ', '- ', '## New\n', '2. Again.\n'], 30);
  });

  it('equals a fresh parse when literal bold pairs and glued styles are typed, mended and moved, with either cache', () => {
    // Skill entries as Razorweave writes them (`**Description:**Text`, bold Markdown reads as text) between good ones.
    const entry = (n: number) =>
      `## Skill ${n}\n\n**Description:**Follows marks ${n}.\n\n**Default actions:** Find a trail.\n\n| Step | DC |\n| --- | --- |\n| **Common Skill **(Ride) | 10 |\n\n`;
    const book = Array.from({ length: 40 }, (_, i) => entry(i + 1)).join('');
    checkEditsWithEitherCache(book, ['', 'x', ' ', '\n', '\n\n', '**', '*', '**Range:**Close ', ' **', 'the*Tag*and', '## New\n', '\\'], 20);
  });

  it('equals a fresh parse when LaTeX commands are typed, removed and moved, with either cache', () => {
    // Feats as the Open Legend SRD writes them, converted from LaTeX: ` \newline` after a description, `\newpage` alone.
    const feat = (n: number) => `## Feat ${n}\n\n**Cost:** ${n} points\n\\\n**Description:** Strike unseen. \\newline\n\n\\newpage\n\n- **Tier 1:** Agility 4 \\hfill\n\n`;
    const book = Array.from({ length: 40 }, (_, i) => feat(i + 1)).join('');
    checkEditsWithEitherCache(book, ['', 'x', ' ', 's', '\n', '\n\n', '\\', '\\newline', ' \\newpage\n', '\\vspace{1em}', '`', '## New\n'], 20);
  });

  it('equals a fresh parse when bold labels over lists price their entries, with either cache', () => {
    // Ashfall's classes: a label states the price of each entry of the list under it, a blank line between or none; an
    // edit that takes its colon or its "each" away, or puts a paragraph between, changes what the list's entries cost.
    const tree = (n: number) =>
      `## Tree ${n}\n\n**Tier 1 Abilities (5 CP each):**\n- **Guard ${n}:** Raise a guard.\n- **Cut ${n}:** Cut first.\n\n` +
      `**Tier 2 Abilities (10 CP each, requires one Tier 1)**\n\n- **Riposte ${n}:** Strike back.\n\n- **Feint ${n} (12 CP, Requires Guard ${n}):** Its own price.\n\n`;
    const book = `---\ncostUnits: [CP]\n---\n${Array.from({ length: 40 }, (_, i) => tree(i + 1)).join('')}`;
    checkEditsWithEitherCache(book, ['', 'x', ':', '\n', '\n\n', 'A paragraph.\n\n', '**Tier 4 (20 CP each):**\n', '**Picks (9 CP):**\n', ' each', '- **New:** Text.\n', ', Requires Cut 1', '**'], 30);
  });

  it('equals a fresh parse when heading skills gain and lose the options listed under them, with either cache', () => {
    // A heading skill keeps its place before the list skills under it, though it is read after them: edits open and
    // close skills around those lists, and take the price line that makes the heading a skill away.
    const path = (n: number) => `## Warrior ${n}\n\nCost: 5 CP\n\nA fighter, with these options:\n\n- **Parry ${n}** (2 CP)\n- **Riposte ${n}** (3 CP)\n\n`;
    const book = `# Skills\n\n${Array.from({ length: 40 }, (_, i) => path(i + 1)).join('')}`;
    checkEditsWithEitherCache(book, ['', 'x', '\n', '\n\n', 'Cost: 1 CP\n', '- **Feint** (1 CP)\n', '## Rogue\n\nCost: 3 CP\n\n', '# Gear\n\n'], 30);
  });

  it('equals a fresh parse when feats gain and lose the kind line that makes them entries, with either cache', () => {
    // The SRD 5.2's feats: `*Origin Feat*` alone right under a heading makes it a skill, and only there; an edit puts a
    // paragraph before it, takes its emphasis away, or renames the heading above that names the kind.
    const feat = (n: number) => `#### Feat ${n}\n\n*Origin Feat*\n\nYou gain a benefit.\n\n#### Boon ${n}\n\n*General Feat (Prerequisite: Level 4+)*\n\nMore.\n\n`;
    const book = `---\nlayout:\n  skills:\n    headingLevels: [4]\n---\n# Feats\n\n### Origin Feats\n\n${Array.from({ length: 40 }, (_, i) => feat(i + 1)).join('')}`;
    checkEditsWithEitherCache(book, ['', 'x', '*', '\n', '\n\n', 'A paragraph.\n\n', '*Origin Feat*\n\n', '### Other\n\n', '#### New\n\n*Origin Feat*\n\n', 's'], 30);
  });

  it('equals a fresh parse when headings numbered under unnumbered subheadings gain or lose their parent, with either cache', () => {
    // Ashfall's chapters: "### 1. …" runs under unnumbered subheadings count among themselves; an edit that adds or
    // takes away a heading above them, or a number on it, changes which numbering they belong to.
    const chapter = (n: number) =>
      `# Chapter ${n}\n\n## Limits\n\n### 1. Rising Cost\n\nText.\n\n### 2. Depth\n\nSee 3.\n\n## ${n}. Numbered Part\n\n### 1. Not Local\n\n` +
      `## Hazards\n\n### Types\n\n#### 1. Falling\n\n#### 2. Bad Air\n\n1. A list item.\n\n`;
    const book = Array.from({ length: 30 }, (_, i) => chapter(i + 1)).join('');
    checkEditsWithEitherCache(book, ['', 'x', '\n', '\n\n', '## Group\n\n', '### 1. Again\n\n', '#', '2. ', '## 4. Numbered\n\n', '# Top\n\n'], 30);
  });

  it('equals a fresh parse after random edits to a nested index of over 300 lines read in pieces, with either cache', () => {
    // An Obsidian vault's index of monsters: one list without a blank line, three and four levels deep, indented with
    // tabs (and spaces and a tab), wiki links, links and numbered notes. It is cut at an item near its 300th line.
    const names = ['Cliff Gull', 'Tide Crab', 'Salt Wyrm', 'Bog Sprite', 'Hill Ogre', 'Grey Ooze', 'Barrow Wight'];
    const lines: string[] = [];
    for (let k = 0; lines.length < 360; k++) {
      lines.push(`- Kind ${k + 1}`);
      for (const tier of ['Lesser', 'Greater', 'Ancient']) {
        lines.push(`\t- ${tier} ones (see [Sizes](#21-sizes))`);
        for (let m = 0; m < 3; m++) {
          const name = names[(k * 9 + m) % names.length];
          lines.push(`\t\t- [[${name}]]`);
          if (m === 1) lines.push('\t\t\t1. Bite: see 2.1', '\t\t\t2. [Its lair](#22-lairs)');
          if (m === 2) lines.push(`    \t  - Kin of the **${name}**`);
        }
      }
    }
    const skills = names.map((name) => `- **${name}** (2 XP): fights as its entry says.`).join('\n');
    const book = `# 1 Bestiary\n\n${lines.join('\n')}\n\n# 2 Creatures\n\n## 2.1 Sizes\n\nSmall and large.\n\n## 2.2 Lairs\n\n${skills}\n`;
    // Read whole: no parse problem, and the last monster's wiki link is a reference.
    const model = parseRulebook({ files: [{ path: 'book.md', text: book }] });
    expect(model.diagnostics).toEqual([]);
    expect(model.references.filter((r) => r.text.startsWith('[[')).at(-1)?.range.start.line).toBe(2 + lines.findLastIndex((l) => l.includes('[[')) + 1);
    // Edits fall anywhere, or around the cut: from the 250th line to 4,000 characters on.
    const near = book.split('\n').slice(0, 250).join('\n').length;
    checkEditsWithEitherCache(book, ['', 'x', '\t', '\n', '\n\n', '- ', '\n\t\t- [[Tide Crab]]', '\n\t- Tier', '\n- Kind', '1. ', '3. ', '```\n', '[[', ' see 2.1', '[sizes]: #21-sizes\n'], 30, fc.oneof(fc.integer({ min: near, max: near + 4000 }), fc.nat({ max: book.length })));
  });

  it('equals a fresh parse, link and lint after random typing in the Comprehensive Rules, with the editor’s cache', () => {
    // Typing as people type: a few characters, a line break, a word deleted, in a rule's text or its number.
    const typing = fc.record({
      at: fc.nat({ max: CR.length }),
      remove: fc.constantFrom(0, 0, 0, 1, 5),
      insert: fc.constantFrom('x', 'x', ' ', 'e', '\n', '\n\n', '7', '.', 'see rule 702.19b ', '## '),
    });
    fc.assert(fc.property(fc.array(typing, { minLength: 2, maxLength: 6 }), (edits) => check(CR, edits, true)), { numRuns: 5 });
  }, 300_000);

  it('reads on from before a chunk whose opening heading an edit took away', () => {
    // Found by the random edits above: "### Non-School…" opened a chunk, so the state kept before that chunk had its
    // heading's sections closed already; with the marks deleted, the sections before it go on.
    const edits = [
      { at: 0, remove: 39, insert: '<!-- lint ignore -->\n' },
      { at: 0, remove: 24, insert: '' },
      { at: 38738, remove: 6, insert: '\n\n' },
    ];
    check(FUNJERAI, edits, true);
    check(FUNJERAI, edits, false);
  });

  it('equals a fresh parse of a two-file rulebook when either file is edited, with the editor’s cache', () => {
    const cut = GENERATED.indexOf('\n# Chapter', GENERATED.length / 2);
    expect(cut).toBeGreaterThan(0);
    const files = [GENERATED.slice(0, cut + 1), GENERATED.slice(cut + 1)];
    const cache = new ParseCache({ inPlace: true });
    const memo = new LinkMemo();
    const lintMemo = new LintMemo();
    const source = () => ({ files: files.map((text, i) => ({ path: `0${i + 1}.md`, text })) });
    lintRulebook(linkRulebook(parseRulebook(source(), { cache }), { memo }), { memo: lintMemo });
    for (const [file, fraction, insert] of [[0, 0.3, 'x'], [1, 0.2, '\n\n2.1.1 A rule.\n'], [0, 0.9, '\n'], [1, 0.7, '- **Knack** (1 SP) A knack.\n  Prerequisite: Nowhere\n']] as const) {
      const text = files[file];
      const at = text.indexOf('\n', Math.floor(text.length * fraction));
      files[file] = `${text.slice(0, at)}${insert}${text.slice(at)}`;
      const incremental = parseRulebook(source(), { cache });
      // One file changed: the change is told in one run of each kind of node, across the files.
      expect(cache.change).not.toBeNull();
      expectChangeHolds(cache.change, incremental);
      const fresh = parseRulebook(source());
      expect(incremental).toEqual(fresh);
      const linked = linkRulebook(incremental, { memo, change: cache.change });
      expect(linked).toEqual(linkRulebook(fresh));
      expect(lintRulebook(linked, { memo: lintMemo })).toEqual(lintRulebook(linkRulebook(fresh)));
    }
  });

  it('equals a fresh parse after random edits to the front matter and the first chapter', () => {
    // Settings change what every chunk means (units, conditions) and where the body starts.
    const early = fc.record({
      at: fc.nat({ max: 240 }),
      remove: fc.nat({ max: 12 }),
      insert: fc.constantFrom('', 'x', '\n', '\n\n', '---\n', 'costUnits: [XP]\n', 'conditions: [Sunlight]\n', 'title: T\n', '# 1 Chapter\n', '1.1 A rule.\n'),
    });
    for (const inPlace of [false, true]) {
      fc.assert(fc.property(fc.array(early, { minLength: 1, maxLength: 4 }), (edits) => check(GENERATED, edits, inPlace)), { numRuns: 15 });
    }
  });

  it('reads every line again when the front matter gains a line but keeps its length', () => {
    // A letter of "title:" replaced by a line break: the body starts at the same offset, one line lower.
    const at = GENERATED.indexOf('title');
    const edited = `${GENERATED.slice(0, at)}\n${GENERATED.slice(at + 1)}`;
    for (const inPlace of [false, true]) {
      check(GENERATED, [{ at, remove: 1, insert: '\n' }, { at: 0, remove: 0, insert: '' }], inPlace);
      const cache = new ParseCache({ inPlace });
      parseRulebook({ files: [{ path: 'book.md', text: GENERATED }] }, { cache });
      const skill = parseRulebook({ files: [{ path: 'book.md', text: edited }] }, { cache }).skills[0];
      expect(skill.range.start.line).toBe(parseRulebook({ files: [{ path: 'book.md', text: edited }] }).skills[0].range.start.line);
    }
  });

  it('moves the chapters after an edit instead of assembling them again, when the cache allows it', () => {
    const cache = new ParseCache({ inPlace: true });
    const first = parseRulebook({ files: [{ path: 'book.md', text: GENERATED }] }, { cache });
    const lastSkill = first.skills.at(-1)!;
    const { offset, line } = lastSkill.range.start;
    const at = GENERATED.indexOf('\n# Chapter', 100);
    const edited = `${GENERATED.slice(0, at)}\nA new sentence.\n${GENERATED.slice(at)}`;
    const misses = cache.misses;
    const second = parseRulebook({ files: [{ path: 'book.md', text: edited }] }, { cache });
    expect(cache.misses - misses).toBe(1);
    // The same node, moved by the 17 characters and 2 lines the edit added.
    expect(second.skills.at(-1)).toBe(lastSkill);
    expect(lastSkill.range.start).toEqual({ offset: offset + 17, line: line + 2, column: 1 + lastSkill.range.start.column - 1 });
    expect(lastSkill.id).toBe(`book.md#${offset + 17}`);
    expect(second).toEqual(parseRulebook({ files: [{ path: 'book.md', text: edited }] }));
  });

  it('takes over the chapters before an edit instead of assembling them again', () => {
    const cache = new ParseCache();
    const first = parseRulebook({ files: [{ path: 'book.md', text: GENERATED }] }, { cache });
    const at = GENERATED.lastIndexOf('\n# Chapter');
    const edited = `${GENERATED.slice(0, at)}\nA new sentence.\n${GENERATED.slice(at)}`;
    const second = parseRulebook({ files: [{ path: 'book.md', text: edited }] }, { cache });
    expect(second.skills[0]).toBe(first.skills[0]);
    expect(second.sections[0]).toBe(first.sections[0]);
    expect(second.skills.at(-1)).not.toBe(first.skills.at(-1));
  });

  it('keeps the chunks it took over in the cache, so an edit before them later parses one chunk', () => {
    const cache = new ParseCache();
    parseRulebook({ files: [{ path: 'book.md', text: GENERATED }] }, { cache });
    let text = GENERATED;
    for (const fraction of [0.9, 0.1, 0.8, 0.2]) {
      const at = text.indexOf('\n', Math.floor(text.length * fraction));
      text = `${text.slice(0, at)}x${text.slice(at)}`;
      const misses = cache.misses;
      parseRulebook({ files: [{ path: 'book.md', text }] }, { cache });
      expect(cache.misses - misses).toBe(1);
    }
  });
});
