/** Planning --fix: fixes that overlap an earlier one wait for the next run; a fix touching two files is planned in both. */
import { describe, expect, it } from 'vitest';
import { planFixes } from '../../shared/lint/plan-fixes.js';
import { lintRulebook } from '../../shared/lint/index.js';
import type { Finding } from '../../shared/lint/types.js';
import { link, md } from '../helpers/md.js';

describe('planFixes', () => {
  it('plans each file its own edits, keeps the first of two clashing fixes, skips findings without a fix', () => {
    const findings = lintRulebook(
      link({
        'a.md': md`
          - **Magic Healing** (2 SP) Heals.
          - **Regrow Limb** (4 SP) Regrows a limb.
            Prerequisite: Magical Healing
        `,
        'b.md': md`
          - **Cleave** (3 SP) Breaks shields.
            Prerequisite: magic healing
          See 4.4.
        `,
      }),
    );
    expect(findings.map((f) => `${f.range.file} ${f.ruleId} ${f.fix ? 'fix' : '-'}`)).toEqual([
      'a.md unknown-prerequisite fix',
      'b.md name-case fix',
      'b.md broken-reference -',
    ]);
    const [misspelt, lowerCase] = findings;
    // A made-up fix that renames in both files, and one that clashes with the first fix's edit.
    const both: Finding = { ...misspelt, ruleId: 'both-files', fix: [...misspelt.fix!, ...lowerCase.fix!] };
    const plan = planFixes([both, misspelt, lowerCase]);
    expect([...plan].map(([file, fixes]) => [file, fixes.map((f) => [f.finding.ruleId, f.edits.map((e) => `${e.range.file}:${e.range.start.line} ${e.newText}`)])])).toEqual([
      ['a.md', [['both-files', ['a.md:3 Magic Healing']]]],
      ['b.md', [['both-files', ['b.md:2 Magic Healing']]]],
    ]);
  });
});
