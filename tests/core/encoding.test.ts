/** Files are decoded strictly as UTF-8, and a byte-order mark and the line endings survive a round trip. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRulebook } from '../../main/fs/load-rulebook.js';
import { decodeRulebookBytes, encodeRulebookText } from '../../shared/parse/decode.js';
import { parseRulebook } from '../../shared/parse/index.js';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));

describe('strict UTF-8', () => {
  it('names the line of the first invalid byte instead of replacing it', () => {
    const result = decodeRulebookBytes(bytes('# 1 Rules\n\n1.1 Sólmundur may ', [0xe9], 'lect.\n'));
    expect(result).toEqual({ ok: false, problem: 'invalid-utf8', line: 3, message: 'line 3: invalid UTF-8 (byte 0xe9 at offset 30); save the file as UTF-8' });
  });

  it('rejects overlong encodings, surrogates and truncated sequences', () => {
    for (const bad of [[0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x80], [0xf5, 0x80, 0x80, 0x80]]) {
      expect(decodeRulebookBytes(bytes('ok\n', bad)).ok).toBe(false);
    }
  });

  it('calls a file with NUL bytes binary', () => {
    expect(decodeRulebookBytes(bytes('PK', [3, 4, 0, 0])).ok).toBe(false);
    expect(decodeRulebookBytes(bytes('PK', [3, 4, 0, 0]))).toMatchObject({ problem: 'binary' });
  });

  it('refuses UTF-16 (Notepad\'s "Unicode") in one line that says how to convert it, as every command but import does', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('# 1. Rules\n', 'utf16le')]);
    expect(decodeRulebookBytes(utf16)).toEqual({
      ok: false,
      problem: 'utf-16',
      line: 1,
      message: 'is UTF-16 text; a rulebook is UTF-8: convert it with `rulebook import` (which reads UTF-16), or save it as UTF-8',
    });
  });

  it('reads Urð, curly quotes, en dashes, × and ½', () => {
    const result = decodeRulebookBytes(bytes('Urð “quoted” – 2×3 ½\n'));
    expect(result).toEqual({ ok: true, text: 'Urð “quoted” – 2×3 ½\n', bom: false, eol: '\n' });
  });
});

describe('round trip', () => {
  it('keeps a BOM and CRLF line endings byte for byte, with positions counted without the BOM', async () => {
    const original = bytes([0xef, 0xbb, 0xbf], '# 1 Rules\r\n\r\n1.1 First rule.\r\n\r\n- **Energy Ball** (4 SP) Ball.\r\n');
    const dir = await mkdtemp(path.join(tmpdir(), 'rulebook-encoding-'));
    try {
      const file = path.join(dir, 'book.md');
      await writeFile(file, original);
      const loaded = await loadRulebook(file);
      expect(loaded.files[0]).toMatchObject({ bom: true, eol: '\r\n' });
      expect(Buffer.from(encodeRulebookText(loaded.files[0].text, loaded.files[0].bom))).toEqual(original);
      const model = parseRulebook(loaded.source);
      expect(model.rules[0].range.start).toEqual({ line: 3, column: 1, offset: 13 });
      expect(model.skills[0].nameRange.start).toEqual({ line: 5, column: 5, offset: 36 });
      expect(await readFile(file)).toEqual(original);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
