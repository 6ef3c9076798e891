/** linkRulebook: resolves prerequisites and references, and records the facts the linter and the editor read. */
import type { NumberedEntry, PrerequisiteTerm, Reference, Requirement, Rulebook, Section, Skill } from '../model/types.js';
import { CommonWords, isDescribing, isTitleCase, namesInTitleCase } from './describing.js';
import { findCycles } from './cycles.js';
import { checkLinks } from './links.js';
import { LinkMemo } from './memo.js';
import type {
  DuplicateNumber,
  DuplicateSkill,
  LinkedRulebook,
  PrerequisiteEdge,
  ResolvedReference,
  UnreachableSkill,
  UnresolvedPrerequisite,
  UnresolvedReference,
} from './types.js';

export type * from './types.js';

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Headings with numbers and rules, merged in document order (file order, then offset); both lists already are. */
function mergeNumbered(model: Rulebook): NumberedEntry[] {
  const fileIndex = new Map(model.files.map((f, i) => [f.path, i]));
  const sections = model.sections.filter((s) => s.number) as NumberedEntry[];
  const rules = model.rules;
  const at = (e: NumberedEntry) => (e.kind === 'rule' ? e.range : e.headingRange);
  const before = (a: NumberedEntry, b: NumberedEntry) => {
    const ra = at(a);
    const rb = at(b);
    return ((fileIndex.get(ra.file) ?? 0) - (fileIndex.get(rb.file) ?? 0) || ra.start.offset - rb.start.offset) < 0;
  };
  const entries: NumberedEntry[] = [];
  let i = 0;
  let j = 0;
  while (i < sections.length && j < rules.length) entries.push(before(sections[i], rules[j]) ? sections[i++] : rules[j++]);
  while (i < sections.length) entries.push(sections[i++]);
  while (j < rules.length) entries.push(rules[j++]);
  return entries;
}

function isGlobal(entry: NumberedEntry): boolean {
  return entry.kind === 'section' || entry.scope === 'global';
}

function sameDefinition(a: Skill, b: Skill): boolean {
  const prerequisites = (s: Skill) =>
    s.prerequisites
      .flatMap((p) => p.requirements.map((r) => r.alternatives.map((t) => t.key).sort().join('|')))
      .sort()
      .join('&');
  return JSON.stringify(a.cost) === JSON.stringify(b.cost) && prerequisites(a) === prerequisites(b);
}

export interface LinkOptions {
  /** What the previous link of the same rulebook found and a keystroke rarely changes (the editor links after every one). */
  readonly memo?: LinkMemo;
  /** The other files in the rulebook's folder (RulebookSource.assets), so that links to them are not broken. */
  readonly assets?: readonly string[];
}

export { LinkMemo };

export function linkRulebook(model: Rulebook, options: LinkOptions = {}): LinkedRulebook {
  const memo = options.memo ?? new LinkMemo();
  const skillsByKey = new Map<string, Skill[]>();
  const skillsById = new Map<string, Skill>();
  for (const skill of model.skills) {
    push(skillsByKey, skill.key, skill);
    skillsById.set(skill.id, skill);
  }
  const sectionsById = new Map<string, Section>(model.sections.map((s) => [s.id, s]));
  const numberedEntries = mergeNumbered(model);
  const entriesByNumber = new Map<string, NumberedEntry[]>();
  const globalOrder = new Map<NumberedEntry, number>();
  for (const entry of numberedEntries) {
    if (!isGlobal(entry)) continue;
    globalOrder.set(entry, globalOrder.size);
    push(entriesByNumber, entry.number!.key, entry);
  }
  const globalEntries = [...globalOrder.keys()];
  const skillKeys = [...skillsByKey.keys()];
  const skillNameOf = (key: string) => skillsByKey.get(key)![0].name;

  // Prerequisites: each skill alternative to the first definition of that name.
  const edges: PrerequisiteEdge[] = [];
  const unresolvedPrerequisites: UnresolvedPrerequisite[] = [];
  const requiredBy = new Map<string, Skill[]>();
  const variants = new VariantResolver(skillsByKey);
  const unknown: Omit<UnresolvedPrerequisite, 'suggestions'>[] = [];
  // What each skill term came to: the key of the skill it names, or null when it needs no skill (a describing phrase).
  const termTargets = new Map<PrerequisiteTerm, string | null>();
  for (const skill of model.skills) {
    for (const list of skill.prerequisites) {
      const joined = joinedNames(list.requirements, skillsByKey);
      for (const requirement of list.requirements) {
        for (const term of requirement.alternatives) {
          if (term.kind !== 'skill') continue;
          const target = skillsByKey.get(term.key) ?? joined.get(term) ?? variants.resolve(term.key);
          // "sufficiently high level (see below)": a phrase that describes, not a name, is no unknown skill.
          if (!target && isDescribing(term.text)) {
            termTargets.set(term, null);
            continue;
          }
          if (target && target[0].key !== term.key) termTargets.set(term, target[0].key);
          if (target) {
            edges.push({ from: skill, to: target[0], term, requirement });
            // A skill's edges come one after another, so a repeat of the pair is always the list's last entry.
            const dependants = requiredBy.get(target[0].id);
            if (dependants?.[dependants.length - 1] !== skill) push(requiredBy, target[0].id, skill);
            continue;
          }
          unknown.push({ skill, list, requirement, term });
        }
      }
    }
  }
  // Judged only when some name is unknown: most keystrokes in most books leave none.
  const titleCased = unknown.length > 0 && namesInTitleCase(model.skills);
  const commonWords = new CommonWords(model.skills);
  for (const { skill, list, requirement, term } of unknown) {
    // Where every skill is named in title case, "Fly speed", "compatible alignment" and "turn" describe what a
    // character is or has or does; "Human", a word the book's text writes in lower case, names no skill either,
    // unless a skill is named almost so ("Firearm" for Firearms).
    if (titleCased && !isTitleCase(term.text)) {
      termTargets.set(term, null);
      continue;
    }
    // A skill is never the fix for its own prerequisite.
    const others = memo.closestNames(term.key, skillKeys).map(skillNameOf).filter((name) => name !== skill.name).slice(0, 3);
    if (others.length === 0 && commonWords.has(term.text)) {
      termTargets.set(term, null);
      continue;
    }
    unresolvedPrerequisites.push({ skill, list, requirement, term, suggestions: others });
  }

  // References: numbers to global headings and rules (a range to every entry between its ends), names to skills.
  const chapters = new ChapterOrder(model);
  const resolvedReferences: ResolvedReference[] = [];
  const unresolvedReferences: UnresolvedReference[] = [];
  const referencedBy = new Map<string, Reference[]>();
  let numberKeys: string[] | null = null;
  for (const reference of model.references) {
    if (reference.kind === 'skill') {
      const skill = skillsByKey.get(reference.target)?.[0];
      if (skill) {
        resolvedReferences.push({ reference, entries: [], skill });
        push(referencedBy, skill.id, reference);
      } else {
        unresolvedReferences.push({ reference, suggestions: memo.closestNames(reference.target, skillKeys).slice(0, 3).map(skillNameOf) });
      }
      continue;
    }
    const first = entriesByNumber.get(reference.target)?.[0] ?? chapters.byOrder(reference);
    const last = reference.targetEnd ? entriesByNumber.get(reference.targetEnd)?.[0] : first;
    if (first && last) {
      const from = globalOrder.get(first);
      const to = globalOrder.get(last);
      const entries = from === undefined || to === undefined ? [first] : from <= to ? globalEntries.slice(from, to + 1) : [first, last];
      resolvedReferences.push({ reference, entries, skill: null });
      for (const entry of entries) push(referencedBy, entry.id, reference);
    } else {
      numberKeys ??= [...entriesByNumber.keys()];
      const missing = first ? reference.targetEnd! : reference.target;
      unresolvedReferences.push({ reference, suggestions: memo.closestNumbers(missing, numberKeys) });
    }
  }

  const duplicateSkills: DuplicateSkill[] = [];
  for (const [key, definitions] of skillsByKey) {
    if (definitions.length < 2) continue;
    duplicateSkills.push({ key, definitions, agree: definitions.every((d) => sameDefinition(d, definitions[0])) });
  }
  const duplicateNumbers: DuplicateNumber[] = [];
  for (const [key, entries] of entriesByNumber) if (entries.length > 1) duplicateNumbers.push({ key, entries });

  const { cycles, unreachableSkills } = memo.graphFacts(model.skills, skillsByKey, () => {
    const found = findCycles(model.skills, edges);
    return { cycles: found, unreachableSkills: findUnreachable(model.skills, skillsByKey, found, termTargets) };
  });

  return {
    model,
    skillsByKey,
    skillsById,
    sectionsById,
    entriesByNumber,
    numberedEntries,
    edges,
    unresolvedPrerequisites,
    resolvedReferences,
    unresolvedReferences,
    duplicateSkills,
    duplicateNumbers,
    cycles,
    unreachableSkills,
    requiredBy,
    referencedBy,
    brokenLinks: checkLinks(model, options.assets).broken,
  };
}

/**
 * "see Chapter 6" in a book whose chapters carry no numbers (layout `numbering.chapterOrder`): the sixth
 * top-level heading, when no heading or rule has that number. The chapter is then a numbered entry all the same.
 */
class ChapterOrder {
  private readonly chapters: readonly Section[];

  constructor(model: Rulebook) {
    this.chapters = model.config.layout.numbering.chapterOrder ? model.sections.filter((s) => s.depth === 1) : [];
  }

  byOrder(reference: Reference): NumberedEntry | undefined {
    if (this.chapters.length === 0 || reference.keyword !== 'chapter' || !/^\d{1,3}$/.test(reference.target) || reference.targetEnd) return undefined;
    const chapter = this.chapters[Number(reference.target) - 1];
    if (!chapter || chapter.number) return undefined;
    // The chapter as a numbered entry: its number is the one its place gives it, written nowhere (an empty range at the heading).
    const at = chapter.headingRange;
    return { ...chapter, number: { key: reference.target, text: '', segments: [reference.target], prefix: 'Chapter', range: { file: at.file, start: at.start, end: at.start } } };
  }
}

/**
 * "Trapping and Foraging" read as two requirements: when the two names joined by "and" name a skill, both
 * terms stand for it (a separator inside a name cannot be told from one between names until the names are known).
 */
function joinedNames(requirements: readonly Requirement[], skillsByKey: ReadonlyMap<string, readonly Skill[]>): Map<PrerequisiteTerm, readonly Skill[]> {
  const joined = new Map<PrerequisiteTerm, readonly Skill[]>();
  for (let i = 0; i + 1 < requirements.length; i++) {
    const a = requirements[i].alternatives;
    const b = requirements[i + 1].alternatives;
    if (a.length !== 1 || b.length !== 1 || skillsByKey.has(a[0].key) || skillsByKey.has(b[0].key)) continue;
    const skills = skillsByKey.get(`${a[0].key} and ${b[0].key}`) ?? skillsByKey.get(`${a[0].key} & ${b[0].key}`);
    if (skills) {
      joined.set(a[0], skills);
      joined.set(b[0], skills);
    }
  }
  return joined;
}

const TIER = /^(.+?)\s+((?:i|ii|iii|iv|v|vi|vii|viii|ix|x)|\d{1,2})$/;

/**
 * A name that names a skill in another form: a tier of it ("Lethal Strike II" → Lethal Strike, I–III), or with
 * its choice written out ("Weapon Focus (Greataxe)", "Weapon Focus with selected weapon" → Weapon Focus).
 */
class VariantResolver {
  private readonly found = new Map<string, readonly Skill[] | undefined>();

  constructor(private readonly skillsByKey: ReadonlyMap<string, readonly Skill[]>) {}

  resolve(key: string): readonly Skill[] | undefined {
    if (this.found.has(key)) return this.found.get(key);
    const result = this.compute(key);
    this.found.set(key, result);
    return result;
  }

  private compute(key: string): readonly Skill[] | undefined {
    const tier = TIER.exec(key);
    if (tier) {
      const skills = this.skillsByKey.get(tier[1]);
      const wanted = tier[2].toUpperCase();
      if (skills?.some((s) => s.tiers.includes(wanted) || (s.tiers.length === 0 && /^[IVX]+$/.test(wanted)))) return skills;
    }
    const choice = /^(.+?)\s*\([^()]*\)?$/.exec(key) ?? /^(.+?)\s+(?:feat\s+)?(?:with|in|for|of)\s+(?:a|an|the|any|selected|chosen)\b.*$/.exec(key);
    if (choice) return this.skillsByKey.get(choice[1]);
    return undefined;
  }
}

/**
 * Skills that can never be bought: some requirement has no alternative that is a condition or an
 * obtainable skill. Computed as a fixed point from the skills that need nothing; `via` names the root cause.
 */
function findUnreachable(
  skills: readonly Skill[],
  skillsByKey: ReadonlyMap<string, readonly Skill[]>,
  cycles: LinkedRulebook['cycles'],
  termTargets: ReadonlyMap<PrerequisiteTerm, string | null>,
): UnreachableSkill[] {
  const keyOf = (term: PrerequisiteTerm): string | null => (termTargets.has(term) ? termTargets.get(term)! : term.key);
  const met = (term: PrerequisiteTerm): boolean => term.kind === 'condition' || keyOf(term) === null;
  // A worklist: each requirement waits on the names of its alternatives; when a name becomes obtainable,
  // the requirements waiting on it are met, and a skill whose requirements are all met becomes obtainable.
  const obtainable = new Set<string>();
  const waiting = new Map<string, Array<{ skill: Skill; met: { value: boolean } }>>();
  const unmet = new Map<Skill, number>();
  const ready: Skill[] = [];
  for (const skill of skills) {
    let count = 0;
    for (const list of skill.prerequisites) {
      for (const requirement of list.requirements) {
        if (requirement.alternatives.some(met)) continue;
        count++;
        const done = { value: false };
        for (const term of requirement.alternatives) {
          const key = keyOf(term)!;
          const list_ = waiting.get(key);
          if (list_) list_.push({ skill, met: done });
          else waiting.set(key, [{ skill, met: done }]);
        }
      }
    }
    unmet.set(skill, count);
    if (count === 0) ready.push(skill);
  }
  while (ready.length > 0) {
    const skill = ready.pop()!;
    if (obtainable.has(skill.key)) continue;
    obtainable.add(skill.key);
    for (const waiter of waiting.get(skill.key) ?? []) {
      if (waiter.met.value) continue;
      waiter.met.value = true;
      const left = unmet.get(waiter.skill)! - 1;
      unmet.set(waiter.skill, left);
      if (left === 0) ready.push(waiter.skill);
    }
  }
  const inCycle = new Set(cycles.flatMap((c) => c.skills.map((s) => s.key)));
  const cause = new Map<string, { reason: 'cycle' | 'unknown'; via: string }>();
  const rootCause = (skill: Skill, seen: Set<string>): { reason: 'cycle' | 'unknown'; via: string } => {
    const known = cause.get(skill.key);
    if (known) return known;
    if (inCycle.has(skill.key) || seen.has(skill.key)) return { reason: 'cycle', via: skill.name };
    seen.add(skill.key);
    let found: { reason: 'cycle' | 'unknown'; via: string } = { reason: 'cycle', via: skill.name };
    outer: for (const list of skill.prerequisites) {
      for (const r of list.requirements) {
        if (r.alternatives.some((t) => met(t) || obtainable.has(keyOf(t)!))) continue;
        const term = r.alternatives[0];
        const target = skillsByKey.get(keyOf(term)!)?.[0];
        found = target ? rootCause(target, seen) : { reason: 'unknown', via: term.text };
        break outer;
      }
    }
    cause.set(skill.key, found);
    return found;
  };
  return skills.filter((s) => !obtainable.has(s.key)).map((skill) => ({ skill, ...rootCause(skill, new Set()) }));
}
