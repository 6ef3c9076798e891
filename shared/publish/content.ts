/** The book's content in reading order: headings, rules, skills and prose, with anchors and link targets decided. */
import type { LinkedRulebook } from '../link/types.js';
import { linkedSections, picturePath } from '../link/links.js';
import { headingSkills } from '../model/heading-skills.js';
import { isHeadField } from '../model/head-fields.js';
import { requirementsByTier } from '../model/prerequisite-tiers.js';
import { alternativesWord } from '../model/book-language.js';
import type { Field, NumberedEntry, Rule, Rulebook, RulebookSource, Section, Skill } from '../model/types.js';
import { splitFrontMatter } from '../parse/config.js';
import { DEFAULT_RECOGNISERS } from '../parse/recognisers.js';
import { applyLinks, type LinkSpan, type Run } from './inline.js';
import { FileProse, type Mask, type ProseBlock } from './prose-blocks.js';
import { chapterPlan } from './chapters.js';
import { partitionPoint } from '../model/partition-point.js';
import { blockShortcodeMasks } from './shortcodes.js';

export type ContentBlock =
  | {
      readonly kind: 'heading';
      readonly section: Section;
      readonly level: number;
      readonly anchor: string;
      readonly chapter: boolean;
      /** Anchors of entries written inside the heading (`# 1.5 Fireball (0)` is also the skill Fireball): links to them land here. */
      readonly also: readonly string[];
    }
  | {
      readonly kind: 'rule';
      readonly rule: Rule;
      readonly anchor: string;
      readonly runs: readonly Run[];
      readonly indent: number;
      /** Written inside a block quote (`> 1. …`): it prints with the quote's bar, as the quote's paragraphs do. */
      readonly quote: boolean;
    }
  | {
      readonly kind: 'skill';
      readonly skill: Skill;
      readonly anchor: string;
      readonly prerequisites: readonly Run[];
      readonly body: readonly ProseBlock[];
      /** Anchors of the heading the skill is written as (`### Flying fist` over `Cost: 5`): links to it land here. */
      readonly also: readonly string[];
    }
  | {
      readonly kind: 'prose';
      readonly block: ProseBlock;
      readonly rowAnchors: ReadonlyMap<number, string>;
      /**
       * The numbered rule whose words a list paragraph stands under: a list nested in the rule's item (`1. …` over
       * `   - …`), or the list right after a rule line (`2.1.2 You must:` over `- …`). Its depth counts from there.
       */
      readonly under?: UnderRule;
    };

/** A rule that prints at the depth its number says (not as an item of a bullet), and the indent it prints at. */
export interface UnderRule {
  readonly rule: Rule;
  readonly indent: number;
}

export interface BookContent {
  readonly blocks: readonly ContentBlock[];
  /** Every anchor the content defines. */
  readonly anchors: ReadonlySet<string>;
  /** Unresolved references and prerequisites that print (marked), as "file:line: message". */
  readonly warnings: readonly string[];
  /** Chapters (top-level headings) included, in order. */
  readonly chapters: readonly Section[];
  /** The level the chapters' headings print at: every file's chapters at the same one (see chapterPlan). */
  readonly chapterLevel: number;
}

export const sectionAnchor = (section: Section) => `sec:${section.id}`;
export const ruleAnchor = (rule: Rule) => `rule:${rule.id}`;
export const skillAnchor = (skill: Skill) => `skill:${skill.id}`;
export const entryAnchor = (entry: NumberedEntry) => (entry.kind === 'rule' ? ruleAnchor(entry) : sectionAnchor(entry));

/** The chapters that `--chapters` selects and that start a new page (see chapterPlan). */
export const chaptersOf = (linked: LinkedRulebook): readonly Section[] => chapterPlan(linked.model).chapters;

/** Chapters named by number ("3", "Chapter 3") or title ("Magic"), compared ignoring case. Unknown names throw. */
export function selectChapters(linked: LinkedRulebook, wanted: readonly string[] | undefined): Section[] {
  const chapters = chaptersOf(linked);
  if (!wanted || wanted.length === 0) return [...chapters];
  const picked = new Set<Section>();
  for (const name of wanted) {
    const key = name.trim().toLowerCase().replace(/^(chapter|section|part|appendix)\s+/, '').replace(/\.$/, '');
    const match = chapters.find((c) => c.number?.key.toLowerCase() === key || c.title.trim().toLowerCase() === key);
    if (!match) {
      const known = chapters.map((c) => (c.number ? c.number.key : c.title)).join(', ');
      throw new Error(`no chapter \`${name}\` in this rulebook (chapters: ${known})`);
    }
    picked.add(match);
  }
  return chapters.filter((c) => picked.has(c));
}

interface Claim {
  readonly start: number;
  readonly end: number;
  readonly item: Section | Rule | Skill;
}

/** Builds the content of the whole book, or of the chosen chapters only. */
export function buildContent(linked: LinkedRulebook, source: RulebookSource, chapterNames?: readonly string[]): BookContent {
  const { model } = linked;
  const allChapters = chaptersOf(linked);
  const chapters = selectChapters(linked, chapterNames);
  const filtered = chapters.length !== allChapters.length;
  const regions = new Map<string, Array<[number, number]>>();
  for (const chapter of chapters) {
    const list = regions.get(chapter.range.file) ?? [];
    list.push([chapter.range.start.offset, chapter.range.end.offset]);
    regions.set(chapter.range.file, list);
  }
  const included = (file: string, offset: number) => !filtered || (regions.get(file) ?? []).some(([a, b]) => offset >= a && offset < b);

  // What the content will define, so links only point at anchors that exist in this document: the entries that get a
  // block of their own, and the table skills (their rows carry their anchors).
  const placedByFile = new Map(source.files.map((file) => [file.path, placedClaims(model, file.path, file.text)]));
  const anchors = new Set<string>();
  for (const [file, placed] of placedByFile) {
    for (const { claim, also } of placed) if (included(file, claim.start)) for (const item of [claim.item, ...also]) anchors.add(anchorOf(item));
  }
  for (const k of model.skills) if (k.form === 'table' && included(k.range.file, k.range.start.offset)) anchors.add(skillAnchor(k));
  const plan = chapterPlan(model);
  for (const [file, opener] of plan.openers) if (included(file, opener.range.start.offset)) anchors.add(sectionAnchor(opener));

  const warnings: string[] = [];
  const spansByFile = new Map<string, LinkSpan[]>();
  const addSpan = (file: string, span: LinkSpan) => {
    const list = spansByFile.get(file) ?? [];
    list.push(span);
    spansByFile.set(file, list);
  };
  for (const resolved of linked.resolvedReferences) {
    const ref = resolved.reference;
    const target = resolved.skill ? skillAnchor(resolved.skill) : resolved.entries[0] ? entryAnchor(resolved.entries[0]) : null;
    if (target && anchors.has(target)) addSpan(ref.range.file, { start: ref.range.start.offset, end: ref.range.end.offset, target });
  }
  for (const miss of linked.unresolvedReferences) {
    const ref = miss.reference;
    if (!included(ref.range.file, ref.range.start.offset)) continue;
    // A wiki link prints as the words it shows (`[[Deep-One|Deep]]`), which may not be its target: the link is marked.
    const marked = ref.keyword === 'link' ? ref.range : ref.targetRange;
    addSpan(ref.range.file, { start: marked.start.offset, end: marked.end.offset, target: null });
    const hint = miss.suggestions.length ? ` (did you mean ${miss.suggestions.map((s) => `“${s}”`).join(' or ')}?)` : '';
    warnings.push(`${ref.range.file}:${ref.range.start.line}: reference “${ref.text}” does not resolve${hint}; printed as written and marked`);
  }
  const linkedTerms = new Map<string, string>();
  for (const edge of linked.edges) {
    const target = skillAnchor(edge.to);
    if (!anchors.has(target)) continue;
    addSpan(edge.term.range.file, { start: edge.term.range.start.offset, end: edge.term.range.end.offset, target });
    linkedTerms.set(termKey(edge.term.range.file, edge.term.range.start.offset), target);
  }
  // The book's own links ("[Nimble](#nimble)", "[here](/Fantasy/Talents.md)") to its places, where no reference or
  // prerequisite of the same words is a link already: to the skill when the heading they land on is one.
  const headings = headingSkills(model);
  for (const [link, section] of linkedSections(model, linked.vault, (file) => plan.openers.get(file))) {
    const skill = headings.skillOf(section);
    const target = skill ? skillAnchor(skill) : sectionAnchor(section);
    const { file } = link.range;
    const start = link.range.start.offset;
    const end = link.range.end.offset;
    if (!anchors.has(target) || (spansByFile.get(file) ?? []).some((s) => s.start < end && start < s.end)) continue;
    addSpan(file, { start, end, target });
  }
  const seenMisses = new Set<string>();
  for (const miss of linked.unresolvedPrerequisites) {
    const at = `${miss.term.range.file}:${miss.term.range.start.offset}`;
    if (seenMisses.has(at) || !included(miss.skill.range.file, miss.skill.range.start.offset)) continue;
    seenMisses.add(at);
    addSpan(miss.term.range.file, { start: miss.term.range.start.offset, end: miss.term.range.end.offset, target: null });
    warnings.push(`${miss.term.range.file}:${miss.term.range.start.line}: prerequisite “${miss.term.text}” of “${miss.skill.name}” names no skill; printed as written and marked`);
  }
  for (const list of spansByFile.values()) list.sort((a, b) => a.start - b.start);
  // The file each picture shows, as the link check found it (a vault's pictures by name or from its root).
  const pictureFiles = new Map([...linked.pictures].map(([link, path]) => [`${link.range.file}\n${link.href}`, path]));

  const blocks: ContentBlock[] = [];
  const chapterSet = new Set(allChapters);
  const { headingLevel } = plan;
  for (const file of source.files) {
    const text = file.text;
    const reader = new FileProse(text, blockShortcodeMasks(text));
    const opener = plan.openers.get(file.path);
    if (opener && included(file.path, opener.range.start.offset)) blocks.push({ kind: 'heading', section: opener, level: plan.level, anchor: sectionAnchor(opener), chapter: true, also: [] });
    const links: FileLinks = { file: file.path, spans: spansByFile.get(file.path) ?? [], pictureOf: (src) => pictureFiles.get(`${file.path}\n${src}`) ?? picturePath(file.path, src) };
    const front = splitFrontMatter(text);
    let cursor = front ? front.bodyOffset : 0;
    const tableSkills = new Map<number, string>();
    for (const k of model.skills) if (k.range.file === file.path && k.form === 'table') tableSkills.set(lineStartOf(text, k.range.start.offset), skillAnchor(k));

    // The stretches of this file read as prose so far, in order: a list item whose marker one of them holds printed
    // with its bullet, so its paragraphs after a rule inside it (a numbered list in the bullet) stay in it.
    const proseRead: Array<readonly [number, number]> = [];
    const printedAsItem = (marker: number) => {
      const k = partitionPoint(proseRead.length, (i) => proseRead[i][0] <= marker) - 1;
      return k >= 0 && marker < proseRead[k][1];
    };
    // The rule line a list right after it stands under, until something other than that list prints.
    let listAfter: UnderRule | null = null;
    const prose = (from: number, to: number) => {
      if (to <= from || !included(file.path, from)) return;
      for (const block of reader.read(from, to, [], printedAsItem)) {
        if (listAfter && !listed(block)) listAfter = null;
        blocks.push({ kind: 'prose', block: linkProse(block, links), rowAnchors: tableSkills, ...(listAfter ? { under: listAfter } : {}) });
      }
      proseRead.push([from, to]);
    };
    for (const { claim, regionEnd, also } of placedByFile.get(file.path)!) {
      prose(cursor, claim.start);
      listAfter = null;
      cursor = Math.max(cursor, regionEnd, claim.item.kind === 'section' ? claim.end : regionEnd);
      if (!included(file.path, claim.start)) continue;
      const item = claim.item;
      if (!text) {
        // No source text (the caller passed only the model): print the model's own texts, without prose.
        if (item.kind === 'section') blocks.push({ kind: 'heading', section: item, level: headingLevel(item), anchor: sectionAnchor(item), chapter: chapterSet.has(item), also: also.map(anchorOf) });
        else if (item.kind === 'rule') blocks.push({ kind: 'rule', rule: item, anchor: ruleAnchor(item), runs: [{ text: item.text }], indent: numberDepth(item), quote: false });
        else {
          const body: ProseBlock[] = item.text ? [{ kind: 'paragraph', runs: [{ text: item.text }], depth: 0, bullet: null, quote: false, start: item.range.start.offset }] : [];
          blocks.push({ kind: 'skill', skill: item, anchor: skillAnchor(item), prerequisites: prerequisiteRuns(linked, item, linkedTerms), body, also: also.map(anchorOf) });
        }
        continue;
      }
      if (item.kind === 'section') {
        blocks.push({ kind: 'heading', section: item, level: headingLevel(item), anchor: sectionAnchor(item), chapter: chapterSet.has(item), also: also.map(anchorOf) });
      } else if (item.kind === 'rule') {
        const indent = ruleIndent(item, reader, regionEnd);
        const body = ruleBlocks(item, reader, regionEnd).map((b) => linkProse(b, links));
        const first = body[0]?.kind === 'paragraph' ? body.shift() : undefined;
        const runs = first && first.kind === 'paragraph' ? first.runs : [];
        blocks.push({ kind: 'rule', rule: item, anchor: ruleAnchor(item), runs, indent, quote: first?.kind === 'paragraph' && first.quote });
        // A rule standing inside a bullet prints as an item of its list: what its item holds (paragraphs, a list) is
        // one step further in, as under any list item. The reader counts none of the items around the rule (they
        // start before its region), nor the rule's own (its number is masked). A rule at the depth its number says
        // has no list around it to step into: a list in its item stands under its words instead.
        const steps = indent > numberDepth(item) ? indent + 1 : 0;
        const under: UnderRule | undefined = steps === 0 ? { rule: item, indent } : undefined;
        for (const block of body) blocks.push({ kind: 'prose', block: deeper(block, steps), rowAnchors: tableSkills, ...(under && listed(block) ? { under } : {}) });
        // A rule line's list is written after it, not in it (Markdown has no item to nest it in).
        if (item.scope === 'global') listAfter = under ?? null;
      } else {
        blocks.push(skillBlock(linked, item, reader, regionEnd, links, linkedTerms, also.map(anchorOf)));
      }
    }
    prose(cursor, text.length);
  }
  // A table skill's row carries its anchor only in a table that prints among the prose (not one in a skill's own
  // text): links to an anchor no page will hold print as plain text.
  const placed = placedAnchors(blocks);
  const allPlaced = [...anchors].every((anchor) => placed.has(anchor));
  return { blocks: allPlaced ? blocks : blocks.map((b) => unlinkBlock(b, placed)), anchors: placed, warnings, chapters, chapterLevel: plan.level };
}

/** The anchors the typesetter will place for these blocks (see BodyTypesetter): headings, rules, skills, table rows. */
function placedAnchors(blocks: readonly ContentBlock[]): Set<string> {
  const placed = new Set<string>();
  for (const block of blocks) {
    if (block.kind === 'heading' || block.kind === 'skill') for (const anchor of [block.anchor, ...block.also]) placed.add(anchor);
    else if (block.kind === 'rule') placed.add(block.anchor);
    else if (block.block.kind === 'table') {
      for (const row of block.block.rows) {
        const anchor = block.rowAnchors.get(row.start);
        if (anchor) placed.add(anchor);
      }
    }
  }
  return placed;
}

function unlinkRuns(runs: readonly Run[], placed: ReadonlySet<string>): Run[] {
  return runs.map((run) => {
    if (run.link === undefined || placed.has(run.link)) return run;
    const { link: _unplaced, ...text } = run;
    return text;
  });
}

function unlinkProse(block: ProseBlock, placed: ReadonlySet<string>): ProseBlock {
  switch (block.kind) {
    case 'paragraph':
    case 'heading':
      return { ...block, runs: unlinkRuns(block.runs, placed) };
    case 'table':
      return { ...block, header: block.header.map((c) => unlinkRuns(c, placed)), rows: block.rows.map((r) => ({ ...r, cells: r.cells.map((c) => unlinkRuns(c, placed)) })) };
    case 'code':
      return block;
  }
}

function unlinkBlock(block: ContentBlock, placed: ReadonlySet<string>): ContentBlock {
  switch (block.kind) {
    case 'heading':
      return block;
    case 'rule':
      return { ...block, runs: unlinkRuns(block.runs, placed) };
    case 'skill':
      return { ...block, prerequisites: unlinkRuns(block.prerequisites, placed), body: block.body.map((b) => unlinkProse(b, placed)) };
    case 'prose':
      return { ...block, block: unlinkProse(block.block, placed) };
  }
}

function anchorOf(item: Section | Rule | Skill): string {
  return item.kind === 'skill' ? skillAnchor(item) : item.kind === 'rule' ? ruleAnchor(item) : sectionAnchor(item);
}

/**
 * The entries of one file that get a block of their own, in order, each with where its region ends (at the next
 * entry). An entry that starts inside a heading (a skill named in a numbered heading, `# 1.5 Fireball (0)`) is printed
 * as that heading and shares its place (`also`); one in the front matter, or inside another entry, gets none.
 */
function placedClaims(model: Rulebook, file: string, text: string): Array<{ claim: Claim; regionEnd: number; also: Array<Section | Rule | Skill> }> {
  const claims: Claim[] = [];
  for (const s of model.sections) if (s.headingRange.file === file) claims.push({ start: s.headingRange.start.offset, end: s.headingRange.end.offset, item: s });
  for (const r of model.rules) if (r.range.file === file) claims.push({ start: r.range.start.offset, end: r.range.end.offset, item: r });
  // Table skills stay in their table: the author chose the table's layout.
  for (const k of model.skills) if (k.range.file === file && k.form !== 'table') claims.push({ start: k.range.start.offset, end: k.range.end.offset, item: k });
  claims.sort((a, b) => a.start - b.start || b.end - a.end);
  // A skill written as a heading over its fields (`### Flying fist` then `Cost: 5`) prints as the skill, once: the
  // heading's section is no block of its own, and links to it land on the skill.
  const absorbed = new Map<Claim, Section>();
  const kept: Claim[] = [];
  for (const claim of claims) {
    const last = kept[kept.length - 1];
    if (last && claim.item.kind === 'section' && last.item.kind === 'skill' && last.item.form === 'heading' && last.start === claim.start && !absorbed.has(last)) {
      absorbed.set(last, claim.item);
      continue;
    }
    kept.push(claim);
  }
  const placed: Array<{ claim: Claim; regionEnd: number; also: Array<Section | Rule | Skill> }> = [];
  let cursor = splitFrontMatter(text)?.bodyOffset ?? 0;
  for (let i = 0; i < kept.length; i++) {
    const claim = kept[i];
    if (claim.start < cursor) {
      const last = placed[placed.length - 1];
      if (last?.claim.item.kind === 'section' && claim.start < last.claim.end) last.also.push(claim.item);
      continue;
    }
    const regionEnd = Math.min(claim.end, kept[i + 1]?.start ?? Infinity);
    cursor = Math.max(cursor, regionEnd, claim.item.kind === 'section' ? claim.end : regionEnd);
    const heading = absorbed.get(claim);
    placed.push({ claim, regionEnd, also: heading ? [heading] : [] });
  }
  return placed;
}

/**
 * "**Rally (5 CP, 1 Action, 1/Short Rest):**": what a skill's parentheses hold after its cost, from `at` (the cost's
 * end) to the closing parenthesis on its line, which is the head's too: the parts that are no prerequisite ("1 Action,
 * 1/Short Rest") as the notes the body opens with, as the parser's costIn reads them. Null when the cost ends its
 * parentheses.
 */
function costParenthesisRest(skill: Skill, text: string, at: number): { notes: string | null; end: number } | null {
  const close = /^[ \t]*[,;][^()\n]*\)/.exec(text.slice(at, at + 200));
  if (!close) return null;
  const notes: string[] = [];
  for (const part of text.slice(at, at + close[0].length - 1).matchAll(/[^,;]+/g)) {
    const from = at + part.index;
    const requirement = skill.prerequisites.some((list) => list.range.start.offset >= from && list.range.start.offset < from + part[0].length);
    if (!requirement && part[0].trim()) notes.push(part[0].trim());
  }
  return { notes: notes.length ? `(${notes.join(', ')})` : null, end: at + close[0].length };
}

/** The body with the notes from a skill's parentheses opening its first paragraph (or a paragraph of their own). */
function withNotes(body: readonly ProseBlock[], notes: string): ProseBlock[] {
  const [first, ...rest] = body;
  if (first?.kind === 'paragraph' && first.picture === undefined) return [{ ...first, runs: [{ text: `${notes} ` }, ...first.runs] }, ...rest];
  return [{ kind: 'paragraph', runs: [{ text: notes }], depth: 0, bullet: null, quote: false, start: first?.start ?? 0 }, ...body];
}

function lineStartOf(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** A rule's text and what follows it up to `regionEnd`, its number (with its punctuation) read as absent: its words are the first paragraph. */
export function ruleBlocks(rule: Rule, reader: FileProse, regionEnd: number = rule.range.end.offset): ProseBlock[] {
  return reader.read(rule.range.start.offset, regionEnd, [{ start: rule.range.start.offset, end: afterNumber(reader.text, rule.number.range.end.offset) }]);
}

/** How far in a rule's number says it stands: "2.1" of a list nested in item 2 one step, any global rule none. */
export function numberDepth(rule: Rule): number {
  return rule.scope === 'local' ? Math.max(0, rule.number.segments.length - 1) : 0;
}

/**
 * How far in a numbered rule prints: as deep as Markdown nests it. A list numbered inside a bullet counts on its own
 * ("1." again), yet its items stand inside that bullet, one step in; an item stands as deep as the items around it, a
 * lettered line ("a. …", in its item's paragraph) one step deeper than its item. A global rule ("3.1.2 …") and a
 * rule the reader finds no block for keep the depth of their number.
 */
function ruleIndent(rule: Rule, reader: FileProse, regionEnd: number): number {
  const byNumber = numberDepth(rule);
  if (rule.scope !== 'local') return byNumber;
  const start = rule.range.start.offset;
  const around = reader.itemsAround(start, Math.max(regionEnd, start + 1));
  if (!around) return byNumber;
  const own = around.indexOf(start);
  return own !== -1 ? own : around.length > 0 ? around.length : byNumber;
}

/** A paragraph of a list: an item, or a paragraph inside one. */
function listed(block: ProseBlock): boolean {
  return block.kind === 'paragraph' && (block.bullet !== null || block.depth > 0);
}

/** A block set `steps` further in (a paragraph or a list item; a table or code block keeps the measure). */
function deeper(block: ProseBlock, steps: number): ProseBlock {
  return steps > 0 && block.kind === 'paragraph' ? { ...block, depth: block.depth + steps } : block;
}

/** Just past a rule number's trailing punctuation and spaces. */
function afterNumber(text: string, offset: number): number {
  let at = offset;
  while (at < text.length && /[.):\-–\s]/.test(text[at]) && text[at] !== '\n') at++;
  return at;
}

/** What a file's prose links to: the spans of its references and links, and the file each of its pictures shows. */
interface FileLinks {
  readonly file: string;
  readonly spans: readonly LinkSpan[];
  /** The rulebook-relative path of a picture's source as written, null when it is no file of the rulebook's folder. */
  readonly pictureOf: (src: string) => string | null;
}

/** A file's prose with no links, its pictures found from the file (a skill's card). */
const unlinked = (file: string): FileLinks => ({ file, spans: [], pictureOf: (src) => picturePath(file, src) });

/**
 * A block with its links applied, and its picture (a paragraph that is one) named by its rulebook-relative path, the
 * key the Node side reads it under (ExportOptions.images); a picture from outside the folder keeps its source as
 * written, which no picture is read under.
 */
function linkProse(block: ProseBlock, links: FileLinks): ProseBlock {
  const { spans } = links;
  if (block.kind === 'paragraph' && block.picture !== undefined) return { ...block, picture: links.pictureOf(block.picture) ?? block.picture };
  if (spans.length === 0) return block;
  switch (block.kind) {
    case 'paragraph':
    case 'heading':
      return { ...block, runs: applyLinks(block.runs, spans) };
    case 'table':
      return {
        ...block,
        header: block.header.map((c) => applyLinks(c, spans)),
        rows: block.rows.map((r) => ({ ...r, cells: r.cells.map((c) => applyLinks(c, spans)) })),
      };
    case 'code':
      return block;
  }
}

function skillBlock(linked: LinkedRulebook, skill: Skill, reader: FileProse, regionEnd: number, links: FileLinks, linkedTerms: ReadonlyMap<string, string>, also: readonly string[]): ContentBlock {
  return { kind: 'skill', skill, anchor: skillAnchor(skill), prerequisites: prerequisiteRuns(linked, skill, linkedTerms), body: skillBody(skill, reader, { regionEnd, links }), also };
}

/**
 * Past what closes a field or an entry's head on its line: the emphasis and brackets around the value
 * (`*General Feat (Prerequisite: Level 4+)*`), and, after an entry's head, its colon and the spaces before its text.
 */
function pastClosers(text: string, at: number, head = false): number {
  const closer = head ? /[*)\]:\s]/ : /[*_)\] \t]/;
  while (at < text.length && text[at] !== '\n' && closer.test(text[at])) at++;
  return at;
}

/**
 * A skill's text as written, in the author's order (paragraphs, lists, "Note:" lines in place), without its
 * name, cost and prerequisite lines: the book and the cards print the same body. A heading skill's own
 * fields (other than cost and prerequisites) come first, as "Name: value". A list entry's field written in the label
 * over its list (its `Condition`) comes first only `alone` (a card): the book prints the label right above.
 */
export function skillBody(skill: Skill, reader: FileProse, options: { readonly regionEnd?: number; readonly links?: FileLinks; readonly alone?: boolean } = {}): ProseBlock[] {
  const { regionEnd = skill.range.end.offset, links = unlinked(skill.range.file), alone = false } = options;
  const { text } = reader;
  const start = skill.range.start.offset;
  const masks: Mask[] = [];
  let notes: string | null = null;
  if (skill.form === 'heading') {
    masks.push({ start, end: text.indexOf('\n', start) === -1 ? regionEnd : text.indexOf('\n', start) });
    for (const field of skill.fields) if (!valueListed(field)) masks.push({ start: field.range.start.offset, end: pastClosers(text, field.range.end.offset) });
  } else {
    // Everything up to the cost (or the name) is the entry's head: marker, bold name, cost. A cost a label over the
    // list writes is no part of the entry.
    const ownCost = skill.costRange && skill.costRange.start.offset >= start ? skill.costRange : null;
    let at = ownCost ? ownCost.end.offset : skill.nameRange.end.offset;
    const more = ownCost ? costParenthesisRest(skill, text, at) : null;
    if (more) {
      notes = more.notes;
      at = more.end;
    }
    masks.push({ start, end: pastClosers(text, at, true) });
  }
  for (const list of skill.prerequisites) if (list.origin === 'line') masks.push({ start: lineStartOf(text, list.range.start.offset), end: pastClosers(text, list.range.end.offset) });
  masks.push(...requirementLabels(skill, text));
  const read = reader.read(start, regionEnd, masks).map((b) => linkProse(b, links));
  const body = notes ? withNotes(read, notes) : read;
  // A list entry's "Note: …" continuation lines read as fields, but they are part of its text, in place.
  // The fields the cost and the prerequisites were read from print in the skill's head, not again as fields.
  const overEntry = (f: Field) => f.range.start.offset < start;
  const fields: ProseBlock[] = (skill.form === 'heading' ? skill.fields : alone ? skill.fields.filter(overEntry) : [])
    .filter((f) => !isHeadField(skill, f) && !valueListed(f))
    .map((f) => ({
      kind: 'paragraph',
      // A label's words are bold as written; the condition read out of it is plain.
      runs: applyLinks([{ text: `${f.name}: `, bold: true }, ...(!f.value ? [{ text: '—' }] : overEntry(f) ? [{ text: f.value }] : fieldRuns(f, reader))], links.spans),
      depth: 0,
      bullet: null,
      quote: false,
      start: f.range.start.offset,
    }));
  return [...fields, ...body];
}

/**
 * A field whose value is the list under its label ("**Effect:**" alone, then "- **Tier 1** – …"): it prints where it
 * is written, the label over the list, as a field of one line would not.
 */
function valueListed(field: Field): boolean {
  return field.value !== '' && field.valueRange.start.offset > field.range.end.offset;
}

/** A line that is only a label, a field line with no value: "**Prerequisites:**", "- **Tier 1:**", "Requires:". */
function labelOnly(line: string): boolean {
  return DEFAULT_RECOGNISERS.field(line.replace(/^[ \t]*(?:[-*+][ \t]+)?/, ''))?.value === '';
}

/**
 * The lines that only label requirements the skill's head prints: a "**Prerequisites:**" alone over the list of them,
 * and "- **Tier 1:**" alone over that tier's ("- Agility 6"). Left in, they would print as labels over nothing.
 */
function requirementLabels(skill: Skill, text: string): Mask[] {
  const lists = skill.prerequisites.filter((l) => l.origin === 'line' && l.range.file === skill.range.file && l.range.start.offset > skill.range.start.offset);
  if (lists.length === 0) return [];
  const first = lineStartOf(text, Math.min(...lists.map((l) => l.range.start.offset)));
  const last = Math.max(...lists.map((l) => l.range.end.offset));
  const masks: Mask[] = [];
  // Up from the first requirement, over blank lines, while the lines are labels.
  for (let end = first - 1; end > skill.range.start.offset; ) {
    const lineStart = lineStartOf(text, end);
    const line = text.slice(lineStart, end);
    if (line.trim() !== '') {
      if (!labelOnly(line)) break;
      masks.push({ start: lineStart, end });
    }
    end = lineStart - 1;
  }
  // Down to the last one: the labels of the tiers after the first.
  for (let at = first; at < last; ) {
    const lineEnd = text.indexOf('\n', at) === -1 ? text.length : text.indexOf('\n', at);
    if (labelOnly(text.slice(at, lineEnd))) masks.push({ start: at, end: lineEnd });
    at = lineEnd + 1;
  }
  return masks;
}

/** A field's value as written, read from the tree like the prose around it. */
function fieldRuns(field: Field, reader: FileProse): Run[] {
  const runs = reader.read(field.valueRange.start.offset, field.valueRange.end.offset).flatMap((block) => (block.kind === 'paragraph' || block.kind === 'heading' ? block.runs : []));
  return runs.length ? runs : [{ text: field.value }];
}

/**
 * "A, B or C" from the skill's requirements, each skill name a link to its definition; each tier's own after its
 * label ("Tier I: Agility 6, Lethal Strike I; Tier II: …").
 */
export function prerequisiteRuns(linked: LinkedRulebook, skill: Skill, linkedTerms: ReadonlyMap<string, string>): Run[] {
  const runs: Run[] = [];
  const or = ` ${alternativesWord(linked.model.config)} `;
  const unresolved = new Set(linked.unresolvedPrerequisites.filter((u) => u.skill === skill).map((u) => u.term));
  for (const { label, requirements } of requirementsByTier(skill)) {
    if (runs.length) runs.push({ text: '; ' });
    if (label) runs.push({ text: `${label}: ` });
    requirements.forEach((requirement, r) => {
      if (r > 0) runs.push({ text: ', ' });
      requirement.alternatives.forEach((term, i) => {
        if (i > 0) runs.push({ text: or });
        const target = linkedTerms.get(termKey(term.range.file, term.range.start.offset));
        if (unresolved.has(term)) runs.push({ text: term.text, unresolved: true });
        else if (target) runs.push({ text: term.text, link: target });
        else runs.push({ text: term.text });
      });
    });
  }
  return runs;
}

/** Prerequisite terms are found again by where they are written. */
export function termKey(file: string, offset: number): string {
  return `${file}:${offset}`;
}
