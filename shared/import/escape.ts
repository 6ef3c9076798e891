/** Escapes plain source text so that it reads back as the same text, not as Markdown syntax. */

/** Inline characters that would start emphasis, code, html, links or entities. */
function escapeInline(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/([*_`~])/g, '\\$1')
    .replace(/<(?=[A-Za-z/!?])/g, '\\<')
    .replace(/\[(?=\[)/g, '\\[')
    .replace(/\](?=[(:[])/g, '\\]')
    .replace(/&(?=#?\w+;)/g, '\\&');
}

/** Things that only mean something at the start of a line: headings, quotes, list markers, setext underlines, table rows. */
function escapeLineStart(line: string): string {
  if (/^#{1,6}(?:\s|$)/.test(line)) return `\\${line}`;
  if (/^>/.test(line)) return `\\${line}`;
  if (/^[-+](?:\s|$)/.test(line)) return `\\${line}`;
  if (/^(?:=+|-+)\s*$/.test(line)) return `\\${line}`;
  if (/^\|/.test(line)) return `\\${line}`;
  // "1. Text" would be an ordered list, "1) Text" too.
  const ordered = /^(\d{1,9})([.)])(\s|$)/.exec(line);
  if (ordered) return `${ordered[1]}\\${line.slice(ordered[1].length)}`;
  return line;
}

/** Plain text (possibly several lines) as Markdown paragraph text that reads back as the same words. */
export function escapeText(text: string): string {
  return text
    .split('\n')
    .map((line) => escapeLineStart(escapeInline(line.trim())))
    .join('\n');
}

/**
 * Text that must not be read as a numbered rule: "1.5 times its movement" starts like rule 1.5.
 * The backslash before the dot keeps it a plain paragraph and disappears when read.
 */
export function escapeLeadingNumber(text: string): string {
  return text.replace(/^(\d+)\.(?=\d)/, '$1\\.').replace(/^(\d+)([a-z])(?=\s|$)/, '$1\\$2');
}

/**
 * Heading text. One that has no number of its own but starts with one followed by a dot ("1996. A year")
 * gets the dot escaped, which reads back as the same text without making 1996 a section number. Digits
 * followed by a space cannot be escaped in standard Markdown: the structure reader reports those.
 */
export function escapeHeadingText(text: string, numbered: boolean): string {
  const escaped = escapeInline(text.trim()).replace(/#+\s*$/, (m) => `\\${m}`);
  if (numbered) return escaped;
  return escaped.replace(/^((?:(?:chapter|section|part|appendix)\s+)?\d+(?:\.\d+)*)\.(?=\s|$)/i, '$1\\.');
}

/** Whether an unnumbered heading's text would still be read as numbered by the parser ("1996 World Champion"). */
export function readsAsNumbered(text: string): boolean {
  return /^(?:(?:chapter|section|part|appendix)\s+)?\d+(?:\.\d+)*[a-z]?(?:\s*[:\-–—]+)?(?:\s|$)/i.test(text.trim());
}

/** A table cell: pipes escaped, line breaks flattened. */
export function escapeCell(text: string): string {
  return escapeInline(text.replace(/\s+/g, ' ').trim()).replace(/\|/g, '\\|');
}

/** A prerequisite line's text: plain text escaped, but [[Name]] links the importer wrote kept as links. */
export function escapePrerequisite(text: string): string {
  return text
    .split(/(\[\[[^\]\n]+\]\])/)
    .map((part, i) => (i % 2 === 1 ? `[[${part.slice(2, -2).replace(/[\]\\]/g, '')}]]` : escapeText(part)))
    .join('');
}
