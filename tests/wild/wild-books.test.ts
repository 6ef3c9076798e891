/**
 * Real rulebooks as their authors keep them (tests/fixtures/wild/<book>/book, sources and licences in each
 * README): copied to a temp folder, `rulebook init` run on them as a real process, then read. What must be read
 * is counted here by a small independent grep over the text, never by the parser; each floor below is what the
 * parser reads today, so that a change that reads less fails. docs/format.md reports these figures.
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRulebook } from '../../main/fs/load-rulebook.js';
import { linkRulebook } from '../../shared/link/index.js';
import { lintRulebook } from '../../shared/lint/index.js';
import { nameKey } from '../../shared/parse/keys.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { runCli } from '../helpers/cli.js';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/wild');

/** Names matched by a pattern's first group, line by line, in the given files of a book. */
function grepNames(book: string, files: readonly string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    readFileSync(path.join(fixtures, book, 'book', file), 'utf8')
      .split('\n')
      .flatMap((line) => {
        const m = pattern.exec(line);
        return m ? [m[1].trim()] : [];
      }),
  );
}

interface Expectation {
  readonly book: string;
  /** The skills the book has, by an independent count. */
  readonly skills: () => readonly string[];
  /** Least share of those read, with a cost where `costed` says they have one, and with prerequisites. */
  readonly read: number;
  readonly costed?: number;
  readonly withPrerequisites?: number;
}

const feats = (dir: string) => readdirSync(path.join(fixtures, 'pannotia-d20/book', dir)).map((f) => `${dir}/${f}`);

const BOOKS: readonly Expectation[] = [
  // `## Name` headings with `**CP Cost**:` under them (the two headings that are not skills are left out by the count).
  {
    book: 'crestfallen-larp',
    skills: () => grepNames('crestfallen-larp', ['content/en/rules/skills/_index.md'], /^## (.+)$/).filter((n) => !/^(Abbreviations)$/.test(n)),
    read: 0.99,
    costed: 0.99,
    withPrerequisites: 0.5,
  },
  // `**Name (cost):** text` and `**Name:** text` paragraphs in the A–Z ability sections.
  { book: 'cypher-csrd', skills: cypherAbilities, read: 0.9, costed: 0.5 },
  // One file per entry, the name in `title:`.
  { book: 'pannotia-d20', skills: () => grepNames('pannotia-d20', [...feats('_feats'), ...feats('_psionic_powers')], /^title: "?([^"]+)"?$/), read: 0.99, withPrerequisites: 0.4 },
  // `## Name` with `**Cost:** 3 points` under it.
  { book: 'open-legend-srd', skills: () => costedHeadings('open-legend-srd', 'core/SRD.md'), read: 0.99, costed: 0.99 },
  // `### Power Attack [General]` with `**Prerequisite:**` / `**Benefit:**` paragraphs.
  { book: 'srd35-md-feats', skills: () => grepNames('srd35-md-feats', ['book_src/feats.md'], /^### (.+?) \[[^\]]+\]$/), read: 0.45 },
  // `#### Agonizing Blast` with `*Prerequisite: Eldritch Blast cantrip*`.
  { book: 'dnd-srd51-remastered', skills: () => prerequisiteHeadings('dnd-srd51-remastered', 'Classes/Warlock.md'), read: 0.99, withPrerequisites: 0.99 },
];

/** Bold-name paragraphs from the first A–Z section ("## Abilities---A") on. */
function cypherAbilities(): string[] {
  const text = readFileSync(path.join(fixtures, 'cypher-csrd/book/05-abilities.md'), 'utf8');
  const lines = text.slice(text.indexOf('## Abilities---A')).split('\n');
  return lines.flatMap((line) => {
    const m = /^\*\*([^*(:]+?)(?: \([^)]*\))?:?\*\*/.exec(line);
    return m && line.replace(/^\*\*[^*]*\*\*:?/, '').trim() ? [m[1].trim()] : [];
  });
}

/** The `##` headings a `**Cost:**` line follows within a few lines. */
function costedHeadings(book: string, file: string): string[] {
  const lines = readFileSync(path.join(fixtures, book, 'book', file), 'utf8').split('\n');
  const names: string[] = [];
  lines.forEach((line, i) => {
    const heading = /^## (.+?)(?: \([IVX]+ - [IVX]+\))?$/.exec(line);
    if (heading && lines.slice(i + 1, i + 4).some((l) => /^\*\*Cost:\*\*/.test(l))) names.push(heading[1]);
  });
  return names;
}

/** The `####` headings an italic `*Prerequisite: …*` line follows. */
function prerequisiteHeadings(book: string, file: string): string[] {
  const lines = readFileSync(path.join(fixtures, book, 'book', file), 'utf8').split('\n');
  const names: string[] = [];
  lines.forEach((line, i) => {
    const heading = /^#### (.+)$/.exec(line);
    if (heading && lines.slice(i + 1, i + 3).some((l) => /^\*Prerequisite/.test(l))) names.push(heading[1]);
  });
  return names;
}

async function initCopy(book: string): Promise<string> {
  const folder = path.join(mkdtempSync(path.join(tmpdir(), `wild-${book}-`)), book);
  cpSync(path.join(fixtures, book, 'book'), folder, { recursive: true });
  const init = await runCli(['init', folder], folder);
  expect(init.code, init.stderr).toBe(0);
  return folder;
}

describe('real rulebooks, after rulebook init', () => {
  for (const expected of BOOKS) {
    it(`reads ${expected.book}`, { timeout: 120_000 }, async () => {
      const folder = await initCopy(expected.book);
      const loaded = await loadRulebook(folder);
      const model = parseRulebook(loaded.source);
      const linked = linkRulebook(model, { assets: loaded.source.assets });
      const read = new Map(model.skills.map((s) => [s.key, s]));
      const names = expected.skills();
      const found = names.filter((n) => read.has(nameKey(n)));
      const share = (count: number) => (names.length === 0 ? 1 : count / names.length);
      const costed = found.filter((n) => read.get(nameKey(n))!.costText !== null).length;
      const withPrerequisites = found.filter((n) => read.get(nameKey(n))!.prerequisites.some((p) => p.requirements.length > 0)).length;
      const findings = lintRulebook(linked, { source: loaded.source });
      console.log(
        `${expected.book}: ${found.length}/${names.length} skills read, ${costed} with a cost, ${withPrerequisites} with prerequisites; ` +
          `${linked.numberedEntries.length} numbered; ${linked.resolvedReferences.length}/${model.references.length} references resolve; ${findings.length} findings`,
      );
      expect(share(found.length)).toBeGreaterThanOrEqual(expected.read);
      if (expected.costed !== undefined) expect(share(costed)).toBeGreaterThanOrEqual(expected.costed);
      if (expected.withPrerequisites !== undefined) expect(share(withPrerequisites)).toBeGreaterThanOrEqual(expected.withPrerequisites);
    });
  }

  it('changes nothing when init runs a second time', { timeout: 120_000 }, async () => {
    const folder = await initCopy('crestfallen-larp');
    const before = readFileSync(path.join(folder, 'rulebook.yaml'), 'utf8');
    expect((await runCli(['init', folder], folder)).stdout).toMatch(/up to date/);
    expect(readFileSync(path.join(folder, 'rulebook.yaml'), 'utf8')).toBe(before);
  });
});
