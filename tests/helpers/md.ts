/** Test helpers: a dedenting `md` template tag and in-memory rulebooks parsed and linked. */
import { linkRulebook } from '../../shared/link/index.js';
import type { LinkedRulebook } from '../../shared/link/types.js';
import type { Rulebook, RulebookSource, SourceRange } from '../../shared/model/types.js';
import { parseRulebook } from '../../shared/parse/index.js';

/** Removes the common indentation and the first and last blank lines, so fixtures can be written inline. */
export function md(strings: TemplateStringsArray, ...values: unknown[]): string {
  const raw = strings.reduce((out, s, i) => out + s + (i < values.length ? String(values[i]) : ''), '');
  const lines = raw.replace(/^\n/, '').replace(/\n[ \t]*$/, '').split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length));
  return `${lines.map((l) => l.slice(indent)).join('\n')}\n`;
}

/** One file's text ("rulebook.md"), or several files by path (with an optional 'rulebook.yaml'). */
export type Host = string | Readonly<Record<string, string>>;

/** The in-memory book as the parser reads it: 'rulebook.yaml' becomes the manifest. */
export function sourceOf(input: Host): RulebookSource {
  if (typeof input === 'string') return { files: [{ path: 'rulebook.md', text: input }] };
  const { 'rulebook.yaml': manifest, ...files } = input;
  return {
    manifest: manifest === undefined ? null : { path: 'rulebook.yaml', text: manifest },
    files: Object.entries(files).map(([path, text]) => ({ path, text })),
  };
}

/** Parses one file, or several ({ 'a.md': …, 'b.md': … }, with an optional 'rulebook.yaml'). */
export function parse(input: Host): Rulebook {
  return parseRulebook(sourceOf(input));
}

export function link(input: Host): LinkedRulebook {
  return linkRulebook(parse(input));
}

/** "3:15-3:25": a range as line:column-line:column, the form expected findings use. */
export function at(range: SourceRange): string {
  return `${range.start.line}:${range.start.column}-${range.end.line}:${range.end.column}`;
}

/** The text a range covers in the given file text. */
export function slice(text: string, range: SourceRange): string {
  return text.slice(range.start.offset, range.end.offset);
}
