/**
 * broken-reference: "see 2.7", "Chapter 12.7" or [[Shield Bash]] names a section, rule or skill that
 * does not exist, so the reader is sent nowhere; or "Chapter 8: Running the Game" gives a number that is not the
 * titled chapter's, so the reader is sent to the wrong place or nowhere.
 *   Bad:  For more information see chapter 12.7.      (there is no 12.7)
 *   Good: For more information see chapter 12.5.
 *   Bad:  See Chapter 8: Running the Game.            (Running the Game is chapter 7)
 *   Good: See Chapter 7: Running the Game.
 */
import { writtenNumber } from '../../parse/numbers.js';
import { defineRule } from '../define-rule.js';

/**
 * The end of a short range as people mean it: "119.9-10" ends at 119.10, "201.2a–c" at 201.2c. The
 * reference reader keeps a bare end ("10") as written, so it is completed from the start here.
 */
export function completeRangeEnd(start: string, end: string): string {
  if (end.includes('.')) return end;
  if (/^[a-z]$/.test(end)) return start.replace(/[a-z]$/, '') + end;
  if (/^\d+$/.test(end) && start.includes('.')) return start.replace(/\d+[a-z]?$/, end);
  return end;
}

export default defineRule({
  id: 'broken-reference',
  meta: {
    description: 'References name a section, rule or skill that exists',
    defaultSeverity: 'error',
    messages: {
      number: 'Broken reference `{text}`: there is no section or rule {number}',
      range: 'Broken reference `{text}`: the range ends at {number}, which does not exist',
      skill: 'Broken reference `{text}`: there is no skill named `{name}`',
      skillSuggest: 'Broken reference `{text}`: there is no skill named `{name}`, did you mean `{suggestion}`?',
      page: 'Broken link `{text}`: there is no skill or page named `{name}`',
      pageSuggest: 'Broken link `{text}`: there is no skill or page named `{name}`, did you mean the skill `{suggestion}`?',
      misnumbered: 'Broken reference `{text}`: “{title}” is {keyword} {number}',
    },
  },
  check({ linked, report }) {
    // In a book kept as an Obsidian vault, `[[agile]]` may name a page as well as a skill.
    const vault = linked.vault;
    for (const { reference, misnumbered } of linked.resolvedReferences) {
      if (!misnumbered) continue;
      const { title, number, written, numberNames } = misnumbered;
      const edits = [{ title: `Change to ${number}`, edits: [{ range: reference.targetRange, newText: number }] }];
      report({
        messageId: 'misnumbered',
        data: { text: written, title, keyword: reference.keyword, number },
        at: reference.targetRange,
        suggestions: edits,
        // Fixed by itself only when the number written names nothing: then the title alone says where the reader
        // goes. When it names another chapter, either half may be the slip, and the marshal chooses.
        fix: numberNames ? undefined : edits[0].edits,
      });
    }
    for (const { reference, suggestions } of linked.unresolvedReferences) {
      const text = reference.text.trim();
      if (reference.kind === 'skill') {
        const edits = suggestions.map((name) => ({ title: `Change to \`${name}\``, edits: [{ range: reference.targetRange, newText: name }] }));
        const pageToo = vault && reference.keyword === 'link';
        report({
          messageId: suggestions.length > 0 ? (pageToo ? 'pageSuggest' : 'skillSuggest') : pageToo ? 'page' : 'skill',
          data: { text, name: reference.targetText, suggestion: suggestions[0] ?? '' },
          at: reference.targetRange,
          suggestions: edits,
          fix: suggestions.length === 1 ? edits[0].edits : undefined,
        });
        continue;
      }
      const startExists = linked.entriesByNumber.has(reference.target);
      if (startExists && reference.targetEnd && linked.entriesByNumber.has(completeRangeEnd(reference.target, reference.targetEnd))) continue;
      const missing = startExists && reference.targetEnd ? reference.targetEnd : reference.target;
      // A number as the book writes it ("3.J.2", whose key is "3.j.2"), in the message and in a suggested edit.
      const written = (key: string) => {
        const entry = linked.entriesByNumber.get(key)?.[0];
        return entry?.number ? writtenNumber(entry.number) : key;
      };
      // Numbers are never fixed automatically: a near number is a guess about which rule was meant.
      const edits = startExists || reference.targetEnd ? [] : suggestions.map(written).map((n) => ({ title: `Change to ${n}`, edits: [{ range: reference.targetRange, newText: n }] }));
      const single = !reference.targetEnd && reference.targetText.toLowerCase() === reference.target ? reference.targetText : reference.target;
      report({
        messageId: startExists ? 'range' : 'number',
        data: { text, number: startExists && reference.targetEnd ? completeRangeEnd(reference.target, missing) : single },
        at: reference.targetRange,
        suggestions: edits,
      });
    }
  },
});
