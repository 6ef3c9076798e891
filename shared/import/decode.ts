/**
 * Decoding the bytes of a text file to import. UTF-16 when it starts with its byte-order mark; else UTF-8; a file that is not valid UTF-8 is read as
 * Windows-1252, because that is what Word's "Save as Plain Text" and Notepad write on a Western Windows
 * machine, and a marshal should not have to learn about encodings to import their rulebook. Unlike an
 * open rulebook (which is saved back, so the core refuses anything but UTF-8), an import writes a fresh
 * UTF-8 file, so the fallback loses nothing; the note names the first line to check in case the file was
 * in yet another encoding.
 */
import { decodeRulebookBytes } from '../parse/decode.js';

export type ImportDecodeResult =
  | { readonly ok: true; readonly text: string; readonly notes: readonly string[] }
  | { readonly ok: false; readonly message: string };

export function decodeImportBytes(bytes: Uint8Array): ImportDecodeResult {
  // Notepad's "Unicode" is UTF-16 with a byte-order mark: full of NUL bytes, yet text, not a binary file.
  const utf16 = decodeUtf16(bytes);
  if (utf16 !== null) return { ok: true, text: utf16, notes: [] };
  const strict = decodeRulebookBytes(bytes);
  if (strict.ok) return { ok: true, text: strict.text, notes: [] };
  if (strict.problem === 'binary') return { ok: false, message: strict.message };
  const text = decodeWindows1252(bytes);
  return {
    ok: true,
    text,
    notes: [`not UTF-8 (first at line ${strict.line}), read as Windows-1252: check accented letters and quotes from that line on`],
  };
}

/** UTF-16 text with its byte-order mark (little- or big-endian), or null when the bytes do not start with one. */
function decodeUtf16(bytes: Uint8Array): string | null {
  const little = bytes[0] === 0xff && bytes[1] === 0xfe;
  const big = bytes[0] === 0xfe && bytes[1] === 0xff;
  if (!little && !big) return null;
  const body = bytes.subarray(2, bytes.length - (bytes.length % 2));
  // Big-endian swapped to little-endian, the one UTF-16 every TextDecoder knows.
  const units = big ? Uint8Array.from(body, (_, i) => body[i ^ 1]) : body;
  return new TextDecoder('utf-16le').decode(units);
}

/**
 * Windows-1252 by hand: Node 20's TextDecoder('windows-1252') decodes 0x80–0x9F as Latin-1 control
 * characters, which would lose exactly the curly quotes and dashes Word puts in every rulebook.
 */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += b >= 0x80 && b < 0xa0 ? CP1252_HIGH[b - 0x80] : String.fromCharCode(b);
  // A UTF-8 byte-order mark in front of text that is not UTF-8 after all: still only a mark.
  return text.replace(/^\u00ef\u00bb\u00bf/, '');
}
