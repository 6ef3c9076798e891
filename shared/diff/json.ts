/** The public JSON form of a comparison (documented in docs/changes.md): plain data, positions as file/line/column, no internal ids. */
import type { Cost, SourceRange } from '../model/types.js';
import type { ComparisonSummary, EntryChange, EntrySummary, ImpactItem, RulebookComparison, SkillChange, SkillFieldChange, SkillSummary, TextBlockKind, TextBlockSummary, TextChange, VersionLabel, WordPart } from './types.js';

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

export interface JsonTextBlock extends JsonPlace {
  readonly kind: TextBlockKind;
  readonly text: string;
  readonly quoted: boolean;
}

export type JsonTextChange =
  | { readonly type: 'added'; readonly new: JsonTextBlock }
  | { readonly type: 'removed'; readonly old: JsonTextBlock }
  | { readonly type: 'changed'; readonly old: JsonTextBlock; readonly new: JsonTextBlock; readonly words: readonly WordPart[]; readonly similarity: number; readonly referencesOnly: boolean }
  | { readonly type: 'moved'; readonly old: JsonTextBlock; readonly new: JsonTextBlock };

/** Every change of text outside the listed rules and skills, by section; null when the texts were not compared. */
export interface JsonText {
  readonly identical: boolean;
  readonly sections: readonly { readonly path: readonly string[]; readonly removed: boolean; readonly changes: readonly JsonTextChange[] }[];
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
  readonly text: JsonText | null;
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

function textBlock(b: TextBlockSummary): JsonTextBlock {
  return { kind: b.kind, text: b.text, quoted: b.quoted, ...place(b.range) };
}

function textChange(c: TextChange): JsonTextChange {
  switch (c.type) {
    case 'added':
      return { type: 'added', new: textBlock(c.new) };
    case 'removed':
      return { type: 'removed', old: textBlock(c.old) };
    case 'changed':
      return { ...c, old: textBlock(c.old), new: textBlock(c.new) };
    case 'moved':
      return { type: 'moved', old: textBlock(c.old), new: textBlock(c.new) };
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
    text: comparison.text && { identical: comparison.text.identical, sections: comparison.text.sections.map((s) => ({ path: s.path, removed: s.removed, changes: s.changes.map(textChange) })) },
  };
}
