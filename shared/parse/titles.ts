/**
 * What a skill heading carries after its name, read by the parser and by `rulebook init` alike: a bracketed type
 * ("Power Attack [General]"), an italic kind and level ("*Feat 10*") or the check that gains it, and tiers ("Lethal Strike (I - III)"), in
 * that order from the end.
 */
import type { ReadingWords } from '../model/reading-words.js';
export const TYPE_TAG = new RegExp(
  [
    String.raw`[ \t]*\[[^\]\n]{1,40}\][ \t]*$`,
    // "Courageous Assault [>](…#Actions "Single Action") *Feat 10*" (the Pathfinder 2e SRD for Obsidian): the action's
    // icons as links, then the kind and level in italics.
    String.raw`(?:[ \t]+\[[^\]\n]{1,8}\]\([^)\n]{0,300}\))*[ \t]+([*_])[A-Z][A-Za-z]{1,15}(?:[ \t]+\d{1,2}\+?)?\1[ \t]*$`,
    // "Artful `LEA TC` **11**" (Aachen's traits): the check that gains it, its attributes as code and its target in
    // bold, a footnote's mark after it or not.
    String.raw`[ \t]+\`[A-Za-z][A-Za-z \t]{0,11}\`[ \t]+\*\*\d[^*\n]{0,20}\*\*(?:[ \t]*\[\^[^\]\n]{1,20}\])?[ \t]*$`,
  ].join('|'),
);
/**
 * "Athletic Movement — Exploration / Conflict (MIG)", "Harbor Operations — Domain Proficiency", "Athletics (MIG)": the
 * entry's kind or key attribute after its name, in a book that prices none of them (Razorweave, Ashfall's skills).
 * Ordinary headings end so too ("Combat — an Overview", "Damage Reduction (DR)"), so unlike a bracketed type this is a
 * type only at the heading levels and in the sections the layout gives skills, under a heading named for them
 * (NAMES_SKILL_KIND). A kind after a dash holds no digit: "Tier 1 — 5 CP each" prices what stands under it, and "(3
 * actions per turn — …)" is one parenthesis. An attribute in parentheses may be a formula of them, with a multiplier
 * and a bonus, as Mythras writes a skill's base: "Athletics (STR+DEX)", "Endurance (CON x2)", "Customs (INT x2 +40)".
 * Its translations abbreviate the attributes in their own script: "Атлетика (СИЛ+ЛОВ)", "Adetler (ZİH x2 +40)", in a
 * script without capitals any short word: "运动 (力量+敏捷)", "الرقص (رش+كاريزما)"; or spell them out in capitals, which
 * only a formula may: "Atletika (SNAGA+SPRETNOST)", "(INTELIGENCIJA x2)" (kindAfterName).
 */
const ATTRIBUTE = String.raw`(?:\p{Lu}{2,16}|\p{Lo}{1,8})`;
/** An attribute in capitals longer than an abbreviation: a word of the title ("(WARNING)") unless in a formula. */
const SPELT_OUT = /\p{Lu}{5}/u;
const KIND_SUFFIX = new RegExp(
  String.raw`[ \t]+[—–][ \t]+(?:[^—–()\d\n]|\([^()\d\n]*\)){1,60}$|[ \t]*\(${ATTRIBUTE}(?:[ \t]*(?:or|and|\/|,|\+)[ \t]*${ATTRIBUTE})*(?:[ \t]*[x×][ \t]*\d)?(?:[ \t]*[+−-][ \t]*\d{1,3})?\)[ \t]*$`,
  'u',
);
/**
 * An attribute formula, as a kind after a name: two attributes added, or one multiplied ("(STR+DEX)", "(INT x2 +40)",
 * "(力量+敏捷)"). Unlike one attribute or a kind in words ("(MIG)", "— Domain Proficiency"), it says what the heading
 * is in any language: a skill and its base, wherever it stands.
 */
const ATTRIBUTE_FORMULA = /^\(.*(?:\+[ \t]*\D|[x×][ \t]*\d)/u;

export function isAttributeFormula(kind: string): boolean {
  return ATTRIBUTE_FORMULA.test(kind.trim());
}

/** A title that names a kind of skills rather than one: "Physical Skills (MIG/AGI/END)", "Might (MIG) Skills". */
export const NAMES_SKILL_KIND = /\b(?:skills|proficienc(?:y|ies)|talents|feats|powers|disciplines|merits|flaws|edges|advantages|spells|abilities|traits)\b/i;

/**
 * Whether a title names a kind of skills, in English (NAMES_SKILL_KIND) or in the book's language: a word of it is one
 * of the language's kinds as a title writes them ("Стандартные навыки", "Descriptions de Sorts").
 */
export function namesSkillKind(title: string, reading: ReadingWords): boolean {
  if (NAMES_SKILL_KIND.test(title)) return true;
  if (reading.skillKinds.length === 0) return false;
  return title.toLowerCase().split(/[^\p{L}\p{M}]+/u).some((word) => reading.skillKinds.includes(word));
}

/**
 * A heading that describes no skill by its fields alone: what a level grants ("Level 1: Channel Energy", "Level 5
 * Capstone: Unbreakable", "3rd Level: Evasion"), or a group named in the plural ("Proficiencies" over `Weapons:` and
 * `Armor:` lines). Ashfall's classes write both over `Action Cost:`, `Range:` and `Effect:` lines, as its abilities are.
 */
export const GRANTED_OR_GROUP = /^(?:level[ \t]+\d{1,2}\b|\d{1,2}(?:st|nd|rd|th)[ \t-]+level\b)|^(?:[A-Za-z]+[ \t]+)?(?:skills|proficiencies|talents|feats|powers|spells|abilities|traits|features)$/i;

/**
 * A heading over a summary of the rules around it, never an entry: Ashfall's "## Quick Reference" under its advanced
 * skills writes their shared `**Cost:** 3 CP`, level gate and limits as fields.
 */
export const SUMMARY_TITLE = /^(?:quick[ \t]+reference|reference|summary|at[ \t]+a[ \t]+glance|cheat[ \t]+sheet|overview|recap)$/i;

/**
 * A tier of the entry above, named by its kind in the singular: 13th Age writes `##### Adventurer Feat`, `#####
 * Champion Feat` and `##### Epic Feat` under each talent and spell, what the talent gains at each tier, `#####
 * Feat Tiers` over them, and `#### Further Backgrounding Adventurer Tier` under a feat. Never an entry's name (as a
 * kind named with another word is: "Utility Spell", "Gather Power").
 */
const TIER_OF_ENTRY =
  /^(?:(?:adventurer|champion|epic|heroic|paragon|legendary|novice|veteran|expert|master)(?:[ \t]+tier)?[ \t]+(?:feat|talent|power)|(?:feat|talent|power)[ \t]+tiers|.*\b(?:adventurer|champion|epic|heroic|paragon)[ \t]+tier)$/i;

export function isTierOfEntry(title: string): boolean {
  return TIER_OF_ENTRY.test(title);
}

/**
 * Whether a heading's title alone says it is no entry, where the layout makes every heading of a level one: the name
 * of a kind of skills (a group's), a summary, or a tier of the entry above.
 */
export function namesNoEntry(title: string, reading: ReadingWords): boolean {
  return namesSkillKind(title, reading) || SUMMARY_TITLE.test(title) || isTierOfEntry(title);
}

/** The kind after an entry's name (KIND_SUFFIX), unless the name before it is that of a group of entries or empty. */
export function kindAfterName(title: string, reading: ReadingWords): RegExpExecArray | null {
  const kind = KIND_SUFFIX.exec(title);
  if (!kind) return null;
  const attributes = kind[0].trimStart().startsWith('(');
  if (attributes && SPELT_OUT.test(kind[0]) && !isAttributeFormula(kind[0])) return null;
  const name = title.slice(0, kind.index);
  return /\p{L}/u.test(name) && !namesSkillKind(name, reading) ? kind : null;
}

/**
 * A line that is an entry's kind alone, in emphasis: "*Origin Feat*" under the SRD 5.2's feat headings; in a language
 * that capitalises a name's first word alone, "*Черта происхождения*".
 */
const KIND_ONLY_LINE = /^([*_])(?![*_\s])(\p{Lu}[\p{L}'-]*(?:[ \t]+\p{Lu}[\p{L}'-]*){0,3})\1[ \t]*$/u;
const KIND_ONLY_LINE_CAPITALISED = /^([*_])(?![*_\s])(\p{Lu}[\p{L}'-]*(?:[ \t]+\p{L}[\p{L}'-]*){0,3})\1[ \t]*$/u;

/**
 * Whether a block right under a heading is a kind line alone whose kind a heading above names in the plural
 * ("*Origin Feat*" under "### Origin Feats"): the entry says what it is, as its siblings do with their fields
 * ("*General Feat (Prerequisite: Level 4+)*"), and is one of them although it needs nothing. In another language, a
 * heading above holds every word of the kind in some form (its stem): "*Черта происхождения*" under "### Черты
 * происхождения".
 */
export function namesOwnKind(block: string, titlesAbove: readonly string[], reading: ReadingWords): boolean {
  const { stem } = reading;
  const kind = (stem ? KIND_ONLY_LINE_CAPITALISED : KIND_ONLY_LINE).exec(block)?.[2];
  if (!kind) return false;
  const words = (text: string) => text.toLowerCase().split(/[^\p{L}'-]+/u).filter(Boolean);
  if (stem) {
    const wanted = words(kind).map(stem);
    return titlesAbove.some((title) => {
      const stems = new Set(words(title).map(stem));
      return wanted.every((w) => stems.has(w));
    });
  }
  const plural = `${kind.slice(kind.search(/\S+$/)).toLowerCase()}s`;
  return titlesAbove.some((title) => words(title).includes(plural));
}

/** "Lethal Strike (I - III)", "Rage (I-V)": the tiers a skill is bought in. */
export const TIERS_IN_TITLE = /[ \t]*\([ \t]*([IVX]{1,6})[ \t]*(?:[-–—]|to)[ \t]*([IVX]{1,6})[ \t]*\)[ \t]*$/;

const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII', 'XIII', 'XIV', 'XV', 'XVI', 'XVII', 'XVIII', 'XIX', 'XX'];

/** The tiers from one to another, both in Roman numerals ("I", "III" → I, II, III); none when either is no tier. */
export function tierRange(from: string, to: string): string[] {
  const a = ROMAN.indexOf(from);
  const b = ROMAN.indexOf(to);
  return a === -1 || b === -1 || b < a ? [] : ROMAN.slice(a, b + 1);
}

/** A label that names tiers: "Tier 2", "Tier 1 - 5", "Tiers II–III". */
const TIER_LABEL = /^tiers?[ \t]+(\d{1,2}|[IVX]{1,6})(?:[ \t]*(?:[-–—]|to)[ \t]*(\d{1,2}|[IVX]{1,6}))?$/i;

/**
 * The tiers a label over requirements names, in Roman numerals as a title gives them ("Tier 1 - 2" → I, II); null
 * for a label that names none. Open Legend writes each tier's prerequisites under such a label.
 */
export function tiersOfLabel(label: string): string[] | null {
  const match = TIER_LABEL.exec(label.trim());
  if (!match) return null;
  const roman = (written: string) => (/^\d/.test(written) ? (ROMAN[Number(written) - 1] ?? '') : written.toUpperCase());
  const from = roman(match[1]);
  const tiers = tierRange(from, match[2] ? roman(match[2]) : from);
  return tiers.length ? tiers : null;
}

/**
 * The name a requirement writes for a heading: "Power Attack [General]" → "Power Attack", "Lethal Strike (I - III)" →
 * "Lethal Strike", "Athletics (MIG)" → "Athletics".
 */
export function titleWithoutTagAndTiers(title: string, reading: ReadingWords): string {
  const kind = kindAfterName(title, reading);
  return (kind ? title.slice(0, kind.index) : title).replace(TYPE_TAG, '').replace(TIERS_IN_TITLE, '');
}
