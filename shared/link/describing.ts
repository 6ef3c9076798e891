/**
 * Whether an unknown requirement describes what a character must be, have or do rather than naming a skill, so that
 * it is no unknown prerequisite: "sufficiently high level (see below)", and in books that name every skill in title
 * case, "Fly speed" or "Human".
 */
import type { ReadingWords } from '../model/reading-words.js';
import type { Section, Skill } from '../model/types.js';
import { nameKey } from '../parse/keys.js';
import { escapeRegExp } from '../parse/regexp.js';
import { quotedName, splitKind, titledWithKind } from './name-with-kind.js';

/**
 * A requirement written as a describing phrase, not a name: it opens in lower case and runs to three words or
 * more, says what must be ("One weapon must be between 12” and 36”"), or limits who may buy ("Brawlers Only"). In
 * another language than English, a word in lower case before a name is the name's kind ("воззвание Жаждущий клинок").
 */
export function isDescribing(text: string, reading: ReadingWords): boolean {
  const words = text.trim().split(/\s+/);
  // "36”" left over from "between 12” and 36”": no name has no letter.
  if (!/\p{L}/u.test(text)) return true;
  if (/^\p{Ll}/u.test(text) && words.length >= 3 && !(reading.language && KIND_FIRST.test(text))) return true;
  if (words.length >= 3 && /\b(?:must|may|can|cannot|should|is|are)\b/i.test(text)) return true;
  return words.length >= 2 && /^only$/i.test(words[words.length - 1]);
}

/** Words a title leaves in lower case ("Shot on the Run", "Weapon Focus (greataxe)" keeps what its brackets hold). */
const SMALL_WORDS = /^(?:a|an|the|and|or|of|on|in|to|for|with|at|by|from|as|vs\.?|per|into|over|under)$/;

/** Whether every significant word of a name starts with a capital or a digit, brackets aside. */
export function isTitleCase(name: string): boolean {
  const words = name.replace(/\([^)]*\)|\[[^\]]*\]/g, ' ').trim().split(/[\s/]+/).filter(Boolean);
  return words.length > 0 && words.every((w, i) => /^[\p{Lu}\d]/u.test(w) || (i > 0 && SMALL_WORDS.test(w)) || !/\p{L}/u.test(w));
}

/**
 * Words the book's skill texts write in lower case, three times or more ("humans", "human"): an ordinary noun, where
 * a skill's name is a proper one. Counted once, and only when a single-word name is unknown.
 */
export class CommonWords {
  private counts: Map<string, number> | null = null;

  constructor(private readonly skills: readonly Skill[]) {}

  has(name: string): boolean {
    if (!/^\p{Lu}\p{Ll}+$/u.test(name)) return false;
    const counts = (this.counts ??= this.count());
    const word = name.toLowerCase();
    return (counts.get(word) ?? 0) + (counts.get(`${word}s`) ?? 0) >= 3;
  }

  private count(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const skill of this.skills) for (const word of skill.text.match(/\b\p{Ll}+\b/gu) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
    return counts;
  }
}

/**
 * Whether the book names its skills in title case: all but a slip (97 in 100) of at least ten names of several words.
 * Funjerai writes "Gust of wind" beside "Two Handed Weapons", and its lower-case prerequisites are misspelt skills.
 */
export function namesInTitleCase(skills: readonly Skill[]): boolean {
  return namesWritten(skills, isTitleCase);
}

/**
 * Whether the book, in a language that writes a name's first word alone with a capital ("Жаждущий клинок", "Lame
 * assoiffée"), starts all but a slip of its names of several words with a capital.
 */
export function namesCapitalised(skills: readonly Skill[]): boolean {
  return namesWritten(skills, isCapitalised);
}

/** A kind in lower case, then a name with its capital, quoted or not: "воззвание Договор клинка", "умение «Боевой стиль»". */
const KIND_FIRST = /^\p{Ll}[\p{L}-]{2,}\s+[«„“"‹]?[\p{Lu}\d]/u;

/** A name that opens with a capital, or after its kind (KIND_FIRST). */
export const isCapitalised = (name: string): boolean => /^[\p{Lu}\d]/u.test(name.trim()) || KIND_FIRST.test(name.trim());

function namesWritten(skills: readonly Skill[], written: (name: string) => boolean): boolean {
  let several = 0;
  let matching = 0;
  for (const skill of skills) {
    if (!/\s/.test(skill.name.trim())) continue;
    several++;
    if (written(skill.name)) matching++;
  }
  return several >= 10 && matching * 100 >= several * 97;
}

/** The level a class feature is granted at, before its name in a heading: "Level 1: ", "3rd Level - ", "Уровень 1: ". */
function grantedAt(reading: ReadingWords): RegExp {
  const level = ['level', ...reading.level].map(escapeRegExp).join('|');
  return new RegExp(String.raw`^(?:(?:${level})[ \t]+\d{1,2}|\d{1,2}(?:st|nd|rd|th)[ \t-]+level)[ \t]*[:–—-][ \t]*(?=\S)`, 'iu');
}

/** A tag after a heading's title that names the attribute a skill is rolled with: "Athletics (STR)", "Hacking (INT)". */
const ATTRIBUTE_TAG = /\s*\([A-Z]{2,5}\)\s*$/;

/**
 * The titles of the book's headings: a requirement that names one names something the book explains, though not as
 * a skill it prices (MARS's talents require "Trained in Athletics", and Athletics is a `### Athletics (STR)` of its
 * skills chapter, advanced by steps, never bought). Gathered once, and only when some name is unknown.
 */
export class HeadingTitles {
  private keys: Map<string, Section[]> | null = null;
  private readonly byId = new Map<string, Section>();

  constructor(
    private readonly sections: readonly Section[],
    private readonly reading: ReadingWords,
  ) {}

  /**
   * Whether a name key is a heading's title, one with a choice after it ("Faith (Militarist)" for a Faith heading),
   * one with the kind of the headings above it ("Pact of the Blade Invocation" under "Eldritch Invocation Options"),
   * or one quoted after what it is ("умение «боевой стиль»" for "Уровень 1: Боевой стиль").
   */
  has(key: string): boolean {
    const keys = (this.keys ??= this.gather());
    // A key has lost its closing bracket with the rest of its edge punctuation ("faith (militarist").
    if (keys.has(key) || keys.has(key.replace(/\s*\([^()]*\)?$/, ''))) return true;
    const quoted = quotedName(key);
    if (quoted && keys.has(quoted)) return true;
    return splitKind(key, this.reading).some((kinded) => keys.get(kinded.name)?.some((section) => titledWithKind(this.titlesAbove(section), kinded.kind, this.reading)));
  }

  private titlesAbove(section: Section): string[] {
    const titles: string[] = [];
    for (let above = section.parentId && this.byId.get(section.parentId); above; above = above.parentId && this.byId.get(above.parentId)) titles.push(above.title);
    return titles;
  }

  private gather(): Map<string, Section[]> {
    const keys = new Map<string, Section[]>();
    const add = (key: string, section: Section) => (keys.get(key) ?? keys.set(key, []).get(key)!).push(section);
    const granted = grantedAt(this.reading);
    for (const section of this.sections) {
      this.byId.set(section.id, section);
      add(nameKey(section.title), section);
      if (ATTRIBUTE_TAG.test(section.title)) add(nameKey(section.title.replace(ATTRIBUTE_TAG, '')), section);
      // "Level 1: Fighting Style" is the feature Fighting Style, granted at level 1.
      const level = granted.exec(section.title);
      if (level) add(nameKey(section.title.slice(level[0].length)), section);
    }
    return keys;
  }
}
