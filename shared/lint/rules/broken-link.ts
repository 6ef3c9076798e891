/**
 * broken-link: a Markdown link names a file of the rulebook's folder that does not exist, or a `#fragment`
 * that is no heading slug and no written anchor of its file, so the reader clicks and lands nowhere.
 *   Bad:  See [Florentine](#florentin).        (the heading is "## Florentine": #florentine)
 *   Good: See [Florentine](#florentine).
 */
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'broken-link',
  meta: {
    description: 'Links lead to a file that exists and to a heading or anchor it has',
    defaultSeverity: 'warning',
    messages: {
      anchor: 'Link `{href}` points to no heading or anchor in {file}',
      anchorSuggest: 'Link `{href}` points to no heading or anchor in {file}, did you mean `#{suggestion}`?',
      file: 'Link `{href}` points to a file that does not exist',
    },
  },
  check({ linked, report }) {
    for (const { link, reason, target, suggestions } of linked.brokenLinks) {
      // A picture that cannot print is missing-image's to report.
      if (link.image) continue;
      if (reason === 'file') {
        report({ messageId: 'file', data: { href: link.href }, at: link.hrefRange });
        continue;
      }
      const hash = link.href.indexOf('#');
      const path = link.href.slice(0, hash);
      const file = target ?? link.range.file;
      // A target written as is (no shortcode around it) can be rewritten in place; never automatically.
      const inPlace = link.hrefRange.end.offset - link.hrefRange.start.offset === link.href.length;
      report({
        messageId: suggestions.length > 0 ? 'anchorSuggest' : 'anchor',
        data: { href: link.href, file, suggestion: suggestions[0] ?? '' },
        at: link.hrefRange,
        suggestions: inPlace
          ? suggestions.map((name) => ({ title: `Change to \`#${name}\``, edits: [{ range: link.hrefRange, newText: `${path}#${name}` }] }))
          : [],
      });
    }
  },
});

