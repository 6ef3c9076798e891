/** The public JSON form of a comparison (documented in docs/changes.md): plain data, positions as file/line/column, no internal ids. */
import type { SourceRange } from '../model/types.js';
import type {
  EntryChange,
  EntrySummary,
  ImpactItem,
  RenumberRun,
  RulebookComparison,
  SkillChange,
  SkillSummary,
  TextBlockSummary,
  TextChange,
  TextComparison,
  TextSectionChanges,
} from './types.js';

export const COMPARISON_FORMAT_VERSION = 1;

export interface JsonPlace {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/**
 * The JSON form of a summary: its fields, with its range as a place and its internal ids left out. Derived from the
 * model's types so that a field added there reaches the JSON's type (and `toJsonComparison` must then write it).
 */
type Placed<Summary, Internal extends keyof Summary = never> = Omit<Summary, 'range' | Internal> & JsonPlace;

export type JsonEntry = Placed<EntrySummary, 'id' | 'key'>;
export type JsonSkill = Placed<SkillSummary, 'id'>;
export type JsonTextBlock = Placed<TextBlockSummary>;
/** The fix's edits are left out: `replacement` says what it writes over the target, null when there is no sure fix. */
export type JsonImpact = Placed<ImpactItem, 'fix'>;

/** Each kind of a change union, its `old` and `new` summaries given in their JSON form. */
type WithJsonSides<Change, Json> = Change extends unknown
  ? Omit<Change, 'old' | 'new'> & { readonly [Side in Extract<keyof Change, 'old' | 'new'>]: Json }
  : never;

export type JsonEntryChange = WithJsonSides<EntryChange, JsonEntry>;
export type JsonSkillChange = WithJsonSides<SkillChange, JsonSkill>;
export type JsonTextChange = WithJsonSides<TextChange, JsonTextBlock>;

/** Every change of text outside the listed rules and skills, by section; null when the texts were not compared. */
export interface JsonText extends Omit<TextComparison, 'sections'> {
  readonly sections: readonly (Omit<TextSectionChanges, 'changes'> & { readonly changes: readonly JsonTextChange[] })[];
}

/** A run of renumbered entries, each entry without its internal id. */
export interface JsonRenumberRun extends Omit<RenumberRun, 'entries'> {
  readonly entries: readonly Omit<RenumberRun['entries'][number], 'newId'>[];
}

export interface JsonComparison extends Pick<RulebookComparison, 'old' | 'new' | 'summary'> {
  readonly format: 'rulebook-comparison';
  readonly version: typeof COMPARISON_FORMAT_VERSION;
  readonly entries: readonly JsonEntryChange[];
  readonly renumberRuns: readonly JsonRenumberRun[];
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

function textBlock(b: TextBlockSummary): JsonTextBlock {
  return { kind: b.kind, text: b.text, quoted: b.quoted, ...place(b.range) };
}

/** A change with its summaries in JSON form, and every other field as it is, in the same order. */
function withJsonSides<Change extends { readonly old?: Summary; readonly new?: Summary }, Summary, Json>(change: Change, toJson: (summary: Summary) => Json): WithJsonSides<Change, Json> {
  // The spread keeps each kind's own fields; TypeScript cannot follow a spread through the distributive type.
  return { ...change, ...(change.old ? { old: toJson(change.old) } : {}), ...(change.new ? { new: toJson(change.new) } : {}) } as WithJsonSides<Change, Json>;
}

const entryChange = (c: EntryChange): JsonEntryChange => withJsonSides(c, entry);
const textChange = (c: TextChange): JsonTextChange => withJsonSides(c, textBlock);
const skillChange = (c: SkillChange): JsonSkillChange => withJsonSides(c, skill);

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
