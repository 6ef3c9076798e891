/** The worker's queries about the place under the cursor, shared by the providers that ask them (definition, references, hover). */
import type { QueryRequest, QueryResults } from '../../worker/protocol.js';
import type { EditorContext } from '../context.js';
import { positionIn, toLocation } from '../convert.js';
import type { monaco } from '../monaco.js';

/** The queries that take nothing but the place. */
type AtQuery = 'hover' | 'definition' | 'references';

/** The worker's answer about a place in a model; null in a model that is not a rulebook file, or when the text changed before the answer came. */
export async function queryAt<K extends AtQuery>(ctx: EditorContext, model: monaco.editor.ITextModel, position: monaco.IPosition, kind: K): Promise<QueryResults[K] | null> {
  const at = positionIn(model, position);
  return at === null ? null : ctx.core.query({ kind, at } as Extract<QueryRequest, { kind: K }>);
}

/** A provider's answer with the places the worker finds (where a name is defined, every reference to it), as Monaco locations. */
export function locationsAt(ctx: EditorContext, kind: 'definition' | 'references') {
  return async (model: monaco.editor.ITextModel, position: monaco.IPosition): Promise<monaco.languages.Location[] | null> => {
    const ranges = await queryAt(ctx, model, position, kind);
    return ranges ? ranges.map(toLocation) : null;
  };
}
