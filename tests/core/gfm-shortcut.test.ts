/** Chunks that cannot hold a GFM construct are parsed without the GFM extensions: the records must be the same. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRulebook } from '../../main/fs/load-rulebook.js';
import { importRulebook } from '../../shared/import/index.js';
import { splitChunks } from '../../shared/parse/chunks.js';
import { extractRecords } from '../../shared/parse/extract.js';
import { mayHoldGfm, parseMarkdown } from '../../shared/parse/markdown.js';

async function texts(): Promise<Array<[string, string]>> {
  const out: Array<[string, string]> = [];
  for (const name of ['funjerai.md', 'kingdoms-of-novitas', 'amtgard-magic.md', 'miniatures-skirmish.md', 'ars-magica-combat.md']) {
    for (const file of (await loadRulebook(path.resolve('tests/fixtures/samples', name))).files) out.push([file.path, file.text]);
  }
  const rules = readFileSync(path.resolve(import.meta.dirname, '../fixtures/corpus/mtg-comprehensive-rules/MagicCompRules-2020-07-03.txt'), 'utf8');
  out.push(['comprehensive-rules', importRulebook(rules, { format: 'txt' }).markdown]);
  return out;
}

describe('the GFM shortcut', () => {
  // Both parsers over the whole Comprehensive Rules: about 10 s here, so four times that on a slow machine under load.
  it('reads every chunk without GFM constructs exactly as the full GFM parser does', { timeout: 240_000 }, async () => {
    let shortcut = 0;
    for (const [name, text] of await texts()) {
      for (const chunk of splitChunks(text)) {
        if (mayHoldGfm(chunk.text)) continue;
        shortcut++;
        const plain = extractRecords(chunk.text, parseMarkdown(chunk.text, [], false));
        const gfm = extractRecords(chunk.text, parseMarkdown(chunk.text, [], true));
        expect(plain, `${name} at offset ${chunk.offset}`).toEqual(gfm);
      }
    }
    expect(shortcut).toBeGreaterThan(100);
  });

  it('sends every GFM construct to the GFM parser', () => {
    for (const text of ['| a | b |\n| - | - |', '~~gone~~', 'www.example.com', 'https://example.com', 'mail a@b.org', 'note[^1]', '- [ ] task', '- [x] done']) {
      expect(mayHoldGfm(text), text).toBe(true);
    }
    expect(mayHoldGfm('- **Energy Ball** (4 SP) see [[3.3]] and rule 702.19b.')).toBe(false);
  });
});
