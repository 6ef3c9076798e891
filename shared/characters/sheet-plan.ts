/**
 * The character sheet filled in, planned as data like the blank one (shared/publish/handouts.ts, whose title band,
 * footers and text helper it reuses): who the character is, each skill bought with its cost and a one-line summary,
 * points spent, earned and left, and what the check found. A roster is one sheet per character, each on new pages.
 */
import type { LinkedRulebook } from '../link/types.js';
import type { RulebookSource } from '../model/types.js';
import { bookTitle } from '../model/book-title.js';
import { ENGLISH_WORDS } from '../model/book-words.js';
import { assemblePlan } from '../publish/assemble.js';
import { fieldGrid, footers, pageTitle, sheetFields, text } from '../publish/handouts.js';
import { breakLines, drawLine, type Metrics, type TextStyle } from '../publish/lines.js';
import { COLORS, pageSetup } from '../publish/page-setup.js';
import { Paginator, type Box } from '../publish/paginate.js';
import { skillSummary } from '../publish/summaries.js';
import type { DrawOp, Paper, Plan } from '../publish/types.js';
import type { CharacterReport } from './check.js';
import { plural } from '../model/plural.js';

export interface SheetOptions {
  readonly paper: Exclude<Paper, 'card'>;
  /** The texts the book was read from: a table skill's summary comes from the section that explains it. */
  readonly source?: RulebookSource;
}

/** One table row: cells laid out in their columns, each wrapping to at most its number of lines. */
function row(cells: readonly string[], widths: readonly number[], maxLines: readonly number[], styles: readonly TextStyle[], x: number, leading: number, metrics: Metrics, fill: string | null): Box {
  const pad = 3.5;
  const ops: DrawOp[] = [];
  const laid = cells.map((cell, c) => {
    const lines = breakLines([{ text: cell }], widths[c] - pad * 2, styles[c], metrics);
    if (lines.length <= maxLines[c]) return lines;
    // A long summary keeps its first lines and says it goes on: the book has the rest.
    const kept = lines.slice(0, maxLines[c]);
    const last = kept[kept.length - 1].fragments.map((f) => f.text).join('');
    const shortened = breakLines([{ text: `${last.replace(/\s*\S*$/, '')}…` }], widths[c] - pad * 2, styles[c], metrics);
    return [...kept.slice(0, -1), shortened[0]];
  });
  const width = widths.reduce((a, b) => a + b, 0);
  const height = Math.max(1, ...laid.map((l) => l.length)) * leading + pad;
  if (fill) ops.push({ kind: 'rect', x, y: 0, w: width, h: height, fill });
  let cx = x;
  laid.forEach((lines, c) => {
    lines.forEach((line, i) => drawLine(line, cx + pad, pad / 2 + i * leading, leading, styles[c], ops));
    cx += widths[c];
  });
  ops.push({ kind: 'line', x1: x, y1: height, x2: x + width, y2: height, width: 0.4, color: COLORS.rule });
  return { height, ops };
}

/** A paragraph of the given style, wrapped to the width. */
function paragraph(value: string, x: number, width: number, style: TextStyle, leading: number, metrics: Metrics): Box[] {
  return breakLines([{ text: value }], width, style, metrics).map((line) => {
    const ops: DrawOp[] = [];
    drawLine(line, x, 0, leading, style, ops);
    return { height: leading, ops };
  });
}

export function planCharacterSheets(linked: LinkedRulebook, reports: readonly CharacterReport[], options: SheetOptions, metrics: Metrics): Plan {
  const setup = pageSetup({ kind: 'sheet', paper: options.paper, fontSize: options.paper === 'a5' ? 7.5 : 9 });
  const title = bookTitle(linked.model);
  const fs = setup.fontSize;
  const x = setup.margins.left;
  const width = setup.contentWidth;
  const leading = fs * 1.3;
  const unit = linked.model.config.costUnits.length === 1 ? ` ${linked.model.config.costUnits[0]}` : '';
  const pages: DrawOp[][] = [];
  for (const report of reports) {
    const { character } = report;
    const paginator = new Paginator(setup);
    paginator.place([pageTitle(setup, metrics, title, 'Character sheet')]);
    // The book's own sheet fields (rulebook.yaml `sheet.fields`), filled where the character file says.
    const classLine = Boolean(character.class) || (linked.model.config.characters?.classes.length ?? 0) > 0;
    // In English, as the rest of a filled sheet is (its check's findings are the linter's): the fields it fills are these.
    const labels = [...sheetFields(linked, ENGLISH_WORDS), ...(classLine ? ['Class'] : []), 'Events'];
    const known: Record<string, string | null> = { character: character.name, name: character.name, player: character.player ?? '—', class: character.class ?? '—', events: String(report.events.length) };
    paginator.place([fieldGrid(setup, metrics, [...new Set(labels)], (label) => known[label.toLowerCase()] ?? null)]);

    const widths = [0.31, 0.15, 0.07, 0.47].map((f) => f * width);
    const plain = (family: 'sans' | 'serif', color: string, bold = false): TextStyle => ({ family, bold, size: fs, color });
    const header = row(['Skill', 'Bought', 'Cost', 'Summary'], widths, [1, 1, 1, 1], [plain('sans', COLORS.text, true), plain('sans', COLORS.text, true), plain('sans', COLORS.text, true), plain('sans', COLORS.text, true)], x, leading, metrics, COLORS.fill);
    const styles = [plain('serif', COLORS.text, true), plain('sans', COLORS.muted), plain('sans', COLORS.accent, true), plain('serif', COLORS.text)];
    const rows = report.purchases.map((p) => {
      const name = p.skill ? `${p.skill.name}${p.tier ? ` ${p.tier}` : ''}` : p.purchase.skill;
      const summary = p.skill ? skillSummary(linked, p.skill, options.source) || '—' : 'not in the rulebook';
      return row([name, p.purchase.event ?? 'creation', String(p.points), summary], widths, [3, 2, 1, 2], styles, x, leading, metrics, null);
    });
    paginator.place([header, ...rows], { spaceBefore: fs * 0.4, keep: 3, repeat: [header] });

    const totalOps: DrawOp[] = [];
    const totals = [`Points spent: ${report.spent}${unit}`];
    if (report.earned !== null) {
      const left = report.earned - report.spent;
      totals.push(`earned: ${report.earned}${unit}`, left >= 0 ? `left: ${left}${unit}` : `overspent by ${-left}${unit}`);
    }
    text(totalOps, metrics, totals.join('   ·   '), x, fs * 1.4, 'sans-bold', fs * 1.1, report.earned !== null && report.spent > report.earned ? COLORS.accent : COLORS.text);
    paginator.place([{ height: fs * 2.2, ops: totalOps }], { spaceBefore: fs });

    const errors = report.findings.filter((f) => f.severity === 'error').length;
    const warnings = report.findings.length - errors;
    const checkStyle: TextStyle = { family: 'sans', size: fs * 0.9, color: report.findings.length ? COLORS.accent : COLORS.muted };
    const verdict = report.findings.length === 0 ? `Checked against ${title}: no problems.` : `Checked against ${title}: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}.`;
    paginator.place(paragraph(verdict, x, width, checkStyle, leading, metrics), { spaceBefore: fs * 0.5 });
    for (const finding of report.findings) paginator.place(paragraph(`• ${finding.message.replace(/`/g, '')}`, x + fs, width - fs, { ...checkStyle, color: COLORS.text }, leading, metrics));
    if (character.notes) {
      paginator.place(paragraph('Notes', x, width, { family: 'sans', bold: true, size: fs, color: COLORS.accent }, leading, metrics), { spaceBefore: fs });
      for (const line of character.notes.split('\n').filter((l) => l.trim())) paginator.place(paragraph(line, x, width, { family: 'serif', size: fs, color: COLORS.text }, leading, metrics));
    }
    paginator.finish();
    pages.push(...footers(setup, metrics, paginator.pages, `${title} · ${character.name}`));
  }
  return assemblePlan({ kind: 'sheet', title, width: setup.width, height: setup.height, pages });
}
