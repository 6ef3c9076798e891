/**
 * The lint engine: runs every rule over the linked facts, stamps rule id and severity, isolates a rule
 * that crashes, reports bad settings and unknown rule ids, then applies lint comments as a filter.
 */
import type { LinkedRulebook } from '../link/types.js';
import type { LintRuleConfig, RulebookSource, Severity, SourceRange } from '../model/types.js';
import { closestNames } from '../link/suggest.js';
import { BUILTIN_RULES } from './builtin-rules.js';
import { resolveRuleConfig, type ConfigProblem, type ResolvedRuleConfig } from './config.js';
import { renderMessage, type LintRule, type Report } from './define-rule.js';
import { computeNumbering, type NumberingFacts } from './numbering.js';
import { lintSettingPlace } from './settings-place.js';
import { applySuppressions, namedRuleIds } from './suppressions.js';
import type { Finding } from './types.js';
import type { LintMemo } from './memo.js';

export interface LintOptions {
  /** Settings that override the rulebook's own `lint:` entries (same shape). Unknown ids here throw. */
  readonly rules?: Readonly<Record<string, LintRuleConfig>>;
  /** The texts the rulebook was parsed from: with them, a bad setting is reported at its own key. */
  readonly source?: RulebookSource;
  /** What the last run over the same rulebook found and this one may keep (the editor lints after every keystroke). */
  readonly memo?: LintMemo;
}


/** Findings the lint comments may not silence: they are about the comments and settings themselves. */
const UNSILENCEABLE: ReadonlySet<string> = new Set(['unknown-rule', 'internal-error', 'invalid-lint-config']);

function origin(file: string): SourceRange {
  return { file, start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } };
}

/**
 * Where the `lint:` settings live, when the source texts are not at hand: the front matter that holds
 * them, else rulebook.yaml. Without the texts there is no key position, so this is the block's start.
 */
function settingsRange(linked: LinkedRulebook): SourceRange {
  for (const file of linked.model.files) {
    if (file.frontMatter && 'lint' in file.frontMatter && file.frontMatterRange) return { ...file.frontMatterRange, end: file.frontMatterRange.start };
  }
  const configProblem = linked.model.diagnostics.find((d) => d.code === 'config-invalid');
  if (configProblem) return configProblem.range;
  return origin(linked.model.files.length === 1 && linked.model.files[0].frontMatterRange ? linked.model.files[0].path : 'rulebook.yaml');
}

function suggestion(id: string, known: readonly string[]): string {
  const close = closestNames(id, known);
  return close.length > 0 ? `; did you mean \`${close[0]}\`?` : '';
}

export function runLint(linked: LinkedRulebook, rules: readonly LintRule[], options: LintOptions = {}): Finding[] {
  const known = new Map<string, { meta: LintRule['meta'] }>();
  for (const rule of rules) known.set(rule.id, rule);
  for (const [id, meta] of Object.entries(BUILTIN_RULES)) known.set(id, { meta });
  const knownIds = [...known.keys()];
  for (const id of Object.keys(options.rules ?? {})) {
    if (!known.has(id)) throw new Error(`lintRulebook: unknown rule id \`${id}\` in options.rules`);
  }

  // Settings: the rulebook's, then the caller's on top.
  const problems: ConfigProblem[] = [];
  const settings = new Map<string, ResolvedRuleConfig>();
  const read = (entries: Readonly<Record<string, unknown>>) => {
    for (const [id, value] of Object.entries(entries)) {
      const rule = known.get(id);
      if (!rule) {
        problems.push({ kind: 'unknown-rule', id });
        continue;
      }
      const resolved = resolveRuleConfig(id, value, new Set(Object.keys(rule.meta.options ?? {})), problems);
      const before = settings.get(id);
      settings.set(id, { severity: resolved.severity ?? before?.severity ?? null, options: { ...before?.options, ...resolved.options } });
    }
  };
  read(linked.model.config.lint);
  read(options.rules ?? {});

  const findings: Finding[] = [];
  const severityOf = (id: string, fallback: Severity): Severity | null => {
    const set = settings.get(id)?.severity;
    if (set === 'off') return null;
    return set ?? fallback;
  };
  const builtin = (id: keyof typeof BUILTIN_RULES, messageId: string, data: Record<string, string>, range: SourceRange) => {
    const meta = BUILTIN_RULES[id];
    const severity = severityOf(id, meta.defaultSeverity);
    if (!severity) return;
    findings.push({ ruleId: id, severity, message: renderMessage(meta.messages[messageId as never], data, id), range });
  };

  const fallback = settingsRange(linked);
  for (const problem of problems) {
    const where = lintSettingPlace(linked.model, options.source, problem.id) ?? fallback;
    switch (problem.kind) {
      case 'unknown-rule':
        builtin('unknown-rule', 'config', { id: problem.id, hint: suggestion(problem.id, knownIds) }, where);
        break;
      case 'severity':
        builtin('invalid-lint-config', 'severity', { id: problem.id, value: problem.value }, where);
        break;
      case 'shape':
        builtin('invalid-lint-config', 'shape', { id: problem.id }, where);
        break;
      case 'option': {
        const names = Object.keys(known.get(problem.id)?.meta.options ?? {});
        builtin('invalid-lint-config', 'option', { id: problem.id, option: problem.option, hint: names.length ? ` (options: ${names.join(', ')})` : '' }, where);
        break;
      }
    }
  }
  for (const { id, control } of namedRuleIds(linked.model.lintControls)) {
    if (!known.has(id)) builtin('unknown-rule', 'comment', { id, hint: suggestion(id, knownIds) }, control.range);
  }

  let numbering: NumberingFacts | null = null;
  const memo = options.memo;
  const facts = { numbering: () => (numbering ??= memo ? memo.numbering(linked) : computeNumbering(linked)) };
  const ruleFindings: Finding[] = [];
  for (const rule of rules) {
    const setting = settings.get(rule.id)?.severity ?? null;
    if (setting === 'off') continue;
    const inputs = memo ? JSON.stringify([setting, settings.get(rule.id)?.options ?? {}]) : '';
    if (memo && memo.usesNumberingOnly(rule.id)) {
      facts.numbering();
      const kept = memo.reuse(rule.id, inputs);
      if (kept) {
        ruleFindings.push(...kept);
        continue;
      }
    }
    const produced: Finding[] = [];
    const report = (r: Report) => {
      const severity: Severity = setting ?? r.severity ?? rule.meta.defaultSeverity;
      const template = rule.meta.messages[r.messageId];
      if (template === undefined) throw new Error(`${rule.id}: unknown messageId \`${r.messageId}\``);
      produced.push({
        ruleId: rule.id,
        severity,
        message: renderMessage(template, r.data, rule.id),
        range: r.at,
        ...(r.suggestions && r.suggestions.length > 0 ? { suggestions: r.suggestions } : {}),
        ...(r.fix ? { fix: r.fix } : {}),
        ...(r.related && r.related.length > 0 ? { related: r.related } : {}),
      });
    };
    try {
      rule.check({ linked, report, options: settings.get(rule.id)?.options ?? {}, ...facts });
      ruleFindings.push(...produced);
      memo?.keep(rule.id, inputs, produced);
    } catch (error) {
      // One broken rule must not hide what the others found; its partial output is dropped as untrustworthy.
      const message = error instanceof Error ? error.message : String(error);
      builtin('internal-error', 'crashed', { id: rule.id, error: message }, origin(linked.model.files[0]?.path ?? 'rulebook.md'));
    }
  }

  const kept = applySuppressions(ruleFindings, linked.model.lintControls, UNSILENCEABLE, linked.model.skills);
  return sortFindings([...findings, ...kept], linked.model.files.map((f) => f.path));
}

/**
 * Files in rulebook order (settings files first), then line, column, rule id: a stable order for every output.
 * Ties compare by code unit, not by locale: the order is the same on every machine, and the first localeCompare of
 * a process (ICU's start, about 5 ms) is not paid by every `rulebook lint`.
 */
export function sortFindings(findings: readonly Finding[], fileOrder: readonly string[]): Finding[] {
  const rank = new Map(fileOrder.map((path, i) => [path, i]));
  const fileRank = (file: string) => rank.get(file) ?? -1;
  return [...findings].sort(
    (a, b) =>
      fileRank(a.range.file) - fileRank(b.range.file) ||
      byCodeUnit(a.range.file, b.range.file) ||
      a.range.start.line - b.range.start.line ||
      a.range.start.column - b.range.start.column ||
      byCodeUnit(a.ruleId, b.ruleId) ||
      byCodeUnit(a.message, b.message),
  );
}

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
