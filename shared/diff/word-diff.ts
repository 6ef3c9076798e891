/** Word-level diff of two texts (jsdiff), merged into parts a printer or the editor can show directly. */
import { diffWordsWithSpace } from 'diff';
import type { WordPart } from './types.js';

/**
 * Each edit comes out as at most one removed span followed by one added span: jsdiff interleaves
 * word by word ("move"→"run", " ", "their feet"→""), which reads badly, so a blank between two
 * edited words joins both spans.
 */
export function wordDiff(oldText: string, newText: string): WordPart[] {
  const raw = diffWordsWithSpace(oldText, newText).map((c) => ({ op: (c.added ? 'added' : c.removed ? 'removed' : 'same') as WordPart['op'], text: c.value }));
  const parts: WordPart[] = [];
  let removed = '';
  let added = '';
  const flush = () => {
    // Blanks both spans end with belong to the shared text after them.
    let tail = '';
    while (removed && added && /\s$/.test(removed) && removed.at(-1) === added.at(-1)) {
      tail = removed.at(-1)! + tail;
      removed = removed.slice(0, -1);
      added = added.slice(0, -1);
    }
    if (removed) parts.push({ op: 'removed', text: removed });
    if (added) parts.push({ op: 'added', text: added });
    removed = '';
    added = '';
    if (tail) pushSame(tail);
  };
  const pushSame = (text: string) => {
    const last = parts[parts.length - 1];
    if (last?.op === 'same') parts[parts.length - 1] = { op: 'same', text: last.text + text };
    else parts.push({ op: 'same', text });
  };
  raw.forEach((part, k) => {
    if (part.op === 'removed') removed += part.text;
    else if (part.op === 'added') added += part.text;
    else if ((removed || added) && /^\s+$/.test(part.text) && raw[k + 1] && raw[k + 1].op !== 'same') {
      removed += part.text;
      added += part.text;
    } else {
      flush();
      pushSame(part.text);
    }
  });
  flush();
  return parts;
}

/** "[-old-]{+new+}" inline form, for terminals and plain text. */
export function formatWordDiff(parts: readonly WordPart[]): string {
  return parts.map((p) => (p.op === 'same' ? p.text : p.op === 'added' ? `{+${p.text}+}` : `[-${p.text}-]`)).join('');
}
