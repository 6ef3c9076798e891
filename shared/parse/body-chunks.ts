/**
 * A file's body in the chunks the parser reads it in, each chunk's tree read again when asked for: the model keeps
 * no mdast (a 5 MB book's trees would outweigh it many times), so a reader of its blocks (print, the website) reads
 * the chunk it needs with the parser's own chunk parse and sees the blocks the model was built from.
 */
import type { Root } from 'mdast';
import { splitChunks } from './chunks.js';
import { splitFrontMatter } from './config.js';
import { parseChunkTree } from './index.js';

export interface BodyChunk {
  /** Offset of the chunk in the file (front matter included). */
  readonly offset: number;
  readonly text: string;
}

/** The chunks of a file's text after its front matter, as parseRulebook splits them. */
export function bodyChunks(fileText: string): BodyChunk[] {
  const bodyOffset = splitFrontMatter(fileText)?.bodyOffset ?? 0;
  return splitChunks(fileText.slice(bodyOffset)).map((chunk) => ({ offset: bodyOffset + chunk.offset, text: chunk.text }));
}

/** A chunk's tree as the model's parse reads it (guarded, in bounded pieces); offsets are in the chunk's text. */
export function chunkTree(chunk: BodyChunk): Root {
  return parseChunkTree(chunk.text).root;
}
