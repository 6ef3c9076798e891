/** remark-parse with GFM, and guarded variants with constructs switched off for input that would stall it. */
import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

/** Nesting deeper than this is read flat: remark-parse overflows its stack near 8,000 levels and crawls near 800. */
export const MAX_NESTING = 64;
/** More emphasis delimiter runs than this in one piece are read as literal text (the resolver is quadratic). */
export const MAX_DELIMITER_RUNS = 2000;
/** More link brackets than this in one piece are read as literal text (label matching is quadratic). */
export const MAX_BRACKETS = 1000;

/** micromark construct names, switched off through its `disable` extension. */
export type Construct =
  | 'blockQuote'
  | 'list'
  | 'attention'
  | 'labelStartLink'
  | 'labelStartImage'
  | 'labelEnd'
  // GFM's footnote calls also act on every "]" and look back over the line: quadratic on "xa](xa](…".
  | 'gfmFootnoteCall'
  | 'gfmPotentialFootnoteCall'
  // Block constructs, off when the text is known to be one block's inline content (shared/publish/phrasing.ts).
  | 'headingAtx'
  | 'setextUnderline'
  | 'thematicBreak'
  | 'codeIndented'
  | 'codeFenced'
  | 'htmlFlow'
  | 'definition'
  | 'table'
  | 'gfmFootnoteDefinition';

type Processor = { parse(text: string): Root };
const processors = new Map<string, Processor>();

function processor(disabled: readonly Construct[], gfm: boolean): Processor {
  const key = `${gfm ? 'gfm' : 'plain'}:${[...disabled].sort().join(',')}`;
  let found = processors.get(key);
  if (!found) {
    const base = gfm ? unified().use(remarkParse).use(remarkGfm) : unified().use(remarkParse);
    if (disabled.length > 0) {
      base.use(function disable() {
        (this.data().micromarkExtensions ??= []).push({ disable: { null: [...disabled] } });
      });
    }
    found = base as unknown as Processor;
    processors.set(key, found);
  }
  return found;
}

/**
 * Whether text may hold a GFM construct: a table (|), strikethrough (~), a literal autolink (www., http,
 * an e-mail @), a footnote ([^) or a task list item ([ ], [x]). Most rulebook text holds none, and
 * micromark without the GFM extensions reads it the same, in about two thirds of the time.
 */
export function mayHoldGfm(text: string): boolean {
  return /[|~@]|www\.|http|\[\^|\[[ xX]\]/.test(text);
}

export function parseMarkdown(text: string, disabled: readonly Construct[] = [], gfm = mayHoldGfm(text)): Root {
  return processor(disabled, gfm).parse(text);
}
