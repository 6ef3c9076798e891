/** Word-level diff of two texts (jsdiff), merged into parts a printer or the editor can show directly. */
import { diffWordsWithSpace } from 'diff';
import type { WordPart } from './types.js';

export function wordDiff(oldText: string, newText: string): WordPart[] {
  const parts: WordPart[] = [];
  for (const change of diffWordsWithSpace(oldText, newText)) {
    const op: WordPart['op'] = change.added ? 'added' : change.removed ? 'removed' : 'same';
    const last = parts[parts.length - 1];
    // jsdiff may split one edit into several; a reader wants one removed and one added span per edit.
    if (last && last.op === op) parts[parts.length - 1] = { op, text: last.text + change.value };
    else parts.push({ op, text: change.value });
  }
  return parts;
}

/** "[-old-]{+new+}" inline form, for terminals and plain text. */
export function formatWordDiff(parts: readonly WordPart[]): string {
  return parts.map((p) => (p.op === 'same' ? p.text : p.op === 'added' ? `{+${p.text}+}` : `[-${p.text}-]`)).join('');
}
