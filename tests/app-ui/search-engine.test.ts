/** Search and replace across files, as text: options, $ groups, line positions, empty matches, invalid patterns, the cap. */
import { describe, expect, it } from 'vitest';
import { applyEdits, editsByFile } from '../../shared/model/edits.js';
import { MAX_MATCHES, replacementEdits, searchFiles, type SearchQuery } from '../../renderer/panels/search-engine.js';

const files = [
  { path: 'a.md', text: '# Marshals\n\nA Marshal rules. marshal, Marshalling.\n' },
  { path: 'b.md', text: 'No match here.\r\nThe Game Master and the Marshal.\r\n' },
  { path: 'c.md', text: 'Nothing.\n' },
];
const q = (text: string, options: Partial<SearchQuery> = {}): SearchQuery => ({ text, regex: false, matchCase: false, wholeWord: false, ...options });

/** The files after every replacement, as the editor would hold them. */
function replaced(text: string, replacement: string, options: Partial<SearchQuery> = {}): Record<string, string> {
  const outcome = searchFiles(files, q(text, options), replacement);
  if (!outcome.ok) throw new Error(outcome.message);
  const byFile = editsByFile(replacementEdits(outcome.files));
  return Object.fromEntries(files.map((f) => [f.path, applyEdits(f.text, byFile.get(f.path) ?? [])]));
}

describe('searchFiles', () => {
  it('groups matches by file, with 1-based lines and columns and the line they are on', () => {
    const outcome = searchFiles(files, q('marshal'), '');
    expect(outcome.ok && outcome.total).toBe(5);
    if (!outcome.ok) return;
    expect(outcome.files.map((f) => [f.file, f.matches.length])).toEqual([['a.md', 4], ['b.md', 1]]);
    const inB = outcome.files[1].matches[0];
    expect(inB.range.start).toEqual({ line: 2, column: 25, offset: 40 });
    expect(inB.lineText).toBe('The Game Master and the Marshal.');
    expect(inB.lineText.slice(inB.lineStart, inB.lineEnd)).toBe('Marshal');
  });

  it('narrows by case and by whole word', () => {
    const count = (o: Partial<SearchQuery>) => {
      const outcome = searchFiles(files, q('Marshal', o), '');
      return outcome.ok ? outcome.total : -1;
    };
    expect(count({})).toBe(5);
    expect(count({ matchCase: true })).toBe(4);
    expect(count({ wholeWord: true })).toBe(3);
    expect(count({ wholeWord: true, matchCase: true })).toBe(2);
  });

  it('treats the text literally unless Regex is on, and fills $ groups in the replacement', () => {
    expect(searchFiles(files, q('Marshal.'), '').ok && (searchFiles(files, q('Marshal.'), '') as { total: number }).total).toBe(1);
    expect(replaced('(Game) (Master)', '$2 of the $1, $& ($$)', { regex: true })['b.md']).toContain('The Master of the Game, Game Master ($) and');
    expect(replaced('(?<who>Marshal)s?\\b', '[$<who>]', { regex: true, matchCase: true })['a.md']).toBe('# [Marshal]\n\nA [Marshal] rules. marshal, Marshalling.\n');
    // Literal: a $ in the replacement is only a $.
    expect(replaced('Game Master', '$1 GM')['b.md']).toContain('The $1 GM and');
  });

  it('replaces every match in every file and nothing else; line endings are kept', () => {
    const after = replaced('marshal', 'Referee', { wholeWord: true });
    expect(after['a.md']).toBe('# Marshals\n\nA Referee rules. Referee, Marshalling.\n');
    expect(after['b.md']).toBe('No match here.\r\nThe Game Master and the Referee.\r\n');
    expect(after['c.md']).toBe('Nothing.\n');
  });

  it('skips empty matches, says why a pattern is invalid, and finds nothing for an empty query', () => {
    const outcome = searchFiles(files, q('^', { regex: true }), 'x');
    expect(outcome.ok && outcome.total).toBe(0);
    expect(searchFiles(files, q('(unclosed', { regex: true }), '')).toMatchObject({ ok: false, message: expect.stringMatching(/^Not a valid regular expression: /) });
    expect(searchFiles(files, q(''), '')).toEqual({ ok: true, files: [], total: 0, truncated: false });
  });

  it('stops at the cap and says the list is cut short', () => {
    const outcome = searchFiles([{ path: 'big.md', text: 'ab '.repeat(MAX_MATCHES + 10) }], q('ab'), '');
    expect(outcome).toMatchObject({ ok: true, total: MAX_MATCHES, truncated: true });
  });
});
