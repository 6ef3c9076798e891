/**
 * `rulebook export --kind site|html`: the website planned by shared/site, with its assets (stylesheet, script,
 * MiniSearch, the search index and the previews as data files, the text font), put in place together.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LinkedRulebook } from '../../shared/link/types.js';
import type { RulebookSource } from '../../shared/model/types.js';
import { buildSite, type SiteOptions } from '../../shared/site/build.js';
import { graphInput } from '../../shared/site/graph.js';
import { buildSearchIndex, SEARCH_OPTIONS } from '../../shared/site/search.js';
import type { NewFile } from '../fs/replace-files.js';
import { fontPath } from '../publish/fonts.js';
import { unreadSettingWarnings } from '../publish/setting-warnings.js';
import { layoutGraph, MAX_GRAPH_NODES } from './layout-graph.js';

export type SiteKind = 'site' | 'html';

export interface SiteFiles {
  /** Absolute paths and contents, to put in place together (replaceFiles). */
  readonly files: readonly NewFile[];
  /** Pages of HTML written (1 for the single file). */
  readonly pages: number;
  readonly warnings: readonly string[];
}

// Two folders below the repository, from the sources and from dist/<id>/ alike (see scripts/build.mjs).
const ASSETS = fileURLToPath(new URL('../../main/site/assets/', import.meta.url));
const packages = createRequire(import.meta.url);

/** The text font, regular, italic and bold (SIL Open Font License, copied beside it). */
const FONTS = [
  ['serif', 'SourceSerif4-Regular.ttf'],
  ['serif-italic', 'SourceSerif4-Italic.ttf'],
  ['serif-bold', 'SourceSerif4-Bold.ttf'],
] as const;

/** A data file the page loads with a script element (file:// pages cannot fetch). */
const dataScript = (name: string, value: unknown) => `window.${name} = ${JSON.stringify(value)};\n`;

/**
 * Everything the export writes: for `site` a folder `out` of pages and assets/, for `html` the one file `out`.
 * `changes`: the last publication's changelog, when there is one.
 */
export async function makeSiteFiles(linked: LinkedRulebook, source: RulebookSource, kind: SiteKind, out: string, changes: SiteOptions['changes'] = null): Promise<SiteFiles> {
  const warnings = unreadSettingWarnings(linked.model);
  const input = graphInput(linked);
  let graph: SiteOptions['graph'] = null;
  if (input.nodes.length > MAX_GRAPH_NODES) warnings.push(`the prerequisite graph has ${input.nodes.length} skills, more than ${MAX_GRAPH_NODES}: it is left out (the skills table and cards have every prerequisite)`);
  else if (input.nodes.length > 0) graph = { input, laid: await layoutGraph(input) };
  const css = await readFile(path.join(ASSETS, 'site.css'), 'utf8');

  if (kind === 'html') {
    // One file: no fonts (the system's serif), the stylesheet inline and allowed by its hash, no script.
    const inlineCss = css.replace(/^@font-face[^\n]*\n/gm, '');
    const cssHash = createHash('sha256').update(inlineCss).digest('base64');
    const site = buildSite(linked, source, { single: { css: inlineCss, cssHash }, graph, changes });
    return { files: [{ file: out, data: site.pages[0].html }], pages: 1, warnings: [...warnings, ...site.warnings] };
  }

  const site = buildSite(linked, source, { graph, changes });
  const files: NewFile[] = site.pages.map((p) => ({ file: path.join(out, p.file), data: p.html }));
  const asset = (name: string, data: string | Uint8Array) => files.push({ file: path.join(out, 'assets', name), data });
  asset('site.css', css);
  asset('site.js', await readFile(path.join(ASSETS, 'site.js'), 'utf8'));
  // MiniSearch's browser build (UMD: sets window.MiniSearch), beside the index it loads.
  asset('minisearch.js', await readFile(path.join(path.dirname(packages.resolve('minisearch')), '..', 'umd', 'index.js'), 'utf8'));
  asset('search-index.js', dataScript('RULEBOOK_SEARCH', { options: SEARCH_OPTIONS, index: buildSearchIndex(site.searchDocs) }));
  asset('previews.js', dataScript('RULEBOOK_PREVIEWS', site.previews));
  for (const [face, name] of FONTS) asset(`fonts/${name}`, await readFile(fontPath(face)));
  asset('fonts/OFL.txt', await readFile(path.join(path.dirname(path.dirname(fontPath('serif'))), 'LICENSE_FONT')));
  return { files, pages: site.pages.length, warnings: [...warnings, ...site.warnings] };
}
