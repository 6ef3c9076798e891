/**
 * What a Markdown file of a rulebook is called: the one definition every reader, watcher, dialog and editor asks.
 * `.mdx` is Markdown with JavaScript and JSX (Astro Starlight, Docusaurus and Nextra sites keep their rules so); its
 * import/export lines are kept out of the text the book is read from (shared/parse/mdx.ts).
 */

/** The extensions, lower case, with their dot. */
export const MARKDOWN_EXTENSIONS: readonly string[] = ['.md', '.markdown', '.mdx'];

/** The extension as a pattern source, for patterns that say more around it ("README.md", "_index.mdx"). */
export const MARKDOWN_EXTENSION_SOURCE = String.raw`\.(?:md|markdown|mdx)`;

/** The same as a glob, for file watchers of editors (LSP's `workspace/didChangeWatchedFiles`). */
export const MARKDOWN_GLOB = '**/*.{md,markdown,mdx}';

const MARKDOWN_FILE = new RegExp(`${MARKDOWN_EXTENSION_SOURCE}$`, 'i');
const MDX_FILE = /\.mdx$/i;

/** Whether a file name or path names a Markdown file of a rulebook (any case: "RULES.MD" too). */
export function isMarkdownFile(name: string): boolean {
  return MARKDOWN_FILE.test(name);
}

/** Whether it is an MDX page, whose import/export lines are JavaScript, not text of the book. */
export function isMdxFile(name: string): boolean {
  return MDX_FILE.test(name);
}

/** The name without its Markdown extension ("03-magic.mdx" → "03-magic"); any other name as it is. */
export function withoutMarkdownExtension(name: string): string {
  return name.replace(MARKDOWN_FILE, '');
}
