/**
 * Two ways Basic Roleplaying's SRD (tests/fixtures/wild/brp-srd, BRP Open Game License) wrote numbers the reader took
 * wrongly: a licence's version after a word that says so ("Version 1.0") read as a bare reference to rule 1.0, and a
 * numbered list item that opens with a bold name and parentheses holding no price ("1. **Roll characteristics** (STR,
 * CON…)") read as a skill, dropped for its want of a price, and so lost as its list's rule. The text is the SRD's.
 */
import { describe, expect, it } from 'vitest';
import { lintRulebook } from '../../shared/lint/index.js';
import { link, md } from '../helpers/md.js';

const LEGAL = md`
  ---
  layout:
    references:
      bare: true
  ---
  ## 1. Legal Information

  You may incorporate the rules as they appear in BRPSRD1.0, wholly or in part, into a derivative work, through the use of the *BRP* Open Game License, Version 1.0.

  This work contains Open Game Content, as defined in the *BRP* Open Game License version 1.0, Section 1(d).

  *BRP* Open Game License v 1.0 (c) copyright 2020 Chaosium Inc.

  The *Basic Roleplaying* System Reference Document 1.0 ("BRPSRD1.0") describes the rules, as the System Reference Document 5.1 ("SRD 5.1") does another game's.

  ## 2. Skills

  Skill points are spent as 1.1 says.
`;

const SUMMARY = md`
  ## Character Creation Summary

  1. **Roll characteristics** (STR, CON, SIZ, INT, POW, DEX, APP)
  2. **Choose a profession** from the list above
  3. **Calculate professional skill points** (primary characteristics x multiplier)
  4. **Allocate professional points** to the profession's listed skills
`;

describe('numbers in the Basic Roleplaying SRD', () => {
  it('reads a version after a word that says so as no reference, and a bare number elsewhere as one', () => {
    const linked = link(LEGAL);
    // "Section 1(d)" names section 1 with its keyword, as it should.
    expect(linked.model.references.map((r) => r.targetText)).toEqual(['1', '1.1']);
    expect(lintRulebook(linked).filter((f) => f.ruleId === 'broken-reference').map((f) => f.range?.start.line)).toEqual([18]);
  });

  it('keeps a numbered item whose parentheses hold no price as its list’s rule, in order, and no skill', () => {
    const linked = link(SUMMARY);
    expect(linked.model.skills).toEqual([]);
    expect(linked.model.rules.map((r) => [r.number.text, r.text])).toEqual([
      ['1.', 'Roll characteristics (STR, CON, SIZ, INT, POW, DEX, APP)'],
      ['2.', 'Choose a profession from the list above'],
      ['3.', 'Calculate professional skill points (primary characteristics x multiplier)'],
      ['4.', "Allocate professional points to the profession's listed skills"],
    ]);
    expect(lintRulebook(linked).filter((f) => f.ruleId === 'numbering-gap')).toEqual([]);
  });

  it('still reads a numbered item priced in its parentheses as a skill', () => {
    expect(link('1. **Ambidexterity** (2 SP) Fight with two weapons.\n2. **Florentine** (4 SP) Two blades at once.\n').model.skills.map((s) => s.name)).toEqual(['Ambidexterity', 'Florentine']);
  });
});
