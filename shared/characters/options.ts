/**
 * What the app's Characters panel shows of a character file: each character's check, its purchases with what the
 * check found on each, and every skill of the book as an option to buy next, with its price and what stands in its
 * way. An option is judged by the character check itself (check.ts): the skill is appended to the purchases as a
 * trial and the findings on that trial purchase are its reasons, so the panel and `rulebook character check` agree.
 */
import type { LinkedRulebook } from '../link/types.js';
import type { Finding } from '../lint/types.js';
import type { Severity, Skill, SourceRange } from '../model/types.js';
import { CharacterChecker, type CharacterReport, type CheckedPurchase } from './check.js';
import { priceOf } from './prices.js';
import { readCharacterFile } from './read.js';
import type { Character, CharacterFileProblem, Purchase } from './types.js';

export interface CharacterSummary {
  readonly name: string;
  readonly player: string | null;
  readonly class: string | null;
  readonly errors: number;
  readonly warnings: number;
  readonly spent: number;
  /** Null when neither the book nor the file says how many points a character starts with. */
  readonly earned: number | null;
  /** The character's timeline: events attended, then those its purchases and grants name. */
  readonly events: readonly string[];
  /** Findings on the character itself, not on a purchase (an unknown class). */
  readonly findings: readonly Finding[];
}

export interface PurchaseLine {
  /** Its place in the file's `purchases:` list (the order written, not the timeline's). */
  readonly index: number;
  /** The skill as bought, tier included ("Lethal Strike II"). */
  readonly label: string;
  readonly event: string | null;
  readonly points: number;
  /** Whether the book knows the skill. */
  readonly known: boolean;
  readonly findings: readonly Finding[];
}

export type OptionState =
  /** Can be bought now. */
  | 'available'
  /** A prerequisite skill is not owned by then. */
  | 'blocked'
  /** Not enough points left, or over the book's limit per event. */
  | 'over-budget'
  /** Owned, and cannot be bought again (every tier bought, or not repeatable). */
  | 'owned';

export interface SkillOption {
  readonly key: string;
  /** The skill's name as the book writes it. */
  readonly name: string;
  /** The tier the next purchase would buy, for a skill with tiers. */
  readonly tier: string | null;
  readonly category: string | null;
  /** The cost as the book writes it ("4/5 SP"), null when it gives none. */
  readonly costText: string | null;
  /** Points the purchase would take, null when the book's price is not a number (a cost explained in words). */
  readonly points: number | null;
  /** How many times (or tiers) the character already owns it. */
  readonly owned: number;
  readonly state: OptionState;
  /** Why it is not available, one short line each ("needs `Estimate Value`"). */
  readonly reasons: readonly string[];
  /** What a marshal confirms by hand for it ("needs `GM permission`, which a marshal confirms…"): it may still be bought. */
  readonly notes: readonly string[];
}

export interface CharacterFileView {
  /** The first problem that makes the file unreadable (bad YAML, a missing name), null when it reads. */
  readonly problem: CharacterFileProblem | null;
  readonly characters: readonly CharacterSummary[];
  /** The character asked about in detail, or null. */
  readonly selected: {
    readonly index: number;
    /** The event the options are judged at (null: at creation). */
    readonly event: string | null;
    readonly purchases: readonly PurchaseLine[];
    readonly options: readonly SkillOption[];
  } | null;
}

export interface CharacterSelection {
  readonly index: number;
  /** Buy at this event (null: at creation). */
  readonly event: string | null;
}

/** Everything the panel shows of `text`, checked against `linked`; `select` names the character whose options to judge. */
export function viewCharacterFile(linked: LinkedRulebook, file: string, text: string, select: CharacterSelection | null): CharacterFileView {
  const read = readCharacterFile(file, text);
  if (read.problem) return { problem: read.problem, characters: [], selected: null };
  const checker = new CharacterChecker(linked);
  const reports = read.characters.map((c) => checker.check(c));
  const characters = reports.map(summarise);
  const chosen = select && select.index >= 0 && select.index < reports.length ? reports[select.index] : null;
  return {
    problem: null,
    characters,
    selected: chosen && select
      ? { index: select.index, event: select.event, purchases: purchaseLines(chosen), options: skillOptions(linked, checker, chosen, select.event, text.length) }
      : null,
  };
}

function count(findings: readonly Finding[], severity: Severity): number {
  return findings.filter((f) => f.severity === severity).length;
}

function summarise(report: CharacterReport): CharacterSummary {
  const { character, findings } = report;
  return {
    name: character.name,
    player: character.player,
    class: character.class,
    errors: count(findings, 'error'),
    warnings: count(findings, 'warning'),
    spent: report.spent,
    earned: report.earned,
    events: report.events,
    findings: findings.filter((f) => !findsPurchaseAt(character.purchases, f.range)),
  };
}

function findsPurchaseAt(purchases: readonly Purchase[], range: SourceRange): boolean {
  return purchases.some((p) => within(range, p.range));
}

function within(inner: SourceRange, outer: SourceRange): boolean {
  return inner.start.offset >= outer.start.offset && inner.end.offset <= outer.end.offset;
}

function labelOf(checked: CheckedPurchase): string {
  if (!checked.skill) return checked.purchase.skill;
  return checked.tier && !checked.purchase.skill.toUpperCase().endsWith(` ${checked.tier}`) ? `${checked.skill.name} ${checked.tier}` : checked.purchase.skill;
}

/** The purchases in the order of the timeline, each with the findings on it. */
function purchaseLines(report: CharacterReport): PurchaseLine[] {
  const { character } = report;
  return report.purchases.map((checked) => ({
    index: character.purchases.indexOf(checked.purchase),
    label: labelOf(checked),
    event: checked.purchase.event,
    points: checked.points,
    known: checked.skill !== null,
    findings: report.findings.filter((f) => within(f.range, checked.purchase.range)),
  }));
}

/** "`Tradesman` needs `Estimate Value`, not owned when it was bought at `Spring`" → "needs `Estimate Value`". */
function shortReason(finding: Finding): string {
  switch (finding.ruleId) {
    case 'character/overspent': {
      const by = /earned by (.+)$/.exec(finding.message)?.[1];
      return by ? `not enough points by ${by}` : 'not enough points';
    }
    case 'character/missing-prerequisite':
    case 'character/unconfirmed-condition':
      return finding.message.replace(/^`[^`]*` needs /, 'needs ').replace(/(, not owned when| by then| which a marshal).*$/, '').replace(/,$/, '');
    default:
      return finding.message;
  }
}

/**
 * Every skill of the book as the next purchase at `event`: a trial purchase appended to the character and checked
 * with it. The trial's findings decide: a missing prerequisite blocks it, overspending or the event limit puts it
 * over budget, buying it twice means it is owned; a condition to confirm is a note, not a block. Findings the trial
 * causes on the character's later purchases count as its own.
 */
function skillOptions(linked: LinkedRulebook, checker: CharacterChecker, report: CharacterReport, event: string | null, end: number): SkillOption[] {
  const { character } = report;
  const owned = new Map<string, { count: number; tiers: Set<string> }>();
  for (const checked of report.purchases) {
    if (!checked.skill) continue;
    const entry = owned.get(checked.skill.key) ?? { count: 0, tiers: new Set<string>() };
    entry.count++;
    if (checked.tier) entry.tiers.add(checked.tier);
    owned.set(checked.skill.key, entry);
  }
  // Past the end of the text: no finding of the character's own purchases can sit there.
  const at: SourceRange = { file: character.range.file, start: { line: 0, column: 0, offset: end + 1 }, end: { line: 0, column: 0, offset: end + 1 } };
  const before = new Set(report.findings.map(findingKey));
  const options: SkillOption[] = [];
  for (const [key, definitions] of linked.skillsByKey) {
    const skill = definitions[0];
    const had = owned.get(key);
    const tier = skill.tiers.find((t) => !had?.tiers.has(t)) ?? null;
    if (skill.tiers.length > 0 && tier === null) {
      options.push(option(skill, null, had, null, 'owned', [], []));
      continue;
    }
    const trial: Purchase = { skill: skill.name, tier, event, cost: null, confirmed: [], range: at, skillRange: at, costRange: null };
    const tried: Character = { ...character, purchases: [...character.purchases, trial] };
    const result = checker.check(tried);
    // The trial's own findings, and those it causes on later purchases (bought at creation what the character buys
    // again at an event, points a later purchase then lacks).
    const own = result.findings.filter((f) => f.range === at || !before.has(findingKey(f)));
    const price = priceOf(skill, had?.count ?? 0, tier, character.class);
    const points = price.kind === 'one-of' ? (result.purchases.find((p) => p.purchase === trial)?.points ?? null) : null;
    const reasons = (ids: readonly string[]) => own.filter((f) => ids.includes(f.ruleId)).map(shortReason);
    const twice = reasons(['character/bought-twice']);
    const missing = reasons(['character/missing-prerequisite']);
    const budget = reasons(['character/overspent', 'character/event-limit']);
    if (budget.length === 0 && result.earned !== null && result.spent > result.earned && !(report.earned !== null && report.spent > report.earned)) {
      budget.push(`not enough points: ${result.earned - report.spent} left`);
    }
    const notes = reasons(['character/unconfirmed-condition']);
    const state: OptionState = twice.length ? 'owned' : missing.length ? 'blocked' : budget.length ? 'over-budget' : 'available';
    options.push(option(skill, tier, had, points, state, twice.length ? [] : [...missing, ...budget], notes));
  }
  // In the book's order, so a category's skills stay together as the book groups them.
  return options;
}

function findingKey(finding: Finding): string {
  return `${finding.ruleId}|${finding.range.start.offset}|${finding.message}`;
}

function option(skill: Skill, tier: string | null, had: { count: number } | undefined, points: number | null, state: OptionState, reasons: string[], notes: string[]): SkillOption {
  return { key: skill.key, name: skill.name, tier, category: skill.category, costText: skill.costText, points, owned: had?.count ?? 0, state, reasons, notes };
}
