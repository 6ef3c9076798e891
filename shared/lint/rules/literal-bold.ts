/**
 * literal-bold: `**` pairs that Markdown reads as text, so the book, the website and the cards print the asterisks
 * where the writer meant bold. A closing `**` right after punctuation needs a space or punctuation after it, and no
 * space may stand just inside a marker. Books pasted from a word processor carry many; `--fix` respaces them.
 *   Bad:  **Description:**Text    **Common Skill **(Ride)
 *   Good: **Description:** Text   **Common Skill** (Ride)
 */
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'literal-bold',
  meta: {
    description: 'Text written as bold with `**` is read as bold, not printed with its asterisks',
    defaultSeverity: 'warning',
    messages: {
      fixable: '`{written}` prints with its asterisks, not in bold: {how}',
      unfixable: '`{written}` prints with its asterisks, not in bold',
    },
  },
  check({ linked, report }) {
    for (const { range, written, bold } of linked.model.literalBold) {
      if (bold === null) {
        report({ messageId: 'unfixable', data: { written }, at: range });
        continue;
      }
      const edits = [{ range, newText: bold }];
      const title = bold.includes('**') ? `Respace as \`${bold.trim()}\`` : `Write \`${bold}\` without the asterisks`;
      report({ messageId: 'fixable', data: { written, how: change(written, bold) }, at: range, suggestions: [{ title, edits }], fix: edits });
    }
  },
});

/** What the fix does, as advice: "put a space after it", "move the space inside the `**` outside it". */
function change(written: string, bold: string): string {
  if (!bold.includes('**')) return 'drop the asterisks (bold punctuation looks no different)';
  const inner = written.slice(2, -2);
  const added = [bold.startsWith(' ') && !/^\s/.test(inner) ? 'before' : '', bold.endsWith(' ') && !/\s$/.test(inner) ? 'after' : ''].filter(Boolean);
  const parts = [inner !== inner.trim() ? 'move the space inside the `**` outside it' : '', added.length > 0 ? `put a space ${added.join(' and ')} it` : ''].filter(Boolean);
  return parts.join(' and ');
}
