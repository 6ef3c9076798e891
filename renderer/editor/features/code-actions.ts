/** Quick fixes: each finding's suggestions (from the linter) offered as code actions on its squiggle. */
import type { EditorContext } from '../context.js';
import { LANGUAGE_ID, fileOf, intersects, toRange, toWorkspaceEdit } from '../convert.js';
import { monaco } from '../monaco.js';

export function registerCodeActions(ctx: EditorContext): monaco.IDisposable {
  return monaco.languages.registerCodeActionProvider(LANGUAGE_ID, {
    provideCodeActions(model, range, context) {
      const file = fileOf(model.uri);
      // Findings for an older text have ranges in that text: a fix from them would edit the wrong characters.
      // Monaco asks again when the new markers arrive.
      if (file === null || !ctx.core.findingsAreCurrent) return { actions: [], dispose() {} };
      const actions: monaco.languages.CodeAction[] = [];
      for (const finding of ctx.core.lastFindings) {
        if (finding.range.file !== file || !finding.suggestions?.length) continue;
        const findingRange = toRange(finding.range);
        if (!intersects(findingRange, range)) continue;
        const marker = context.markers.find((m) => m.source === 'rulebook' && m.code === finding.ruleId && m.startLineNumber === findingRange.startLineNumber && m.startColumn === findingRange.startColumn);
        finding.suggestions.forEach((suggestion, index) => {
          actions.push({
            title: suggestion.title,
            kind: 'quickfix',
            isPreferred: index === 0,
            diagnostics: marker ? [marker] : undefined,
            edit: toWorkspaceEdit(suggestion.edits),
          });
        });
      }
      return { actions, dispose() {} };
    },
  }, { providedCodeActionKinds: ['quickfix'] });
}
