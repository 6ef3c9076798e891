/**
 * Search and replace across a rulebook's files, as text: the matches of a query in each file (grouped by file, with
 * their lines for display) and the edits that replace them. Pure, so it is tested without a browser; the Search panel
 * (search.ts) shows what it finds and applies the edits through the editor's multi-file route.
 */
import type { TextEdit } from '../../shared/model/edits.js';
import type { SourceRange } from '../../shared/model/types.js';
import { Locator } from '../../shared/parse/locator.js';

export interface SearchQuery {
  readonly text: string;
  /** The text is a JavaScript regular expression; the replacement may then use $1, $<name>, $& and $$. */
  readonly regex: boolean;
  readonly matchCase: boolean;
  /** Only where the match is not part of a longer word (letters, digits and _ of any script). */
  readonly wholeWord: boolean;
}

export interface SearchMatch {
  readonly range: SourceRange;
  /** The matched text, and the line it is on (for the list of results). */
  readonly text: string;
  readonly lineText: string;
  /** Where the match starts and ends within lineText (a match across lines ends at the line's end). */
  readonly lineStart: number;
  readonly lineEnd: number;
  /** The text that replaces this match (the replacement with its $ groups filled in). */
  readonly replacement: string;
}

export interface FileMatches {
  readonly file: string;
  readonly matches: readonly SearchMatch[];
}

export type SearchOutcome =
  | { readonly ok: true; readonly files: readonly FileMatches[]; readonly total: number; readonly truncated: boolean }
  | { readonly ok: false; readonly message: string };

/** Past this many matches the list stops (a search for "e" in the CR); a replacement is then refused, not partial. */
export const MAX_MATCHES = 5000;

const WORD_BEFORE = '(?<![\\p{L}\\p{N}_])';
const WORD_AFTER = '(?![\\p{L}\\p{N}_])';

/** The query as a global regular expression, or why it is not one. */
export function compileQuery(query: SearchQuery): RegExp | string {
  const body = query.regex ? query.text : query.text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const pattern = query.wholeWord ? `${WORD_BEFORE}(?:${body})${WORD_AFTER}` : body;
  try {
    // u: \p{…} and whole characters; m: ^ and $ at each line, as in an editor.
    return new RegExp(pattern, `gmu${query.matchCase ? '' : 'i'}`);
  } catch (error) {
    return `Not a valid regular expression: ${(error as Error).message.replace(/^Invalid regular expression: /, '')}`;
  }
}

/**
 * A replacement template filled in for one match, as String.prototype.replace does: $$, $&, $`, $', $1–$99 and
 * $<name>. Done per match because the list previews each one and the edits replace each one in its place.
 */
export function expandReplacement(template: string, match: RegExpExecArray, input: string): string {
  return template.replace(/\$(\$|&|`|'|\d{1,2}|<([^>]*)>)/g, (whole, token: string, name: string | undefined) => {
    if (token === '$') return '$';
    if (token === '&') return match[0];
    if (token === '`') return input.slice(0, match.index);
    if (token === "'") return input.slice(match.index + match[0].length);
    if (name !== undefined) return match.groups ? (match.groups[name] ?? '') : whole;
    // $12 is group 12 when there is one, else group 1 followed by "2"; $0 and groups past the last stay as written.
    const two = Number(token);
    if (token.length === 2 && two >= 1 && two < match.length) return match[two] ?? '';
    const one = Number(token[0]);
    if (one >= 1 && one < match.length) return (match[one] ?? '') + token.slice(1);
    return whole;
  });
}

/** Every match of the query in the files, in file order; an empty query finds nothing. */
export function searchFiles(files: readonly { readonly path: string; readonly text: string }[], query: SearchQuery, replacement: string): SearchOutcome {
  if (query.text === '') return { ok: true, files: [], total: 0, truncated: false };
  const compiled = compileQuery(query);
  if (typeof compiled === 'string') return { ok: false, message: compiled };
  const out: FileMatches[] = [];
  let total = 0;
  for (const file of files) {
    const matches: SearchMatch[] = [];
    // Offsets to 1-based lines and columns, as the parser gives them.
    const locator = new Locator(file.path, file.text);
    compiled.lastIndex = 0;
    for (let m = compiled.exec(file.text); m !== null; m = compiled.exec(file.text)) {
      if (m[0].length === 0) {
        // An empty match (^, \b, a*) replaces nothing anyone can see: step past it.
        compiled.lastIndex = m.index + 1;
        continue;
      }
      if (total === MAX_MATCHES) {
        if (matches.length) out.push({ file: file.path, matches });
        return { ok: true, files: out, total, truncated: true };
      }
      const range = locator.range(m.index, m.index + m[0].length);
      const lineFrom = m.index - (range.start.column - 1);
      const nextLine = file.text.indexOf('\n', lineFrom);
      const lineTo = nextLine === -1 ? file.text.length : nextLine;
      const lineText = file.text.slice(lineFrom, lineTo).replace(/\r$/, '');
      matches.push({
        range,
        text: m[0],
        lineText,
        lineStart: m.index - lineFrom,
        lineEnd: Math.min(lineText.length, m.index + m[0].length - lineFrom),
        replacement: query.regex ? expandReplacement(replacement, m, file.text) : replacement,
      });
      total++;
    }
    if (matches.length) out.push({ file: file.path, matches });
  }
  return { ok: true, files: out, total, truncated: false };
}

/** The edits that replace every match found (one per match, each in its own file). */
export function replacementEdits(files: readonly FileMatches[]): TextEdit[] {
  return files.flatMap((f) => f.matches.map((m) => ({ range: m.range, newText: m.replacement })));
}
