/** Where each heading of a book's text stands: the headings above it and whether any stands under it (init's inferences). */
import { isTierOfEntry } from '../parse/titles.js';
import type { Entry, TextStats } from './collect-text.js';

export interface HeadingPlace {
  readonly entry: Entry;
  /** Its index in `text.entries`, which field lines name their entry by. */
  readonly index: number;
  /** The headings it stands under in its file, the outermost first. */
  readonly above: readonly Entry[];
  /** No heading stands under it. */
  readonly leaf: boolean;
}

/**
 * A heading that names a tier of the one above (`##### Adventurer Feat` under a 13th Age talent) is part of that
 * entry: no place of its own, and the entry stays a leaf.
 */
export function headingPlaces(text: TextStats): readonly HeadingPlace[] {
  let places = known.get(text);
  if (!places) known.set(text, (places = placesOf(text)));
  return places;
}

/** The places of a book's text, kept: four of init's inferences ask for them of the same text. */
const known = new WeakMap<TextStats, readonly HeadingPlace[]>();

function placesOf(text: TextStats): HeadingPlace[] {
  const headings = text.entries.flatMap((entry, index) => (entry.kind === 'heading' && !isTierOfEntry(entry.name) ? [{ entry, index }] : []));
  const out: HeadingPlace[] = [];
  let stack: Entry[] = [];
  headings.forEach(({ entry, index }, i) => {
    if (i === 0 || headings[i - 1].entry.file !== entry.file) stack = [];
    while (stack.length && stack[stack.length - 1].depth >= entry.depth) stack.pop();
    const next = headings[i + 1]?.entry;
    out.push({ entry, index, above: [...stack], leaf: !next || next.file !== entry.file || next.depth <= entry.depth });
    stack.push(entry);
  });
  return out;
}
