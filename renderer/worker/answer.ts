/** Turns a query message into the language service's call: dispatch only (the worker entry and the tests both call it). */
import type { RulebookService } from '../../shared/service/index.js';
import { importDocument } from '../../shared/service/index.js';
import type { QueryRequest, QueryResults } from './protocol.js';

export function answerQuery<K extends QueryRequest['kind']>(service: RulebookService, request: Extract<QueryRequest, { kind: K }>): QueryResults[K];
export function answerQuery(service: RulebookService, request: QueryRequest): QueryResults[QueryRequest['kind']] {
  switch (request.kind) {
    case 'compare':
      return service.compare(request.older);
    case 'import':
      return importDocument(request.text, request.format, request.name);
    case 'hover':
      return service.hover(request.at);
    case 'definition':
      return service.definition(request.at);
    case 'references':
      return service.references(request.at);
    case 'rename-target':
      return service.prepareRename(request.at);
    case 'rename':
      return service.rename(request.at, request.newName);
    case 'renumber':
      return service.renumber(request.section);
    case 'table-tokens':
      return service.semanticTokens(request.file);
    case 'skill-names':
      return service.skillNames();
    case 'completion-names':
      return service.completionNames(request.file, request.place);
    case 'character':
      return service.characterFile(request.file, request.text, request.select);
    default: {
      const never: never = request;
      throw new Error(`unknown query ${JSON.stringify(never)}`);
    }
  }
}
