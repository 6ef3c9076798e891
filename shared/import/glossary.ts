/** A glossary: a term alone on its line, its definition on the lines below, entries separated by blank lines. */
import type { Block, SourceLine } from './blocks.js';

export const GLOSSARY_TITLE = /^\s*(?:glossary|definitions|glossary of terms)\s*$/i;

/**
 * Reads the glossary lines (after its heading) into a heading per term (at `termDepth`) and a
 * paragraph per definition line: numbered senses ("1. Text…", "2. …") stay separate paragraphs.
 */
export function readGlossary(lines: readonly SourceLine[], termDepth: number): { blocks: Block[]; terms: number } {
  const blocks: Block[] = [];
  let terms = 0;
  let inEntry = false;
  for (const line of lines) {
    const text = line.text.trim();
    if (!text) {
      inEntry = false;
      continue;
    }
    if (!inEntry) {
      blocks.push({ kind: 'heading', line: line.line, depth: termDepth, text, numbered: false });
      terms++;
      inEntry = true;
    } else blocks.push({ kind: 'paragraph', line: line.line, text });
  }
  return { blocks, terms };
}
