/** A readable outline of a linked rulebook for the terminal: the heading tree with its rules and skills. */
import type { LinkedRulebook } from '../../shared/link/types.js';
import type { Section } from '../../shared/model/types.js';
import { bookTitle } from '../../shared/model/book-title.js';
import { headingSkills } from '../../shared/model/heading-skills.js';
import { requirementText } from '../../shared/model/prerequisite-tiers.js';
import { alternativesWord } from '../../shared/model/book-language.js';

function formatCost(cost: number | readonly number[] | null, unit: string | null): string {
  if (cost === null) return 'no cost';
  const amount = typeof cost === 'number' ? String(cost) : cost.join('/');
  return unit ? `${amount} ${unit}` : amount;
}

export function formatOutline(linked: LinkedRulebook): string {
  const { model } = linked;
  const lines: string[] = [];
  const title = bookTitle(model);
  lines.push(`${title}${model.config.edition ? ` (${model.config.edition})` : ''}`);
  lines.push(`${model.files.length} file(s), ${model.sections.length} headings, ${model.rules.length} rules, ${model.skills.length} skills, ${model.references.length} references`);
  const rulesBySection = new Map<string | null, number>();
  for (const rule of model.rules) rulesBySection.set(rule.sectionId, (rulesBySection.get(rule.sectionId) ?? 0) + 1);
  const skillsBySection = new Map<string | null, typeof model.skills[number][]>();
  for (const skill of model.skills) {
    const list = skillsBySection.get(skill.sectionId) ?? [];
    list.push(skill);
    skillsBySection.set(skill.sectionId, list);
  }
  // The skill a heading is written as prints as that heading's cost, not as an entry of its own.
  const headings = headingSkills(model);
  const visit = (section: Section, indent: string) => {
    const number = section.number ? `${section.number.key} ` : '';
    const rules = rulesBySection.get(section.id);
    lines.push(`${indent}${number}${section.title}  (${section.headingRange.file}:${section.headingRange.start.line})${rules ? `  ${rules} rules` : ''}`);
    for (const skill of skillsBySection.get(section.id) ?? []) {
      if (headings.skillOf(section) === skill) {
        lines.push(`${indent}  = skill: ${formatCost(skill.cost, skill.costUnit)}`);
        continue;
      }
      const prerequisites = requirementText(skill, alternativesWord(linked.model.config));
      lines.push(`${indent}  * ${skill.name} (${formatCost(skill.cost, skill.costUnit)})${prerequisites ? ` requires ${prerequisites}` : ''}`);
    }
    for (const id of section.childSectionIds) visit(linked.sectionsById.get(id)!, `${indent}  `);
  };
  for (const section of model.sections) if (section.parentId === null) visit(section, '');
  return `${lines.join('\n')}\n`;
}
