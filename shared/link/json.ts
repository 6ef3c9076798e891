/**
 * The public JSON form of a linked rulebook (documented in docs/model.md): what character builders and websites read.
 * Here beside the linker, not in model/, because it writes out the linked facts: the model never imports the linker.
 */
import type { Cost, CostDetail, Reference, Rule, Section, Skill, SourceRange } from '../model/types.js';
import type { LinkedRulebook } from './types.js';

export const MODEL_FORMAT_VERSION = 1;

export interface JsonPosition {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

export interface JsonSkill extends JsonPosition {
  readonly name: string;
  readonly cost: Cost;
  readonly costText: string | null;
  readonly unit: string | null;
  /** Ranked ("4+2"), per-class (cost columns, "10 (Craftsman) or 8 (Kinfolk)") or variable ("X"); null for a plain cost. */
  readonly costDetail: CostDetail | null;
  /** Every requirement; each is a list of alternatives (any one satisfies it). */
  readonly prerequisites: readonly (readonly string[])[];
  /** The same, with each name's kind and the skill it resolves to. */
  readonly prerequisiteDetails: readonly (readonly { name: string; kind: 'skill' | 'condition'; resolved: boolean }[])[];
  /** Only for a skill bought in tiers ("Lethal Strike (I - IX)"): its tiers. */
  readonly tiers?: readonly string[];
  /** Only for such a skill: the tiers each requirement holds for, in the same order; empty for every tier. */
  readonly prerequisiteTiers?: readonly (readonly string[])[];
  readonly requiredBy: readonly string[];
  readonly category: string | null;
  readonly categoryPath: readonly string[];
  readonly form: Skill['form'];
  readonly fields: Readonly<Record<string, string>>;
  readonly text: string;
}

export interface JsonRule extends JsonPosition {
  readonly number: string;
  readonly numberText: string;
  readonly scope: Rule['scope'];
  readonly text: string;
  readonly rules: readonly JsonRule[];
}

export interface JsonSection extends JsonPosition {
  readonly number: string | null;
  readonly numberText: string | null;
  readonly scope: Section['scope'];
  readonly title: string;
  readonly depth: number;
  readonly rules: readonly JsonRule[];
  readonly sections: readonly JsonSection[];
}

/** A reference whose title names another heading than its number ("Chapter 8: Running the Game" where that is chapter 7). */
export interface JsonMisnumbered {
  /** The heading's title as the book writes it. */
  readonly title: string;
  /** The number the heading has, which the reference should give. */
  readonly number: string;
  /** The reference with its title, as written. */
  readonly written: string;
  /** Whether the number written names another heading or rule. */
  readonly numberNames: boolean;
}

export interface JsonReference extends JsonPosition {
  readonly text: string;
  readonly kind: string;
  readonly target: string;
  readonly targetEnd: string | null;
  readonly resolved: boolean;
  /** Added within version 1: null unless the reference resolved by its title to another heading than its number names. */
  readonly misnumbered: JsonMisnumbered | null;
}

export interface JsonModel {
  readonly format: 'rulebook-model';
  readonly version: number;
  readonly title: string | null;
  readonly edition: string | null;
  readonly date: string | null;
  readonly costUnits: readonly string[];
  readonly conditions: readonly string[];
  readonly files: readonly { path: string; lines: number }[];
  readonly skills: readonly JsonSkill[];
  readonly sections: readonly JsonSection[];
  readonly references: readonly JsonReference[];
  readonly facts: {
    readonly unresolvedPrerequisites: readonly (JsonPosition & { skill: string; name: string; suggestions: readonly string[] })[];
    readonly duplicateSkills: readonly { name: string; agree: boolean; definitions: readonly JsonPosition[] }[];
    readonly duplicateNumbers: readonly { number: string; places: readonly JsonPosition[] }[];
    readonly cycles: readonly (readonly string[])[];
    readonly unreachableSkills: readonly { skill: string; reason: string; via: string }[];
  };
  readonly diagnostics: readonly (JsonPosition & { code: string; message: string })[];
}

export function jsonPosition(range: SourceRange): JsonPosition {
  return { file: range.file, line: range.start.line, column: range.start.column, endLine: range.end.line, endColumn: range.end.column };
}

export function toJsonModel(linked: LinkedRulebook): JsonModel {
  const { model } = linked;
  const unresolved = new Set(linked.unresolvedPrerequisites.map((u) => u.term));
  const skills: JsonSkill[] = model.skills.map((skill) => ({
    name: skill.name,
    cost: skill.cost,
    costText: skill.costText,
    unit: skill.costUnit,
    costDetail: skill.costDetail,
    prerequisites: skill.prerequisites.flatMap((p) => p.requirements.map((r) => r.alternatives.map((t) => t.text))),
    prerequisiteDetails: skill.prerequisites.flatMap((p) =>
      p.requirements.map((r) => r.alternatives.map((t) => ({ name: t.text, kind: t.kind, resolved: t.kind === 'condition' || !unresolved.has(t) }))),
    ),
    ...(skill.tiers.length > 0 ? { tiers: skill.tiers, prerequisiteTiers: skill.prerequisites.flatMap((p) => p.requirements.map(() => p.tiers)) } : {}),
    requiredBy: (linked.requiredBy.get(skill.id) ?? []).map((s) => s.name),
    category: skill.category,
    categoryPath: skill.categoryPath,
    form: skill.form,
    fields: Object.fromEntries(skill.fields.map((f) => [f.name, f.value])),
    text: skill.text,
    ...jsonPosition(skill.nameRange),
  }));

  // Rules nest under the rule their number continues ("100.1a" under "100.1") within one section.
  const rulesBySection = new Map<string | null, Rule[]>();
  for (const rule of model.rules) {
    const list = rulesBySection.get(rule.sectionId) ?? [];
    list.push(rule);
    rulesBySection.set(rule.sectionId, list);
  }
  const ruleTree = (rules: readonly Rule[]): JsonRule[] => {
    const roots: JsonRule[] = [];
    const open: Array<{ rule: Rule; json: { rules: JsonRule[] } }> = [];
    for (const rule of rules) {
      const json: JsonRule & { rules: JsonRule[] } = {
        number: rule.scope === 'local' ? rule.number.segments.join('.') : rule.number.key,
        numberText: rule.number.text,
        scope: rule.scope,
        text: rule.text,
        rules: [],
        ...jsonPosition(rule.range),
      };
      while (open.length > 0 && !isPrefix(open[open.length - 1].rule.number.segments, rule.number.segments)) open.pop();
      (open.length > 0 ? open[open.length - 1].json.rules : roots).push(json);
      open.push({ rule, json });
    }
    return roots;
  };
  const sectionJson = (section: Section): JsonSection => ({
    number: section.number?.key ?? null,
    numberText: section.number?.text ?? null,
    scope: section.scope,
    title: section.title,
    depth: section.depth,
    rules: ruleTree(rulesBySection.get(section.id) ?? []),
    sections: section.childSectionIds.map((id) => sectionJson(linked.sectionsById.get(id)!)),
    ...jsonPosition(section.range),
  });
  const topSections = model.sections.filter((s) => s.parentId === null).map(sectionJson);
  const looseRules = ruleTree(rulesBySection.get(null) ?? []);
  const resolution = new Map(linked.resolvedReferences.map((r) => [r.reference, r]));
  const referenceJson = (r: Reference): JsonReference => {
    const resolved = resolution.get(r);
    // Field by field: a fact the linker gains later must not reach the public JSON unannounced.
    const fact = resolved?.misnumbered;
    const misnumbered = fact ? { title: fact.title, number: fact.number, written: fact.written, numberNames: fact.numberNames } : null;
    return { text: r.text, kind: r.kind, target: r.target, targetEnd: r.targetEnd, resolved: resolved !== undefined, misnumbered, ...jsonPosition(r.range) };
  };

  return {
    format: 'rulebook-model',
    version: MODEL_FORMAT_VERSION,
    title: model.config.title,
    edition: model.config.edition,
    date: model.config.date,
    costUnits: model.config.costUnits,
    conditions: model.config.conditions,
    files: model.files.map((f) => ({ path: f.path, lines: f.lineCount })),
    skills,
    sections: looseRules.length > 0 ? [{ number: null, numberText: null, scope: 'global', title: '', depth: 0, rules: looseRules, sections: [], ...jsonPosition(model.rules[0].range) }, ...topSections] : topSections,
    references: model.references.map(referenceJson),
    facts: {
      unresolvedPrerequisites: linked.unresolvedPrerequisites.map((u) => ({ skill: u.skill.name, name: u.term.text, suggestions: u.suggestions, ...jsonPosition(u.term.range) })),
      duplicateSkills: linked.duplicateSkills.map((d) => ({ name: d.definitions[0].name, agree: d.agree, definitions: d.definitions.map((s) => jsonPosition(s.nameRange)) })),
      duplicateNumbers: linked.duplicateNumbers.map((d) => ({ number: d.key, places: d.entries.map((e) => jsonPosition(e.number.range)) })),
      cycles: linked.cycles.map((c) => c.skills.map((s) => s.name)),
      unreachableSkills: linked.unreachableSkills.map((u) => ({ skill: u.skill.name, reason: u.reason, via: u.via })),
    },
    diagnostics: model.diagnostics.map((d) => ({ code: d.code, message: d.message, ...jsonPosition(d.range) })),
  };
}

function isPrefix(parent: readonly string[], child: readonly string[]): boolean {
  return parent.length < child.length && parent.every((segment, i) => child[i] === segment);
}
