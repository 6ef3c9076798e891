/**
 * Bullet and numbered lists: glyph bullets (•, ◦, ▪, -, *, –), numbered items ("1. Magic must…") with
 * lettered lines under them ("• a. A person may…"), nesting by indentation, and lines that continue an
 * item. Items that read "Name (2 SP) text" become skill entries with their prerequisite lines.
 */
import type { Block, ListItem, SkillBlock, SourceLine } from './blocks.js';
import { indentOf, isBlank } from './lines.js';
import { matchRuleLine } from './numbering.js';
import { joinKind, joinLines } from './paragraphs.js';
import { matchPrerequisite } from './prerequisites.js';
import type { Claimed, RecogniserContext } from './recognisers.js';
import { matchSkillEntry } from './skills.js';

const BULLET = /^(\s*)(?:[•◦▪●○·‣⁃]|[-*–](?=\s))\s*(.*)$/;
const ORDERED = /^(\s*)(\d{1,3})[.)]\s+(\S.*)$/;
const LETTERED = /^([a-z])[.)]\s+(.*)$/;

interface RawItem {
  line: number;
  indent: number;
  ordered: boolean;
  marker: string | undefined;
  text: string;
  /** Lines under the item without a bullet of their own. */
  extra: { line: number; text: string }[];
  level: number;
}

function itemOf(line: SourceLine): RawItem | null {
  if (line.footnote) return null;
  if (line.bullet) {
    const marker = line.bullet.ordered && line.bullet.number !== undefined ? String(line.bullet.number) : undefined;
    return { line: line.line, indent: line.bullet.level * 2, ordered: line.bullet.ordered, marker, text: line.text.trim(), extra: [], level: line.bullet.level };
  }
  const bullet = BULLET.exec(line.text);
  if (bullet && bullet[2].trim()) return { line: line.line, indent: bullet[1].length, ordered: false, marker: undefined, text: bullet[2].trim(), extra: [], level: 0 };
  const ordered = ORDERED.exec(line.text);
  if (ordered && !matchRuleLine(line.text)) {
    return { line: line.line, indent: ordered[1].length, ordered: true, marker: ordered[2], text: ordered[3].trim(), extra: [], level: 0 };
  }
  return null;
}

/** Claims a run of list lines starting at `index`, or passes when the line is no list item. */
export function recogniseList(lines: readonly SourceLine[], index: number, context: RecogniserContext): Claimed | null {
  const first = itemOf(lines[index]);
  if (!first) return null;
  const items: RawItem[] = [first];
  let next = index + 1;
  while (next < lines.length) {
    const line = lines[next];
    if (isBlank(line)) {
      let k = next + 1;
      while (k < lines.length && isBlank(lines[k])) k++;
      // The list goes on after blank lines only with another item, or a line indented under the last one
      // (by more than the one space PDF text often puts before any line).
      if (k < lines.length && (itemOf(lines[k]) || (indentOf(lines[k].text) > items[items.length - 1].indent + 1 && !lines[k].heading && !matchRuleLine(lines[k].text)))) {
        next = k;
        continue;
      }
      break;
    }
    if (line.heading !== undefined || line.table) break;
    const item = itemOf(line);
    if (item) {
      items.push(item);
      next++;
      continue;
    }
    if (matchRuleLine(line.text)) break;
    const last = items[items.length - 1];
    const directlyUnder = !isBlank(lines[next - 1]);
    if (!directlyUnder && indentOf(line.text) <= last.indent) break;
    last.extra.push({ line: line.line, text: line.text.trim() });
    next++;
  }
  if (!lines[index].bullet) {
    const indents = [...new Set(items.map((i) => i.indent))].sort((a, b) => a - b);
    for (const item of items) item.level = indents.indexOf(item.indent);
  }
  return { blocks: buildBlocks(items, context), next };
}

function buildBlocks(items: RawItem[], context: RecogniserContext): Block[] {
  // Lettered items under a numbered one are its sub-rules ("9. Enchantments (E)" then "• a. A person may…").
  const merged: RawItem[] = [];
  for (const item of items) {
    const letter = LETTERED.exec(item.text);
    const owner = [...merged].reverse().find((m) => m.ordered && m.level <= item.level);
    if (letter && owner && !item.ordered) {
      owner.extra.push({ line: item.line, text: `${letter[1]}. ${letter[2]}` });
      continue;
    }
    merged.push(item);
  }
  const blocks: Block[] = [];
  let pending: ListItem[] = [];
  let pendingOrdered = false;
  const flush = (): void => {
    if (pending.length) blocks.push({ kind: 'list', line: pending[0].line, ordered: pendingOrdered, items: pending });
    pending = [];
  };
  for (let i = 0; i < merged.length; i++) {
    const item = merged[i];
    const skill = item.level === 0 || !merged.slice(0, i).some((m) => m.level < item.level) ? matchSkillEntry(item.text) : null;
    if (skill) {
      flush();
      const children: RawItem[] = [];
      while (i + 1 < merged.length && merged[i + 1].level > item.level) children.push(merged[++i]);
      blocks.push(skillBlock(item, skill, children, context));
      continue;
    }
    if (pending.length && pendingOrdered !== item.ordered && item.level === 0) flush();
    if (!pending.length) pendingOrdered = item.ordered;
    pending.push({ line: item.line, level: item.level, text: joinExtra(item), marker: item.marker, ordered: item.ordered });
  }
  flush();
  return blocks;
}

/** An item's text with the lines under it: wrapped lines joined, lettered and other lines kept as lines. */
function joinExtra(item: RawItem): string {
  let text = item.text;
  for (const extra of item.extra) {
    const kind = LETTERED.test(extra.text) ? null : joinKind(text.split('\n').pop()!, extra.text);
    text = kind ? joinLines(text, extra.text, kind) : `${text}\n${extra.text}`;
  }
  return text;
}

function skillBlock(item: RawItem, entry: { name: string; cost: string; rest: string }, children: RawItem[], context: RecogniserContext): SkillBlock {
  const prerequisites: string[] = [];
  const details: { text: string; bullet: boolean }[] = [];
  let text = entry.rest;
  let wrapping = true;
  for (const extra of item.extra) {
    const prerequisite = matchPrerequisite(extra.text);
    if (prerequisite) {
      prerequisites.push(prerequisite);
      wrapping = false;
      continue;
    }
    const kind = wrapping && details.length === 0 ? joinKind(text, extra.text) : null;
    if (kind) text = joinLines(text, extra.text, kind);
    else {
      wrapping = false;
      details.push({ text: extra.text, bullet: false });
    }
  }
  for (const child of children) {
    const prerequisite = matchPrerequisite(child.text);
    if (prerequisite) prerequisites.push(prerequisite);
    else details.push({ text: joinExtra(child), bullet: true });
  }
  if (prerequisites.some((p) => p.length > 60)) context.report.unsure(item.line, item.text, 'long prerequisite, check it names skills');
  return { kind: 'skill', line: item.line, name: entry.name, cost: entry.cost, prerequisites, fields: [], details, text, form: 'list' };
}
