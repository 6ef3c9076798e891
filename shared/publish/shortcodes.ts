/**
 * A site generator's block shortcodes (Hugo's `{{< tabpane >}}`, `{{% tab header="1" %}}`, `{{< /tab >}}`) are
 * page furniture for the web, not text: in print each disappears, except a tab's header, which is the label of what
 * follows it ("Danger Level:", "1"). Each is a mask over its source (prose-blocks.ts), so links and references found
 * in the source still land on their text.
 */
import { inlineRuns } from './phrasing.js';
import type { Mask } from './prose-blocks.js';

const BLOCK_SHORTCODE = /\{\{([<%])[ \t]*\/?[A-Za-z][\w-]*(?:[ \t][^\n{}]{0,500}?)?[ \t]*\/?[>%]\}\}/g;
const HEADER = /\bheader[ \t]*=[ \t]*"([^"\n]{1,200})"/;

/** The block shortcodes of a file's text, in order, a tab's header as its label (bold unless it has emphasis of its own). */
export function blockShortcodeMasks(text: string): Mask[] {
  if (!text.includes('{{')) return [];
  const masks: Mask[] = [];
  for (const match of text.matchAll(BLOCK_SHORTCODE)) {
    // A link's target (`[x]({{< ref "y" >}})`) is the link reader's business.
    if (text.slice(Math.max(0, match.index - 2), match.index) === '](') continue;
    const header = HEADER.exec(match[0])?.[1].trim();
    const label = header ? (/[*_]/.test(header) ? inlineRuns(header, 0).map(({ start: _written, ...run }) => run) : [{ text: header, bold: true }]) : undefined;
    masks.push({ start: match.index, end: match.index + match[0].length, ...(label ? { label } : {}) });
  }
  return masks;
}
