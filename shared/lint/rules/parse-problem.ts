/**
 * parse-problem: a part of the rulebook could not be read as written (bad front matter, a file too large,
 * blocks nested too deep, an unreadable lint comment). The parser records these as facts; this rule reports them.
 *   Bad:  ---\ntitle: [unclosed\n---
 *   Good: ---\ntitle: Funjerai\n---
 */
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'parse-problem',
  meta: {
    description: 'Every part of the rulebook can be read as written',
    defaultSeverity: 'error',
    messages: {
      problem: '{message}',
    },
  },
  check({ linked, report }) {
    for (const diagnostic of linked.model.diagnostics) {
      // Unreadable lint comments, and lines that look like skills or rules but were not read, matter less than
      // text the parser could not read at all: the rest of the book was still read.
      const lesser = diagnostic.code === 'lint-control-invalid' || diagnostic.code === 'unread-skills' || diagnostic.code === 'unread-rules';
      report({ messageId: 'problem', data: { message: diagnostic.message }, at: diagnostic.range, severity: lesser ? 'warning' : undefined });
    }
  },
});
