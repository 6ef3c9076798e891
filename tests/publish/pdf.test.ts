import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPdf, exportPdf } from '../../main/publish/index.js';
import { glyphWarnings } from '../../main/publish/glyph-coverage.js';
import type { PlanSummary } from '../../shared/publish/types.js';
import { funjerai, squash } from './helpers.js';
import { smarten } from '../../shared/publish/typography.js';

type PdfDoc = Awaited<ReturnType<typeof getDocument>['promise']>;

async function open(bytes: Uint8Array): Promise<PdfDoc> {
  return getDocument({ data: new Uint8Array(bytes), disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
}

async function pageTexts(doc: PdfDoc): Promise<string[]> {
  const out: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    out.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return out;
}

describe('the Funjerai book as a real PDF', () => {
  const { linked, source } = funjerai();
  let pdf: Buffer;
  let plan: PlanSummary;
  let doc: PdfDoc;
  let texts: string[];
  const date = new Date(Date.UTC(2025, 2, 1));

  beforeAll(async () => {
    ({ pdf, plan } = await buildPdf(linked, { kind: 'book', paper: 'a4', source, compress: false, creationDate: date }));
    doc = await open(pdf);
    texts = await pageTexts(doc);
  });

  it('contains every skill and every chapter, with the special characters intact', () => {
    expect(doc.numPages).toBe(plan.pageCount);
    const all = squash(texts.join(' '));
    // As printed: with printers' quotes and dashes ("The Craftsman’s Guild").
    for (const skill of linked.model.skills) expect(all, skill.name).toContain(squash(smarten(skill.name)));
    for (const section of linked.model.sections) expect(all, section.title).toContain(squash(smarten(section.title)));
    for (const word of ['Urð', 'Sólmundur', 'Jóhannes', 'isn’t', '“guild”', '–']) expect(all).toContain(word);
  });

  it('has bookmarks that match the chapters and land on their pages', async () => {
    const outline = (await doc.getOutline())!;
    const chapters = linked.model.sections.filter((s) => s.depth === 1);
    expect(outline.slice(0, chapters.length).map((o) => o.title)).toEqual(chapters.map((c) => `${c.number!.key} ${c.title}`));
    const magic = outline.find((o) => o.title === '3 Magic')!;
    expect(magic.items.map((i) => i.title)).toEqual(['3.1 Offensive Magic', '3.2 Passive Magic', '3.3 Healing Magic', '3.4 Mental Magic', '3.5 Curses']);
    const dest = magic.dest as unknown[];
    const pageIndex = await doc.getPageIndex(dest[0] as { num: number; gen: number });
    expect(pageIndex + 1).toBe(plan.toc.find((e) => e.title === '3  Magic')!.page);
    expect(texts[pageIndex]).toContain('Magic');
  });

  it('has internal links that land on the page of their target', async () => {
    let checked = 0;
    for (let i = 1; i <= doc.numPages; i++) {
      const annotations = await (await doc.getPage(i)).getAnnotations();
      for (const a of annotations) {
        if (a.subtype !== 'Link' || typeof a.dest !== 'string') continue;
        const dest = (await doc.getDestination(a.dest))!;
        const target = await doc.getPageIndex(dest[0] as { num: number; gen: number });
        expect(target + 1, a.dest).toBe(plan.anchors.get(a.dest)!.page);
        checked++;
      }
    }
    expect(checked).toBe(plan.links.length);
    // "see chapter 3.3" in chapter 6 lands on the page where 3.3 Healing Magic is printed.
    const healing = linked.model.sections.find((s) => s.number?.key === '3.3')!;
    expect(texts[plan.anchors.get(`sec:${healing.id}`)!.page - 1]).toContain('Healing Magic');
  });

  it('is deterministic: the same rulebook and date give the same bytes', async () => {
    const again = await buildPdf(linked, { kind: 'book', paper: 'a4', source, compress: false, creationDate: date });
    expect(Buffer.compare(again.pdf, pdf)).toBe(0);
    const { info } = (await doc.getMetadata()) as unknown as { info: Record<string, unknown> };
    expect(info.CreationDate).toMatch(/^D:20250301000000Z/);
  });
});

describe('exportPdf', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rulebook-export-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the cards file and reports pages and warnings', async () => {
    const { linked, source } = funjerai();
    const out = path.join(dir, 'cards.pdf');
    const progress: string[] = [];
    const result = await exportPdf(linked, { kind: 'cards', paper: 'letter', source, categories: ['Offensive Magic'] }, out, (_d, _t, stage) => progress.push(stage));
    // Five cards, four a Letter sheet with their bleed and crop marks.
    expect(result.pages).toBe(2);
    const doc = await open(await readFile(out));
    const text = squash((await pageTexts(doc)).join(' '));
    for (const name of ['Gustofwind', 'LesserEnergyBall', 'Energyball', 'GreaterEnergyball', 'Root']) expect(text).toContain(name);
    expect(text).toContain('Requires:LesserEnergyBall');
    expect(progress).toContain('drawing pages');
  });

  it('warns, naming the character and its place, when the fonts lack a glyph', () => {
    const warnings = glyphWarnings({ files: [{ path: 'runes.md', text: '# Runes\n\nThe rune ᚠ (fehu) and ᚠ again, Urð ½ × – ok.\n' }] });
    expect(warnings).toEqual(['runes.md:3:10: the fonts have no glyph for “ᚠ” (U+16A0, 2 times); it prints as an empty box']);
  });

  it('says once of a whole script the fonts lack, not once per character', () => {
    // The Year Zero Engine SRD in Traditional Chinese: its specialties, as the translation writes them.
    const text = '## 專長\n屬性與技能提供的是你能力的大致輪廓。\n\n## 保鑣\n若有任何人在你短程內被攻擊命中 ᚠ。\n';
    expect(glyphWarnings({ files: [{ path: 'specialties.md', text }] })).toEqual([
      'specialties.md:1:4: the fonts have no glyphs for the Han script (34 characters, written 38 times); its text prints as empty boxes',
      'specialties.md:5:17: the fonts have no glyph for “ᚠ” (U+16A0); it prints as an empty box',
    ]);
  });
});
