/**
 * "Fix all in file" in the language service: beside a fixable finding's quick fix, the fix-all of its rule (when the
 * file has two or more) and of every rule, each the non-overlapping fixes `rulebook lint --fix` would make in this file;
 * `fixAll(file)` for a client's fix-all on save. On Funjerai (two misspelt prerequisites and a lower-case one) and on
 * Razorweave (CC BY-SA 4.0, tests/fixtures/wild/razorweave: 64 bold labels with no space after them in one chapter).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../shared/model/edits.js';
import type { Finding } from '../../shared/lint/types.js';
import { fixAllInFile } from '../../shared/service/fix-all.js';
import { RulebookService, type EditorRange, type LintAction } from '../../shared/service/index.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');

function serviceOf(files: readonly { path: string; text: string }[]): RulebookService {
  const service = new RulebookService();
  service.open({ files });
  return service;
}

/** The cursor at a finding's start, as a click on its squiggle gives it. */
function cursorAt(finding: Finding): EditorRange {
  return { start: finding.range.start, end: finding.range.start };
}

const shown = (actions: readonly LintAction[]) => actions.map((a) => `${a.kind}: ${a.title}`);

describe('on Funjerai: two rules with fixes, one of them twice', () => {
  const text = readFileSync(path.join(FIXTURES, 'samples/funjerai.md'), 'utf8');
  const service = serviceOf([{ path: 'funjerai.md', text }]);
  const findings = service.diagnostics();
  const fixable = findings.filter((f) => f.fix);
  const [misspelt] = fixable.filter((f) => f.ruleId === 'unknown-prerequisite');
  const lowerCase = fixable.find((f) => f.ruleId === 'name-case')!;

  it('finds the fixes the test relies on', () => {
    expect(fixable.map((f) => `${f.range.start.line} ${f.ruleId}`)).toEqual(['554 unknown-prerequisite', '559 unknown-prerequisite', '640 name-case']);
  });

  it('offers, on a misspelt prerequisite, its quick fix, then the fix-all of its rule and of every rule', () => {
    const actions = service.codeActions('funjerai.md', cursorAt(misspelt));
    expect(shown(actions)).toEqual([
      'fix: Change to `Magic Healing`',
      'fix-all: Fix all unknown-prerequisite problems in this file',
      'fix-all: Fix all auto-fixable problems in this file',
    ]);
    const [, rule, all] = actions;
    expect(rule.kind === 'fix-all' && rule.ruleId).toBe('unknown-prerequisite');
    expect(rule.edits).toEqual(fixable.filter((f) => f.ruleId === 'unknown-prerequisite').flatMap((f) => f.fix!));
    expect(all.edits).toEqual(fixable.flatMap((f) => f.fix!));
  });

  it('offers no fix-all of a rule with one fixable finding, but still every rule’s', () => {
    expect(shown(service.codeActions('funjerai.md', cursorAt(lowerCase)))).toEqual(['fix: Change to `Two Handed Weapons`', 'fix-all: Fix all auto-fixable problems in this file']);
  });

  it('offers no fix-all where no fixable finding is: on a broken reference (a suggestion, no fix), or on nothing', () => {
    const broken = findings.find((f) => f.ruleId === 'broken-reference')!;
    expect(shown(service.codeActions('funjerai.md', cursorAt(broken)))).toEqual(['fix: Change to 12.5']);
    expect(service.codeActions('funjerai.md', { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } })).toEqual([]);
  });

  it('fixes the whole file as one set of edits, after which nothing fixable is left', () => {
    const all = service.fixAll('funjerai.md')!;
    expect(all.title).toBe('Fix all auto-fixable problems in this file');
    expect(all.findings).toEqual(fixable);
    const fixed = applyEdits(text, all.edits);
    expect(fixed).toContain('Prerequisite: Magic Healing');
    const after = serviceOf([{ path: 'funjerai.md', text: fixed }]);
    expect(after.diagnostics().filter((f) => f.fix)).toEqual([]);
    expect(after.fixAll('funjerai.md')).toBeNull();
    expect(after.diagnostics().length).toBe(findings.length - fixable.length);
  });
});

describe('on Razorweave: 64 bold labels of one chapter, among five', () => {
  const folder = path.join(FIXTURES, 'wild/razorweave/book');
  const files = readdirSync(folder).sort().map((name) => ({ path: name, text: readFileSync(path.join(folder, name), 'utf8') }));
  const chapter = '15-skills-reference-by-attribute.md';
  const text = files.find((f) => f.path === chapter)!.text;
  const service = serviceOf(files);
  const bold = service.diagnostics().filter((f) => f.ruleId === 'literal-bold' && f.range.file === chapter);
  const glued = service.diagnostics().filter((f) => f.ruleId === 'glued-emphasis' && f.range.file === chapter);

  it('fixes every label of this chapter at once from any of them, and touches no other chapter', () => {
    expect(bold.length).toBe(64);
    const actions = service.codeActions(chapter, cursorAt(bold[40]));
    expect(shown(actions).slice(1)).toEqual(['fix-all: Fix all literal-bold problems in this file', 'fix-all: Fix all auto-fixable problems in this file']);
    const [, rule, all] = actions;
    expect(rule.edits).toHaveLength(64);
    // Every rule's: the labels, and the styled words run into the next (glued-emphasis).
    expect(glued.length).toBeGreaterThan(0);
    expect(all.edits).toHaveLength(64 + glued.length);
    expect(all.edits).toEqual(expect.arrayContaining([...rule.edits]));
    expect(service.fixAll(chapter)!.edits).toEqual(all.edits);
    expect(new Set(all.edits.map((e) => e.range.file))).toEqual(new Set([chapter]));

    const fixed = applyEdits(text, all.edits);
    expect(fixed).toContain('**Description:** Athletic Movement covers');
    // Only spaces were added: the words and the markers are as written.
    expect(fixed.replace(/ /g, '')).toBe(text.replace(/ /g, ''));
    service.setFile(chapter, fixed);
    expect(service.diagnostics().filter((f) => (f.ruleId === 'literal-bold' || f.ruleId === 'glued-emphasis') && f.range.file === chapter)).toEqual([]);
    expect(service.diagnostics().filter((f) => f.ruleId === 'literal-bold').length).toBe(148 - 64);
  });
});

describe('fixAllInFile', () => {
  it('leaves out a fix that reaches into another file, and one that clashes with a fix taken before it', () => {
    const funjerai = readFileSync(path.join(FIXTURES, 'samples/funjerai.md'), 'utf8');
    const findings = serviceOf([{ path: 'funjerai.md', text: funjerai }]).diagnostics();
    const [first, second, third] = findings.filter((f) => f.fix);
    const elsewhere = { ...first.fix![0], range: { ...first.fix![0].range, file: 'other.md' } };
    const reaching: Finding = { ...second, fix: [...second.fix!, elsewhere] };
    const clashing: Finding = { ...third, ruleId: 'clash', fix: first.fix };
    const all = fixAllInFile([first, reaching, third, clashing], 'funjerai.md')!;
    expect(all.findings).toEqual([first, third]);
    expect(all.edits).toEqual([...first.fix!, ...third.fix!]);
  });
});
