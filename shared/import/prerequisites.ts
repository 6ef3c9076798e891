/**
 * Prerequisite phrasings: "*X is a prerequisite", "The skill “X” is a prerequisite", "Prerequisite: X",
 * "Prerequisites: X, Y", "Requires: X", and section-wide "All spells in this category have the prerequisite “X”".
 */

import type { Block, SkillBlock } from './blocks.js';

const QUOTES = /[“”"‘’']/g;

/** "The skill “First Aid”" → "First Aid"; quotes and the words "the skill/spell/ability" taken off. */
function cleanName(text: string): string {
  return protectQuoted(text)
    .replace(/^\s*(?:[Tt]he\s+)?(?:[Ss]kills?|[Ss]pells?|[Aa]bilit(?:y|ies)|[Ff]eats?)\s+(?=[“"‘\[A-Z])/, '')
    .replace(QUOTES, '')
    .replace(/\s+/g, ' ')
    .replace(/[.\s]+$/, '')
    .trim();
}

/**
 * A quoted name that holds "and", "or" or a comma (“Build and Disarm Traps”) is one name: written as a
 * [[link]] so the dialect does not split it into two requirements.
 */
function protectQuoted(text: string): string {
  return text.replace(/[“"‘]([^”"’]+)[”"’]/g, (whole, name: string) => (/,|\band\b|\bor\b/i.test(name) ? `[[${name.trim()}]]` : whole));
}

/** The prerequisite a line states, or null: what the entry's Prerequisites line should say. */
export function matchPrerequisite(line: string): string | null {
  const text = line.trim().replace(/^[•◦▪●○·*\-–]\s*/, '').replace(/^\*\s*/, '');
  const labelled = /^(?:prerequisites?|prereqs?|requirements?|requires)\s*:\s*(.+)$/i.exec(text);
  if (labelled) return cleanName(labelled[1]);
  const isA = /^(.+?)\s+(?:is|are)\s+(?:a\s+|the\s+)?prerequisites?\.?\s*$/i.exec(text);
  if (isA) return cleanName(isA[1]);
  return null;
}

/**
 * "Requires X." without a colon: a prerequisite only when X names a skill the import knows, so that
 * "Requires softball to charge and throw." stays text. Returns the name as written.
 */
export function matchRequires(line: string, knownSkill: (name: string) => boolean): string | null {
  const m = /^\s*(?:[•◦▪●○·\-–]\s*)?\*?\s*requires\s+(?:the\s+(?:skill|spell)\s+)?(.+?)\s*\.?\s*$/i.exec(line);
  if (!m) return null;
  const name = cleanName(m[1]);
  const parts = name.split(/\s*(?:,|\band\b|\bor\b)\s*/i).filter(Boolean);
  return parts.length > 0 && parts.every(knownSkill) ? name : null;
}

/** "All spells in this category have the prerequisite “Ritual Magic”": a prerequisite for the whole section. */
export function matchSectionPrerequisite(line: string): string | null {
  const m = /^\s*\*?\s*all\s+(?:spells|skills|abilities)\s+in\s+this\s+(?:category|section|list|school)\s+(?:have|require|need)\s+(?:the\s+)?(?:prerequisites?\s+)?(.+?)\s*\.?\s*$/i.exec(line);
  return m ? cleanName(m[1]) : null;
}

/**
 * "Requires X." lines under a skill become its prerequisites once every skill of the import is known,
 * because only then can "Requires First Aid." be told from "Requires softball to charge and throw.".
 */
export function applyRequires(blocks: readonly Block[]): Block[] {
  const names = new Set(blocks.filter((b): b is SkillBlock => b.kind === 'skill').map((b) => b.name.toLowerCase()));
  const known = (name: string): boolean => names.has(name.toLowerCase());
  return blocks.map((block) => {
    if (block.kind !== 'skill' || block.details.length === 0) return block;
    const lifted: string[] = [];
    const details = block.details.filter((detail) => {
      const name = matchRequires(detail.text, known);
      if (name) lifted.push(name);
      return name === null;
    });
    return lifted.length ? { ...block, prerequisites: [...block.prerequisites, ...lifted], details } : block;
  });
}
