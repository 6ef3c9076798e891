/**
 * The site's full-text search: a MiniSearch index over rules, sections and skills, built at export time and shipped
 * as data, so the page only loads it (MiniSearch.loadJS with these same options) and never indexes anything itself.
 */
import MiniSearch, { type Options } from 'minisearch';
import type { SearchDoc } from './build.js';

/** The options the index is built with; the page's script passes the same ones (main/site/assets/site.js). */
export const SEARCH_OPTIONS: Options<SearchDoc> = {
  fields: ['title', 'text'],
  storeFields: ['title', 'kind', 'snippet'],
};

export function buildSearchIndex(docs: readonly SearchDoc[]): ReturnType<MiniSearch<SearchDoc>['toJSON']> {
  const search = new MiniSearch<SearchDoc>(SEARCH_OPTIONS);
  search.addAll(docs);
  return search.toJSON();
}
