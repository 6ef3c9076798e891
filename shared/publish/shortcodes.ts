/**
 * A site generator's block shortcodes (Hugo's `{{< tabpane >}}`, `{{% tab header="1" %}}`, `{{< /tab >}}`) are
 * page furniture for the web, not text: in print each disappears, except a tab's header, which is the label of what
 * follows it ("Danger Level:", "1"). Offsets stay as they are: every character removed becomes a MASK, which the
 * prose reader skips, so links and references found in the source still land on their text.
 */
import { MASK } from './prose.js';

const BLOCK_SHORTCODE = /\{\{([<%])[ \t]*\/?[A-Za-z][\w-]*(?:[ \t][^\n{}]{0,500}?)?[ \t]*\/?[>%]\}\}/g;
const HEADER = /\bheader[ \t]*=[ \t]*"([^"\n]{1,200})"/;

export function maskBlockShortcodes(text: string): string {
  if (!text.includes('{{')) return text;
  return text.replace(BLOCK_SHORTCODE, (token: string, _open: string, at: number) => {
    // A link's target (`[x]({{< ref "y" >}})`) is the link reader's business.
    if (text.slice(Math.max(0, at - 2), at) === '](') return token;
    const header = HEADER.exec(token)?.[1].trim();
    const label = header ? (/[*_]/.test(header) ? header : `**${header}**`) : '';
    return label + MASK.repeat(token.length - label.length);
  });
}
