/**
 * Outline numbers ("1.B.2.", "14.A.5.b.", "B1.A.1."), references to them, bracketed notes that are no skill links,
 * and numbers shown as the book writes them ("A4b", "2g1"). The texts are our own words in the shapes of two real
 * books, checked by hand against local copies that have no open licence (so none of their text is here):
 * USA Ultimate's Official Rules of Ultimate 2024-25 (Markdown conversion) and the WCA Regulations.
 */
import { describe, expect, it } from 'vitest';
import { inferLayout } from '../../shared/layout/infer.js';
import { chunkLines, unreadPatterns } from '../../shared/layout/unread.js';
import { lintRulebook } from '../../shared/lint/index.js';
import { DEFAULT_LAYOUT } from '../../shared/model/layout.js';
import { DEFAULT_COST_UNITS } from '../../shared/parse/costs.js';
import { link, md } from '../helpers/md.js';

// The shape of the Official Rules of Ultimate: chapters as `## N Title`, rules as paragraphs numbered with capital
// letter parts and lower-case ones under them, an appendix's rules with the appendix's letter in front, references
// with and without a keyword, and notes in double brackets.
const OUTLINE = md`
  ## 1 Basics

  1.A. Purpose: Two sides each try to carry a ball past the other's line.

  1.B. Variations

  1.B.1. A host may change the length of a match before it starts.

  1.B.2. Captains may agree to other changes (see 3.C). [[Such an agreement holds for one match only, and both captains must say so aloud.]]

  ## 3 Terms

  3.A. Ball: the object in play.

  3.C. Agreement: what both captains accept, as rule 1.B.2 allows.

  3.C.1. An agreement may not change rule 5.A.

  3.C.1.a. It ends with the match, see Section 5.

  ## 5 Conduct

  5.A. Players do not strike one another (17.B does not apply here; 1.B.2 does).

  5.B. A player who breaks rule 5.A leaves the match (3.C.1); the stall count restarts as in 15.5.a.5.

  ## Appendix B: Sanctions

  B1.A.1. A warning may be given for a first breach of rule 5.Z.

  A. This lettered line is prose.

  a) So is this one.
`;

describe('outline numbers with capital letter parts', () => {
  const linked = link(`---\nlayout:\n  references:\n    bare: true\n---\n${OUTLINE}`);
  const { model } = linked;

  it('reads them as rules, nested by their parts, and leaves lettered lines and prose alone', () => {
    expect(model.rules.map((r) => r.number.key)).toEqual(['1.a', '1.b', '1.b.1', '1.b.2', '3.a', '3.c', '3.c.1', '3.c.1.a', '5.a', '5.b', 'b1.a.1']);
    const rule = (key: string) => model.rules.find((r) => r.number.key === key)!;
    expect(rule('1.b.2').number.text).toBe('1.B.2.');
    expect(rule('3.c.1.a').number.segments).toEqual(['3', 'c', '1', 'a']);
    expect(rule('b1.a.1').number.segments).toEqual(['b', '1', 'a', '1']);
    expect(rule('1.b.1').text).toBe('A host may change the length of a match before it starts.');
  });

  it('resolves references to them, with or without a keyword, and never cuts one short to a number that exists', () => {
    const references = model.references.filter((r) => r.kind === 'rule').map((r) => [r.targetText, r.target]);
    expect(references).toEqual([
      ['3.C', '3.c'],
      ['1.B.2', '1.b.2'],
      ['5.A', '5.a'],
      ['5', '5'],
      ['17.B', '17.b'],
      ['1.B.2', '1.b.2'],
      ['5.A', '5.a'],
      ['3.C.1', '3.c.1'],
      // "15.5.a.5" names no rule and is no bare 15.5; "rule 5.Z" is no reference to 5.
      ['5.Z', '5.z'],
    ]);
    const resolved = linked.resolvedReferences.map((r) => r.reference.targetText);
    expect(resolved).toEqual(['3.C', '1.B.2', '5.A', '5', '1.B.2', '5.A', '3.C.1']);
    expect(linked.unresolvedReferences.map((u) => u.reference.targetText)).toEqual(['17.B', '5.Z']);
    const broken = lintRulebook(linked).filter((f) => f.ruleId === 'broken-reference').map((f) => f.message);
    // As the book writes the number, not the key.
    expect(broken).toEqual(['Broken reference `17.B`: there is no section or rule 17.B', 'Broken reference `rule 5.Z`: there is no section or rule 5.Z']);
  });

  it('does not take the number of a line written under another, with no blank line between, for a reference', () => {
    // The Official Rules of Ultimate often write a rule on the line under the one before it.
    const glued = link(`---\nlayout:\n  references:\n    bare: true\n---\n## 5 Conduct\n\n5.1. Players shake hands.\n5.2. Players thank the hosts, as in 5.1.\n`);
    expect(glued.model.references.map((r) => [r.targetText, r.range.start.line])).toEqual([['5.1', 9]]);
  });

  it('reads each of the rules written on consecutive lines, one paragraph in Markdown, as a rule of its own', () => {
    const glued = link(md`
      ## 7 Timeouts

      7.E. A team may call a timeout to talk about the spirit of the game.
      7.E.1. Both captains must agree first.
      7.E.2. Play is stopped. A timeout lasts
      3.5 minutes at most, which is no rule of its own.
      8.A. A new chapter may follow without a blank line.
    `);
    expect(glued.model.rules.map((r) => [r.number.key, r.range.start.line, r.range.end.line, r.text])).toEqual([
      ['7.e', 3, 3, 'A team may call a timeout to talk about the spirit of the game.'],
      ['7.e.1', 4, 4, 'Both captains must agree first.'],
      ['7.e.2', 5, 6, 'Play is stopped. A timeout lasts 3.5 minutes at most, which is no rule of its own.'],
      ['8.a', 7, 7, 'A new chapter may follow without a blank line.'],
    ]);
    expect(glued.model.diagnostics.filter((d) => d.code === 'unread-rules')).toEqual([]);
  });

  it('takes a sentence in double brackets for a note, not a link to a skill', () => {
    expect(model.references.filter((r) => r.kind === 'skill')).toEqual([]);
    // A name in double brackets is still a skill link.
    const named = link('**Shield Wall** (2 SP) Hold the line.\n\nSee [[Shield Wall]] and [[Build and Disarm Traps]].\n');
    expect(named.model.references.filter((r) => r.kind === 'skill').map((r) => r.targetText)).toEqual(['Shield Wall', 'Build and Disarm Traps']);
  });

  it('has the unread check count such lines when nothing reads them', () => {
    const text = md`
      1.B.2. Captains may agree to other changes.
      14.A.5.b. A stall count restarts.
      B1.A.1. A warning may be given.
      A. Lettered prose.
      a) Lettered prose.
      The U.S. rules differ.
    `;
    const lines = chunkLines(text, null, unreadPatterns(DEFAULT_LAYOUT, DEFAULT_COST_UNITS)).lines;
    expect(lines.filter((l) => l.rule).map((l) => l.text)).toEqual(['1.B.2. Captains may agree to other changes.', '14.A.5.b. A stall count restarts.', 'B1.A.1. A warning may be given.']);
  });

  it('has init count them as numbered lines and read bare numbers as references', () => {
    const { settings, reasons } = inferLayout({ files: [{ path: 'rulebook.md', text: OUTLINE }] });
    expect(settings).toEqual({ layout: { references: { bare: true } } });
    expect(reasons).toContain('11 paragraphs are numbered in `1.A` style.');
  });
});

// The shape of the WCA Regulations: articles with a letter, regulations as `- A4b)` list items where letters and
// digits take turns, links to `regulations:regulation:<number>`, and gaps the book leaves on purpose.
const REGULATIONS = md`
  ## Article 2: Entrants

  - 2g) Entrants bring their own gear.
      - 2g3) Gear is checked before the round; see [Regulation 2k](regulations:regulation:2k).
  - 2k) Entrants who break these regulations may be removed.
      - 2k2a) A removal is announced; see [Regulation A4b](regulations:regulation:A4b).
      - 2k2b) It stands for the event; see [Regulation 2g3](regulations:regulation:2g3).

  ## Article A: Timed Attempts

  - A4) Attempts are timed.
      - A4b) The timer starts when the entrant lets go; see [Regulation 2k2a](regulations:regulation:2k2a).
      - A4c) It stops when both hands leave it; see [Regulation A4](regulations:regulation:A4).
`;

describe('numbers shown as the book writes them', () => {
  it('says a gap in the book\'s own form', () => {
    const messages = lintRulebook(link(REGULATIONS))
      .filter((f) => f.ruleId === 'numbering-gap')
      .map((f) => f.message);
    expect(messages).toContain('Numbering gap: 2g1 to 2g2 are missing before 2g3');
    expect(messages).toContain('Numbering gap: A4a is missing before A4b');
    expect(messages.join('\n')).not.toMatch(/2g\.1|a\.4a|a4b/);
  });

  it('names a number used twice as it is written', () => {
    const guidelines = '## Article A: Timed Attempts\n\n- A4+) Guideline text.\n';
    const messages = lintRulebook(link({ 'regulations.md': REGULATIONS, 'guidelines.md': guidelines }))
      .filter((f) => f.ruleId === 'duplicate-number')
      .map((f) => f.message);
    expect(messages).toEqual(['Number A is already used at regulations.md line 9']);
  });

  it('proposes one link pattern for every regulation, not one per letter before the last digits', () => {
    const { settings } = inferLayout({ files: [{ path: 'rulebook.md', text: REGULATIONS }] });
    expect((settings.layout as { references: { links: string[] } }).references.links).toEqual(['regulations:regulation:{number}']);
  });
});
