/** Go to definition: from a prerequisite, a [[link]] or a rule reference to where the skill or number is defined. */
import type { EditorContext } from '../context.js';
import { LANGUAGE_ID, positionIn, toLocation } from '../convert.js';
import { monaco } from '../monaco.js';

export function registerDefinition(ctx: EditorContext): monaco.IDisposable {
  return monaco.languages.registerDefinitionProvider(LANGUAGE_ID, {
    async provideDefinition(model, position) {
      const at = positionIn(model, position);
      if (at === null) return null;
      const ranges = await ctx.core.query({ kind: 'definition', at });
      return ranges ? ranges.map(toLocation) : null;
    },
  });
}
