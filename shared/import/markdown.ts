/**
 * Markdown sources are kept as written (they may already be in the dialect); only list items that read
 * "Name (2 SP) text" without the bold name get it, so they become skills.
 */
import { matchSkillEntry } from './skills.js';
import type { ReportBuilder } from './report.js';

export function upgradeMarkdown(text: string, report: ReportBuilder): string {
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  let fenced = false;
  return lines
    .map((line, index) => {
      if (/^\s*(?:```|~~~)/.test(line)) fenced = !fenced;
      if (fenced) return line;
      const item = /^(\s*[-*+]\s+)(?!\*\*)(.*)$/.exec(line);
      if (!item) return line;
      const entry = matchSkillEntry(item[2]);
      if (!entry) return line;
      report.unsure(index + 1, line, 'list item read as a skill entry, name set in bold');
      return `${item[1]}**${entry.name}** (${entry.cost})${entry.rest ? ` ${entry.rest}` : ''}`;
    })
    .join('\n');
}
