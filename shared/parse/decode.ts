/** Strict UTF-8 decoding: invalid bytes are an error naming the line, never silently replaced. */

export type DecodeResult =
  | { readonly ok: true; readonly text: string; readonly bom: boolean; readonly eol: '\n' | '\r\n' }
  | { readonly ok: false; readonly problem: 'binary' | 'utf-16' | 'invalid-utf8'; readonly line: number; readonly message: string };

/** Offset of the first byte that breaks UTF-8, or -1. */
function firstInvalidByte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) [need, min] = [1, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [need, min] = [2, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [need, min] = [3, 0x10000];
    else return i;
    let code = b & (need === 1 ? 0x1f : need === 2 ? 0x0f : 0x07);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      code = (code << 6) | (c & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

function lineAt(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) line++;
  return line;
}

/**
 * Decodes a rulebook file. A NUL byte means a binary file; a BOM is removed and reported. A rulebook is edited in
 * place, so it is UTF-8: UTF-16 text (Notepad's "Unicode") is refused with the way to convert it, which `rulebook
 * import` is, the one command that reads UTF-16 (its output is a new UTF-8 file).
 */
export function decodeRulebookBytes(bytes: Uint8Array): DecodeResult {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return { ok: false, problem: 'utf-16', line: 1, message: 'is UTF-16 text; a rulebook is UTF-8: convert it with `rulebook import` (which reads UTF-16), or save it as UTF-8' };
  }
  const nul = bytes.indexOf(0);
  if (nul !== -1) return { ok: false, problem: 'binary', line: lineAt(bytes, nul), message: 'is a binary file (it contains NUL bytes), not a text rulebook' };
  let text: string;
  try {
    // The platform's strict decoder checks every byte (a 1 MB book in about a millisecond, where a loop here takes ten).
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    // It does not say where: the byte is found again here, to name its line.
    const invalid = Math.max(0, firstInvalidByte(bytes));
    const line = lineAt(bytes, invalid);
    return { ok: false, problem: 'invalid-utf8', line, message: `line ${line}: invalid UTF-8 (byte 0x${bytes[invalid].toString(16).padStart(2, '0')} at offset ${invalid}); save the file as UTF-8` };
  }
  const bom = text.charCodeAt(0) === 0xfeff;
  if (bom) text = text.slice(1);
  const eol = /\r\n/.test(text.slice(0, 65536)) ? '\r\n' : '\n';
  return { ok: true, text, bom, eol };
}

/** The bytes to write back: the BOM restored when the file had one; line endings are the text's own. */
export function encodeRulebookText(text: string, bom: boolean): Uint8Array {
  return new TextEncoder().encode(bom ? `\uFEFF${text}` : text);
}
