/** Hover: a skill's card (cost, prerequisites, required by, category, where defined) or a rule's, from the worker. */
import type { EditorContext } from '../context.js';
import { LANGUAGE_ID, toRange } from '../convert.js';
import { monaco } from '../monaco.js';
import { queryAt } from './at-cursor.js';

export function registerHover(ctx: EditorContext): monaco.IDisposable {
  return monaco.languages.registerHoverProvider(LANGUAGE_ID, {
    async provideHover(model, position) {
      const card = await queryAt(ctx, model, position, 'hover');
      if (!card) return null;
      // Not trusted and no HTML: the card quotes rulebook text, which is untrusted input.
      return { range: toRange(card.range), contents: [{ value: card.markdown, isTrusted: false, supportHtml: false }] };
    },
  });
}
