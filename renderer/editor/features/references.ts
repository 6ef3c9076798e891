/** Find all references: every definition, prerequisite and [[link]] of a skill, or every reference to a numbered rule. */
import type { EditorContext } from '../context.js';
import { LANGUAGE_ID } from '../convert.js';
import { monaco } from '../monaco.js';
import { locationsAt } from './at-cursor.js';

export function registerReferences(ctx: EditorContext): monaco.IDisposable {
  return monaco.languages.registerReferenceProvider(LANGUAGE_ID, { provideReferences: locationsAt(ctx, 'references') });
}
