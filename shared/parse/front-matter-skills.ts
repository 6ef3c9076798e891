/**
 * Skills kept in front matter, one per file (a Jekyll or Hugo collection: `title: Cleave`, `feat.prerequisite: …`),
 * read through the layout's `skills.frontMatter` key paths. Positions point at the values in the front matter.
 */
import type { FrontMatterSkills } from '../model/layout.js';
import type { PrerequisiteList, RulebookConfig, Skill, SourceRange } from '../model/types.js';
import type { Locator } from './locator.js';
import type { StringMemo } from './memo.js';
import { escapeRegExp } from './regexp.js';

/** The value at a dotted key path ("feat.prerequisite"), as text; null when absent or not a scalar. */
function valueAt(data: Readonly<Record<string, unknown>>, path: string): string | null {
  let value: unknown = data;
  for (const part of path.split('.')) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    value = (value as Record<string, unknown>)[part];
  }
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  return null;
}

/** Where a value is written inside the front matter: its first line found after its key, else the key's line. */
function place(text: string, front: { start: number; end: number }, path: string, value: string): { start: number; end: number; exact: boolean } {
  const key = path.split('.').pop()!;
  const keyAt = text.slice(front.start, front.end).search(new RegExp(`^[ \\t]*["']?${escapeRegExp(key)}["']?[ \\t]*:`, 'm'));
  const from = keyAt === -1 ? front.start : front.start + keyAt;
  const firstLine = value.split('\n')[0];
  const at = text.indexOf(firstLine, from);
  if (at !== -1 && at < front.end) return { start: at, end: at + firstLine.length, exact: !value.includes('\n') };
  const lineEnd = text.indexOf('\n', from);
  return { start: from, end: lineEnd === -1 ? from : lineEnd, exact: false };
}

export function frontMatterSkill(
  spec: FrontMatterSkills,
  data: Readonly<Record<string, unknown>>,
  text: string,
  front: { start: number; end: number },
  locator: Locator,
  config: RulebookConfig,
  memo: StringMemo,
  conditions: ReadonlySet<string>,
): Skill | null {
  const name = valueAt(data, spec.name);
  if (!name) return null;
  const range = (s: number, e: number): SourceRange => locator.range(s, e);
  const namePlace = place(text, front, spec.name, name);
  const costKey = spec.cost.find((k) => valueAt(data, k) !== null);
  const costText = costKey ? valueAt(data, costKey)! : null;
  const cost = costText === null ? null : memo.cost(costText, config.costUnits, false);
  const costPlace = costKey && costText ? place(text, front, costKey, costText) : null;
  const prerequisites: PrerequisiteList[] = [];
  for (const key of spec.prerequisites) {
    const raw = valueAt(data, key);
    if (!raw) continue;
    const at = place(text, front, key, raw);
    // A value over several lines loses its exact columns in YAML: its terms point at its first line.
    const written = at.exact ? raw : raw.replace(/\s+/g, ' ');
    const requirements = memo.prerequisites(written, conditions).map((r) => ({
      alternatives: r.alternatives.map((a) => ({
        text: a.text,
        key: a.key,
        kind: a.kind,
        range: at.exact ? range(at.start + a.start, at.start + a.end) : range(at.start, at.end),
      })),
      range: at.exact ? range(at.start + r.start, at.start + r.end) : range(at.start, at.end),
    }));
    prerequisites.push({ origin: 'front-matter', raw: written, requirements, tiers: [], range: range(at.start, at.end) });
  }
  const description = spec.text.map((k) => valueAt(data, k)).filter((v): v is string => v !== null);
  return {
    kind: 'skill',
    id: `${locator.file}#${namePlace.start}`,
    name,
    key: memo.nameKey(name),
    nameRange: range(namePlace.start, namePlace.end),
    form: 'front-matter',
    cost: cost?.cost ?? null,
    costText: cost && (cost.cost !== null || cost.detail) ? costText : null,
    costUnit: cost?.unit ?? null,
    costRange: costPlace ? range(costPlace.start, costPlace.end) : null,
    costDetail: cost?.detail ?? null,
    tiers: [],
    prerequisites,
    fields: [],
    text: memo.plainText(description.join(' ')),
    category: null,
    categoryPath: [],
    sectionId: null,
    range: range(0, front.end),
  };
}
