/** Heading recognition for plain text: numbered titles ("Chapter 4.", "100. General", "2.1 - Skills") and short title lines. */
import type { SourceLine } from './blocks.js';
import { isBlank } from './lines.js';
import { matchRuleLine, matchTitleLine, segmentsOf, type TitleLineMatch } from './numbering.js';

const TERMINAL = /[.,;:!?…]$/;

/**
 * A line that reads as a title rather than a sentence: short, starts with a capital or a digit, few
 * words, and no sentence punctuation at its end.
 */
export function isShortTitle(text: string): boolean {
  const t = text.trim();
  if (!t || t.length > 60 || TERMINAL.test(t)) return false;
  if (!/^[\p{Lu}\d"“'‘]/u.test(t)) return false;
  if (t.split(/\s+/).length > 9) return false;
  // "From AmtWiki", "From Wikipedia, the free encyclopedia": the tagline a wiki page copies with its text.
  if (/^From \S*(?:wiki|pedia)\b/i.test(t)) return false;
  // Bullets, field lines and cost entries are not titles.
  if (/^[•◦▪●○·*-]\s/.test(t) || /^\S[^:]{0,30}:\s*\S/.test(t) || /\(\s*\d+(?:\/\d+)?\s*[A-Za-z]*\s*\)/.test(t)) return false;
  return true;
}

/** A short title line standing alone between blank lines, the shape a heading guessed from its look has. */
function standsAsShortTitle(lines: readonly SourceLine[], i: number): boolean {
  const line = lines[i];
  if (!line || line.prose || line.heading !== undefined || line.table || line.bullet) return false;
  const text = line.text.trim();
  return isBlank(lines[i - 1]) && isBlank(lines[i + 1]) && isShortTitle(text) && !matchRuleLine(text) && !matchTitleLine(text);
}

/** The standing short line before or after line i, across blank lines only, or -1. The document's first line (its title) never counts. */
function neighbour(lines: readonly SourceLine[], i: number, step: 1 | -1): number {
  let k = i + step;
  while (k >= 0 && k < lines.length && isBlank(lines[k])) k += step;
  if (k < 0 || k >= lines.length || !standsAsShortTitle(lines, k)) return -1;
  return lines.slice(0, k).every(isBlank) ? -1 : k;
}

/**
 * Whether short line i follows another in a run of four or more with nothing else between them: a list
 * of names ("Organizers" then "Oddur", "Sólmundur", "Bjarni", each alone), not a cascade of empty headings.
 * Three in a row (part, chapter, section) are still read as headings; the first line of a run is left to
 * be one, since it is what introduces the list.
 */
export function continuesRunOfShortLines(lines: readonly SourceLine[], i: number): boolean {
  if (!standsAsShortTitle(lines, i)) return false;
  let before = 0;
  for (let k = neighbour(lines, i, -1); k !== -1 && before < 3; k = neighbour(lines, k, -1)) before++;
  if (before === 0) return false;
  let after = 0;
  for (let k = neighbour(lines, i, 1); k !== -1 && before + after < 3; k = neighbour(lines, k, 1)) after++;
  return before + after + 1 >= 4;
}

/** A numbered title's heading depth: "Chapter 4" and "4." are 1, "2.1" is 2, "100." is 2 under hundreds-style chapters. */
export function numberedDepth(match: TitleLineMatch, hundreds: boolean): number {
  if (match.prefix && /^(chapter|part|appendix)$/i.test(match.prefix)) return 1;
  if (match.prefix && /^section$/i.test(match.prefix)) return 2;
  const segments = segmentsOf(match.number);
  if (hundreds && segments.length === 1 && /^\d{3}$/.test(segments[0])) return 2;
  return Math.min(6, segments.length);
}

/** The heading text for a numbered title as the dialect writes it: "Chapter 4. Alchemy", "100. General", "2.1 - Character Skills". */
export function numberedHeadingText(match: TitleLineMatch): string {
  const number = `${match.prefix ? `${match.prefix} ` : ''}${match.number}`;
  const separator = match.separator === '.' || match.separator === ':' ? match.separator : match.separator ? ` ${match.separator}` : '';
  return match.title ? `${number}${separator} ${match.title}` : `${number}${separator}`;
}

/**
 * A chapter written as a bare number and its title ("1 \tFundamentals", "12 Appendix A: Spell List"): only
 * the chapter that comes next in sequence, so that "45 XP, but level 11…" or a table cell "1 Body point"
 * is never taken for one.
 */
export function matchBareChapter(text: string, expected: number): { number: number; title: string } | null {
  const m = /^(\d{1,2})\s+(\S.*)$/.exec(text.trim());
  if (!m || Number(m[1]) !== expected) return null;
  const title = m[2].trim();
  if (title.length > 80 || /[.,;]$/.test(title) || !/^[\p{Lu}"“]/u.test(title) || title.split(/\s+/).length > 10) return null;
  return { number: expected, title };
}
