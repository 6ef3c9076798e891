/**
 * LaTeX commands in a real book: the Open Legend SRD (tests/fixtures/wild/open-legend-srd, its README gives source and
 * licence), converted from LaTeX by Pandoc, ends its descriptions with ` \newline` (181 times) and stands `\newpage`
 * alone between sections (4 times), which every Markdown reader prints as written. latex-command finds each, its
 * fixes remove them all and nothing else, and the fixed book reads the same feats.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { linkRulebook } from '../../shared/link/index.js';
import { lintRulebook } from '../../shared/lint/index.js';
import { planFixes } from '../../shared/lint/plan-fixes.js';
import { applyEdits } from '../../shared/model/edits.js';
import { initialised } from '../helpers/init.js';

const SRD = readFileSync(path.resolve(import.meta.dirname, '../fixtures/wild/open-legend-srd/book/core/SRD.md'), 'utf8');

function latexFindings(text: string) {
  const { source, model } = initialised(text);
  return { source, model, findings: lintRulebook(linkRulebook(model), { source }).filter((f) => f.ruleId === 'latex-command') };
}

it('finds the 181 `\\newline` and 4 `\\newpage` of the Open Legend SRD, and their fixes remove them and nothing else', () => {
  const { source, model, findings } = latexFindings(SRD);
  expect(findings.length).toBe(185);
  const byCommand = (command: string) => findings.filter((f) => f.message === `\`${command}\` is a LaTeX command: Markdown prints it as written; remove it`).length;
  expect([byCommand('\\newline'), byCommand('\\newpage')]).toEqual([181, 4]);

  const plan = planFixes(findings).get('rulebook.md')!;
  expect(plan.length).toBe(185);
  const text = source.files[0].text;
  const fixed = applyEdits(text, plan.flatMap((p) => p.edits));
  // Only the commands and the spaces or lines they stood on are gone.
  expect(fixed.replace(/\s+/g, '')).toBe(text.replace(/\\new(?:line|page)/g, '').replace(/\s+/g, ''));
  const again = latexFindings(fixed);
  expect(again.findings).toEqual([]);
  expect(again.model.skills.map((s) => s.name)).toEqual(model.skills.map((s) => s.name));
});
