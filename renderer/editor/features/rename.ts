/** Rename a skill everywhere (every file), planned in the worker by shared/refactor, shown as a preview before anything changes. */
import type { EditorContext } from '../context.js';
import { LANGUAGE_ID, positionIn, toRange, toWorkspaceEdit } from '../convert.js';
import { monaco } from '../monaco.js';

export function registerRename(ctx: EditorContext): monaco.IDisposable {
  return monaco.languages.registerRenameProvider(LANGUAGE_ID, {
    async resolveRenameLocation(model, position) {
      const at = positionIn(model, position);
      const target = at === null ? null : await ctx.core.query({ kind: 'rename-target', at });
      if (!target || target.kind !== 'skill') return { range: new monaco.Range(position.lineNumber, position.column, position.lineNumber, position.column), text: '', rejectReason: 'Put the cursor on a skill name to rename the skill.' };
      return { range: toRange(target.range), text: target.name };
    },
    async provideRenameEdits(model, position, newName) {
      const at = positionIn(model, position);
      if (at === null) return { edits: [], rejectReason: 'Not a rulebook file.' };
      const plan = await ctx.core.query({ kind: 'rename', at, newName });
      if (!plan) return { edits: [], rejectReason: 'The text changed while planning the rename; try again.' };
      if (!plan.ok) return { edits: [], rejectReason: plan.message };
      const accepted = await ctx.confirmEdits(plan);
      if (!accepted) return { edits: [], rejectReason: 'Rename cancelled.' };
      return toWorkspaceEdit(plan.edits);
    },
  });
}
