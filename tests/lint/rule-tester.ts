/**
 * A strict rule tester: each case is real rulebook text (one file, or several in memory), the model is
 * frozen before the rule runs, and invalid cases list every finding by file, position and message.
 */
import { describe, expect, it } from 'vitest';
import type { LintRule } from '../../shared/lint/define-rule.js';
import { runLint } from '../../shared/lint/engine.js';
import type { Finding } from '../../shared/lint/types.js';
import { applyEdits } from '../../shared/model/edits.js';
import type { LintRuleConfig } from '../../shared/model/types.js';
import { at, link, type Host } from '../helpers/md.js';

export type { Host };

export interface ExpectedFinding {
  /** Defaults to the only file ("rulebook.md") of a one-file case. */
  readonly file?: string;
  /** "3:15-3:25". */
  readonly at: string;
  readonly message: string | RegExp;
  readonly severity?: Finding['severity'];
}

export interface InvalidCase {
  readonly name: string;
  readonly code: Host;
  readonly errors: readonly ExpectedFinding[];
  readonly options?: LintRuleConfig;
  /** The text of the files after applying every finding's `fix`, when the rule fixes. */
  readonly output?: Host;
}

export interface ValidCase {
  readonly name: string;
  readonly code: Host;
  readonly options?: LintRuleConfig;
}

/** Every file of a case by path, rulebook.yaml too (a fix may edit it). */
function filesOf(host: Host): Record<string, string> {
  return typeof host === 'string' ? { 'rulebook.md': host } : { ...host };
}

function deepFreeze<T>(value: T, seen = new Set<unknown>()): T {
  if (value === null || typeof value !== 'object' || seen.has(value)) return value;
  seen.add(value);
  if (value instanceof Map) for (const [, v] of value) deepFreeze(v, seen);
  else for (const v of Object.values(value as object)) deepFreeze(v, seen);
  return Object.freeze(value);
}

/** Runs one rule alone (no lint comments are removed from view, settings still apply) on a frozen model. */
export function runRule(rule: LintRule, host: Host, options?: LintRuleConfig): Finding[] {
  const linked = deepFreeze(link(host));
  return runLint(linked, [rule], options === undefined ? {} : { rules: { [rule.id]: options } }).filter((f) => f.ruleId === rule.id || f.ruleId === 'internal-error');
}

export function testRule(rule: LintRule, cases: { valid: readonly ValidCase[]; invalid: readonly InvalidCase[] }): void {
  describe(rule.id, () => {
    if (cases.valid.length === 0 || cases.invalid.length === 0) throw new Error(`${rule.id}: a rule test needs valid and invalid cases`);
    for (const c of cases.valid) {
      it(`valid: ${c.name}`, () => {
        expect(runRule(rule, c.code, c.options).map((f) => `${f.range.file} ${at(f.range)} ${f.message}`)).toEqual([]);
      });
    }
    for (const c of cases.invalid) {
      it(`invalid: ${c.name}`, () => {
        if (c.errors.length === 0) throw new Error(`${rule.id} / ${c.name}: an invalid case needs at least one expected finding`);
        const findings = runRule(rule, c.code, c.options);
        const single = typeof c.code === 'string' ? 'rulebook.md' : undefined;
        expect(findings.map((f) => `${f.range.file} ${at(f.range)}`)).toEqual(c.errors.map((e) => `${e.file ?? single} ${e.at}`));
        findings.forEach((f, i) => {
          const expected = c.errors[i];
          if (typeof expected.message === 'string') expect(f.message).toBe(expected.message);
          else expect(f.message).toMatch(expected.message);
          expect(f.severity).toBe(expected.severity ?? rule.meta.defaultSeverity);
        });
        if (c.output !== undefined) {
          const before = filesOf(c.code);
          const after = filesOf(c.output);
          for (const [path, text] of Object.entries(before)) {
            const edits = findings.flatMap((f) => f.fix ?? []).filter((e) => e.range.file === path);
            expect(applyEdits(text, edits), path).toBe(after[path] ?? text);
          }
        }
      });
    }
  });
}
