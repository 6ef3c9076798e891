/**
 * Field blocks: a skill or spell written as its name (underlined with dashes, or a heading) followed by
 * `Field: value` lines, "Flying fist ----------- Cost: 5 Range: 12" + caster's level Duration: Immediate
 * Effect: 6 damage". They become heading skills whose fields the parser reads; the cost stays a `Cost:`
 * field as written ("Cost: 50 for each"), since only the source's own words are certain.
 */
import type { Field, SkillBlock, SourceLine } from './blocks.js';
import { isBlank } from './lines.js';
import type { Claimed, RecogniserContext } from './recognisers.js';

/** Field names a block may hold; a block must have one that makes it a skill (Cost, Prerequisite, Requires). */
const FIELD_NAMES = [
  'Cost', 'Range', 'Duration', 'Effect', 'Special', 'Prerequisites', 'Prerequisite', 'Requires', 'Area', 'Target',
  'Casting Time', 'Components', 'Save', 'Damage', 'Level', 'School', 'Type', 'Uses', 'Materials', 'Incant',
];
const FIELD_LABEL = new RegExp(String.raw`(?:^|\s)(${FIELD_NAMES.join('|')})\s*:`, 'g');
const SKILL_FIELD = /^(?:cost|prerequisites?|requires)$/i;

/** "Cost: 5 Range: 12" + caster's level" → the fields in order, or [] when the text does not start with a field. */
export function splitFields(text: string): Field[] {
  const labels = [...text.matchAll(FIELD_LABEL)];
  if (labels.length === 0 || text.slice(0, labels[0].index).trim()) return [];
  return labels.map((m, i) => {
    const valueStart = m.index + m[0].length;
    const valueEnd = i + 1 < labels.length ? labels[i + 1].index : text.length;
    return { name: m[1], value: text.slice(valueStart, valueEnd).trim() };
  });
}

/**
 * The text a value ran into when the source lost its line breaks: "Mini affected adds 1" to their movement
 * Mini affected adds 3 to their initiative" → the value and the sentences after it. A break is a lower-case
 * word followed by a capitalised one that a lower-case word follows ("movement Mini affected"), never an
 * acronym ("LOS of").
 */
export function splitRunOnSentences(value: string): string[] {
  return value.split(/(?<=[a-z\d"'’)])\s+(?=[A-Z][a-z]+\s+[a-z])/);
}

/** A title line followed by a dash underline ("Flying fist" / "-----------"): the index after the underline, or -1. */
function underlinedTitle(lines: readonly SourceLine[], index: number): number {
  const title = lines[index]?.text.trim() ?? '';
  const under = lines[index + 1]?.text.trim() ?? '';
  if (!title || title.length > 60 || !/^-{3,}$/.test(under)) return -1;
  return index + 2;
}

/**
 * Claims a field block at `index`: a heading line (or an underlined title) followed by field lines that
 * include Cost, Prerequisite or Requires. Extra lines after the fields are the skill's text.
 */
export function recogniseFieldBlock(lines: readonly SourceLine[], index: number, context: RecogniserContext): Claimed | null {
  const line = lines[index];
  if (isBlank(line) || line.bullet || line.table) return null;
  let next = line.heading !== undefined ? index + 1 : underlinedTitle(lines, index);
  if (next === -1) return null;
  while (next < lines.length && isBlank(lines[next])) next++;
  const fields: Field[] = [];
  while (next < lines.length && !isBlank(lines[next]) && lines[next].heading === undefined) {
    const found = splitFields(lines[next].text.trim());
    if (found.length === 0) break;
    fields.push(...found);
    next++;
  }
  if (!fields.some((f) => SKILL_FIELD.test(f.name))) return null;
  // Text after the fields: the following lines up to a blank line, a heading or the next block's title.
  const text: string[] = [];
  while (next < lines.length && !isBlank(lines[next]) && lines[next].heading === undefined && underlinedTitle(lines, next) === -1) {
    text.push(lines[next].text.trim());
    next++;
  }
  const prerequisites = fields.filter((f) => /^(?:prerequisites?|requires)$/i.test(f.name)).map((f) => f.value);
  const kept = fields.filter((f) => !/^(?:prerequisites?|requires)$/i.test(f.name));
  if (kept.some((f) => f.name === 'Cost' && !/^\d/.test(f.value))) context.report.unsure(line.line, line.text, 'cost is not a plain number, check it');
  const skill: SkillBlock = {
    kind: 'skill', line: line.line, name: line.text.trim(), cost: null, prerequisites, fields: kept, details: [], text: text.join('\n\n'), form: 'heading',
  };
  return { blocks: [skill], next };
}
