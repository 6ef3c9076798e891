/** The shape of a lint rule: metadata apart from logic, and `defineRule` to write one with checked types. */
import type { LinkedRulebook } from '../link/types.js';
import type { TextEdit } from '../model/edits.js';
import type { Severity, SourceRange } from '../model/types.js';
import type { NumberingFacts } from './numbering.js';
import type { RelatedPlace } from './types.js';

export interface RuleMeta<M extends string = string> {
  /** One line, shown in listings and the editor: what correct text looks like. */
  readonly description: string;
  readonly defaultSeverity: Severity;
  /** Message templates; `{name}` is replaced by `data.name` (unknown placeholders are a programmer's error). */
  readonly messages: Readonly<Record<M, string>>;
  /** Option names the rule reads from its config, with a one-line description each (unknown options are reported). */
  readonly options?: Readonly<Record<string, string>>;
}

/** What a rule hands the engine: the engine stamps rule id and severity and renders the message. */
export interface Report<M extends string = string> {
  readonly messageId: M;
  readonly data?: Readonly<Record<string, string | number>>;
  readonly at: SourceRange;
  /** This finding's own severity when the rule's setting does not fix one (agreeing duplicates are milder). */
  readonly severity?: Severity;
  readonly suggestions?: readonly { readonly title: string; readonly edits: readonly TextEdit[] }[];
  readonly fix?: readonly TextEdit[];
  readonly related?: readonly RelatedPlace[];
}

export interface RuleContext<M extends string = string> {
  readonly linked: LinkedRulebook;
  readonly report: (report: Report<M>) => void;
  /** The rule's options from config (everything but `severity`), empty when none. */
  readonly options: Readonly<Record<string, unknown>>;
  /** Numbering facts shared by the numbering rules, computed once per run on first use. */
  numbering(): NumberingFacts;
}

export interface LintRule<M extends string = string> {
  readonly id: string;
  readonly meta: RuleMeta<M>;
  check(context: RuleContext<M>): void;
}

/** Identity at run time; at compile time it ties each report's messageId to the rule's messages. */
export function defineRule<M extends string>(rule: LintRule<M>): LintRule<M> {
  return rule;
}

/** Renders a message template; a missing placeholder value throws, since it is the rule's bug, not the user's. */
export function renderMessage(template: string, data: Readonly<Record<string, string | number>> | undefined, where: string): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = data?.[key];
    if (value === undefined) throw new Error(`${where}: no value for {${key}}`);
    return String(value);
  });
}
