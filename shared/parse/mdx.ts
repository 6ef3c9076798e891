/**
 * An MDX page's code, kept out of the text the book is read from. An .mdx file (Astro Starlight, Docusaurus, Nextra)
 * may hold JavaScript statements (`import Callout from '../components/Callout.astro';`, `export const level = 1;`)
 * and JSX component tags (`<Callout type="note">`, `</Tabs>`). remark-parse without an MDX extension reads the
 * statements as paragraphs, so they would be printed in the book, looked at by the unread check and searched for
 * skills; and a tag line directly above text makes remark read tag and text as one HTML block, so the text inside a
 * `<Callout>` would not be read at all.
 *
 * Both are blanked to spaces (line endings kept) where the texts are handed to the readers (readableSource: analyse,
 * the way in for every caller, and the loader, git revisions, init, exports and the preview, which hand texts to
 * readers beside it), never in the texts an editor shows or a command writes back (LoadedFile.text, the session's):
 * every offset, line and column stays the file's, so findings, edits and renames land where they did.
 *
 * Not micromark-extension-mdxjs-esm (the unified collective's own reader of these statements): it asks acorn where a
 * statement ends and throws on one acorn cannot read, where a reader of rulebooks must never throw on the author's
 * text; and the chunk parser (parse/markdown.ts) reads pieces of files without their names, so it could not be
 * switched on for .mdx files alone. The rule here is the one that extension reads by (its readme's "Syntax"): a block
 * of statements starts at the start of a line (column 1, outside any container) with `import ` or `export `, where a
 * paragraph is not going on, and runs to a blank line; blank lines inside a bracket or a template string still
 * belong to it (where the extension lets acorn decide), though never past a blank line followed by a heading.
 * `{expressions}` are left as they are (they read as text, as written).
 */
import { isMdxFile } from '../model/markdown-files.js';
import type { RulebookSource } from '../model/types.js';

/** The texts of a book as its readers should see them: each .mdx file's code blanked; the same object when there is none. */
export function readableSource<T extends RulebookSource>(source: T): T {
  let changed = false;
  const files = source.files.map((file) => {
    const text = readableText(file.path, file.text);
    if (text === file.text) return file;
    changed = true;
    return { ...file, text };
  });
  return changed ? { ...source, files } : source;
}

/** The last text read of each .mdx file and what it read as: the editor's session asks again at every keystroke. */
const lastRead = new Map<string, { readonly text: string; readonly readable: string }>();
const LAST_READ_LIMIT = 500;

/** One file's text as its readers should see it (the same string for any file but an .mdx one, and for one without code). */
export function readableText(path: string, text: string): string {
  if (!isMdxFile(path)) return text;
  const last = lastRead.get(path);
  if (last && last.text === text) return last.readable;
  const readable = blankMdxCode(text);
  if (lastRead.size >= LAST_READ_LIMIT) lastRead.clear();
  lastRead.set(path, { text, readable });
  return readable;
}

/** A fenced code block's opening line (CommonMark: up to 3 spaces, 3 or more ` or ~; a ` fence's info holds no `). */
const FENCE_OPEN = /^ {0,3}(`{3,}(?=[^`]*$)|~{3,})/;
const ESM_START = /^(?:import|export) /;
/** A line that is one JSX component tag: `<Callout type="note">`, `</Callout>`, `<Aside />` (a capital letter: `<div>` is HTML). */
const JSX_TAG_LINE = /^[ \t]*<\/?[A-Z][\w.:-]*(?:[ \t][^<>]*)?\/?>[ \t]*$/;
const ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
const BLANK = /^[ \t]*$/;

/** Where JavaScript stands at the end of a line: open brackets, an unclosed template string or comment. */
interface Script {
  depth: number;
  template: boolean;
  comment: boolean;
}

/** Exported for tests: the text with the import/export statements and JSX tag lines of an MDX page blanked. */
export function blankMdxCode(text: string): string {
  const blanks: Array<[number, number]> = [];
  let fence: { char: string; length: number } | null = null;
  let script: Script | null = null;
  // Where a block may start: the body's start, after a blank line, a heading or a closed code fence (not inside a paragraph).
  let blockMayStart = true;
  for (let start = frontMatterEnd(text); start < text.length; ) {
    const newline = text.indexOf('\n', start);
    const next = newline === -1 ? text.length : newline + 1;
    const line = text.slice(start, newline === -1 ? text.length : newline).replace(/\r$/, '');
    if (script) {
      if (BLANK.test(line) && (!stillOpen(script) || ATX_HEADING.test(nextLineAfterBlanks(text, next)))) {
        script = null;
        blockMayStart = true;
      } else {
        blanks.push([start, start + line.length]);
        read(line, script);
      }
    } else if (fence) {
      const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
      if (close && close[1][0] === fence.char && close[1].length >= fence.length) {
        fence = null;
        blockMayStart = true;
      }
    } else {
      const open = FENCE_OPEN.exec(line);
      if (open) fence = { char: open[1][0], length: open[1].length };
      else if (blockMayStart && ESM_START.test(line)) {
        script = { depth: 0, template: false, comment: false };
        blanks.push([start, start + line.length]);
        read(line, script);
      } else if (JSX_TAG_LINE.test(line)) {
        blanks.push([start, start + line.length]);
        blockMayStart = true;
      } else blockMayStart = BLANK.test(line) || ATX_HEADING.test(line);
    }
    start = next;
  }
  if (blanks.length === 0) return text;
  let out = '';
  let at = 0;
  for (const [from, to] of blanks) {
    out += text.slice(at, from) + ' '.repeat(to - from);
    at = to;
  }
  return out + text.slice(at);
}

function stillOpen(script: Script): boolean {
  return script.depth > 0 || script.template || script.comment;
}

/** The first line after `at` that is not blank ('' at the end). */
function nextLineAfterBlanks(text: string, at: number): string {
  for (let start = at; start < text.length; ) {
    const newline = text.indexOf('\n', start);
    const line = text.slice(start, newline === -1 ? text.length : newline).replace(/\r$/, '');
    if (!BLANK.test(line)) return line;
    if (newline === -1) break;
    start = newline + 1;
  }
  return '';
}

/** Follows brackets, strings and comments through one line of JavaScript (enough to tell where a statement ends). */
function read(line: string, script: Script): void {
  let quote = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (script.comment) {
      if (c === '*' && line[i + 1] === '/') {
        script.comment = false;
        i++;
      }
    } else if (script.template) {
      if (c === '\\') i++;
      else if (c === '`') script.template = false;
    } else if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '/' && line[i + 1] === '/') return;
    else if (c === '/' && line[i + 1] === '*') {
      script.comment = true;
      i++;
    } else if (c === '`') script.template = true;
    else if (c === "'" || c === '"') quote = c;
    else if (c === '(' || c === '[' || c === '{') script.depth++;
    else if (c === ')' || c === ']' || c === '}') script.depth = Math.max(0, script.depth - 1);
  }
}

/**
 * Where the body starts: after front matter as splitFrontMatter (parse/config.ts) finds it, a `---` line at the very
 * start up to a `---` or `...` line. Not imported from there: that module brings the YAML parser into every load.
 */
function frontMatterEnd(text: string): number {
  const open = /^---[ \t]*\r?\n/.exec(text);
  if (!open) return 0;
  const close = /^(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/m.exec(text.slice(open[0].length, open[0].length + 65536));
  return close ? open[0].length + close.index + close[0].length : 0;
}
