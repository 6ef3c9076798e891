/** Go to definition: from a prerequisite, a [[link]] or a rule reference to where the skill or number is defined. */
import type { EditorContext } from '../context.js';
import { LANGUAGE_ID } from '../convert.js';
import { monaco } from '../monaco.js';
import { locationsAt } from './at-cursor.js';

export function registerDefinition(ctx: EditorContext): monaco.IDisposable {
  return monaco.languages.registerDefinitionProvider(LANGUAGE_ID, { provideDefinition: locationsAt(ctx, 'definition') });
}
