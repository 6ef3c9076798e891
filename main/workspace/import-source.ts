/** Reads a document the person chose for the Import command: text as is, .docx converted to HTML with mammoth. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImportSource } from '../../shared/ipc/contract.js';
import { decodeRulebookBytes } from '../../shared/parse/decode.js';
import { ApiFailure, fsFailure } from './errors.js';

export async function readImportSource(absolute: string): Promise<ImportSource> {
  const name = path.basename(absolute);
  const extension = path.extname(name).toLowerCase();
  let bytes: Buffer;
  try {
    bytes = await readFile(absolute);
  } catch (error) {
    throw fsFailure(error, name);
  }
  if (extension === '.docx') {
    const mammoth = await import('mammoth');
    try {
      const { value } = await mammoth.convertToHtml({ buffer: bytes });
      return { name, format: 'docx', text: value };
    } catch (error) {
      throw new ApiFailure('unreadable', `${name}: not a Word document that can be read (${(error as Error).message})`);
    }
  }
  const decoded = decodeRulebookBytes(bytes);
  if (!decoded.ok) throw new ApiFailure('unreadable', `${name}: ${decoded.message}`);
  const format = extension === '.md' || extension === '.markdown' ? 'markdown' : extension === '.html' || extension === '.htm' ? 'html' : 'text';
  return { name, format, text: decoded.text };
}
