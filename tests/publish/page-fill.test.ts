/**
 * No stranded pages: in the book of each sample, every body page but the last holds at least six lines of text.
 * Chapters continue the page they fall on (a new page for each wasted most of the one before: Ars Magica's 66
 * pages had 15 of eight lines or fewer) unless less than a third of it is left and the chapter does not fit in it.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRulebook } from '../../main/fs/load-rulebook.js';
import { linkRulebook } from '../../shared/link/index.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { planExport } from '../../shared/publish/index.js';
import { pageSetup } from '../../shared/publish/page-setup.js';
import type { Plan } from '../../shared/publish/types.js';
import { measure } from './helpers.js';

const SAMPLES = ['ars-magica-combat.md', 'amtgard-magic.md', 'funjerai.md', 'miniatures-skirmish.md', 'kingdoms-of-novitas'];
const MIN_LINES = 6;

/** Lines of text on a page between its header and footer: the distinct baselines of its text. */
function linesOn(plan: Plan, page: number, top: number, bottom: number): number {
  const baselines = new Set<number>();
  for (const op of plan.pages[page - 1].ops) if (op.kind === 'text' && op.y > top && op.y < bottom) baselines.add(Math.round(op.y));
  return baselines.size;
}

describe('pages a book prints', () => {
  for (const name of SAMPLES) {
    it(`${name}: every body page but the last holds at least ${MIN_LINES} lines, and chapters share pages`, async () => {
      const { source } = await loadRulebook(path.resolve('tests/fixtures/samples', name));
      const linked = linkRulebook(parseRulebook(source));
      const plan = planExport(linked, source, { kind: 'book', paper: 'a4' }, measure);
      const setup = pageSetup({ kind: 'book', paper: 'a4' });
      const first = Math.min(...plan.toc.map((e) => e.page));
      const indexStart = plan.pages.findIndex((p) => p.ops.some((op) => op.kind === 'text' && op.text === 'Index of skills' && op.y < setup.contentTop));
      const bodyEnd = indexStart === -1 ? plan.pages.length : indexStart; // the body's last page, 1-based
      const short: string[] = [];
      for (let page = first; page < bodyEnd; page++) {
        const lines = linesOn(plan, page, setup.contentTop, setup.contentBottom);
        if (lines < MIN_LINES) short.push(`p${page}: ${lines} lines`);
      }
      expect(short).toEqual([]);
      // A chapter that opens part-way down a page keeps that page's running header above it.
      const chapters = plan.toc.filter((e) => e.level === 1);
      const sharing = chapters.filter((c) => plan.pages[c.page - 1].ops.some((op) => op.kind === 'text' && op.y < setup.contentTop));
      if (chapters.length >= 8) expect(sharing.length, name).toBeGreaterThan(0);
    });
  }
});
