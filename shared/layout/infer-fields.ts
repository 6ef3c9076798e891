/**
 * Which field labels give a skill's cost and which its prerequisites, at which heading level such entries stand,
 * and whether bold-lead paragraphs are abilities: judged from how labels are named and what their values look like.
 */
import type { Entry, FieldLine, TextStats } from './collect-text.js';
import { bareValue, COST_VALUE, isCostLike, USE_COST_LABEL, type LabelWords } from './field-words.js';
import { nameMentions } from './names.js';

export type LabelKind = 'cost' | 'prerequisite';

export interface LabelFinding {
  /** The label as most often written ("CP Cost"). */
  readonly label: string;
  readonly key: string;
  readonly kind: LabelKind;
  /** Why: its name says so, or its values look so. */
  readonly by: 'name' | 'values';
  /** Entries it is written in. */
  readonly entries: number;
  readonly uses: number;
  /** The first line it is written on, as written. */
  readonly example: string;
  /** For a value-judged label: how many of its values looked the part. */
  readonly matching: number;
}

export interface DemotedLabel {
  readonly label: string;
  readonly beside: string;
  readonly entries: number;
  readonly kind: 'cost' | 'prerequisite';
}

export interface FieldFindings {
  readonly labels: readonly LabelFinding[];
  /** Cost or prerequisite labels written beside a stronger one of their kind in the same entries: ordinary fields. */
  readonly demoted: readonly DemotedLabel[];
  /** Cost labels that name a pool spent in play ("Stamina Cost"): ordinary fields, never the price. */
  readonly spent: readonly { readonly label: string; readonly entries: number }[];
  /** Entries that hold a cost or prerequisite label, by kind, and heading entries by level. */
  readonly fieldEntries: { readonly total: number; readonly byKind: ReadonlyMap<string, number>; readonly byDepth: ReadonlyMap<number, number> };
}

/**
 * Fields whose numbers are no price: measures of the thing itself, and what a character has to spend rather than
 * pays ("Skill points to spend: 20" on a character brief, "Starting Points", "Occupancy: 11"), and an adversary's or a
 * place's statistics (Daggerheart's "Difficulty: 14 | Thresholds: 8/15").
 */
const NOT_COST = /\b(?:levels?|range|duration|damage|ranks?|tiers?|page|time|weight|uses|area|targets?|dc|save|hp|hit|dice|die|body|count|number|years?|age|size|speed|armou?r|ac|bonus|radius|distance|quantity|qty|circle|grade|spend|available|starting|budget|pool|total|max(?:imum)?|min(?:imum)?|limit|earned|occupancy|capacity|expectancy|lifespan|population|height|difficulty|thresholds?|score|evasion)\b/i;
/**
 * Fields that name other entries without requiring them ("Specializations: Finesse, Martial", "Resist: Fortitude": MARS's
 * maneuvers; Ashfall's monsters' "Immunities: Prone, grappled", its classes' "Armor: Light armor", its skill trees'
 * "Fantasy: Firearms mastery, … demolitions", its conditions' "Duration: Indefinite until cured"; Daggerheart's
 * environments' "Potential Adversaries: Beasts (Bear, Dire Wolf)"); nor do those that exclude them (the Vitality
 * System's "Exclusion: Cannot trigger from Double-Tap, Explosive Critical, or other Ricochet").
 */
const NOT_PREREQUISITE = /\b(?:exclu(?:sions?|des?|sive)|incompatible|categor(?:y|ies)|types?|tags?|see|related|school|class(?:es)?|disciplines?|keywords?|source|groups?|lineages?|effects?|targets?|descriptors?|skills?|abilities|spells|feats|powers|grants?|gives|includes?|costumes?|makeup|props?|speciali[sz]ations?|resists?|resistance|saves?|defen[cs]es?|immun(?:e|ity|ities)|vulnerab(?:le|ility|ilities)|weakness(?:es)?|armou?r|weapons?|tools?|duration|fantasy|themes?|concepts?|flavou?r|summary|overview|description|potential|adversar(?:y|ies)|enem(?:y|ies)|foes?|creatures?|monsters?|examples?|encounters?)\b/i;

/**
 * "Restrictions" says what a skill needs (Crestfallen's `**Restrictions**: Must have [Florentine]`) or where it
 * applies (the Vitality System's upgrades, `Restriction: Ranged Attacks only`, `Cannot apply to AOE attacks`): it gives
 * prerequisites only where no more than half its values are such limits.
 */
const RESTRICTION_LABEL = /^restrictions?$/i;
const LIMIT = /^(?:cannot|can[’']?t|can\s+only|may\s+(?:not|only)|must\s+not|not|only)\b|\bonly\b/i;

/** A label that says prerequisites in so many words, and one that may say what using a skill needs instead. */
const PROPER_PREREQUISITE = /\bpre-?req/i;
const USE_REQUIREMENT = /^requirements?$/i;

/**
 * A number that counts rather than prices: a least number (`**Teams:** 2+`, `**Players:** 5+ per team`; `3+2` adds)
 * or a frequency (`**Use:** 1/Game`, `2/Refresh`). Amtgard's battlegames and magic items were read as skills so priced.
 */
const COUNT_NOT_PRICE = /^\d+(?:\+(?![ \t]*\d)|[ \t]*\/[ \t]*\p{L})/u;

function mostCommon(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0][0];
}

/**
 * Whether numbers are written in one unit, or none: a price is counted in one currency ("3", "3 CP"), where a time or
 * a distance takes words that change with the number, in any language ("1 minute", "10 minutes", "1 action";
 * "1 минута", "10 минут").
 */
function inOneUnit(numbers: readonly string[]): boolean {
  const units = new Map<string, number>();
  for (const value of numbers) {
    const unit = value.replace(COST_VALUE, '').trim().split(/\s+/)[0]?.toLowerCase() ?? '';
    units.set(unit, (units.get(unit) ?? 0) + 1);
  }
  return Math.max(...units.values()) * 10 >= numbers.length * 8;
}

/** Each entry's labels whose values are numbers. */
function numericLabelsByEntry(fields: readonly FieldLine[]): Map<number, Set<string>> {
  const byEntry = new Map<number, Set<string>>();
  for (const f of fields) {
    if (f.entry < 0 || !COST_VALUE.test(bareValue(f.value))) continue;
    (byEntry.get(f.entry) ?? byEntry.set(f.entry, new Set()).get(f.entry)!).add(f.key);
  }
  return byEntry;
}

/**
 * Whether a label's numbers stand in stat blocks: most of its entries write two numbers more beside it ("Armor Class: 17",
 * "Hit Points: 135", "Speed: 10 ft."). A price is an entry's one number; a stat block's are what a creature or a
 * thing is, in any language (the SRD 5.2 in Russian, `Класс доспеха` beside `Хиты` and `Скорость`, was read as
 * priced by its armour class).
 */
function inStatBlocks(key: string, entries: ReadonlySet<number>, numericLabels: ReadonlyMap<number, ReadonlySet<string>>): boolean {
  let blocks = 0;
  for (const entry of entries) {
    const labels = numericLabels.get(entry);
    if (labels && [...labels].filter((other) => other !== key).length >= 2) blocks++;
  }
  return blocks * 2 >= entries.size;
}

export function classifyFields(text: TextStats, names: ReadonlySet<string>, words: LabelWords): FieldFindings {
  const byKey = new Map<string, FieldLine[]>();
  for (const f of text.fields) {
    const list = byKey.get(f.key);
    if (list) list.push(f);
    else byKey.set(f.key, [f]);
  }
  const numericLabels = numericLabelsByEntry(text.fields);
  const candidates: (LabelFinding & { position: number; entrySet: Set<number> })[] = [];
  const spent: { label: string; entries: number }[] = [];
  for (const [key, uses] of byKey) {
    const entrySet = new Set(uses.map((u) => u.entry).filter((e) => e >= 0));
    const label = mostCommon(uses.map((u) => u.label));
    const values = uses.map((u) => u.value).filter((v) => v !== '');
    const position = uses.reduce((n, u) => n + u.position, 0) / uses.length;
    const example = (uses.find((u) => u.value !== '') ?? uses[0]).text.trim();
    const base = { label, key, entries: entrySet.size, uses: uses.length, example, position, entrySet };
    const costLike = values.filter(isCostLike).length;
    if (USE_COST_LABEL.test(label)) {
      if (uses.length >= 2) spent.push({ label, entries: entrySet.size });
      continue;
    }
    if (words.cost.test(label) && !words.prerequisite.test(label)) {
      // "Cost reduction: the caster…" names a cost but gives none: the values must agree at least half the time.
      if (uses.length >= 2 && costLike * 2 >= values.length) candidates.push({ ...base, kind: 'cost', by: 'name', matching: costLike });
      continue;
    }
    if (words.prerequisite.test(label)) {
      const limits = RESTRICTION_LABEL.test(label) ? values.filter((v) => LIMIT.test(bareValue(v))).length : 0;
      if (uses.length >= 2 && limits * 2 <= values.length) candidates.push({ ...base, kind: 'prerequisite', by: 'name', matching: values.length });
      continue;
    }
    if (uses.length < 3 || entrySet.size < 3 || !words.byValues) continue;
    const own = (u: FieldLine) => (u.entry >= 0 ? text.entries[u.entry].name.toLowerCase() : '');
    const mentioning = uses.filter((u) => u.value !== '' && nameMentions(u.value, names, own(u)) > 0).length;
    if (!NOT_PREREQUISITE.test(label) && entrySet.size >= 5 && mentioning >= 5 && mentioning * 2 >= values.length) {
      candidates.push({ ...base, kind: 'prerequisite', by: 'values', matching: mentioning });
      continue;
    }
    const numbers = values.map(bareValue).filter((v) => COST_VALUE.test(v) && !COUNT_NOT_PRICE.test(v));
    const numeric = numbers.length;
    if (!NOT_COST.test(label) && numeric >= 3 && numeric * 10 >= values.length * 9 && inOneUnit(numbers) && !inStatBlocks(key, entrySet, numericLabels)) {
      candidates.push({ ...base, kind: 'cost', by: 'values', matching: numeric });
    }
  }

  // Two cost labels in the same entries ("CP Cost" and "ST Cost"): the more common, or the one written first, is the
  // price; the other is an ordinary field. A label judged by its values alone yields to one named as a cost.
  const order = (a: (typeof candidates)[number], b: (typeof candidates)[number]) =>
    (a.by === 'name' ? 0 : 1) - (b.by === 'name' ? 0 : 1) || b.entries - a.entries || a.position - b.position;
  const costs = candidates.filter((c) => c.kind === 'cost').sort(order);
  const accepted: typeof candidates = [];
  const demoted: DemotedLabel[] = [];
  for (const c of costs) {
    const rival = accepted.find((a) => a.kind === 'cost' && shared(a.entrySet, c.entrySet) * 2 >= c.entrySet.size && c.entrySet.size > 0);
    if (rival) demoted.push({ label: c.label, beside: rival.label, entries: shared(rival.entrySet, c.entrySet), kind: 'cost' });
    else accepted.push(c);
  }
  // Value-judged cost labels are only trusted where no label is named as a cost at all.
  const named = accepted.some((a) => a.by === 'name');
  // "Prerequisites" and "Requirements" in the same entries (Pathfinder's feats): the first is what buying needs, the
  // second what using the action needs ("You are wielding a shield"), an ordinary field. Alone, "Requirements" is
  // the prerequisites (MARS's talents).
  const prerequisites = candidates.filter((c) => c.kind === 'prerequisite').sort(order);
  const proper = prerequisites.find((c) => PROPER_PREREQUISITE.test(c.label));
  const kept = prerequisites.filter((c) => {
    const together = proper && c !== proper && USE_REQUIREMENT.test(c.label) ? shared(proper.entrySet, c.entrySet) : 0;
    if (together > 0) demoted.push({ label: c.label, beside: proper!.label, entries: together, kind: 'prerequisite' });
    return together === 0;
  });
  const labels = [...accepted.filter((a) => a.by === 'name' || !named), ...kept];

  // Entries count where a label's value looks the part: "Cost: the CP you pay" in an introduction names no skill.
  const keys = new Map(labels.map((l) => [l.key, l.kind]));
  const entrySet = new Set<number>();
  for (const f of text.fields) {
    const kind = keys.get(f.key);
    if (f.entry < 0 || kind === undefined) continue;
    if (kind === 'cost' ? isCostLike(f.value) : f.value !== '' || text.fields.some((g) => g.entry === f.entry && g !== f && keys.get(g.key) === 'cost')) entrySet.add(f.entry);
  }
  const byKind = new Map<string, number>();
  const byDepth = new Map<number, number>();
  for (const e of entrySet) {
    const entry: Entry = text.entries[e];
    byKind.set(entry.kind, (byKind.get(entry.kind) ?? 0) + 1);
    if (entry.kind === 'heading') byDepth.set(entry.depth, (byDepth.get(entry.depth) ?? 0) + 1);
  }
  return {
    labels: labels.map(({ position: _p, entrySet: _e, ...rest }) => rest),
    demoted,
    spent,
    fieldEntries: { total: entrySet.size, byKind, byDepth },
  };
}

function shared(a: ReadonlySet<number>, b: ReadonlySet<number>): number {
  let n = 0;
  for (const x of b) if (a.has(x)) n++;
  return n;
}

/**
 * The heading levels that hold skills: every level with a heading whose cost or prerequisite lines look the part, when
 * most such entries are headings. A level with one such heading counts too: a lone feat at `##` is still a feat.
 */
export function skillHeadingLevels(found: FieldFindings): number[] {
  const { total, byKind, byDepth } = found.fieldEntries;
  const headings = byKind.get('heading') ?? 0;
  if (headings < 2 || headings * 10 < total * 6) return [];
  return [...byDepth.keys()].sort((a, b) => a - b);
}

