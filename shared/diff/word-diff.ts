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

/**
 * Whether a printer must put a blank between part `k` and the next: a removed span directly followed by
 * its replacement ("five" then "six") would otherwise be drawn as one odd word ("fivesix").
 */
export function needsGapAfter(parts: readonly WordPart[], k: number): boolean {
  const next = parts[k + 1];
  return parts[k].op === 'removed' && next?.op === 'added' && !/\s$/.test(parts[k].text) && !/^\s/.test(next.text);
}

/**
 * The same diff with every edit widened to whole words ("loudly" + ", clearly" becomes "loudly" →
 * "loudly, clearly"): Markdown emphasis glued to a word by punctuation ("loudly**, clearly**") is not
 * emphasis, so the Markdown changelog needs edits that start and end at blanks.
 */
export function wholeWordParts(parts: readonly WordPart[]): WordPart[] {
  type Item = { same: string } | { removed: string; added: string };
  const items: Item[] = [];
  for (const p of parts) {
    const last = items[items.length - 1];
    if (p.op === 'same') items.push({ same: p.text });
    else if (last && !('same' in last)) last[p.op] += p.text;
    else items.push(p.op === 'removed' ? { removed: p.text, added: '' } : { removed: '', added: p.text });
  }
  const glued = (edit: { removed: string; added: string }, edge: RegExp) => edge.test(edit.removed) || edge.test(edit.added);
  for (let i = 0; i < items.length; i++) {
    const edit = items[i];
    if ('same' in edit) continue;
    const before = items[i - 1];
    if (before && 'same' in before && /\S$/.test(before.same) && glued(edit, /^\S/)) {
      const word = /\S+$/.exec(before.same)![0];
      before.same = before.same.slice(0, -word.length);
      edit.removed = word + edit.removed;
      edit.added = word + edit.added;
    }
    const after = items[i + 1];
    if (after && 'same' in after && /^\S/.test(after.same) && glued(edit, /\S$/)) {
      const word = /^\S+/.exec(after.same)![0];
      after.same = after.same.slice(word.length);
      edit.removed += word;
      edit.added += word;
      // A word between two edits ("the" in `"the"`) joins them into one edit, which may need widening again.
      const next = items[i + 2];
      if (!after.same && next && !('same' in next)) {
        edit.removed += next.removed;
        edit.added += next.added;
        items.splice(i + 1, 2);
        i--;
      }
    }
  }
  return items
    .flatMap((item): WordPart[] =>
      'same' in item
        ? [{ op: 'same', text: item.same }]
        : [
            { op: 'removed', text: item.removed },
            { op: 'added', text: item.added },
          ],
    )
    .filter((p) => p.text);
}

/** "[-old-]{+new+}" inline form, for terminals and plain text. */
export function formatWordDiff(parts: readonly WordPart[]): string {
  return parts.map((p) => (p.op === 'same' ? p.text : p.op === 'added' ? `{+${p.text}+}` : `[-${p.text}-]`)).join('');
}
