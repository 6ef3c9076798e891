/** remark-parse with GFM, and the guarded variants used when a chunk would overflow or stall the parser. */
import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

/** Nesting deeper than this is read flat: remark-parse overflows its stack near 8,000 and slows near 800. */
export const MAX_NESTING = 64;
/** More emphasis delimiter runs than this in one chunk are read as literal text (the resolver is quadratic). */
export const MAX_DELIMITER_RUNS = 4000;

const full = unified().use(remarkParse).use(remarkGfm);

/** Same parser with constructs switched off through micromark's `disable` extension. */
function without(constructs: string[]) {
  return unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(function disable() {
      const data = this.data();
      const list = (data.micromarkExtensions ??= []);
      list.push({ disable: { null: constructs } });
    });
}

const flat = without(['blockQuote', 'list', 'attention']);
const noEmphasis = without(['attention']);
const noNesting = without(['blockQuote', 'list']);

export type ParseMode = 'full' | 'no-nesting' | 'no-emphasis' | 'flat';

export function parseMarkdown(text: string, mode: ParseMode): Root {
  switch (mode) {
    case 'full':
      return full.parse(text);
    case 'no-nesting':
      return noNesting.parse(text);
    case 'no-emphasis':
      return noEmphasis.parse(text);
    case 'flat':
      return flat.parse(text);
  }
}
