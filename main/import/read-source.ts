/** Reads a file to import (.txt, .md, .mdx, .html, .docx) into text and the format the importer should read it as. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import mammoth from 'mammoth';
import type { ImportFormat } from '../../shared/import/index.js';
import { decodeImportBytes } from '../../shared/import/decode.js';
import { readableText } from '../../shared/parse/mdx.js';
import { UserError } from '../errors.js';
import { describeFsError } from '../fs/load-rulebook.js';

export interface ImportSource {
  readonly text: string;
  readonly format: ImportFormat;
  /** Notes from reading the file (mammoth's warnings for a .docx, a Windows-1252 fallback), for the report. */
  readonly notes: readonly string[];
}

const FORMATS: Readonly<Record<string, ImportFormat | 'docx'>> = {
  '.txt': 'txt',
  '.text': 'txt',
  '.md': 'md',
  '.markdown': 'md',
  '.mdx': 'md',
  '.html': 'html',
  '.htm': 'html',
  '.docx': 'docx',
};

/**
 * Word's Title and Subtitle styles as plain paragraphs: the importer takes a first line that reads as a
 * title for the rulebook's title, and mammoth would otherwise add a warning for each to the report.
 */
const WORD_STYLES = ["p[style-name='Title'] => p:fresh", "p[style-name='Subtitle'] => p:fresh"];

export function display(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') ? relative : file;
}

export async function readImportSource(file: string): Promise<ImportSource> {
  const extension = path.extname(file).toLowerCase();
  const format = FORMATS[extension];
  if (!format) {
    throw new UserError(`${display(file)}: cannot import ${extension ? `${extension} files` : 'a file without an extension'}; use .txt, .md, .mdx, .html or .docx`);
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw new UserError(`${display(file)}: ${describeFsError(error)}`);
  }
  if (format === 'docx') {
    // A .docx is a zip archive: anything else (a renamed .doc, a truncated download) is refused up front.
    if (bytes.length < 4 || bytes.readUInt32BE(0) !== 0x504b0304) throw new UserError(`${display(file)}: not a Word .docx document (it is not a zip archive; an old .doc must be saved as .docx first)`);
    try {
      const result = await mammoth.convertToHtml({ buffer: bytes }, { styleMap: WORD_STYLES });
      return { text: result.value, format: 'html', notes: result.messages.map((m) => `the Word reader says: ${m.message}`) };
    } catch (error) {
      throw new UserError(`${display(file)}: cannot read this Word document (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
    }
  }
  const decoded = decodeImportBytes(bytes);
  if (!decoded.ok) throw new UserError(`${display(file)}: ${decoded.message}`);
  // An MDX page's import/export lines and component tags are code, not text to import (shared/parse/mdx.ts).
  return { text: readableText(file, decoded.text), format, notes: decoded.notes };
}
