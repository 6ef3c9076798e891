/**
 * name-case: a prerequisite or [[link]] names a skill in lower case where its definition has capitals
 * ("two handed weapons" for "Two Handed Weapons"). It still resolves, but printed rules read as if they
 * named two things; `--fix` rewrites it. Title Case against sentence case ("Ritual Magic" for "Ritual
 * magic") is a house style, not a slip, and is left alone.
 *   Bad:  Prerequisite: magic healing
 *   Good: Prerequisite: Magic Healing
 */
import type { SourceRange } from '../../model/types.js';
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'name-case',
  meta: {
    description: 'Skills are named with the capitalisation of their definition',
    defaultSeverity: 'info',
    messages: {
      prerequisite: 'Prerequisite `{written}` is capitalised differently from the skill `{name}`',
      link: 'Link `{written}` is capitalised differently from the skill `{name}`',
    },
  },
  check({ linked, report }) {
    const seen = new Set<string>();
    const check = (written: string, name: string, at: SourceRange, messageId: 'prerequisite' | 'link') => {
      // Only a name written all in lower case: other differences (quotes, spacing, title case) are the writer's choice.
      if (written === name || written.toLowerCase() !== name.toLowerCase() || written !== written.toLowerCase()) return;
      // Section-wide prerequisites are one written term shared by many skills: report it once.
      const place = `${at.file}#${at.start.offset}`;
      if (seen.has(place)) return;
      seen.add(place);
      const edits = [{ range: at, newText: name }];
      report({ messageId, data: { written, name }, at, suggestions: [{ title: `Change to \`${name}\``, edits }], fix: edits });
    };
    for (const edge of linked.edges) check(edge.term.text, edge.to.name, edge.term.range, 'prerequisite');
    for (const resolved of linked.resolvedReferences) {
      if (resolved.skill) check(resolved.reference.targetText, resolved.skill.name, resolved.reference.targetRange, 'link');
    }
  },
});
