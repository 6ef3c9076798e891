/** Completion of skill names where a skill name belongs: after `Prerequisite:`/`Requires:` and inside `[[ … ]]`. */
import type { EditorContext } from '../context.js';
import { LANGUAGE_ID } from '../convert.js';
import { monaco } from '../monaco.js';

/** What is being typed at the cursor, if it is a place for a skill name: the partial name and where it starts (1-based column). */
export function skillNameContext(lineBefore: string): { partial: string; startColumn: number; inLink: boolean } | null {
  const link = /\[\[([^\]]*)$/.exec(lineBefore);
  if (link) return { partial: link[1], startColumn: lineBefore.length - link[1].length + 1, inLink: true };
  const label = /^(\s*(?:[-*+]\s+)?(?:Prerequisites?|Requires)\s*:)(.*)$/i.exec(lineBefore);
  if (!label) return null;
  // The name being typed starts after the last separator.
  const rest = label[2];
  const separator = /(?:,|;|\band\b|\bor\b)\s*|^\s*/gi;
  let start = 0;
  for (const m of rest.matchAll(separator)) start = m.index + m[0].length;
  return { partial: rest.slice(start), startColumn: label[1].length + start + 1, inLink: false };
}

export function registerCompletion(ctx: EditorContext): monaco.IDisposable {
  return monaco.languages.registerCompletionItemProvider(LANGUAGE_ID, {
    triggerCharacters: ['[', ':', ' ', ','],
    async provideCompletionItems(model, position) {
      const lineBefore = model.getLineContent(position.lineNumber).slice(0, position.column - 1);
      const place = skillNameContext(lineBefore);
      if (!place) return { suggestions: [] };
      const names = await ctx.core.query({ kind: 'skill-names' });
      if (!names) return { suggestions: [] };
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
