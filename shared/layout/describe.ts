/**
 * What the app read from a book, in sentences a marshal understands: "127 skills as `##` headings with CP Cost and
 * Restrictions; 118 have a cost, 64 have prerequisites." Counts from the linked model, never from the text.
 */
import type { LinkedRulebook } from '../link/types.js';
import { headingSkills } from '../model/heading-skills.js';
import type { ParseDiagnostic, Rule, RulebookSource, Skill, SkillForm, SourceRange } from '../model/types.js';
import { plural, thousands, wordList } from '../model/plural.js';
import { kindLineField } from '../parse/recognisers.js';
import { runLint } from '../lint/engine.js';
import skillHeadingLevel from '../lint/rules/skill-heading-level.js';

const FORM_WORDS: Record<Exclude<SkillForm, 'heading'>, string> = {
  list: 'as list items',
  table: 'as table rows',
  paragraph: 'as bold-name paragraphs',
  'front-matter': 'from front matter',
};

type LabelAt = (range: SourceRange) => string | null;

/**
 * The label written before a value on its line ("**Restrictions**: Must have…" → "Restrictions", "*General Feat
 * (Prerequisite: Level 4+)*" → "Prerequisite"): a prerequisite line
 * is not kept among a skill's fields, so its label is read from the text when the caller has it. A table row has
 * none: "|Attunement: Arcane|4+2|" is a name with a colon in its cell.
 */
function labelReader(source: RulebookSource | undefined): LabelAt {
  const texts = new Map(source?.files.map((f) => [f.path, f.text]) ?? []);
  return (range) => {
    const text = texts.get(range.file);
    if (text === undefined) return null;
    const start = text.lastIndexOf('\n', range.start.offset - 1) + 1;
    const end = text.indexOf('\n', range.start.offset);
    // "*General Feat (Prerequisite: Level 4+)*": the label in the brackets of a kind line.
    const italic = /^[ \t]*([*_])(.+)\1[ \t\r]*$/.exec(text.slice(start, end === -1 ? text.length : end));
    const kinded = italic && kindLineField(italic[2]);
    if (kinded) return kinded.label;
    const m = /^[ \t]*(?:[-*+][ \t]+)?[*_]{0,2}([^*_:|\n]{1,40}?)[*_]{0,2}[ \t]*:/.exec(text.slice(start, range.start.offset));
    return m ? m[1].trim() : null;
  };
}

/** The labels of the cost line and the prerequisite lines a skill was read from. */
function labelsOf(skill: Skill, labelAt: LabelAt): string[] {
  const out: string[] = [];
  const byLine = new Map(skill.fields.map((f) => [`${f.range.file}:${f.range.start.line}`, f.name]));
  const at = (range: SourceRange) => byLine.get(`${range.file}:${range.start.line}`) ?? labelAt(range);
  if (skill.costRange) {
    const label = at(skill.costRange);
    if (label) out.push(label);
  }
  for (const p of skill.prerequisites) {
    if (p.origin !== 'line') continue;
    const label = at(p.range);
    if (label && !out.includes(label)) out.push(label);
  }
  return out;
}

/**
 * A table row or list item whose cost the heading or label over it states ("### Tier 1 — 5 CP each", "**Tier 1
 * Abilities (5 CP each):**"): the cost stands before the entry.
 */
function pricedAbove(skill: Skill): boolean {
  return (skill.form === 'table' || skill.form === 'list') && skill.costRange !== null && skill.costRange.start.offset < skill.range.start.offset;
}

function skillSentences(linked: LinkedRulebook, labelAt: LabelAt): string[] {
  const { skills } = linked.model;
  if (skills.length === 0) return ['No skills read.'];
  // A heading skill's level is its heading's.
  const headings = headingSkills(linked.model);
  const groups = new Map<string, { words: string; skills: Skill[] }>();
  for (const skill of skills) {
    let key: string = skill.form;
    let words: string;
    if (skill.form === 'heading') {
      const depth = headings.sectionOf(skill)?.depth;
      key = `heading-${depth ?? 0}`;
      words = depth ? `as \`${'#'.repeat(depth)}\` headings` : 'as headings';
    } else if (pricedAbove(skill)) {
      key = `${skill.form}-priced-above`;
      words = skill.form === 'table' ? 'as table rows under headings that price them' : 'as list items under labels that price them';
    } else words = FORM_WORDS[skill.form];
    const group = groups.get(key) ?? { words, skills: [] };
    group.skills.push(skill);
    groups.set(key, group);
  }
  const out: string[] = [];
  for (const { words, skills: group } of [...groups.values()].sort((a, b) => b.skills.length - a.skills.length)) {
    const labels = new Map<string, number>();
    // A heading's or label's price has no label, and the line it stands on no field of the entry's.
    for (const s of group) if (!pricedAbove(s)) for (const l of labelsOf(s, labelAt)) labels.set(l, (labels.get(l) ?? 0) + 1);
    const used = [...labels].filter(([, c]) => c * 10 >= group.length).sort((a, b) => b[1] - a[1]).slice(0, 4).map(([l]) => l);
    const costed = group.filter((s) => s.costText !== null).length;
    const required = group.filter((s) => s.prerequisites.some((p) => p.requirements.length > 0)).length;
    const has = (x: number, what: string) => `${thousands(x)} ${x === 1 ? 'has' : 'have'} ${what}`;
    const counts = group.length === 1 ? `it has ${oneSkillHas(costed > 0, required > 0)}` : `${has(costed, 'a cost')}, ${has(required, 'prerequisites')}`;
    out.push(`${plural(group.length, 'skill', 'skills')} ${words}${used.length ? ` with ${wordList(used)}` : ''}; ${counts}.`);
  }
  return out;
}

/** A rule number's family, by how it is written: `1a)`, `1.2.3`, `100.1a`, or a list's own number. */
function styleOf(rule: Rule): string {
  if (rule.scope === 'local') return 'local';
  const text = rule.number.text.trim();
  if (text.endsWith(')')) return 'paren';
  if (/[a-z]\.?$/i.test(text)) return 'lettered';
  return 'dotted';
}

function ruleSentences(linked: LinkedRulebook): string[] {
  const { rules, sections } = linked.model;
  const headings = sections.filter((s) => s.number !== null).length;
  const out: string[] = [];
  if (rules.length === 0 && headings === 0) return ['No numbered rules read.'];
  const families = new Map<string, { example: string; count: number }>();
  for (const rule of rules) {
    const style = styleOf(rule);
    const f = families.get(style) ?? { example: rule.number.text.trim().replace(/\.$/, ''), count: 0 };
    f.count++;
    families.set(style, f);
  }
  const parts = [...families].sort((a, b) => b[1].count - a[1].count).map(([style, f]) =>
    style === 'local' ? `${plural(f.count, 'item', 'items')} of numbered lists under their headings` : `${plural(f.count, 'numbered rule', 'numbered rules')} in \`${f.example}\` style`,
  );
  if (headings) parts.push(plural(headings, 'numbered heading', 'numbered headings'));
  out.push(`${wordList(parts)}.`);
  if (linked.duplicateNumbers.length) out.push(`${plural(linked.duplicateNumbers.length, 'number is', 'numbers are')} written more than once.`);
  return out;
}

function referenceSentences(linked: LinkedRulebook): string[] {
  const { references, links } = linked.model;
  const out: string[] = [];
  if (references.length) {
    const resolved = linked.resolvedReferences.length;
    const asLinks = references.filter((r) => r.keyword === 'link').length;
    out.push(
      `${plural(references.length, 'reference', 'references')} to rules and skills, ${thousands(resolved)} of them ${resolved === 1 ? 'resolves' : 'resolve'}${asLinks ? ` (${thousands(asLinks)} written as links)` : ''}.`,
    );
  } else out.push('No references to rules or skills read.');
  const inside = (links ?? []).filter((l) => !/^[a-z][\w+.-]*:/i.test(l.href)).length;
  if (links?.length) out.push(`${plural(links.length, 'link', 'links')}, ${thousands(inside)} of them to places in the book.`);
  return out;
}

export interface DescribeOptions {
  /** Unread-skills and unread-rules findings of a caller that has them but has not put them in the model's diagnostics. */
  readonly unread?: readonly ParseDiagnostic[];
  /** The book's text, to name the labels of prerequisite lines. */
  readonly source?: RulebookSource;
}

/** The summary, one sentence per line. */
export function describeRulebook(linked: LinkedRulebook, options: DescribeOptions = {}): string[] {
  const unread = options.unread ?? [];
  const seen = new Set<string>();
  const still = [...linked.model.diagnostics, ...unread].filter((d) => {
    if (d.code !== 'unread-skills' && d.code !== 'unread-rules') return false;
    const key = `${d.range.file}:${d.range.start.line}:${d.code}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const out = [...skillSentences(linked, labelReader(options.source)), ...ruleSentences(linked), ...referenceSentences(linked)];
  // Headings that only their level makes skills leave every skill unread after one written a level too high: no line
  // of them looks like anything, so the lint rule that finds such a heading is asked.
  const slipped = runLint(linked, [skillHeadingLevel]).filter((f) => f.ruleId === skillHeadingLevel.id);
  if (still.length === 0 && slipped.length === 0) out.push('Nothing looks left unread.');
  for (const d of still) out.push(`Still unread in ${d.range.file}:${d.range.start.line}: ${d.message}.`);
  for (const f of slipped) out.push(`Still unread in ${f.range.file}:${f.range.start.line}: ${f.message}.`);
  return out;
}

/** What one skill has: "a cost and prerequisites", "prerequisites and no cost" (never "no cost and prerequisites"). */
function oneSkillHas(costed: boolean, required: boolean): string {
  if (costed === required) return costed ? 'a cost and prerequisites' : 'no cost and no prerequisites';
  return costed ? 'a cost and no prerequisites' : 'prerequisites and no cost';
}
