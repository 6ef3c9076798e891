// Decoding a text file to import: UTF-8 as is, a Windows-1252 file (Word's and Notepad's plain text on Windows) read with a note naming the line, a binary file refused.
import { describe, expect, it } from 'vitest';
import { decodeImportBytes } from '../../shared/import/decode.js';

describe('decodeImportBytes', () => {
  it('reads UTF-8 without a note and drops the byte-order mark', () => {
    const result = decodeImportBytes(new TextEncoder().encode('\uFEFFSólmundur’s rules\n'));
    expect(result).toEqual({ ok: true, text: 'Sólmundur’s rules\n', notes: [] });
  });

  it('reads a Windows-1252 file as such and names the first line that is not UTF-8', () => {
    // "Don’t hit the head – ever." saved by Notepad as ANSI: 0x92 is ’, 0x96 is –, 0xe9 is é.
    const bytes = Uint8Array.from([...Buffer.from('Safety\n\n1.1 Don'), 0x92, ...Buffer.from('t hit the head '), 0x96, ...Buffer.from(' ever, caf'), 0xe9, 0x0a]);
    const result = decodeImportBytes(bytes);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.text).toBe('Safety\n\n1.1 Don’t hit the head – ever, café\n');
    expect(result.notes).toHaveLength(1);
    expect(result.notes[0]).toMatch(/line 3\b.*Windows-1252/);
  });

  it('reads UTF-16 with its byte-order mark (Notepad\'s "Unicode"), little- and big-endian, instead of calling it binary', () => {
    const text = 'Sólmundur’s rules\r\n1.1 Don’t hit the head.\r\n';
    const little = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const big = Buffer.from(little);
    big.swap16();
    expect(decodeImportBytes(little)).toEqual({ ok: true, text, notes: [] });
    expect(decodeImportBytes(big)).toEqual({ ok: true, text, notes: [] });
  });

  it('refuses a binary file', () => {
    const result = decodeImportBytes(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]));
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/binary/) });
  });
});
