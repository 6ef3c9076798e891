/**
 * How a book numbers its rules and points at them: the number styles it writes, bare numbers in prose that name
 * existing rules, link targets with a scheme of their own, a contents list that alone carries the numbers, and
 * change-history sections whose numbers are no rules.
 */
import { slug } from 'github-slugger';
import { DEFAULT_LAYOUT } from '../model/layout.js';
import type { RulebookSource } from '../model/types.js';
import { isOutlineNumber, OUTLINE_NUMBER } from '../parse/numbers.js';
import { MEASURE_AFTER } from '../parse/references.js';
import { chapterLists } from './chapter-lists.js';
import { bodyLines, headingOf, plainName } from './text-lines.js';

export type NumberStyle = 'dotted' | 'paren' | 'bold-bullet' | 'heading' | 'article';

export interface StyleCount {
  readonly style: NumberStyle;
  readonly count: number;
  /** The first number written in this style, as written ("1a)", "0000.1.5"). */
  readonly example: string;
}

export interface NumberFindings {
  readonly styles: readonly StyleCount[];
  /** Dotted numbers in prose with no keyword before them, and how many name a number the book has. */
  readonly bare: { readonly count: number; readonly matching: number; readonly example: string | null };
  readonly links: readonly { readonly pattern: string; readonly uses: number; readonly example: string }[];
  /** Contents links with numbers in their text, how many land on a heading, how many of those headings are unnumbered. */
  readonly contents: { readonly links: number; readonly resolved: number; readonly unnumbered: number; readonly example: string | null };
  readonly notRules: readonly { readonly title: string; readonly file: string; readonly line: number }[];
  /** "Chapter N" in running text while no top-level heading carries a number: how many, and how many N are within the count of top-level headings. */
  readonly chapters: { readonly mentions: number; readonly fitting: number; readonly topHeadings: number; readonly numberedTop: number; readonly example: string | null };
  /**
   * "rule 3.7.3.4", "Section 4.4", "Section 5" naming no number the book writes: how many, and how many name an item
   * of a chapter's numbered lists, or a chapter, when the chapters are numbered by their order (chapter-lists.ts).
   */
  readonly chapterLists: { readonly mentions: number; readonly fitting: number; readonly chapters: number; readonly example: string | null };
}

/** A rule or section named by number: "rule 3.7.3.4", "Section 4.4", "see 3.5.2.1", "Section 5". */
const NAMED_NUMBER = /\b(rules?|sections?|see)[ \t]+(\d+(?:\.\d+)*)\b(?!\.\d)/gi;

const LEADING_TAGS = /^(?:[ \t]*<[a-z][^>]*>)*/i;
// "1.2.3", "100.1a", and an outline's "1.B.2." or "B1.A.1." (USA Ultimate's rules).
const DOTTED = new RegExp(String.raw`^[ \t]*(\d+(?:\.\d+)+[a-z]?|\d+\.?\d*[a-z]|${OUTLINE_NUMBER})\.?(?=[ \t]|$)`);
const PAREN = /^[ \t]*(?:[-*+][ \t]+)?([A-Z]?\d+[a-z](?:\d+[a-z]?)*\)|[A-Z]\d+[a-z]?(?:\d+[a-z]?)*\))(?=[ \t]|$)|^[ \t]*[-*+][ \t]+(\d+\))(?=[ \t])/;
const BOLD_BULLET = /^[ \t]*[-*+][ \t]+(?:\*\*|__)(\d+(?:-\d+)?(?:\.\d+)+[a-z]?|\d+(?:-\d+)?)\.?(?:\*\*|__)/;
const HEADING_NUMBER = /^(?:(chapter|section|part|appendix|article)[ \t]+)?(\d+(?:[.-]\d+)*[a-z]?)\b/i;
/** "9.B Restarting Play": an outline's number on a heading, its letters in capitals (isOutlineNumber). */
const OUTLINE_HEADING = new RegExp(String.raw`^(?:(chapter|section|part|appendix|article)[ \t]+)?(${OUTLINE_NUMBER})(?=[ \t.:]|$)`, 'i');
const KEYWORD_BEFORE = /(?:see|rules?|sections?|chapters?|appendix|articles?|§|paragraphs?|para|clauses?|regulations?|r\.)[ \t]*$/i;
// Never a part of a longer number: "15.5.a.5" is no bare 15.5.
const BARE = new RegExp(String.raw`(^|[^\w.#/:-])(${OUTLINE_NUMBER}|\d+(?:\.\d+)+[a-z]?)(?![\w]|\.\w)`, 'g');
/**
 * The number at the end of a link target: "A3c2" in `regulations:regulation:A3c2`, "2k" in `…:2k+`, "12" in
 * `…:article:12`, "1.B.2": all of a number whose letters and digits take turns, so one pattern
 * (`regulations:regulation:{number}`) covers a book's every rule, not one pattern per letter before the last digits.
 */
const LINK_NUMBER = /(?<![A-Za-z0-9])[A-Za-z]?\d+(?:[a-z]{1,2}\d+)*[a-z]{0,2}(?:\.(?:\d+|[a-z])[a-z]{0,2})*(?![A-Za-z0-9])/gi;
const WEB_SCHEMES = /^(?:https?|mailto|ftp|tel|file|data|javascript|irc|news|sms)$/i;
const CHANGE_TITLE = /\b(?:change ?logs?|changes|revisions?|version history|errata|patch notes|release notes|updates|what'?s new|document history)\b/i;

/** Some 40 characters of a line before a match and 20 after it, cut at spaces so that no word is split. */
function around(line: string, index: number, length: number): string {
  const from = line.lastIndexOf(' ', Math.max(0, index - 40));
  const to = line.indexOf(' ', index + length + 20);
  return line.slice(from === -1 || index < 40 ? 0 : from + 1, to === -1 ? line.length : to).trim();
}

const numberKey = (n: string) => n.toLowerCase().replace(/[.)]+$/, '');

/** The text of a heading as GitHub renders it, for its slug. */
function headingText(title: string): string {
  return title.replace(/<[^>]+>/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*_`]/g, '').trim();
}

function anchorsIn(title: string): string[] {
  const out = [slug(headingText(title))];
  for (const m of title.matchAll(/<a\b[^>]*\b(?:name|id)\s*=\s*["']?([^"'\s/>]+)/gi)) out.push(m[1].toLowerCase());
  for (const m of title.matchAll(/\{#([^}\s]+)\}/g)) out.push(m[1].toLowerCase());
  return out;
}

export function inferNumbers(source: RulebookSource, skip: ReadonlySet<string> = new Set()): NumberFindings {
  const styles = new Map<NumberStyle, { count: number; example: string }>();
  const count = (style: NumberStyle, example: string) => {
    const s = styles.get(style);
    if (s) s.count++;
    else styles.set(style, { count: 1, example });
  };
  const numbers = new Set<string>();
  const anchors = new Map<string, boolean>();
  const prose: string[] = [];
  const contents: { number: string; anchor: string; text: string }[] = [];
  const linkUses = new Map<string, { uses: number; example: string }>();
  const notRules: { title: string; file: string; line: number }[] = [];
  const defaults = new Set(DEFAULT_LAYOUT.numbering.notRules.map((t) => t.toLowerCase()));
  const headingDepths: { depth: number; numbered: boolean }[] = [];

  for (const file of source.files) {
    if (skip.has(file.path)) continue;
    let change: { title: string; depth: number; line: number; confirmed: boolean } | null = null;
    const closeChange = () => {
      if (change?.confirmed && !notRules.some((n) => n.title.toLowerCase() === change!.title.toLowerCase())) notRules.push({ title: change.title, file: file.path, line: change.line });
      change = null;
    };
    for (const l of bodyLines(file.text)) {
      if (l.code) continue;
      const heading = headingOf(l.text);
      if (heading) {
        if (change && heading.depth <= change.depth) closeChange();
        const text = headingText(heading.title);
        // Punctuation before the number goes ("§ 3", "(2)"); letters stay, in any alphabet: "Заклинания 1-го уровня" is no 1.
        const bare = text.replace(/^[^\p{L}\p{N}_]+/u, '');
        const outline = OUTLINE_HEADING.exec(bare);
        const m = (outline && isOutlineNumber(outline[2]) ? outline : null) ?? HEADING_NUMBER.exec(bare);
        const numbered = m !== null;
        headingDepths.push({ depth: heading.depth, numbered });
        if (m) {
          if (m[1]?.toLowerCase() === 'article') count('article', text);
          else count('heading', m[2]);
          numbers.add(numberKey(m[2]));
        }
        if (change && /^(?:v(?:ersion)?\s*)?\d/i.test(text)) change.confirmed = true;
        for (const a of anchorsIn(heading.title)) if (!anchors.has(a)) anchors.set(a, numbered);
        const plain = plainName(heading.title);
        if (!change && CHANGE_TITLE.test(plain) && !defaults.has(plain.toLowerCase())) change = { title: plain, depth: heading.depth, line: l.line, confirmed: false };
        continue;
      }
      const text = l.text.replace(LEADING_TAGS, '');
      let own: string | null = null;
      const bold = BOLD_BULLET.exec(text);
      const paren = bold ? null : PAREN.exec(text);
      const dotted = bold || paren ? null : DOTTED.exec(text);
      if (bold) {
        count('bold-bullet', bold[1]);
        own = bold[0];
        numbers.add(numberKey(bold[1]));
      } else if (paren) {
        const n = paren[1] ?? paren[2];
        count('paren', n);
        own = paren[0];
        numbers.add(numberKey(n));
      } else if (dotted) {
        count('dotted', dotted[1]);
        own = dotted[0];
        numbers.add(numberKey(dotted[1]));
      }
      if (change && (own || /^[ \t]*(?:[-*+][ \t]+)?(?:\*\*)?(?:v(?:ersion)?[ \t]*)?\d/i.test(text))) change.confirmed = true;
      const toc = /^[ \t]*[-*+][ \t]+\[[ \t]*(?:\*\*|__)?[ \t]*((?:\d+\.)*\d+)\.?[ \t]+[^\]]*\]\([ \t]*#([^)\s]+)[ \t]*\)/.exec(l.text);
      if (toc) contents.push({ number: toc[1], anchor: decodeURIComponent(toc[2]).toLowerCase(), text: l.text.trim() });
      for (const m of l.text.matchAll(/\]\([ \t]*<?([A-Za-z][\w+.-]*):([^)\s>]+)/g)) {
        if (WEB_SCHEMES.test(m[1])) continue;
        const href = `${m[1]}:${m[2]}`;
        const numberAt = [...href.matchAll(LINK_NUMBER)].pop() ?? [...href.matchAll(/\d+(?:\.\d+)*[a-z]{0,2}(?![A-Za-z0-9])/gi)].pop();
        if (!numberAt || numberAt.index === undefined) continue;
        const pattern = `${href.slice(0, numberAt.index)}{number}${href.slice(numberAt.index + numberAt[0].length)}`;
        const seen = linkUses.get(pattern);
        if (seen) seen.uses++;
        else linkUses.set(pattern, { uses: 1, example: href });
      }
      if (!toc) prose.push((own ? text.slice(own.length) : text).replace(/\]\([^)]*\)/g, ']').replace(/<[^>]*>/g, ' ').replace(/`[^`]*`/g, ' '));
    }
    closeChange();
  }

  // Numbers that exist only in the contents still exist: a bare "see 1.4" may point at them.
  let resolved = 0;
  let unnumbered = 0;
  for (const c of contents) {
    const numbered = anchors.get(c.anchor);
    if (numbered === undefined) continue;
    resolved++;
    if (!numbered) unnumbered++;
    numbers.add(numberKey(c.number));
  }

  // References to numbers no heading or line writes, which a chapter's lists numbered by its place may have.
  const lists = chapterLists(source, skip);
  let listMentions = 0;
  let listFitting = 0;
  let listExample: string | null = null;
  for (const line of prose) {
    for (const m of line.matchAll(NAMED_NUMBER)) {
      const chapter = !m[2].includes('.');
      if (numbers.has(m[2]) || (chapter && !/^sections?$/i.test(m[1]))) continue;
      listMentions++;
      if (chapter ? Number(m[2]) >= 1 && Number(m[2]) <= lists.chapters : lists.numbers.has(m[2])) {
        listFitting++;
        listExample ??= around(line, m.index!, m[0].length);
      }
    }
  }
  const byLists = !lists.numberedChapters && listFitting >= 2 && listFitting * 10 >= listMentions * 8;
  // Those numbers then exist: a bare "found in 3.12" may name them.
  if (byLists) for (const n of lists.numbers) numbers.add(n);

  let bare = 0;
  let matching = 0;
  let example: string | null = null;
  for (const line of prose) {
    for (const m of line.matchAll(BARE)) {
      const before = line.slice(0, m.index! + m[1].length);
      const after = m.index! + m[0].length;
      if (KEYWORD_BEFORE.test(before) || MEASURE_AFTER.test(line.slice(after, after + 12))) continue;
      bare++;
      if (numbers.has(numberKey(m[2]))) {
        matching++;
        example ??= line.trim().slice(0, 100);
      }
    }
  }
  const top = headingDepths.length ? Math.min(...headingDepths.map((h) => h.depth)) : 0;
  const topHeadings = headingDepths.filter((h) => h.depth === top);
  let mentions = 0;
  let fitting = 0;
  let chapterExample: string | null = null;
  for (const line of prose) {
    for (const m of line.matchAll(/\bchapters?[ \t]+(\d+)\b(?!\.\d)/gi)) {
      mentions++;
      if (Number(m[1]) >= 1 && Number(m[1]) <= topHeadings.length) {
        fitting++;
        chapterExample ??= around(line, m.index!, m[0].length);
      }
    }
  }
  const order: NumberStyle[] = ['dotted', 'paren', 'bold-bullet', 'heading', 'article'];
  return {
    styles: order.filter((s) => styles.has(s)).map((s) => ({ style: s, ...styles.get(s)! })),
    bare: { count: bare, matching, example },
    links: [...linkUses].filter(([, u]) => u.uses >= 2).map(([pattern, u]) => ({ pattern, ...u })).sort((a, b) => b.uses - a.uses),
    contents: { links: contents.length, resolved, unnumbered, example: contents[0]?.text ?? null },
    notRules,
    chapters: { mentions, fitting, topHeadings: topHeadings.length, numberedTop: topHeadings.filter((h) => h.numbered).length, example: chapterExample },
    chapterLists: { mentions: listMentions, fitting: byLists ? listFitting : 0, chapters: lists.chapters, example: listExample },
  };
}
