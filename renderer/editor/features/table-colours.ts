/**
 * Colours the skills of skill tables as the tokenizer colours list entries: the name, the cost and each
 * required skill. Semantic tokens from the worker (see worker/table-tokens.ts), requested again after
 * every analysis; their token types are the Monarch token names, so the themes' rules apply unchanged.
 * (Monaco's "features" bundle has the viewport flavour of semantic tokens, not the whole-document one.)
 */
import type { EditorContext } from '../context.js';
import { LANGUAGE_ID, fileOf } from '../convert.js';
import { monaco } from '../monaco.js';
import type { TableTokenKind } from '../../../shared/service/index.js';

const TOKEN_TYPES: Record<TableTokenKind, number> = { 'skill-name': 0, cost: 1, prerequisite: 2 };
const LEGEND: monaco.languages.SemanticTokensLegend = { tokenTypes: ['skill.name', 'number.cost', 'skill.prerequisite'], tokenModifiers: [] };

export function registerTableColours(ctx: EditorContext): monaco.IDisposable {
  const changed = new monaco.Emitter<void>();
  // A new analysis may have found new table skills (or lost some): ask again.
  ctx.core.onDiagnostics(() => changed.fire());
  // A range provider: the editor asks for the lines in view (and again on scrolling), which is all it draws.
  const provider = monaco.languages.registerDocumentRangeSemanticTokensProvider(LANGUAGE_ID, {
    onDidChange: changed.event,
    getLegend: () => LEGEND,
    async provideDocumentRangeSemanticTokens(model, range) {
      const file = fileOf(model.uri);
      if (file === null) return null;
      const all = await ctx.core.query({ kind: 'table-tokens', file });
      // Null: the text changed meanwhile; the next analysis asks again.
      if (!all) return null;
      const tokens = all.filter((t) => t.line >= range.startLineNumber && t.line <= range.endLineNumber);
      // Each token as five numbers, its line and start relative to the token before (Monaco's encoding).
      const data = new Uint32Array(tokens.length * 5);
      let line = 0;
      let column = 0;
      tokens.forEach((token, i) => {
        const l = token.line - 1;
        const c = token.column - 1;
        data.set([l - line, l === line ? c - column : c, token.length, TOKEN_TYPES[token.kind], 0], i * 5);
        line = l;
        column = c;
      });
      return { data };
    },
  });
  return { dispose: () => { provider.dispose(); changed.dispose(); } };
}
