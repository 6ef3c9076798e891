/** Compares the skills of two versions: added, removed, renamed, cost, prerequisites, fields and description changed. */
import type { LinkedRulebook } from '../link/types.js';
import { alternativesWord } from '../model/book-language.js';
import type { Skill } from '../model/types.js';
import { chapterFinder } from './compare-entries.js';
import { normaliseText, similarity, wordBag } from './text.js';
import type { SkillChange, SkillFieldChange, SkillSummary } from './types.js';
import { wordDiff } from './word-diff.js';

/** How alike two skills must be, with different names, to count as one skill renamed. */
const RENAME_THRESHOLD = 0.6;
const MAX_PAIRS = 250_000;

export interface SkillComparison {
  readonly changes: SkillChange[];
  readonly matches: Map<string, string>;
}

function summarise(skill: Skill, chapterOf: (id: string | null) => string | null, or: string): SkillSummary {
  return {
    id: skill.id,
    name: skill.name,
    cost: skill.cost,
    costText: skill.costText,
    prerequisites: skill.prerequisites.flatMap((list) => list.requirements.map((r) => r.alternatives.map((t) => t.text).join(` ${or} `))),
    category: skill.category,
    chapter: chapterOf(skill.sectionId),
    range: skill.range,
  };
}

/** Requirements as comparison keys: order of alternatives and of requirements does not count. `or`: the book's word. */
function requirementKeys(skill: Skill, or: string): Map<string, string> {
  const keys = new Map<string, string>();
  for (const list of skill.prerequisites) {
    for (const r of list.requirements) {
      const key = r.alternatives.map((t) => t.key).sort().join(' | ');
      if (!keys.has(key)) keys.set(key, r.alternatives.map((t) => t.text).join(` ${or} `));
    }
  }
  return keys;
}

function costKey(skill: Skill): string {
  return `${JSON.stringify(skill.cost)} ${skill.costUnit ?? ''}`;
}

function descriptionOf(skill: Skill): string {
  return normaliseText([skill.text, ...skill.fields.map((f) => `${f.name}: ${f.value}`)].join(' '));
}

export function compareSkills(oldLinked: LinkedRulebook, newLinked: LinkedRulebook): SkillComparison {
  const olds = oldLinked.model.skills;
  const news = newLinked.model.skills;
  const oldChapter = chapterFinder(oldLinked);
  const newChapter = chapterFinder(newLinked);
  // Each version's requirements in its own words: "или" in a Russian book.
  const oldOr = alternativesWord(oldLinked.model.config);
  const newOr = alternativesWord(newLinked.model.config);
  const matches = new Map<string, string>();
  const taken = new Set<string>();

  // Same name: pair definitions in order (a name defined twice pairs first with first).
  const byKey = new Map<string, Skill[]>();
  for (const skill of news) {
    const list = byKey.get(skill.key);
    if (list) list.push(skill);
    else byKey.set(skill.key, [skill]);
  }
  for (const skill of olds) {
    const partner = byKey.get(skill.key)?.shift();
    if (partner) {
      matches.set(skill.id, partner.id);
      taken.add(partner.id);
    }
  }

  // Different names: a rename when description, cost and place agree enough.
  const leftOld = olds.filter((s) => !matches.has(s.id));
  const leftNew = news.filter((s) => !taken.has(s.id));
  if (leftOld.length && leftNew.length && leftOld.length * leftNew.length <= MAX_PAIRS) {
    const bags = new Map<string, { text: Map<string, number>; name: Map<string, number> }>();
    for (const s of [...leftOld, ...leftNew]) bags.set(s.id, { text: wordBag(descriptionOf(s)), name: wordBag(s.key) });
    const candidates: { old: Skill; new: Skill; score: number }[] = [];
    for (const o of leftOld) {
      for (const n of leftNew) {
        const a = bags.get(o.id)!;
        const b = bags.get(n.id)!;
        const hasText = a.text.size > 0 && b.text.size > 0;
        const textScore = hasText ? similarity(a.text, b.text) : 0;
        const nameScore = similarity(a.name, b.name);
        let score = hasText ? 0.7 * textScore + 0.3 * nameScore : 0.8 * nameScore;
        if (costKey(o) === costKey(n)) score += 0.1;
        if (o.category === n.category) score += 0.1;
        if (score >= RENAME_THRESHOLD && (textScore >= 0.5 || nameScore >= 0.5)) candidates.push({ old: o, new: n, score });
      }
    }
    candidates.sort((x, y) => y.score - x.score);
    for (const c of candidates) {
      if (matches.has(c.old.id) || taken.has(c.new.id)) continue;
      matches.set(c.old.id, c.new.id);
      taken.add(c.new.id);
    }
  }

  const changes: SkillChange[] = [];
  const newById = newLinked.skillsById;
  const oldIdByNew = new Map([...matches].map(([o, n]) => [n, o]));
  const oldById = oldLinked.skillsById;
  // Removed skills first, in their old order, then the new version's skills in order.
  for (const skill of olds) if (!matches.has(skill.id)) changes.push({ type: 'removed', old: summarise(skill, oldChapter, oldOr) });
  for (const skill of news) {
    const oldId = oldIdByNew.get(skill.id);
    if (!oldId) {
      changes.push({ type: 'added', new: summarise(skill, newChapter, newOr) });
      continue;
    }
    const before = oldById.get(oldId)!;
    const after = newById.get(skill.id)!;
    const renamed = before.name !== after.name;
    const costChanged = costKey(before) !== costKey(after);
    const oldRequirements = requirementKeys(before, oldOr);
    const newRequirements = requirementKeys(after, newOr);
    const prerequisitesAdded = [...newRequirements].filter(([k]) => !oldRequirements.has(k)).map(([, text]) => text);
    const prerequisitesRemoved = [...oldRequirements].filter(([k]) => !newRequirements.has(k)).map(([, text]) => text);
    const fields = compareFields(before, after);
    const textChanged = normaliseText(before.text) !== normaliseText(after.text);
    if (!renamed && !costChanged && !prerequisitesAdded.length && !prerequisitesRemoved.length && !fields.length && !textChanged) continue;
    changes.push({
      type: 'changed',
      old: summarise(before, oldChapter, oldOr),
      new: summarise(after, newChapter, newOr),
      renamed,
      costChanged,
      prerequisitesChanged: prerequisitesAdded.length > 0 || prerequisitesRemoved.length > 0,
      prerequisitesAdded,
      prerequisitesRemoved,
      fields,
      words: textChanged ? wordDiff(before.text, after.text) : null,
    });
  }
  return { changes, matches };
}

function compareFields(before: Skill, after: Skill): SkillFieldChange[] {
  const key = (name: string) => name.trim().toLowerCase();
  // Cost and prerequisites are compared on their own; their field lines would only repeat them.
  const skip = new Set(['cost', 'prerequisite', 'prerequisites', 'requires']);
  const oldFields = new Map(before.fields.filter((f) => !skip.has(key(f.name))).map((f) => [key(f.name), f]));
  const newFields = new Map(after.fields.filter((f) => !skip.has(key(f.name))).map((f) => [key(f.name), f]));
  const out: SkillFieldChange[] = [];
  for (const [k, f] of newFields) {
    const o = oldFields.get(k);
    if (!o) out.push({ name: f.name, old: null, new: f.value });
    else if (normaliseText(o.value) !== normaliseText(f.value)) out.push({ name: f.name, old: o.value, new: f.value });
  }
  for (const [k, f] of oldFields) if (!newFields.has(k)) out.push({ name: f.name, old: f.value, new: null });
  return out;
}
