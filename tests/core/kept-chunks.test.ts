/**
 * What the app keeps between launches (shared/parse/kept-chunks.ts): a book opened again is read from the chunks
 * kept from its last analysis, with the findings and outline a fresh read gives, reading again only the chunks that
 * changed; whatever the kept data holds (damaged, foreign, read with other settings) can only be a miss.
 * Real sample books, through the same service the app's worker runs.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRulebook } from '../../main/fs/load-rulebook.js';
import { KeptChunkStore, RulebookService, type KeptChunks } from '../../shared/service/index.js';
import type { RulebookSource } from '../../shared/model/types.js';

const SAMPLES = path.resolve(import.meta.dirname, '../fixtures/samples');

async function source(sample: string): Promise<RulebookSource> {
  return (await loadRulebook(path.join(SAMPLES, sample))).source;
}

/** A fresh service's analysis of `book`, reading through `kept` (as the app's worker does on open), and its store. */
function reopen(book: RulebookSource, kept: unknown) {
  const store = new KeptChunkStore();
  store.fill(kept);
  const service = new RulebookService();
  service.open(book, 1, store);
  return { analysis: service.analyse(), summary: service.summary(), store };
}

function fresh(book: RulebookSource) {
  const service = new RulebookService();
  service.open(book, 1);
  return { analysis: service.analyse(), summary: service.summary(), kept: service.kept() };
}

describe('chunks kept between launches', () => {
  for (const sample of ['funjerai.md', 'kingdoms-of-novitas', 'ars-magica-combat.md']) {
    it(`read ${sample} again as a fresh read does, without reading a chunk`, async () => {
      const book = await source(sample);
      const first = fresh(book);
      // Kept as the app keeps them: structured-cloned into IndexedDB and back.
      const kept = structuredClone(first.kept) as KeptChunks;
      expect(kept.chunks.length).toBeGreaterThan(5);
      const again = reopen(book, kept);
      expect(again.store.hits).toBe(kept.chunks.length);
      expect(again.analysis.findings).toEqual(first.analysis.findings);
      expect(again.summary).toEqual(first.summary);
    });
  }

  it('read again only the chunks of a chapter that changed since', async () => {
    const book = await source('kingdoms-of-novitas');
    const kept = fresh(book).kept;
    const edited: RulebookSource = {
      ...book,
      files: book.files.map((f) => (f.path === '07-combat.md' ? { ...f, text: `${f.text.replace(/\bthe\b/, 'the very')}\nFor weapons, see 99.9.\n` } : f)),
    };
    const again = reopen(edited, kept);
    const expected = fresh(edited);
    expect(again.analysis.findings).toEqual(expected.analysis.findings);
    expect(again.analysis.findings.some((f) => f.message.includes('99.9'))).toBe(true);
    const missed = expected.kept.chunks.filter(([text]) => !kept.chunks.some(([k]) => k === text)).length;
    expect(missed).toBeGreaterThan(0);
    expect(missed).toBeLessThanOrEqual(2);
    expect(again.store.hits).toBe(expected.kept.chunks.length - missed);
  });

  it('believe nothing of the wrong shape, or read with other settings', async () => {
    const book = await source('funjerai.md');
    const first = fresh(book);
    const kept = first.kept;
    const bent = { ...kept, chunks: kept.chunks.map(([text, result]) => [text, { ...result, records: result.records.map((r) => ({ ...r, end: 10 ** 9 })) }]) };
    const planted = { ...kept, chunks: kept.chunks.map(([text]) => [text, { records: [{ t: 'skill', start: 0, end: 1, name: 'Planted' }], limited: 'yes' }]) };
    const garbage: unknown[] = [null, 42, 'kept', [], { settingsKey: 7, chunks: [] }, { settingsKey: kept.settingsKey, chunks: 'all' }, { settingsKey: kept.settingsKey, chunks: [[1, 2], ['a']] }, bent, planted, { ...kept, settingsKey: `${kept.settingsKey} other` }];
    for (const value of garbage) {
      const again = reopen(book, value);
      expect(again.store.hits).toBe(0);
      expect(again.analysis.findings).toEqual(first.analysis.findings);
      expect(again.summary).toEqual(first.summary);
    }
  });
});
