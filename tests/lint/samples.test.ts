/**
 * The five sample rulebooks, linted with every rule: each book's complete findings, each one checked by
 * hand against the source text in rulebooks/ and the seeds (the comment says why it is right).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintOne } from '../../main/lint/run-lint.js';

const root = path.resolve(import.meta.dirname, '../..');

async function findings(book: string): Promise<string[]> {
  const result = await lintOne(path.join(root, 'tests/fixtures/samples', book));
  return result.findings.map((f) => `${f.range.file} ${f.range.start.line}:${f.range.start.column} ${f.severity} ${f.ruleId} ${f.message}`);
}

/** Each sample book, by its test's name, with its findings in order. */
const SAMPLES: readonly { name: string; book: string; expected: readonly string[] }[] = [
  {
    name: 'Funjerai',
    book: 'funjerai.md',
    expected: [
      // "For more information see chapter 12.7 - Guilds - Ranger’s Guild.": chapter 12 has only 12.5.
      'funjerai.md 129:125 error broken-reference Broken reference `see chapter 12.7`: there is no section or rule 12.7',
      // The healing skill is "Magic Healing" (3.3); two skills ask for "Magical Healing".
      'funjerai.md 554:17 error unknown-prerequisite Unknown prerequisite `Magical Healing` of `Channel Magical Healing`, did you mean `Magic Healing`?',
      'funjerai.md 559:17 error unknown-prerequisite Unknown prerequisite `Magical Healing` of `Regrow Limb`, did you mean `Magic Healing`?',
      // "two handed weapons or polearm": the skill is written "Two Handed Weapons"; no skill is called polearm.
      'funjerai.md 640:17 info name-case Prerequisite `two handed weapons` is capitalised differently from the skill `Two Handed Weapons`',
      'funjerai.md 640:39 error unknown-prerequisite Unknown prerequisite `polearm` of `Cleave`: no skill or declared condition has this name',
      // Mangle Limb is defined in the Warrior and the Ranger guilds, identically (3 SP, no prerequisites).
      'funjerai.md 652:5 warning duplicate-skill Skill `Mangle Limb` is defined again; the definition at line 626 says the same',
      // Master Smith requires "leather work and metal work": neither is a skill.
      'funjerai.md 662:17 error unknown-prerequisite Unknown prerequisite `leather work` of `Master Smith`: no skill or declared condition has this name',
      'funjerai.md 662:33 error unknown-prerequisite Unknown prerequisite `metal work` of `Master Smith`: no skill or declared condition has this name',
      // "Chapter 12.5 - Non Player Character Skills" is the only numbered part of chapter 12.
      'funjerai.md 715:4 warning numbering-gap Numbering gap: 12.1 to 12.4 are missing before 12.5',
    ],
  },
  {
    name: 'Kingdoms of Novitas',
    book: 'kingdoms-of-novitas',
    expected: [
      // Master Merchant's prerequisites name "ID Magic"; the skill is "Identify Magic".
      '03-character-creation.md 199:35 error unknown-prerequisite Unknown prerequisite `ID Magic` of `Master Merchant`, did you mean `Identify Magic`?',
      // Contraption: "(See section 8.6)": chapter 8 is Positions and has no 8.6 (traps are chapter 9).
      '06-production-skills.md 527:87 error broken-reference Broken reference `See section 8.6`: there is no section or rule 8.6',
      // The appendices are only titles in the source: "12 Appendix A: Spell List (Kon Spell List 4.0.doc)".
      '12-appendix-a.md 1:1 warning empty-section Section `12 Appendix A: Spell List (Kon Spell List 4.0.doc)` is empty',
      '13-appendix-b.md 1:1 warning empty-section Section `13 Appendix B: Alchemy List (KoN Alchemy List 4.0.doc)` is empty',
    ],
  },
  {
    name: 'miniatures skirmish',
    book: 'miniatures-skirmish.md',
    expected: [
      // "MAGIC ARMOR AND WEAPONS SPELL DESCRIPTIONS": the heading is followed straight by the next one.
      'miniatures-skirmish.md 120:1 warning empty-section Section `MAGIC ARMOR AND WEAPONS` is empty',
      // The Familiar spell ends with "Effect:" and nothing after it.
      'miniatures-skirmish.md 236:1 warning empty-field Field `Effect` of `Familiar` has no value',
    ],
  },
  {
    name: 'Amtgard magic',
    book: 'amtgard-magic.md',
    expected: [
      // The wiki page's "External Links" heading lost its links when copied: nothing follows it.
      'amtgard-magic.md 91:1 warning empty-section Section `External Links` is empty',
    ],
  },
  {
    name: 'Ars Magica combat',
    book: 'ars-magica-combat.md',
    // A correct conversion of a correct chapter: its weapon tables (Item | Ability | Cost) are equipment, not skills.
    expected: [],
  },
];

describe('sample rulebooks', () => {
  for (const { name, book, expected } of SAMPLES) {
    it(name, async () => {
      expect(await findings(book)).toEqual(expected);
    });
  }
});
