/** Writes recognised blocks as rulebook-dialect Markdown, with front matter, and counts what was written. */
import { stringify } from 'yaml';
import type { Block, ListItem, SkillBlock } from './blocks.js';
import { escapeCell, escapeHeadingText, escapeLeadingNumber, escapePrerequisite, escapeText } from './escape.js';
import type { ImportCounts } from './report.js';

export interface FrontMatter {
  readonly title?: string | null;
  readonly edition?: string | null;
  readonly costUnits?: readonly string[];
  readonly conditions?: readonly string[];
  readonly numbering?: { readonly skipLetters?: readonly string[]; readonly hundredsSections?: boolean };
}

function frontMatterText(front: FrontMatter): string {
  const data: Record<string, unknown> = {};
  if (front.title) data.title = front.title;
  if (front.edition) data.edition = front.edition;
  if (front.costUnits?.length) data.costUnits = [...front.costUnits];
  if (front.conditions?.length) data.conditions = [...front.conditions];
  const numbering: Record<string, unknown> = {};
  if (front.numbering?.skipLetters?.length) numbering.skipLetters = [...front.numbering.skipLetters];
  if (front.numbering?.hundredsSections) numbering.hundredsSections = true;
  if (Object.keys(numbering).length) data.numbering = numbering;
  if (Object.keys(data).length === 0) return '';
  // Quoted strings so that an edition like 2025 stays text and a title with a colon stays one value.
  return `---\n${stringify(data, { defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN', lineWidth: 0 })}---\n\n`;
}

function skillText(skill: SkillBlock, depth: number): string {
  const cost = skill.cost ? ` (${skill.cost})` : '';
  if (skill.form === 'heading') {
    const lines = [`${'#'.repeat(Math.min(6, depth))} ${escapeHeadingText(skill.name, false)}${cost}`];
    const fieldLines: string[] = [];
    if (skill.prerequisites.length) fieldLines.push(`Prerequisites: ${escapePrerequisite(skill.prerequisites.join(', '))}`);
    for (const f of skill.fields) fieldLines.push(`${f.name}:${f.value ? ` ${escapeText(f.value.replace(/\s+/g, ' '))}` : ''}`);
    if (fieldLines.length) lines.push(fieldLines.join('\n'));
    if (skill.text) lines.push(escapeLeadingNumber(escapeText(skill.text)));
    return lines.join('\n\n');
  }
  const head = `- **${escapeText(skill.name).replace(/\*/g, '')}**${cost}${skill.text ? ` ${escapeText(skill.text).replace(/\n/g, ' ')}` : ''}`;
  const continuation: string[] = [];
  if (skill.prerequisites.length) continuation.push(`  Prerequisites: ${escapePrerequisite(skill.prerequisites.join(', '))}`);
  for (const f of skill.fields) continuation.push(`  ${f.name}:${f.value ? ` ${escapeText(f.value)}` : ''}`);
  for (const d of skill.details) {
    const lines = escapeText(d.text).split('\n');
    continuation.push(d.bullet ? `  - ${lines.join('\n    ')}` : lines.map((l) => `  ${l}`).join('\n'));
  }
  return [head, ...continuation].join('\n');
}

/** Markdown for the blocks, and the counts the report gives. */
export function emitMarkdown(blocks: readonly Block[], front: FrontMatter): { markdown: string; counts: Omit<ImportCounts, 'glossaryTerms'> } {
  const parts: string[] = [];
  let sections = 0;
  let rules = 0;
  let skills = 0;
  let tables = 0;
  let depth = 0;
  // Consecutive list skills and list items are written without blank lines between them, as one list.
  let previous: string | null = null;
  for (const block of blocks) {
    let text: string;
    switch (block.kind) {
      case 'heading':
        depth = Math.min(6, block.depth);
        sections++;
        text = `${'#'.repeat(depth)} ${escapeHeadingText(block.text.replace(/\s+/g, ' '), block.numbered ?? false)}`;
        break;
      case 'rule':
        rules++;
        text = `${block.number} ${escapeText(block.text)}`;
        break;
      case 'paragraph':
        text = escapeLeadingNumber(escapeText(block.text));
        break;
      case 'prerequisite':
        text = `Prerequisites: ${escapePrerequisite(block.text)}`;
        break;
      case 'list':
        text = listText(block.items, block.ordered);
        break;
      case 'skill':
        skills++;
        text = skillText(block, depth + 1);
        if (block.form === 'heading') sections++;
        break;
      case 'table':
        tables++;
        text = [
          `| ${block.header.map(escapeCell).join(' | ')} |`,
          `| ${block.header.map(() => '---').join(' | ')} |`,
          ...block.rows.map((row) => `| ${block.header.map((_, i) => escapeCell(row[i] ?? '')).join(' | ')} |`),
        ].join('\n');
        break;
      case 'caption':
        text = `**${escapeText(block.text).replace(/\n/g, ' ')}**`;
        break;
      case 'markdown':
        text = block.text;
        break;
    }
    const tight = block.kind === 'skill' && block.form === 'list' && previous === 'skill-list';
    parts.push(tight ? `\n${text}` : `${parts.length ? '\n\n' : ''}${text}`);
    previous = block.kind === 'skill' && block.form === 'list' ? 'skill-list' : block.kind;
  }
  return { markdown: `${frontMatterText(front)}${parts.join('')}\n`, counts: { sections, rules, skills, tables } };
}

/**
 * A list as Markdown. A nested item is indented to the text of the item it belongs to, which for a
 * numbered parent is past its whole marker ("10. " is four columns): two spaces under "1. " would make
 * it the parent's sibling, and the nesting of sub-rules would be lost.
 */
function listText(items: readonly ListItem[], ordered: boolean): string {
  // Where the text of the last item at each level starts.
  const contentColumn: number[] = [];
  return items
    .map((item) => {
      const indent = item.level === 0 ? 0 : (contentColumn[item.level - 1] ?? item.level * 2);
      const marker = (item.ordered ?? ordered) ? `${item.marker ?? '1'}.` : '-';
      contentColumn[item.level] = indent + marker.length + 1;
      contentColumn.length = item.level + 1;
      const pad = ' '.repeat(indent);
      return `${pad}${marker} ${escapeText(item.text).replace(/\n/g, `\n${' '.repeat(contentColumn[item.level])}`)}`;
    })
    .join('\n');
}
