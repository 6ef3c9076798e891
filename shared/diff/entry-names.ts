/** What impact messages call a numbered entry: a chapter, a section or a rule, as a reader would name it. */
import type { NumberedEntry, Section } from '../model/types.js';

/** "chapter" for a top-level heading, "section" for one under another heading, "rule" for a numbered rule. */
export function entryNoun(entry: NumberedEntry): 'chapter' | 'section' | 'rule' {
  if (entry.kind === 'rule') return 'rule';
  return entry.parentId === null ? 'chapter' : 'section';
}

/**
 * An entry named by its number ("2.1.3" alone: the diff's entries are rules unless it says otherwise), a heading with
 * what it is in front ("chapter 3", "section 2.2", or the word its heading writes: "Appendix B"). `number` is the key
 * to show, the entry's own unless given (a range "2.1–2.3", or the number it has in the other version).
 */
export function entryName(entry: NumberedEntry, number: string = entry.number.key): string {
  if (entry.kind === 'rule') return number;
  return `${headingWord(entry)} ${number}`;
}

/** The same at the start of a sentence: "Chapter 3 says …". */
export function entryNameOpening(entry: NumberedEntry, number?: string): string {
  const name = entryName(entry, number);
  return name[0].toUpperCase() + name.slice(1);
}

function headingWord(section: Section & NumberedEntry): string {
  return section.number.prefix ?? entryNoun(section);
}
