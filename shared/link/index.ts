/** linkRulebook: resolves prerequisites and references, and records the facts the linter and the editor read. */
import type { NumberedEntry, Reference, Rulebook, Section, Skill } from '../model/types.js';
import { findCycles } from './cycles.js';
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
  for (const skill of model.skills) {
    for (const list of skill.prerequisites) {
      for (const requirement of list.requirements) {
        for (const term of requirement.alternatives) {
          if (term.kind !== 'skill') continue;
          const target = skillsByKey.get(term.key);
          if (target) {
            edges.push({ from: skill, to: target[0], term, requirement });
            // A skill's edges come one after another, so a repeat of the pair is always the list's last entry.
            const dependants = requiredBy.get(target[0].id);
            if (dependants?.[dependants.length - 1] !== skill) push(requiredBy, target[0].id, skill);
            continue;
          }
          // A skill is never the fix for its own prerequisite.
          const others = memo.closestNames(term.key, skillKeys).map(skillNameOf).filter((name) => name !== skill.name).slice(0, 3);
          unresolvedPrerequisites.push({ skill, list, requirement, term, suggestions: others });
        }
      }
    }
  }

  // References: numbers to global headings and rules (a range to every entry between its ends), names to skills.
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
    const first = entriesByNumber.get(reference.target)?.[0];
    const last = reference.targetEnd ? entriesByNumber.get(reference.targetEnd)?.[0] : first;
    if (first && last) {
      const from = globalOrder.get(first)!;
      const to = globalOrder.get(last)!;
      const entries = from <= to ? globalEntries.slice(from, to + 1) : [first, last];
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
    return { cycles: found, unreachableSkills: findUnreachable(model.skills, skillsByKey, found) };
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
  };
}

/**
 * Skills that can never be bought: some requirement has no alternative that is a condition or an
 * obtainable skill. Computed as a fixed point from the skills that need nothing; `via` names the root cause.
 */
function findUnreachable(
  skills: readonly Skill[],
  skillsByKey: ReadonlyMap<string, readonly Skill[]>,
  cycles: LinkedRulebook['cycles'],
): UnreachableSkill[] {
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
        if (requirement.alternatives.some((t) => t.kind === 'condition')) continue;
        count++;
        const met = { value: false };
        for (const term of requirement.alternatives) {
          const list_ = waiting.get(term.key);
          if (list_) list_.push({ skill, met });
          else waiting.set(term.key, [{ skill, met }]);
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
        if (r.alternatives.some((t) => t.kind === 'condition' || obtainable.has(t.key))) continue;
        const term = r.alternatives[0];
        const target = skillsByKey.get(term.key)?.[0];
        found = target ? rootCause(target, seen) : { reason: 'unknown', via: term.text };
        break outer;
      }
    }
    cause.set(skill.key, found);
    return found;
  };
  return skills.filter((s) => !obtainable.has(s.key)).map((skill) => ({ skill, ...rootCause(skill, new Set()) }));
}
