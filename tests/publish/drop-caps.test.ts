/** Drop caps of the parchment theme, read back with pdftotext -bbox: the cap three lines high, those lines beside it. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli-in-process.js';
import { words, type Word } from './pdf-read.js';

const work = mkdtempSync(path.join(tmpdir(), 'rulebook-drop-caps-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const BOOK = `---
title: Marsh Wardens
---
# 1 The Marsh

Wardens keep watch over the marsh through the long winter nights, as their oaths require of them. Each warden carries
a lamp, a horn and a staff, and no warden walks the causeway alone after dusk. A warden who hears a horn answers it, and
a warden who sees a light where no hut stands goes no nearer, but marks the place and tells the others at dawn.

The second paragraph of the chapter opens as any other does.
`;

/** The words of page 3 (the body: cover and contents come first), running header and ornaments left out, in lines, top to bottom, each left to right. */
function lines(all: readonly Word[]): Word[][] {
  const rows = new Map<number, Word[]>();
  for (const word of all.filter((w) => w.page === 3 && w.y > 50 && /\p{L}/u.test(w.text))) rows.set(Math.round(word.y + word.h), [...(rows.get(Math.round(word.y + word.h)) ?? []), word]);
  return [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, row]) => row.sort((a, b) => a.x - b.x));
}

describe('drop caps', () => {
  writeFileSync(path.join(work, 'book.md'), BOOK);

  it('opens a chapter’s first paragraph with a cap three lines high in the parchment theme, the lines beside it indented', async () => {
    const { code, stderr } = await runInProcess(['export', 'book.md', '--out', 'parchment.pdf', '--theme', 'parchment'], work);
    expect(code, stderr).toBe(0);
    const all = words(readFileSync(path.join(work, 'parchment.pdf'))).filter((w) => w.page === 3);
    const body = all.find((w) => w.text === 'keep')!;
    const cap = all.find((w) => w.text === 'W')!;
    expect(cap).toBeDefined();
    // Three lines of text high, give or take the leading: each body line is about 1.35 × its word box.
    expect(cap.h).toBeGreaterThan(body.h * 3);
    // The word it opens prints without its first letter, and the three lines beside the cap start right of it.
    const rows = lines(all).filter((row) => row[0].y > cap.y - body.h && row[0].x < 297);
    const beside = rows.filter((row) => row[0].y + row[0].h <= cap.y + cap.h + 1 && row[0] !== cap);
    expect(beside.map((row) => row.find((w) => w !== cap)!.x > cap.x + cap.w)).toEqual([true, true, true]);
    expect(beside[0].find((w) => w !== cap)!.text).toBe('ardens');
    // Every other line of the page starts at its column's edge: the cap indents its three lines only.
    const starts = lines(all).flatMap((row) => [row.filter((w) => w.x < 297), row.filter((w) => w.x >= 297)].filter((half) => half.length).map((half) => half[0]));
    const indented = starts.filter((w) => Math.abs(w.x - cap.x) > 1 && Math.abs(w.x - Math.min(...starts.filter((s) => s.x >= 297).map((s) => s.x))) > 1);
    expect(indented.map((w) => w.text)).toEqual(beside.map((row) => row.find((w) => w !== cap)!.text));
    expect(all.find((w) => w.text === 'second')!.h).toBeCloseTo(body.h, 0);
  });

  it('leaves the classic theme without one', async () => {
    const { code, stderr } = await runInProcess(['export', 'book.md', '--out', 'classic.pdf'], work);
    expect(code, stderr).toBe(0);
    const all = words(readFileSync(path.join(work, 'classic.pdf'))).filter((w) => w.page === 3);
    expect(all.some((w) => w.text === 'Wardens')).toBe(true);
    expect(all.some((w) => w.text === 'W')).toBe(false);
  });
});
