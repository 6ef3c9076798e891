/**
 * The quick reference's one-glance reminder of what a skill does: its first sentence, with the
 * boilerplate every entry repeats ("With this skill a character can…") taken off the front.
 */
import { rulesDescribing, seriesName } from '../link/descriptions.js';
import type { LinkedRulebook } from '../link/types.js';
import type { Skill } from '../model/types.js';

const WHO = String.raw`(?:a|the|any)\s+(?:character|player|user|caster|wielder|bearer)s?`;
const CAN = String.raw`(?:can|may|is\s+able\s+to|will\s+be\s+able\s+to|gains?\s+the\s+ability\s+to)`;
const ALLOWS = String.raw`(?:allows?|lets?|enables?|permits?)`;

/**
 * Openings that say only "this skill lets you": what follows them is the reminder. Each ends where the
 * verb of the skill begins ("use any weapon…", "stabilize others…").
 */
const BOILERPLATE: readonly RegExp[] = [
  // "With this skill a character can…", "With the acquisition of this Guild skill, the character can…",
  // "With this skill and lockpicking tools, characters can…", "With this skill the character now takes…"
  new RegExp(String.raw`^with\s+(?:the\s+acquisition\s+of\s+)?this\s+(?:\w+\s+)?(?:skill|spell|ability)(?:\s+and\s+[^,]{1,60})?,?\s+(?:${WHO}|characters|players|you)\s+(?:now\s+)?(?:${CAN}\s+|(?!(?:is|are|was|were|has|have|must|will|would|should|shall|can|may|needs?)\b))(?=[a-z])`, 'i'),
  // "Allows the character to…", "This skill allows a character to…"
  new RegExp(String.raw`^(?:this\s+(?:\w+\s+)?(?:skill|spell|ability)\s+)?${ALLOWS}\s+(?:${WHO}|characters|players|you)\s+to\s+`, 'i'),
  // "This skill gives the character 1 additional Health Point." → "Gives the character…"
  /^this\s+(?:\w+\s+)?(?:skill|spell|ability)\s+(?=(?:gives|grants|adds|increases|reduces|doubles|halves|removes|protects|heals|lets|makes)\b)/i,
];

/** Asides in parentheses ("(see more in “Chapter 8”)", "(I.E. Fibreglass…)"): the book has them, a reminder needs none. */
const ASIDE = /\s*\([^()]*\)/g;

/** The first sentence of the skill's text, or of the first rule that describes it when it has none (a table skill). */
export function skillSummary(linked: LinkedRulebook, skill: Skill): string {
  const own = firstSentence(skill.text);
  if (own) return withoutAsides(withoutBoilerplate(own));
  const rule = rulesDescribing(linked, skill)[0];
  return rule ? withoutAsides(withoutBoilerplate(aboutTheSkill(skill, firstSentence(rule.text)))) : '';
}

export function withoutAsides(sentence: string): string {
  const plain = sentence.replace(ASIDE, '').replace(/\s+([.,;:!?])/g, '$1').trim();
  return /[\p{L}\p{N}]/u.test(plain) ? plain : sentence;
}

/** Abbreviations whose dot ends no sentence: "I.E.", "e.g.", "etc.", "approx.", "ft.". */
const ABBREVIATION = /(?:^|[\s(])(?:(?:[a-z]\.)+|etc\.|approx\.|vs\.|ft\.|min\.|max\.|no\.|cf\.)$/i;

/** A summary is one line: no first sentence worth printing is longer, and a bound keeps a huge entry cheap. */
const MAX_SENTENCE = 600;

function firstSentence(text: string): string {
  const flat = text.slice(0, MAX_SENTENCE * 2).replace(/\s+/g, ' ').trim().slice(0, MAX_SENTENCE);
  // A sentence ends at . ! or ? before a space and a capital, outside parentheses and not after an abbreviation.
  const end = /[.!?](?=\s+["“(]?[A-Z0-9])/g;
  for (let m = end.exec(flat); m; m = end.exec(flat)) {
    const sentence = flat.slice(0, m.index + 1);
    if (ABBREVIATION.test(sentence)) continue;
    if ((sentence.match(/\(/g)?.length ?? 0) > (sentence.match(/\)/g)?.length ?? 0)) continue;
    return sentence;
  }
  return flat;
}

/**
 * "Estimate Value allows the character to appraise…" → "Allows the character to appraise…": the table row
 * names the skill (or its series: "Alchemy permits…" for Alchemy 3). "Druid is a roleplaying skill…" stays
 * whole: without its subject it would not read.
 */
function aboutTheSkill(skill: Skill, sentence: string): string {
  for (const name of [skill.name, seriesName(skill.name)]) {
    if (!name || !sentence.startsWith(`${name} `)) continue;
    const rest = sentence.slice(name.length + 1);
    return /^(?:is|are|was|were|has|have)\b/.test(rest) ? sentence : capitalise(rest);
  }
  return sentence;
}

export function withoutBoilerplate(sentence: string): string {
  for (const pattern of BOILERPLATE) {
    const m = pattern.exec(sentence);
    // Keep the sentence whole if nothing of substance would be left.
    if (m && sentence.length - m[0].length > 3) return capitalise(sentence.slice(m[0].length));
  }
  return sentence;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
