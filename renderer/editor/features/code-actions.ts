/**
 * Quick fixes: each finding's suggestions (from the linter) offered as code actions on its squiggle, with the file's
 * fix-alls beside them (shared/service's lintActions, as `rulebook lsp` offers them), and the whole file's fix-all
 * for a request of kind source.fixAll (Monaco's Fix All command).
 */
import type { EditorContext } from '../context.js';
import { lintActions } from '../../../shared/service/code-actions.js';
import { fixAllInFile, type FixAll } from '../../../shared/service/fix-all.js';
import { LANGUAGE_ID, fileOf, toRange, toWorkspaceEdit } from '../convert.js';
import { monaco } from '../monaco.js';

const SOURCE_FIX_ALL = 'source.fixAll';

export function registerCodeActions(ctx: EditorContext): monaco.IDisposable {
  return monaco.languages.registerCodeActionProvider(LANGUAGE_ID, {
    provideCodeActions(model, range, context) {
      const file = fileOf(model.uri);
      // Findings for an older text have ranges in that text: a fix from them would edit the wrong characters.
      // Monaco asks again when the new markers arrive.
      if (file === null || !ctx.core.findingsAreCurrent) return { actions: [], dispose() {} };
      const findings = ctx.core.lastFindings;
      // Only when asked for by kind: the light bulb does not ask, and a source action is not for it.
      if (context.only !== undefined && (context.only === SOURCE_FIX_ALL || SOURCE_FIX_ALL.startsWith(`${context.only}.`))) {
        const all = fixAllInFile(findings, file);
        return { actions: all ? [fixAllAction(all, SOURCE_FIX_ALL)] : [], dispose() {} };
      }
      const selection = { start: { line: range.startLineNumber, column: range.startColumn }, end: { line: range.endLineNumber, column: range.endColumn } };
      const actions = lintActions(findings, file, selection).map((action): monaco.languages.CodeAction => {
        if (action.kind === 'fix-all') return fixAllAction(action, 'quickfix');
        const findingRange = toRange(action.finding.range);
        const marker = context.markers.find((m) => m.source === 'rulebook' && m.code === action.finding.ruleId && m.startLineNumber === findingRange.startLineNumber && m.startColumn === findingRange.startColumn);
        return { title: action.title, kind: 'quickfix', isPreferred: action.preferred, diagnostics: marker ? [marker] : undefined, edit: toWorkspaceEdit(action.edits) };
      });
      return { actions, dispose() {} };
    },
  }, { providedCodeActionKinds: ['quickfix', SOURCE_FIX_ALL] });
}

/** A fix-all applied as a quick fix is: one workspace edit, which Monaco makes one undo step. */
function fixAllAction(fixAll: FixAll, kind: string): monaco.languages.CodeAction {
  return { title: fixAll.title, kind, edit: toWorkspaceEdit(fixAll.edits) };
}
