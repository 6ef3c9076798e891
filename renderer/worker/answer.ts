/** Answers the editor's questions from the latest analysis (pure: the worker entry and the tests both call it). */
import type { LinkedRulebook } from '../../shared/link/types.js';
import type { RulebookSource } from '../../shared/model/types.js';
import type { QueryRequest, QueryResults } from './protocol.js';
import { definitionAt, hoverAt, planRenameHere, referencesAt, renameTargetAt } from './queries.js';
import { planRename, planRenumber } from './refactor.js';
import { OlderVersionCache, compareWorkingCopy } from './changes.js';
import { importDocument } from './import.js';
import { tableTokensIn } from './table-tokens.js';

export function answerQuery<K extends QueryRequest['kind']>(linked: LinkedRulebook, request: Extract<QueryRequest, { kind: K }>, source?: RulebookSource, older?: OlderVersionCache): QueryResults[K];
export function answerQuery(linked: LinkedRulebook, request: QueryRequest, source?: RulebookSource, older = new OlderVersionCache()): QueryResults[QueryRequest['kind']] {
  switch (request.kind) {
    case 'compare':
      return compareWorkingCopy(older.get(request.older), request.older.label, linked);
    case 'import':
      return importDocument(request.text, request.format, request.name);
    case 'hover':
      return hoverAt(linked, request.at);
    case 'definition':
      return definitionAt(linked, request.at);
    case 'references':
      return referencesAt(linked, request.at);
    case 'rename-target':
      return renameTargetAt(linked, request.at);
    case 'rename':
      return planRename(linked, request.at, request.newName, source) ?? planRenameHere(linked, request.at, request.newName);
    case 'renumber':
      return planRenumber(linked, request.section, source);
    case 'table-tokens':
      return tableTokensIn(linked, request.file);
    case 'skill-names': {
      return [...linked.skillsByKey.values()].map((defs) => ({
        name: defs[0].name,
        detail: [defs[0].costText ?? 'no cost', defs[0].category].filter(Boolean).join(' · '),
      }));
    }
    default: {
      const never: never = request;
      throw new Error(`unknown query ${JSON.stringify(never)}`);
    }
  }
}
