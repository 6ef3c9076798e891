/** Find all references: every definition, prerequisite and [[link]] of a skill, or every reference to a numbered rule. */
import type { EditorContext } from '../context.js';
import { LANGUAGE_ID, positionIn, toLocation } from '../convert.js';
import { monaco } from '../monaco.js';

export function registerReferences(ctx: EditorContext): monaco.IDisposable {
  return monaco.languages.registerReferenceProvider(LANGUAGE_ID, {
    async provideReferences(model, position) {
      const at = positionIn(model, position);
      if (at === null) return null;
      const ranges = await ctx.core.query({ kind: 'references', at });
      return ranges ? ranges.map(toLocation) : null;
    },
  });
}
