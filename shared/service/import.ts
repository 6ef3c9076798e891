/** The Import command's conversion (run in the app's worker): shared/import's importRulebook, named after the source file. */
import { importRulebook, type ImportFormat, type ImportResult } from '../import/index.js';

/** What the host calls a document's format, mapped to the importer's (a Word document arrives as HTML). */
export function importFormatOf(format: 'markdown' | 'text' | 'html' | 'docx'): ImportFormat {
  switch (format) {
    case 'markdown':
      return 'md';
    case 'text':
      return 'txt';
    case 'html':
    case 'docx':
      return 'html';
  }
}

/** A title for a text that has none of its own: the file name without extension, words capitalised as written. */
export function titleFromFileName(name: string): string {
  return name.replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' ').trim() || 'Imported rulebook';
}

/** The new rulebook's file name: the source's name with .md, kept to safe characters. */
export function rulebookFileName(sourceName: string): string {
  const stem = sourceName.replace(/\.[^.]+$/, '').replace(/[^\p{L}\p{N} ._-]+/gu, '-').replace(/^[.\s-]+|[.\s-]+$/g, '');
  return `${stem || 'imported'}.md`;
}

export function importDocument(text: string, format: ImportFormat, name: string): ImportResult {
  return importRulebook(text, { format, name: titleFromFileName(name) });
}
