/** Completion of skill names where a skill name belongs: after one of the book's prerequisite labels and inside `[[ … ]]`. */
import type { EditorContext } from '../context.js';
import { LANGUAGE_ID } from '../convert.js';
import { monaco } from '../monaco.js';
import { skillNameContext } from '../../../shared/service/completion.js';

export function registerCompletion(ctx: EditorContext): monaco.IDisposable {
  return monaco.languages.registerCompletionItemProvider(LANGUAGE_ID, {
    triggerCharacters: ['[', ':', ' ', ','],
    async provideCompletionItems(model, position) {
      const lineBefore = model.getLineContent(position.lineNumber).slice(0, position.column - 1);
      // The book's own labels ("Restrictions:"), from its last analysis; the usual ones until there is one.
      const place = skillNameContext(lineBefore, ctx.core.lastSummary?.prerequisiteLabels);
      if (!place) return { suggestions: [] };
      const names = await ctx.core.query({ kind: 'skill-names' });
      // Incomplete: ask again on the next keystroke rather than filter an empty list.
      if (!names) return { suggestions: [], incomplete: true };
      const lineAfter = model.getLineContent(position.lineNumber).slice(position.column - 1);
      const closeLink = place.inLink && !lineAfter.startsWith(']]');
      const range = new monaco.Range(position.lineNumber, place.startColumn, position.lineNumber, position.column);
      return {
        suggestions: names.map((n) => ({
          label: n.name,
          kind: monaco.languages.CompletionItemKind.Reference,
          detail: n.detail,
          insertText: closeLink ? `${n.name}]]` : n.name,
          range,
        })),
      };
    },
  });
}
