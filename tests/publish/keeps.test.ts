/**
 * What stays together on the page, found where the samples' pages went wrong: a three-row table or a three-line
 * paragraph split 2/1, a table split by the last page's balancing without its header, a bold line ("**Aegis
 * Magic**") or a line ending in a colon left at a column's foot with its table at the next one's top, a running
 * header over the first chapter, an index whose last page fills one column only.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRulebook } from '../../main/fs/load-rulebook.js';
import { linkRulebook } from '../../shared/link/index.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { planExport } from '../../shared/publish/index.js';
import { pageSetup } from '../../shared/publish/page-setup.js';
import { Paginator, type Box } from '../../shared/publish/paginate.js';
import type { DrawOp } from '../../shared/publish/types.js';
import { load, measure } from './helpers.js';

const one = pageSetup({ kind: 'book', paper: 'a4', columns: 1 });
const two = pageSetup({ kind: 'book', paper: 'a4', columns: 2 });
const line = (label: string): Box => ({ height: 14, ops: [{ kind: 'text', x: one.margins.left, y: 10, text: label, font: 'serif', size: 10, color: '#000', width: 20 }] });
const where = (pages: Paginator, label: string) => {
  for (const [page, draft] of pages.pages.entries()) {
    const op = draft.ops.find((o): o is Extract<DrawOp, { kind: 'text' }> => o.kind === 'text' && o.text === label);
    if (op) return { page, x: Math.round(op.x), y: op.y };
  }
  throw new Error(`no ${label}`);
};

describe('groups too short to part', () => {
  it('moves a three-line paragraph whole rather than leave one line at the next page’s top', () => {
    const pages = new Paginator(one);
    pages.place([{ height: one.contentBottom - one.contentTop - 2 * 14 - 1, ops: [] }]);
    pages.place(['a', 'b', 'c'].map(line), { keep: 2 });
    expect(['a', 'b', 'c'].map((l) => where(pages, l).page)).toEqual([1, 1, 1]);
  });

  it('counts a gap between paragraphs as no line: the last line keeps one more line with it', () => {
    const pages = new Paginator(one);
    pages.place([{ height: one.contentBottom - one.contentTop - 4 * 14 - 1, ops: [] }]);
    pages.place([...['a', 'b', 'c', 'd'].map(line), { height: 3, ops: [] }, line('e')], { keep: 2 });
    expect(['a', 'b', 'c', 'd', 'e'].map((l) => where(pages, l).page)).toEqual([0, 0, 0, 1, 1]);
  });
});

describe('balancing the last page', () => {
  it('draws a table’s header again above the column its rows continue in', () => {
    const pages = new Paginator(two);
    const header: Box = { ...line('header'), height: 16 };
    pages.place([header, ...['r1', 'r2', 'r3', 'r4', 'r5', 'r6'].map(line)], { keep: 3, repeat: [header] });
    pages.finish();
    const headers = pages.pages[0].ops.filter((op) => op.kind === 'text' && op.text === 'header').map((op) => op.kind === 'text' && Math.round(op.x));
    const right = Math.round(one.margins.left + two.columnWidth + two.columnGap);
    expect(headers).toEqual([Math.round(one.margins.left), right]);
    const r4 = where(pages, 'r4');
    expect(r4.x).toBe(right);
    expect(r4.y).toBeCloseTo(two.contentTop + 16 + 10);
  });
});

describe('the book', () => {
  it('keeps a bold line and a line ending in a colon with the table under them', { timeout: 120_000 }, () => {
    const rows = (name: string, n: number) => `| Name | Cost |\n| --- | --- |\n${Array.from({ length: n }, (_, i) => `| ${name} ${i} | ${i} |`).join('\n')}`;
    // As the rules before them grow a rule at a time, the line and its table pass every place down the page.
    for (let count = 32; count < 50; count++) {
      const filler = Array.from({ length: count }, (_, i) => `1.${i + 1} ${'Words of a rule that fill the column. '.repeat(3)}`).join('\n\n');
      // The line follows another table: it is no note of that one.
      for (const lead of ['**Aegis Magic**', 'The table below lists the spells:']) {
        const { linked, source } = load('t.md', `# 1 Rules\n\n${filler}\n\n${rows('Lore', 3)}\n\n${lead}\n\n${rows('Skill', 12)}\n`);
        const plan = planExport(linked, source, { kind: 'book', paper: 'a4', columns: 1 }, measure);
        const text = lead.replace(/\*\*/g, '').split(' ')[0];
        const leadPage = plan.pages.findIndex((p) => p.ops.some((op) => op.kind === 'text' && op.text.startsWith(text)));
        const tablePage = plan.pages.findIndex((p) => p.ops.some((op) => op.kind === 'text' && op.text === 'Skill 0'));
        expect(leadPage, `${lead} after ${count} rules`).toBe(tablePage);
      }
    }
  });

  it('prints no running header over a chapter that opens the first body page', () => {
    const { linked, source } = load('t.md', '---\ntitle: Marsh\n---\n# 1 Rules\n\nA rule.\n\n# 2 More\n\nAnother.\n');
    const plan = planExport(linked, source, { kind: 'book', paper: 'a4' }, measure);
    const first = plan.toc[0].page;
    const setup = pageSetup({ kind: 'book', paper: 'a4' });
    expect(plan.pages[first - 1].ops.filter((op) => op.kind === 'text' && op.y < setup.contentTop).map((op) => op.kind === 'text' && op.text)).toEqual([]);
  });

  it('balances the index’s last page (Kingdoms of Novitas)', async () => {
    const { source } = await loadRulebook(path.resolve('tests/fixtures/samples/kingdoms-of-novitas'));
    const linked = linkRulebook(parseRulebook(source));
    const plan = planExport(linked, source, { kind: 'book', paper: 'a4' }, measure);
    const setup = pageSetup({ kind: 'book', paper: 'a4' });
    const last = plan.pages[plan.pages.length - 1].ops.filter((op): op is Extract<DrawOp, { kind: 'text' }> => op.kind === 'text' && op.y > setup.contentTop && op.y < setup.contentBottom && op.font === 'serif');
    const split = setup.margins.left + setup.contentWidth / 2;
    // Where each column's last entry stands: within a letter's heading and an entry of each other.
    const left = Math.max(...last.filter((op) => op.x < split).map((op) => op.y));
    const right = Math.max(...last.filter((op) => op.x >= split).map((op) => op.y));
    expect(Math.abs(left - right), `left column ends at ${left}, right at ${right}`).toBeLessThanOrEqual(setup.fontSize * 3.2);
  }, 120_000);
});
