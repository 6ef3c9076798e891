/**
 * glued-emphasis: bold or italics run into the word beside them, so the book, the website and the cards print the two
 * as one word. Markdown reads the style as meant; only the space is missing. `--fix` puts it back.
 *   Bad:  **NPCs**are people.    the**Tags**that    *augury*spell
 *   Good: **NPCs** are people.   the **Tags** that   *augury* spell
 * A plural written after a styled word (`**Orc**s`, `**Lich**es`) is part of it and left alone.
 */
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'glued-emphasis',
  meta: {
    description: 'Bold and italics stand apart from the words beside them',
    defaultSeverity: 'warning',
    messages: {
      glued: '`{written}` runs into {words}: it prints as “{printed}”; put a space {where} it',
    },
  },
  check({ linked, report }) {
    for (const { range, written, before, after } of linked.model.gluedEmphasis) {
      const shown = written.replace(/^\*+|\*+$/g, '');
      const words = [before && `“${before}” before it`, after && `“${after}” after it`].filter(Boolean).join(' and ');
      const where = before && after ? 'before and after' : before ? 'before' : 'after';
      const spaced = `${before ? ' ' : ''}${written}${after ? ' ' : ''}`;
      const edits = [{ range, newText: spaced }];
      report({
        messageId: 'glued',
        data: { written, words, printed: `${before}${shown}${after}`, where },
        at: range,
        suggestions: [{ title: `Put a space ${where} \`${written}\``, edits }],
        fix: edits,
      });
    }
  },
});
