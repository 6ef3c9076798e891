/**
 * Markdown sources are kept as written (they may already be in the dialect), with three upgrades that
 * text pasted into Markdown often needs: glyph bullets (•, ◦, ▪) become "-" list items, "*X is a
 * prerequisite" phrasings become "Prerequisite: X" lines, and list items that read "Name (2 SP) text"
 * without the bold name get it, so they become skills.
 */
import { matchPrerequisite } from './prerequisites.js';
import { matchSkillEntry } from './skills.js';
import type { ReportBuilder } from './report.js';

const GLYPH_BULLET = /^(\s*)[•◦▪●○‣⁃]\s*(\S.*)$/;
const IS_A_PREREQUISITE = /\b(?:is|are)\s+(?:a\s+|the\s+)?prerequisites?\.?\s*$/i;

export function upgradeMarkdown(text: string, report: ReportBuilder): string {
  // Windows line endings made every line end in "\r", which no pattern below matched: nothing was upgraded.
  const lines = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n');
  let fenced = false;
  return lines
    .map((raw, index) => {
      if (/^\s*(?:```|~~~)/.test(raw)) fenced = !fenced;
      if (fenced) return raw;
      let line = raw;
      const glyph = GLYPH_BULLET.exec(line);
      if (glyph) {
        line = `${glyph[1]}- ${glyph[2]}`;
        report.recognise('bullet glyphs');
      }
      // "- *One Handed Weapons is a Prerequisite." under a skill: the continuation line the dialect reads.
      if (IS_A_PREREQUISITE.test(line)) {
        const name = matchPrerequisite(line.replace(/^\s*[-*+]\s+/, ''));
        if (name) {
          const indent = /^\s*/.exec(line)![0];
          report.recognise('prerequisite phrasings');
          return `${indent}Prerequisite: ${name}`;
        }
      }
      const item = /^(\s*[-*+]\s+)(?!\*\*)(.*)$/.exec(line);
      if (!item) return line;
      const entry = matchSkillEntry(item[2]);
      if (!entry) return line;
      report.unsure(index + 1, line, 'list item read as a skill entry, name set in bold');
      return `${item[1]}**${entry.name}** (${entry.cost})${entry.rest ? ` ${entry.rest}` : ''}`;
    })
    .join('\n');
}
