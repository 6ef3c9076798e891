/**
 * Completion where a name belongs: skill names after one of the book's prerequisite labels and inside `[[ … ]]`; in a
 * book kept as an Obsidian vault also its pages and their aliases inside `[[`, a page's headings after `[[Page#`, and
 * the book's pictures after `![[`.
 */
import type { EditorContext } from '../context.js';
import { LANGUAGE_ID, positionIn } from '../convert.js';
import { monaco } from '../monaco.js';
import { completionSortText, insertionFor, skillNameContext } from '../../../shared/service/completion.js';

export function registerCompletion(ctx: EditorContext): monaco.IDisposable {
  return monaco.languages.registerCompletionItemProvider(LANGUAGE_ID, {
    triggerCharacters: ['[', ':', ' ', ',', '#'],
    async provideCompletionItems(model, position) {
      const lineBefore = model.getLineContent(position.lineNumber).slice(0, position.column - 1);
      // The book's own labels ("Restrictions:"), from its last analysis; the usual ones until there is one.
      const summary = ctx.core.openBookSummary;
      const place = skillNameContext(lineBefore, summary?.prerequisiteLabels, summary?.prerequisiteJoiners);
      const at = positionIn(model, position);
      if (!place || !at) return { suggestions: [] };
      const names = await ctx.core.query({ kind: 'completion-names', file: at.file, place });
      // Incomplete: ask again on the next keystroke rather than filter an empty list.
      if (!names) return { suggestions: [], incomplete: true };
      const lineAfter = model.getLineContent(position.lineNumber).slice(position.column - 1);
      // Only what was typed before the cursor is replaced: the text after it stays.
      const range = new monaco.Range(position.lineNumber, place.startColumn, position.lineNumber, position.column);
      const { Reference, File } = monaco.languages.CompletionItemKind;
      return {
        suggestions: names.map((n) => ({
          label: n.label,
          kind: n.kind === 'skill' || n.kind === 'heading' ? Reference : File,
          detail: n.detail,
          // What the link writes: an alias chosen writes its page too (`Dark-Elf|Dark Elf`), fitted to what follows.
          insertText: insertionFor(place, n, lineAfter),
          sortText: completionSortText(n),
          range,
        })),
      };
    },
  });
}
