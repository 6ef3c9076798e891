/**
 * HTML read by htmlparser2, as a stream of balanced events: it decodes entities, skips comments and CDATA,
 * reads script and style as raw text, honours quotes around attributes holding ">", keeps a stray "<" as text,
 * and closes what a page leaves open (a <li> by the next, a <td> by the next cell, everything at the end), so
 * every open event has its close. A streaming parser rather than a DOM, so it runs wherever shared/ runs, the
 * app's worker included.
 */
import { Parser } from 'htmlparser2';
import type { Attributes } from './html-furniture.js';

/**
 * Deeper than this, a start tag is left out (its text is kept). htmlparser2 shifts each open element in at the
 * front of its stack, so 100 000 nested <div>s would cost it minutes; browsers stop nesting at 512 too (Blink's
 * kMaximumHTMLParserDOMTreeDepth), so no page that shows in one loses anything by it.
 */
export const MAX_DEPTH = 512;

export interface HtmlEvents {
  /** `end`: the source index of the tag's last character. */
  open(name: string, attributes: Attributes, end: number): void;
  close(name: string, end: number): void;
  /** Decoded text; `start`: the source index where it begins. */
  text(data: string, start: number): void;
}

export function readHtml(html: string, events: HtmlEvents): void {
  let depth = 0;
  class BoundedParser extends Parser {
    override onopentagname(start: number, endIndex: number): void {
      if (depth < MAX_DEPTH) super.onopentagname(start, endIndex);
    }
  }
  const parser: Parser = new BoundedParser(
    {
      onopentag: (name, attributes) => {
        depth++;
        events.open(name, attributes, parser.endIndex);
      },
      onclosetag: (name) => {
        depth--;
        events.close(name, parser.endIndex);
      },
      ontext: (data) => events.text(data, parser.startIndex),
    },
    { decodeEntities: true },
  );
  parser.end(html);
}
