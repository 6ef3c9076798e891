/**
 * The structure reader: numbered lines (a text file's, or what the MediaWiki and HTML readers made of
 * theirs) → blocks. Each recognition lives in its own module; this one decides the order they are
 * tried in and keeps the state a line needs (the open rule, the paragraph being joined, the heading depth).
 */
import type { Block, SourceLine } from './blocks.js';
import { findContents, contentsTitle, type ContentsList } from './contents.js';
import { GLOSSARY_TITLE, readGlossary } from './glossary.js';
import { continuesRunOfShortLines, isShortTitle, matchBareChapter, numberedDepth, numberedHeadingText } from './headings.js';
import { readsAsNumbered } from './escape.js';
import { indentOf, isBlank } from './lines.js';
import { matchRuleLine, matchTitleLine, detectHundredsSections, type TitleLineMatch } from './numbering.js';
import { joinKind, joinLines } from './paragraphs.js';
import { matchSectionPrerequisite } from './prerequisites.js';
import type { ReportBuilder } from './report.js';
import { recogniseList } from './bullets.js';
import { recogniseCellTable } from './tables.js';
import { recogniseFieldBlock } from './field-blocks.js';
import { recogniseLineBlocks, type Claimed, type LineRecogniser } from './recognisers.js';

export interface StructureResult {
  readonly blocks: Block[];
  readonly title: string | null;
  readonly glossaryTerms: number;
  readonly hundredsSections: boolean;
}

/** Lines that begin a paragraph of their own even straight after another line. */
// Capitalised only: "(For\nexample: a level 15 character…" is a sentence wrapped before its "example:".
const OWN_PARAGRAPH = /^(?:Examples?|Note|Notes|Exception|Clarification|Important|Optional Rule|Option|EXAMPLES?|NOTES?)\s*:/;

/** Tried in order on every line that is not a heading: the first to claim it wins. */
const DEFAULT_RECOGNISERS: readonly LineRecogniser[] = [recogniseFieldBlock, recogniseCellTable, recogniseList];

interface OpenText {
  kind: 'rule' | 'paragraph';
  line: number;
  number: string;
  text: string;
}

export function readStructure(lines: readonly SourceLine[], report: ReportBuilder, options: { recognisers?: readonly LineRecogniser[] } = {}): StructureResult {
  const blocks: Block[] = [];
  const contents = findContents(lines);
  if (contents) report.recognise('contents list');
  const hundreds = detectHundreds(lines, contents);
  let glossaryTerms = 0;

  // The title: the first line, when it reads as one and is not a numbered heading.
  let first = lines.findIndex((l) => !isBlank(l));
  let title: string | null = null;
  if (first !== -1 && lines[first].heading === undefined && !lines[first].bullet && !lines[first].table) {
    const text = lines[first].text.trim();
    if (text.length <= 100 && !/[.,;:]$/.test(text) && !matchRuleLine(text) && !matchTitleLine(text) && !matchBareChapter(text, 1) && !(contents && contents.depths.has(text))) {
      title = text;
    } else first = -1;
  } else first = -1;

  let depth = 0;
  let open: OpenText | null = null;
  const usedContents = new Set<number>();
  const flush = (): void => {
    if (!open) return;
    if (open.kind === 'rule') blocks.push({ kind: 'rule', line: open.line, number: open.number, text: open.text });
    else blocks.push({ kind: 'paragraph', line: open.line, text: open.text });
    open = null;
  };
  const heading = (line: number, level: number, text: string, numbered = matchTitleLine(text) !== null): void => {
    flush();
    depth = Math.max(1, Math.min(6, level));
    blocks.push({ kind: 'heading', line, depth, text, numbered });
    if (!numbered && readsAsNumbered(text)) report.unsure(line, text, 'heading starts with a number and will be read as a section number');
  };
  /** Lines a recogniser claimed: they end the open paragraph; returns the last of them, for reading on after it. */
  const take = (claimed: Claimed): number => {
    flush();
    blocks.push(...claimed.blocks);
    return claimed.next - 1;
  };
  // The last bare chapter number seen ("1 \tFundamentals"), so that the next one must follow it.
  let lastChapter = 0;
  let previousWasChapter = false;

  for (let i = 0; i < lines.length; i++) {
    if (i === first) continue;
    if (contents && i >= contents.start && i < contents.end) {
      if (i === contents.start) flush();
      continue;
    }
    const line = lines[i];
    const text = line.text.trim();
    if (isBlank(line)) {
      flush();
      continue;
    }
    const wasChapter = previousWasChapter;
    previousWasChapter = false;
    if (line.table) {
      flush();
      const [header, ...rows] = line.table;
      blocks.push({ kind: 'table', line: line.line, header, rows });
      continue;
    }
    if (line.heading !== undefined) {
      // A heading with Cost/Prerequisite fields under it is a skill ("Flying fist" then "Cost: 5").
      const block = recogniseFieldBlock(lines, i, { report, depth });
      if (block) {
        i = take(block);
        continue;
      }
      const match = matchTitleLine(text);
      heading(line.line, line.heading, text);
      if (match && /^\d+$/.test(match.number) && !match.prefix) depth = line.heading;
      continue;
    }

    // A title listed in the contents: a heading as deep as the contents indent it.
    const contentsDepth = contents?.depths.get(contentsTitle(text));
    if (contentsDepth !== undefined && !usedContents.has(i)) {
      usedContents.add(i);
      if (GLOSSARY_TITLE.test(text)) {
        heading(line.line, contentsDepth, text);
        const end = nextContentsHeading(lines, i + 1, contents!);
        const glossary = readGlossary(lines.slice(i + 1, end), Math.min(6, contentsDepth + 2));
        report.recognise('glossary');
        blocks.push(...glossary.blocks);
        glossaryTerms += glossary.terms;
        i = end - 1;
        continue;
      }
      const match = matchTitleLine(text);
      heading(line.line, contentsDepth, match ? numberedHeadingText(match) : text);
      continue;
    }

    if (!contents && line.heading === undefined && !line.prose) {
      const chapter = matchBareChapter(text, lastChapter + 1);
      // Standing apart, or straight after the chapter before it, or opening its own rules ("9 Traps" then "9.1 …").
      if (chapter && (wasChapter || isBlank(lines[i - 1]) || matchRuleLine(lines[i + 1]?.text ?? '')?.number.startsWith(`${chapter.number}.`))) {
        heading(line.line, 1, `${chapter.number} ${chapter.title}`, true);
        lastChapter = chapter.number;
        previousWasChapter = true;
        continue;
      }
    }

    if (!contents && !line.prose) {
      const titled = numberedTitle(lines, i);
      if (titled) {
        heading(line.line, numberedDepth(titled.match, hundreds), numberedHeadingText(titled.match));
        i = titled.next - 1;
        continue;
      }
    }

    // Other recognisers (bullets, skills, field blocks, prerequisite lines) claim lines first.
    const claimed = recogniseLineBlocks(lines, i, { report, depth, recognisers: options.recognisers ?? DEFAULT_RECOGNISERS });
    if (claimed) {
      i = take(claimed);
      continue;
    }

    const sectionWide = matchSectionPrerequisite(text);
    if (sectionWide) {
      flush();
      blocks.push({ kind: 'prerequisite', line: line.line, text: sectionWide });
      continue;
    }

    const rule = matchRuleLine(text);
    if (rule) {
      const title = contents ? null : ruleLineAsTitle(text);
      if (title) {
        heading(line.line, numberedDepth(title, hundreds), numberedHeadingText(title));
        continue;
      }
      flush();
      open = { kind: 'rule', line: line.line, number: rule.number, text: rule.rest };
      continue;
    }

    if (!line.prose && isBlank(lines[i - 1]) && isBlank(lines[i + 1]) && isShortTitle(text) && (i + 1 < lines.length) && !continuesRunOfShortLines(lines, i)) {
      const level = blocks.some((b) => b.kind === 'heading') ? Math.max(1, depth + (lastHeadingIsNumbered(blocks) ? 1 : 0)) : 1;
      heading(line.line, level, text);
      report.unsure(line.line, text, 'short line read as a heading');
      continue;
    }

    // Running text: continues the open rule or paragraph when it follows it directly.
    const continues = open !== null && !isBlank(lines[i - 1]) && !OWN_PARAGRAPH.test(text);
    if (continues && open) {
      const kind = joinKind(open.text, text);
      if (kind) open.text = joinLines(open.text, text, kind);
      else if (open.kind === 'rule') open.text = `${open.text}\n${text}`;
      else {
        flush();
        open = { kind: 'paragraph', line: line.line, number: '', text };
      }
      continue;
    }
    flush();
    open = { kind: 'paragraph', line: line.line, number: '', text };
  }
  flush();
  return { blocks, title, glossaryTerms, hundredsSections: hundreds };
}

function lastHeadingIsNumbered(blocks: readonly Block[]): boolean {
  for (let i = blocks.length - 1; i >= 0; i--) {
    const b = blocks[i];
    if (b.kind === 'heading') return /^(?:(?:chapter|section|part|appendix)\s+)?\d/i.test(b.text);
  }
  return false;
}

/** Where the glossary ends: the next line that is a contents entry (Credits), or the end. */
function nextContentsHeading(lines: readonly SourceLine[], from: number, contents: ContentsList): number {
  for (let i = from; i < lines.length; i++) {
    const text = lines[i].text.trim();
    if (text && contents.depths.has(contentsTitle(text)) && isBlank(lines[i - 1])) return i;
  }
  return lines.length;
}

/** Whether numbered headings follow the hundreds pattern (chapter 1 holds 100–199). */
function detectHundreds(lines: readonly SourceLine[], contents: ContentsList | null): boolean {
  const headings: { number: string; chapter: string | null }[] = [];
  let chapter: string | null = null;
  const titles = contents ? [...contents.depths.keys()] : lines.map((l) => l.text.trim()).filter((t) => t && t.length < 80);
  for (const title of titles) {
    const m = matchTitleLine(title);
    if (!m || !/^\d+$/.test(m.number) || !m.title || /[.;,]$/.test(m.title)) continue;
    if (m.number.length === 1) chapter = m.number;
    else headings.push({ number: m.number, chapter });
  }
  return detectHundredsSections(headings);
}

/**
 * A rule-numbered line that is really a section title: "2.1 - Character Skills". Only with an explicit
 * separator: "2.1 Drakes" followed by "2.1.1 …" is kept a numbered rule, which nests the same way and
 * loses nothing, where guessing a heading from capitalised words also took short rules for titles.
 */
function ruleLineAsTitle(text: string): TitleLineMatch | null {
  const match = matchTitleLine(text);
  if (!match || !match.title || !match.number.includes('.') || /[a-z]$/i.test(match.number)) return null;
  if (!isShortTitle(match.title)) return null;
  return /^[-–—:]$/.test(match.separator) ? match : null;
}

/**
 * A numbered title: "Chapter 1." (with its title on the next line, "Introductions"), "100. General",
 * "Chapter 4. Alchemy". Returns the match and the index after the lines it used.
 */
function numberedTitle(lines: readonly SourceLine[], i: number): { match: TitleLineMatch; next: number } | null {
  const text = lines[i].text.trim();
  const match = matchTitleLine(text);
  if (!match || match.number.includes('.')) return null;
  if (!match.title) {
    if (!match.prefix) return null;
    // "Chapter 1." then "Introductions" on the next line.
    const next = lines[i + 1]?.text.trim() ?? '';
    if (next && isShortTitle(next)) return { match: { ...match, title: next }, next: i + 2 };
    return { match, next: i + 1 };
  }
  if (indentOf(lines[i].text) > 3 || !isShortTitle(match.title)) return null;
  // "9. Enchantments (E)" after item 8 of a numbered list is item 9, not a chapter.
  let k = i - 1;
  while (k >= 0 && isBlank(lines[k])) k--;
  const previous = k >= 0 ? /^\s*(\d+)[.)]\s+\S/.exec(lines[k].text) : null;
  if (previous && Number(previous[1]) === Number(match.number) - 1) return null;
  if (!match.prefix && !(isBlank(lines[i - 1]) && isBlank(lines[i + 1]))) return null;
  return { match, next: i + 1 };
}
