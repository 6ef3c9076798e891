/** The public JSON form of a comparison (documented in docs/changes.md): plain data, positions as file/line/column, no internal ids. */
import type { Cost, SourceRange } from '../model/types.js';
import type { ComparisonSummary, EntryChange, EntrySummary, ImpactItem, RulebookComparison, SkillChange, SkillFieldChange, SkillSummary, VersionLabel, WordPart } from './types.js';

export const COMPARISON_FORMAT_VERSION = 1;

export interface JsonPlace {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

export interface JsonEntry extends JsonPlace {
  readonly kind: 'section' | 'rule';
  readonly number: string;
  readonly text: string;
  readonly chapter: string | null;
}

export type JsonEntryChange =
  | { readonly type: 'added'; readonly new: JsonEntry }
  | { readonly type: 'removed'; readonly old: JsonEntry }
  | {
      readonly type: 'changed';
      readonly old: JsonEntry;
      readonly new: JsonEntry;
      readonly words: readonly WordPart[];
      readonly similarity: number;
      readonly renumbered: boolean;
      readonly moved: boolean;
      readonly referencesOnly: boolean;
    }
  | { readonly type: 'renumbered'; readonly old: JsonEntry; readonly new: JsonEntry }
  | { readonly type: 'moved'; readonly old: JsonEntry; readonly new: JsonEntry; readonly fromParent: string | null; readonly toParent: string | null };

export interface JsonSkill extends JsonPlace {
  readonly name: string;
  readonly cost: Cost;
  readonly costText: string | null;
  readonly prerequisites: readonly string[];
  readonly category: string | null;
  readonly chapter: string | null;
}

export type JsonSkillChange =
  | { readonly type: 'added'; readonly new: JsonSkill }
  | { readonly type: 'removed'; readonly old: JsonSkill }
  | {
      readonly type: 'changed';
      readonly old: JsonSkill;
      readonly new: JsonSkill;
      readonly renamed: boolean;
      readonly costChanged: boolean;
      readonly prerequisitesChanged: boolean;
      readonly prerequisitesAdded: readonly string[];
      readonly prerequisitesRemoved: readonly string[];
      readonly fields: readonly SkillFieldChange[];
      readonly words: readonly WordPart[] | null;
    };

export interface JsonImpact extends JsonPlace {
  readonly kind: ImpactItem['kind'];
  readonly target: string;
  readonly holder: string;
  readonly message: string;
  /** The text the fix writes over the target, null when there is no sure fix. */
  readonly replacement: string | null;
}

export interface JsonComparison {
  readonly format: 'rulebook-comparison';
  readonly version: typeof COMPARISON_FORMAT_VERSION;
  readonly old: VersionLabel;
  readonly new: VersionLabel;
  readonly summary: ComparisonSummary;
  readonly entries: readonly JsonEntryChange[];
  readonly renumberRuns: readonly {
    readonly label: string;
    readonly oldFirst: string;
    readonly oldLast: string;
    readonly newFirst: string;
    readonly newLast: string;
    readonly count: number;
    readonly shift: number | null;
    readonly entries: readonly { readonly old: string; readonly new: string }[];
  }[];
  readonly skills: readonly JsonSkillChange[];
  readonly impact: readonly JsonImpact[];
}

function place(range: SourceRange): JsonPlace {
  return { file: range.file, line: range.start.line, column: range.start.column, endLine: range.end.line, endColumn: range.end.column };
}

function entry(e: EntrySummary): JsonEntry {
  return { kind: e.kind, number: e.number, text: e.text, chapter: e.chapter, ...place(e.range) };
}

function skill(s: SkillSummary): JsonSkill {
  return { name: s.name, cost: s.cost, costText: s.costText, prerequisites: s.prerequisites, category: s.category, chapter: s.chapter, ...place(s.range) };
}

function entryChange(c: EntryChange): JsonEntryChange {
  switch (c.type) {
    case 'added':
      return { type: 'added', new: entry(c.new) };
    case 'removed':
      return { type: 'removed', old: entry(c.old) };
    case 'changed':
      return { ...c, old: entry(c.old), new: entry(c.new) };
    case 'renumbered':
      return { type: 'renumbered', old: entry(c.old), new: entry(c.new) };
    case 'moved':
      return { ...c, old: entry(c.old), new: entry(c.new) };
    default:
      return assertNever(c);
  }
}

function skillChange(c: SkillChange): JsonSkillChange {
  switch (c.type) {
    case 'added':
      return { type: 'added', new: skill(c.new) };
    case 'removed':
      return { type: 'removed', old: skill(c.old) };
    case 'changed':
      return { ...c, old: skill(c.old), new: skill(c.new) };
    default:
      return assertNever(c);
  }
}

function assertNever(value: never): never {
  throw new Error(`unexpected change ${JSON.stringify(value)}`);
}

export function toJsonComparison(comparison: RulebookComparison, impact: readonly ImpactItem[] = []): JsonComparison {
  return {
    format: 'rulebook-comparison',
    version: COMPARISON_FORMAT_VERSION,
    old: comparison.old,
    new: comparison.new,
    summary: comparison.summary,
    entries: comparison.entries.map(entryChange),
    renumberRuns: comparison.renumberRuns.map((r) => ({
      label: r.label,
      oldFirst: r.oldFirst,
      oldLast: r.oldLast,
      newFirst: r.newFirst,
      newLast: r.newLast,
      count: r.count,
      shift: r.shift,
      entries: r.entries.map((e) => ({ old: e.old, new: e.new })),
    })),
    skills: comparison.skills.map(skillChange),
    impact: impact.map((i) => ({ kind: i.kind, target: i.target, holder: i.holder, message: i.message, replacement: i.replacement, ...place(i.range) })),
  };
}
