/**
 * Bold and italics run into the word beside them: `**NPCs**are`, `the**Tags**that`, `*augury*spell`. Markdown reads
 * them as meant and prints the words together ("NPCsare"). Books pasted from a word processor, or converted by a script
 * that dropped the spaces around a style, carry hundreds; the reader sees a typo the writer cannot see in the source.
 */
import type { Nodes } from 'mdast';

export interface GluedEmphasisSpan {
  /** The bold or italics, markers included, in the text that was parsed. */
  readonly start: number;
  readonly end: number;
  /** As written ("**NPCs**"). */
  readonly written: string;
  /** The word run into it on either side ("are"), empty where a space or punctuation stands. */
  readonly before: string;
  readonly after: string;
}

/** Spans reported in one block at the most: a block of a thousand is one mistake to look at. */
const MAX_PER_BLOCK = 50;
/** Letters of the scripts that put spaces between words (a Chinese or Japanese book writes none). */
const LETTERS = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]+/uy;
const LETTERS_BEFORE = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]+$/u;
/** What may follow a styled word as part of it: a plural ("**Orc**s", "**Lich**es"). */
const SUFFIX = /^(?:s|es)$/;

/** The bold and italics of `node` (a block's inline content) that run into a word, outermost only. */
export function gluedEmphasisIn(node: Nodes, text: string, out: GluedEmphasisSpan[] = []): GluedEmphasisSpan[] {
  if (!('children' in node)) return out;
  for (const child of node.children as Nodes[]) {
    if (out.length >= MAX_PER_BLOCK) break;
    if ((child.type === 'strong' || child.type === 'emphasis') && child.position) {
      const start = child.position.start.offset!;
      const end = child.position.end.offset!;
      const before = LETTERS_BEFORE.exec(text.slice(Math.max(0, start - 40), start))?.[0] ?? '';
      LETTERS.lastIndex = end;
      const run = LETTERS.exec(text)?.[0] ?? '';
      const after = SUFFIX.test(run) ? '' : run;
      if (before || after) out.push({ start, end, written: text.slice(start, end), before, after });
    } else gluedEmphasisIn(child, text, out);
  }
  return out;
}
