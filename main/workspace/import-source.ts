/**
 * Reads a document for the Import command as `rulebook import` does: UTF-8, UTF-16 with a BOM, or
 * Windows-1252 with a note (shared/import/decode.ts); .docx converted to HTML with mammoth.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImportSource } from '../../shared/ipc/contract.js';
import { decodeImportBytes } from '../../shared/import/decode.js';
import { isMarkdownFile } from '../../shared/model/markdown-files.js';
import { readableText } from '../../shared/parse/mdx.js';
import { ApiFailure, fsFailure } from './errors.js';

/** A document the person chose in a native dialog. */
export async function readImportSource(absolute: string): Promise<ImportSource> {
  const name = path.basename(absolute);
  let bytes: Buffer;
  try {
    bytes = await readFile(absolute);
  } catch (error) {
    throw fsFailure(error, name);
  }
  return convertImportBytes(name, bytes);
}

/** The same conversion for bytes the page read itself (the browser host's file input), so both hosts import alike. */
export async function convertImportBytes(name: string, bytes: Uint8Array): Promise<ImportSource> {
  const extension = path.extname(name).toLowerCase();
  if (extension === '.docx') {
    const mammoth = await import('mammoth');
    try {
      const { value } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
      return { name, format: 'docx', text: value };
    } catch (error) {
      throw new ApiFailure('unreadable', `${name}: not a Word document that can be read (${(error as Error).message})`);
    }
  }
  const decoded = decodeImportBytes(bytes);
  if (!decoded.ok) throw new ApiFailure('unreadable', `${name}: ${decoded.message}`);
  if (!decoded.text.trim()) throw new ApiFailure('unreadable', `${name}: has no text to import`);
  const format = isMarkdownFile(name) ? 'markdown' : extension === '.html' || extension === '.htm' ? 'html' : 'text';
  // An MDX page's import/export lines and component tags are code, not text to import (shared/parse/mdx.ts).
  return { name, format, text: readableText(name, decoded.text), notes: decoded.notes };
}
