/**
 * The character check: replays a character's purchases in order against the linked rulebook and reports what the
 * book does not allow. Facts come from the linker (skills by key, prerequisite edges); nothing is re-parsed.
 *   Bad:  Healing bought at Event 1 while First Aid is bought at Event 2 (the prerequisite was not yet owned)
 *   Good: First Aid at creation, Healing at Event 1
 */
import type { LinkedRulebook } from '../link/types.js';
import { closestNames } from '../link/suggest.js';
import type { Finding } from '../lint/types.js';
import type { CharacterRules, PrerequisiteTerm, Requirement, Skill, SourceRange } from '../model/types.js';
import { nameKey } from '../parse/keys.js';
import { isRanked, pointsTaken, priceOf } from './prices.js';
import type { Character, Purchase } from './types.js';

/** Each kind of finding the check makes, with its severity: the same ids appear in every output format. */
export const CHARACTER_RULES = {
  'character/unknown-skill': 'error',
  'character/unknown-tier': 'error',
  'character/missing-prerequisite': 'error',
  'character/unconfirmed-condition': 'warning',
  'character/overspent': 'error',
  'character/wrong-cost': 'error',
  'character/event-limit': 'error',
  'character/bought-twice': 'error',
  'character/unknown-class': 'error',
} as const;
export type CharacterRuleId = keyof typeof CHARACTER_RULES;

const NO_RULES: CharacterRules = { startingPoints: null, pointsPerEvent: null, limitPerEvent: null, classes: [], repeatable: {}, assumedConditions: [] };

/** "Lethal Strike II": a tier written after a skill's name (the linker reads prerequisites the same way). */
const TIER = /^(.+?)\s+((?:i|ii|iii|iv|v|vi|vii|viii|ix|x)|\d{1,2})$/;

/** One purchase as the check understood it: the skill it names (null when unknown), its tier, and the points it took. */
export interface CheckedPurchase {
  readonly purchase: Purchase;
  readonly skill: Skill | null;
  readonly tier: string | null;
  /** Points the purchase took: the cost paid, else the book's price. */
  readonly points: number;
  /** Index of its event in the character's timeline: 0 at creation, 1 for the first event… */
  readonly eventIndex: number;
}

export interface CharacterReport {
  readonly character: Character;
  readonly findings: readonly Finding[];
  /** Purchases in the order of the timeline (stable within an event). */
  readonly purchases: readonly CheckedPurchase[];
  readonly spent: number;
  /** The events of the character's timeline, in order (those attended, then those its purchases and grants name). */
  readonly events: readonly string[];
  /** Points earned over the whole history; null when neither the book nor the file says how many a character starts with. */
  readonly earned: number | null;
}

function list(words: readonly string[]): string {
  return words.map((w) => `\`${w}\``).join(' or ');
}

/** Checks characters against one rulebook; build once per book, check any number of characters. */
export class CharacterChecker {
  private readonly rules: CharacterRules;
  /** What each prerequisite term names, from the linker's edges: the skill, or absent for a condition or an unknown name. */
  private readonly termTargets = new Map<PrerequisiteTerm, Skill>();
  private readonly skillKeys: string[];
  private readonly repeatable = new Map<string, number | null>();
  private readonly assumed: Set<string>;
  private readonly classes: Map<string, string>;
  private lastConfirmed: { character: Character; keys: ReadonlySet<string> } | null = null;

  constructor(private readonly linked: LinkedRulebook) {
    this.rules = linked.model.config.characters ?? NO_RULES;
    for (const edge of linked.edges) this.termTargets.set(edge.term, edge.to);
    this.skillKeys = [...linked.skillsByKey.keys()];
    for (const [name, most] of Object.entries(this.rules.repeatable)) this.repeatable.set(nameKey(name), most);
    this.assumed = new Set([...this.rules.assumedConditions].map(nameKey));
    this.classes = new Map(this.rules.classes.map((c) => [c.toLowerCase(), c]));
  }

  /** The skill and tier a purchase names, or null when the book has no such skill. */
  resolve(purchase: Purchase): { skill: Skill; tier: string | null } | null {
    const key = nameKey(purchase.skill);
    const skill = this.linked.skillsByKey.get(key)?.[0];
    if (skill) return { skill, tier: purchase.tier ? purchase.tier.toUpperCase() : null };
    const tier = TIER.exec(key);
    const base = tier ? this.linked.skillsByKey.get(tier[1])?.[0] : undefined;
    if (base && base.tiers.includes(tier![2].toUpperCase())) return { skill: base, tier: tier![2].toUpperCase() };
    return null;
  }

  check(character: Character): CharacterReport {
    const findings: Finding[] = [];
    const report = (ruleId: CharacterRuleId, message: string, range: SourceRange, extra: Partial<Finding> = {}) =>
      findings.push({ ruleId, severity: CHARACTER_RULES[ruleId], message, range, ...extra });

    const klass = character.class;
    if (klass && this.classes.size > 0 && !this.classes.has(klass.toLowerCase())) {
      const close = closestNames(klass.toLowerCase(), [...this.classes.keys()]).map((k) => this.classes.get(k)!);
      report('character/unknown-class', `Unknown class \`${klass}\`${close.length ? `, did you mean \`${close[0]}\`?` : `; the book's classes are ${[...this.classes.values()].join(', ')}`}`, character.classRange ?? character.nameRange);
    }

    // The timeline: the events attended in order, then those only purchases and grants name, in the order the file first names them.
    const events: string[] = [];
    const indexOf = new Map<string, number>();
    const note = (event: string | null) => {
      if (event === null) return 0;
      const key = event.toLowerCase();
      if (!indexOf.has(key)) {
        events.push(event);
        indexOf.set(key, events.length);
      }
      return indexOf.get(key)!;
    };
    for (const event of character.events) note(event);
    const named = [...character.purchases.map((p) => ({ event: p.event, at: p.range.start.offset })), ...character.grants.map((g) => ({ event: g.event, at: g.range.start.offset }))];
    for (const { event } of named.sort((a, b) => a.at - b.at)) note(event);

    const starting = character.startingPoints ?? this.rules.startingPoints;
    const perEvent = character.pointsPerEvent ?? this.rules.pointsPerEvent ?? 0;
    const grantedBy = new Array<number>(events.length + 1).fill(0);
    for (const g of character.grants) grantedBy[note(g.event)] += g.points;
    /** Points earned up to and including event `index`: a purchase at an event may use that event's points. */
    const earnedAt = (index: number): number | null => {
      if (starting === null) return null;
      let sum = starting + perEvent * index;
      for (let i = 0; i <= index; i++) sum += grantedBy[i];
      return sum;
    };

    const ordered = character.purchases.map((purchase, order) => ({ purchase, order, eventIndex: note(purchase.event) })).sort((a, b) => a.eventIndex - b.eventIndex || a.order - b.order);
    /** Owned skills by key: the tiers bought, and how many times. */
    const owned = new Map<string, { count: number; tiers: Set<string> }>();
    const checked: CheckedPurchase[] = [];
    const spentAt = new Map<number, number>();
    let spent = 0;
    for (const { purchase, eventIndex } of ordered) {
      const at = purchase.skillRange;
      const resolved = this.resolve(purchase);
      if (!resolved) {
        const close = closestNames(nameKey(purchase.skill), this.skillKeys).map((k) => this.linked.skillsByKey.get(k)![0].name);
        report('character/unknown-skill', close.length ? `Unknown skill \`${purchase.skill}\`, did you mean \`${close[0]}\`?` : `Unknown skill \`${purchase.skill}\``, at, {
          ...(close.length ? { suggestions: close.map((name) => ({ title: `Change to \`${name}\``, edits: [{ range: at, newText: name }] })) } : {}),
        });
        const points = purchase.cost ?? 0;
        checked.push({ purchase, skill: null, tier: null, points, eventIndex });
        spent += points;
        spentAt.set(eventIndex, (spentAt.get(eventIndex) ?? 0) + points);
        continue;
      }
      const { skill, tier } = resolved;
      if (tier && !skill.tiers.includes(tier)) {
        report('character/unknown-tier', skill.tiers.length ? `\`${skill.name}\` has no tier \`${tier}\`; its tiers are ${skill.tiers.join(', ')}` : `\`${skill.name}\` has no tiers`, at);
      }
      const had = owned.get(skill.key);
      const bought = had?.count ?? 0;
      if (had) this.checkRepeat(skill, tier, had, purchase, report);
      this.checkPrerequisites(skill, tier, purchase, character, owned, report);
      const price = priceOf(skill, bought, tier, klass);
      if (purchase.cost !== null && price.kind === 'one-of' && !price.costs.includes(purchase.cost)) {
        const expected = price.costs.join(' or ');
        report('character/wrong-cost', `\`${skill.name}\` costs ${expected}${price.why ? ` (${price.why})` : ''}, but ${purchase.cost} was paid`, purchase.costRange ?? at, {
          ...(price.costs.length === 1 && purchase.costRange ? { suggestions: [{ title: `Change to ${price.costs[0]}`, edits: [{ range: purchase.costRange, newText: String(price.costs[0]) }] }] } : {}),
        });
      }
      const points = pointsTaken(purchase.cost, price);
      const earned = earnedAt(eventIndex);
      // One finding each time the balance goes below nothing: later purchases on the same debt add nothing new.
      const inDebt = earned !== null && spent > earned;
      spent += points;
      spentAt.set(eventIndex, (spentAt.get(eventIndex) ?? 0) + points);
      if (earned !== null && spent > earned && !inDebt) {
        report('character/overspent', `\`${skill.name}\` brings the points spent to ${spent}, more than the ${earned} earned by ${eventIndex === 0 ? 'creation' : `\`${events[eventIndex - 1]}\``}`, at);
      }
      const entry = owned.get(skill.key) ?? { count: 0, tiers: new Set<string>() };
      entry.count++;
      if (tier) entry.tiers.add(tier);
      owned.set(skill.key, entry);
      checked.push({ purchase, skill, tier, points, eventIndex });
    }

    const limit = this.rules.limitPerEvent;
    if (limit !== null) {
      for (const [index, sum] of spentAt) {
        if (index === 0 || sum <= limit) continue;
        // Reported at the purchase that crossed the limit.
        let running = 0;
        const crossing = checked.find((c) => c.eventIndex === index && (running += c.points) > limit)!;
        report('character/event-limit', `${sum} points spent at \`${events[index - 1]}\`, more than the ${limit} allowed at one event`, crossing.purchase.skillRange);
      }
    }
    findings.sort((a, b) => a.range.start.offset - b.range.start.offset);
    return { character, findings, purchases: checked, spent, events, earned: earnedAt(events.length) };
  }

  private checkRepeat(skill: Skill, tier: string | null, had: { count: number; tiers: Set<string> }, purchase: Purchase, report: (id: CharacterRuleId, message: string, range: SourceRange) => void): void {
    if (skill.tiers.length > 0 && tier) {
      if (had.tiers.has(tier)) report('character/bought-twice', `\`${skill.name} ${tier}\` is already owned`, purchase.skillRange);
      return;
    }
    if (isRanked(skill)) return;
    if (this.repeatable.has(skill.key)) {
      const most = this.repeatable.get(skill.key)!;
      if (most !== null && had.count + 1 > most) report('character/bought-twice', `\`${skill.name}\` may be bought at most ${most} times`, purchase.skillRange);
      return;
    }
    report('character/bought-twice', `\`${skill.name}\` is already owned and can be bought only once`, purchase.skillRange);
  }

  private checkPrerequisites(
    skill: Skill,
    tier: string | null,
    purchase: Purchase,
    character: Character,
    owned: ReadonlyMap<string, { count: number; tiers: ReadonlySet<string> }>,
    report: (id: CharacterRuleId, message: string, range: SourceRange) => void,
  ): void {
    const confirmed = purchase.confirmed.length === 0 ? this.confirmedOf(character) : new Set([...this.confirmedOf(character), ...purchase.confirmed.map(nameKey)]);
    const seen = new Set<string>();
    // A purchase that names no tier of a skill with tiers buys its first.
    const boughtTier = tier ?? skill.tiers[0] ?? null;
    for (const prerequisites of skill.prerequisites) {
      // Another tier's requirements ("Tier 2: Lethal Strike III") are that tier's purchase's to meet.
      if (boughtTier && prerequisites.tiers.length > 0 && !prerequisites.tiers.includes(boughtTier)) continue;
      for (const requirement of prerequisites.requirements) {
        const words = requirement.alternatives.map((t) => t.text);
        // The same requirement written twice (a line and a table cell) is one requirement.
        const id = words.map(nameKey).join('|');
        if (seen.has(id)) continue;
        seen.add(id);
        if (requirement.alternatives.some((term) => this.met(term, owned, confirmed))) continue;
        if (this.namesSkill(requirement)) {
          report('character/missing-prerequisite', `\`${skill.name}\` needs ${list(words)}, not owned when it was bought${purchase.event ? ` at \`${purchase.event}\`` : ''}`, purchase.skillRange);
        } else {
          report('character/unconfirmed-condition', `\`${skill.name}\` needs ${list(words)}, which a marshal confirms by hand: list it under the purchase's \`confirmed:\` once checked`, purchase.skillRange);
        }
      }
    }
  }

  /** The character-wide confirmations as keys, made once per character (the last one asked is kept). */
  private confirmedOf(character: Character): ReadonlySet<string> {
    if (this.lastConfirmed?.character !== character) this.lastConfirmed = { character, keys: new Set(character.confirmed.map(nameKey)) };
    return this.lastConfirmed.keys;
  }

  private namesSkill(requirement: Requirement): boolean {
    return requirement.alternatives.some((term) => this.termTargets.has(term));
  }

  /** A skill term is met by owning the skill (the tier it names, or a higher one); any other term by confirmation. */
  private met(term: PrerequisiteTerm, owned: ReadonlyMap<string, { count: number; tiers: ReadonlySet<string> }>, confirmed: ReadonlySet<string>): boolean {
    const target = this.termTargets.get(term);
    if (!target) return this.assumed.has(term.key) || confirmed.has(term.key);
    const have = owned.get(target.key);
    if (!have) return false;
    if (term.key === target.key || target.tiers.length === 0) return true;
    const wanted = TIER.exec(term.key)?.[2].toUpperCase();
    if (!wanted) return true;
    const need = target.tiers.indexOf(wanted);
    return [...have.tiers].some((t) => target.tiers.indexOf(t) >= need);
  }
}

/** Checks each character against the book. */
export function checkCharacters(linked: LinkedRulebook, characters: readonly Character[]): CharacterReport[] {
  const checker = new CharacterChecker(linked);
  return characters.map((c) => checker.check(c));
}
