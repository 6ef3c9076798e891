/**
 * latex-command: a LaTeX layout command left in the text by a conversion from LaTeX, which Markdown prints as written
 * on GitHub, the website and the cards. Only commands that lay out a page are found: they mean nothing in Markdown, so
 * `--fix` removes them, with the space before them or, alone on a line, the line.
 *   Bad:  without being detected. \newline      \newpage      \vspace{1em}
 *   Good: without being detected.
 * An escaped backslash (`\\newline`), punctuation escapes (`\*`) and a hard break (`\` at a line's end) are left alone.
 */
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'latex-command',
  meta: {
    description: 'No LaTeX layout command (`\\newline`, `\\newpage`, `\\vspace{…}`) is left in the text',
    defaultSeverity: 'warning',
    messages: {
      latex: '`{written}` is a LaTeX command: Markdown prints it as written; remove it',
    },
  },
  check({ linked, report }) {
    for (const { range, written, removal } of linked.model.latexCommands) {
      const edits = [{ range: removal, newText: '' }];
      report({ messageId: 'latex', data: { written }, at: range, suggestions: [{ title: `Remove \`${written}\``, edits }], fix: edits });
    }
  },
});
