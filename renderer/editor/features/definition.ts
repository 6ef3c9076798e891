/** Go to definition: from a prerequisite, a [[link]] or a rule reference to where the skill or number is defined. */
import type { EditorContext } from '../context.js';
import { LANGUAGE_ID, fileOf, toLocation } from '../convert.js';
import { monaco } from '../monaco.js';

export function registerDefinition(ctx: EditorContext): monaco.IDisposable {
  return monaco.languages.registerDefinitionProvider(LANGUAGE_ID, {
    async provideDefinition(model, position) {
      const file = fileOf(model.uri);
      if (file === null) return null;
      const ranges = await ctx.core.query({ kind: 'definition', at: { file, line: position.lineNumber, column: position.column } });
      return ranges ? ranges.map(toLocation) : null;
    },
  });
}
