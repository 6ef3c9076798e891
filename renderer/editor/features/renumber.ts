/** The "Renumber section" command: plans a renumbering of the section at the cursor (shared/refactor, in the worker) and applies it after a preview. */
import type { EditorContext } from '../context.js';
import { fileOf, toWorkspaceEdit } from '../convert.js';
import { monaco } from '../monaco.js';

export const RENUMBER_ACTION_ID = 'rulebook.renumberSection';

export async function renumberSection(ctx: EditorContext, editor: monaco.editor.ICodeEditor): Promise<void> {
  const model = editor.getModel();
  const position = editor.getPosition();
  const file = model ? fileOf(model.uri) : null;
  if (!model || !position || file === null) return;
  // The section is named by the number of the innermost numbered heading above the cursor.
  let section: string | null = null;
  for (let line = position.lineNumber; line >= 1 && section === null; line--) {
    const m = /^#{1,6}\s+(?:(?:Chapter|Section|Part|Appendix)\s+)?(\d+(?:\.\d+)*)/.exec(model.getLineContent(line));
    if (m) section = m[1];
  }
  const plan = await ctx.core.query({ kind: 'renumber', section });
  if (!plan) return ctx.notify('The text changed while planning; try again.', 'error');
  if (!plan.ok) return ctx.notify(plan.message, 'error');
  if (plan.edits.length === 0) return ctx.notify('The numbering is already in order.');
  if (!(await ctx.confirmEdits(plan))) return;
  applyWorkspaceEdit(toWorkspaceEdit(plan.edits));
  ctx.notify(`${plan.title}: ${plan.edits.length} change${plan.edits.length === 1 ? '' : 's'}.`);
}

/** Applies edits to every model they touch, each file as one undoable step. */
export function applyWorkspaceEdit(edit: monaco.languages.WorkspaceEdit): void {
  const byModel = new Map<monaco.editor.ITextModel, monaco.editor.IIdentifiedSingleEditOperation[]>();
  for (const e of edit.edits) {
    if (!('textEdit' in e)) continue;
    const model = monaco.editor.getModel(e.resource);
    if (!model) continue;
    const list = byModel.get(model) ?? [];
    list.push({ range: e.textEdit.range, text: e.textEdit.text });
    byModel.set(model, list);
  }
  for (const [model, ops] of byModel) {
    model.pushStackElement();
    model.pushEditOperations([], ops, () => null);
    model.pushStackElement();
  }
}

export function registerRenumber(ctx: EditorContext, editor: monaco.editor.IStandaloneCodeEditor): monaco.IDisposable {
  return editor.addAction({
    id: RENUMBER_ACTION_ID,
    label: 'Renumber section',
    contextMenuGroupId: '1_modification',
    keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyMod.Shift | monaco.KeyCode.KeyN],
    run: (ed) => renumberSection(ctx, ed),
  });
}
