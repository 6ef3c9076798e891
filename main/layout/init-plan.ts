/**
 * What `rulebook init` would write: reads a book (one Markdown file, or a folder with its subfolders), infers its layout
 * and merges it into rulebook.yaml or the file's front matter, in memory. Writing is the command's business.
 */
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { inferLayout, type LayoutInference } from '../../shared/layout/infer.js';
import { lintAdvice } from '../../shared/layout/lint-advice.js';
import { mergeFrontMatterSettings, mergeYamlSettings, type MergeOutcome } from '../../shared/layout/settings-yaml.js';
import { sidebarOrder, SIDEBAR } from '../../shared/layout/sidebar-order.js';
import { siteOrder } from '../../shared/layout/site-order.js';
import { repeatedFiles, type RepeatedFile } from '../../shared/layout/repeated-files.js';
import { isMarkdownFile } from '../../shared/model/markdown-files.js';
import type { RulebookSource } from '../../shared/model/types.js';
import { parseYaml } from '../../shared/parse/config.js';
import { readableSource } from '../../shared/parse/mdx.js';
import { analyse } from '../../shared/analyse/index.js';
import { ownTitle } from '../../shared/model/book-title.js';
import { OutsideFolderError, UserError } from '../errors.js';
import { markdownFilesUnder } from '../fs/book-files.js';
import { leadsOutside } from '../fs/inside.js';
import { describeFsError, loadRulebook, readText } from '../fs/load-rulebook.js';
import { display } from '../import/read-source.js';

const MANIFEST = 'rulebook.yaml';
/** The loader's order for a folder's own files. */
const byName = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

export interface InitPlan {
  /** The file init writes: rulebook.yaml, or the Markdown file itself. */
  readonly target: string;
  readonly isFolder: boolean;
  /** Whether the target exists now (rulebook.yaml may not). */
  readonly exists: boolean;
  readonly before: string;
  readonly after: string;
  readonly bom: boolean;
  readonly changed: boolean;
  /** Settings the marshal already set otherwise, kept. */
  readonly kept: readonly string[];
  readonly inference: LayoutInference;
  /** The files init lists under `files:` (null: it adds no list). */
  readonly listed: readonly string[] | null;
  /** Whether the list follows the pages' `weight`, `nav_order` or sidebar order (a site's order) rather than their names. */
  readonly siteOrdered: boolean;
  /** Files it did not list because they are about the repository (README.md, LICENSE.md), or not in the sidebar. */
  readonly leftOut: readonly string[];
  /** Files it did not list because other files hold their text (the whole book beside its chapters). */
  readonly repeated: readonly RepeatedFile[];
  /** The docsify sidebar whose pages the list holds, in its order (`_sidebar.md`); null when the folder has none. */
  readonly sidebar: string | null;
  /** The book as it reads with the merged settings. */
  readonly source: RulebookSource;
}


/**
 * Merges the inferred settings, then reads the book with them once: when its skills mostly carry no cost, the lint
 * setting that keeps missing-cost quiet joins them (the layout decides what is read; this judges what was read).
 */
function mergeWithAdvice(
  inference: LayoutInference,
  extra: Record<string, unknown>,
  merge: (settings: Record<string, unknown>) => MergeOutcome,
  sourceWith: (text: string) => RulebookSource,
  file: string,
  what: string,
  fallbackTitle: ProposedTitle | null = null,
): { merged: Exclude<MergeOutcome, { ok: false }>; inference: LayoutInference } {
  const settings = { ...inference.settings, ...extra };
  const first = mergedOrThrow(merge(settings), file, what);
  const analysed = analyse(sourceWith(first.text));
  const advice = lintAdvice(analysed.linked);
  // A book of many files that names itself nowhere would be called after its first file ("Equipment") on every page.
  const titled = fallbackTitle && ownTitle(analysed.model) === null ? fallbackTitle : null;
  if (advice.reasons.length === 0 && !titled) return { merged: first, inference };
  const added = { ...advice.settings, ...(titled ? { title: titled.title } : {}) };
  // The file list stays last: it is the longest part of rulebook.yaml.
  const merged = mergedOrThrow(merge({ ...inference.settings, ...added, ...extra }), file, what);
  const reasons = [...inference.reasons, ...advice.reasons, ...(titled ? [titled.why] : [])];
  return { merged, inference: { settings: { ...inference.settings, ...added }, reasons } };
}

interface ProposedTitle {
  readonly title: string;
  readonly why: string;
}

/**
 * What to call a folder book that has no title of its own: the folder's name ("MARS" for a clone of the repository).
 * Not the README's heading: it is as often "Introduction" as the project's name.
 */
function folderTitle(root: string): ProposedTitle {
  const title = path.basename(root);
  return {
    title,
    why: `The book is titled \`${title}\`, the folder's name: its files name it nowhere (no title in the first file's front matter, no one \`#\` heading over the whole book), and it would otherwise be called after its first file. Change it if the book has a name of its own.`,
  };
}

function mergedOrThrow(outcome: MergeOutcome, file: string, what: string): Exclude<MergeOutcome, { ok: false }> {
  if (!outcome.ok) throw new UserError(`${display(file)}: line ${outcome.line}: ${what}: ${outcome.message}`);
  return outcome;
}

export async function planInit(target: string): Promise<InitPlan> {
  const absolute = path.resolve(target);
  let isDirectory: boolean;
  try {
    isDirectory = (await stat(absolute)).isDirectory();
  } catch (error) {
    throw new UserError(`${display(absolute)}: ${describeFsError(error)}`);
  }
  if (!isDirectory && path.basename(absolute) === MANIFEST) return planFolder(path.dirname(absolute));
  if (isDirectory) return planFolder(absolute);
  if (!isMarkdownFile(absolute)) throw new UserError(`${display(absolute)}: init reads a markdown (.md, .markdown, .mdx) file or a folder of them`);
  return planFile(absolute);
}

async function planFile(absolute: string): Promise<InitPlan> {
  const loaded = await loadRulebook(absolute);
  const file = loaded.files[0];
  const { merged, inference } = mergeWithAdvice(
    inferLayout(loaded.source),
    {},
    (settings) => mergeFrontMatterSettings(file.text, settings),
    (text) => ({ files: [{ path: file.path, text }] }),
    absolute,
    'front matter',
  );
  return {
    target: absolute,
    isFolder: false,
    exists: true,
    before: file.text,
    after: merged.text,
    bom: file.bom,
    changed: merged.changed,
    kept: merged.kept,
    inference,
    listed: null,
    siteOrdered: false,
    leftOut: [],
    repeated: [],
    sidebar: null,
    source: readableSource({ files: [{ path: file.path, text: merged.text }] }),
  };
}

async function planFolder(root: string): Promise<InitPlan> {
  const manifestPath = path.join(root, MANIFEST);
  // init writes the settings file: one that leads out of the book is neither read nor written (as the loader says).
  if (await leadsOutside(await realpath(root), manifestPath)) throw new OutsideFolderError(`${display(manifestPath)}:`);
  let manifest: { text: string; bom: boolean } | null = null;
  try {
    manifest = await readText(manifestPath);
  } catch (error) {
    if (!(error instanceof UserError) || !/no such file/.test(error.message)) throw error;
  }
  let data: Record<string, unknown> | null = null;
  if (manifest) {
    const parsed = parseYaml(manifest.text);
    if (parsed.error) throw new UserError(`${display(manifestPath)}: line ${manifest.text.slice(0, parsed.error.offset).split('\n').length}: ${parsed.error.message}`);
    data = parsed.data;
  }

  let files: { path: string; text: string }[];
  let listed: string[] | null = null;
  let siteOrdered = false;
  let leftOut: string[] = [];
  let repeated: RepeatedFile[] = [];
  let sidebar: string | null = null;
  if (data?.files !== undefined && data.files !== null) {
    // The marshal listed the files: init reads those and leaves the list alone.
    const loaded = await loadRulebook(root);
    files = loaded.files.map((f) => ({ path: f.path, text: f.text }));
  } else {
    // Without a list the loader reads only the folder's own files: when there are files in subfolders (a Jekyll
    // collection, a Hugo site), the list names them all, and the README and LICENSE beside the book are left out.
    const found = await markdownFilesUnder(root);
    const read = async (rel: string) => ({ path: rel, text: (await readText(path.join(root, ...rel.split('/')))).text });
    const names = found.nested.length ? found.files : [...found.files, ...found.skipped.filter((f) => !f.includes('/'))].sort(byName);
    if (names.length === 0) throw new UserError(`${display(root)}: no markdown (.md, .markdown, .mdx) files in this folder or its subfolders`);
    files = await Promise.all(names.map(read));
    const sidebarPages = sidebarOrder(files);
    if (sidebarPages) {
      // A docsify site: the book is the pages its sidebar lists, in that order.
      const byPath = new Map(files.map((f) => [f.path, f]));
      leftOut = files.flatMap((f) => (sidebarPages.includes(f.path) || f.path === SIDEBAR ? [] : [f.path]));
      files = sidebarPages.map((p) => byPath.get(p)!);
      listed = sidebarPages;
      sidebar = SIDEBAR;
    } else if (found.nested.length) {
      // A file that repeats others (the whole book beside its chapters split out) would have every entry read twice.
      repeated = repeatedFiles(files);
      const again = new Set(repeated.map((r) => r.path));
      files = files.filter((f) => !again.has(f.path));
      // A site's pages are listed in the order the site shows them.
      const ordered = siteOrder(files);
      if (ordered) {
        siteOrdered = true;
        const byPath = new Map(files.map((f) => [f.path, f]));
        files = ordered.map((p) => byPath.get(p)!);
      }
      listed = files.map((f) => f.path);
      leftOut = [...found.skipped];
    }
  }

  // Read as analyse reads them: an .mdx page's code is no text to infer a layout from.
  const source: RulebookSource = readableSource({ manifest: manifest ? { path: MANIFEST, text: manifest.text } : null, files });
  const before = manifest?.text ?? '';
  const { merged, inference } = mergeWithAdvice(
    inferLayout(source),
    listed ? { files: listed } : {},
    (settings) => mergeYamlSettings(before, settings),
    (text) => ({ ...source, manifest: { path: MANIFEST, text } }),
    manifestPath,
    'settings',
    data?.title === undefined && files.length > 1 ? folderTitle(root) : null,
  );
  const after = merged.text;
  return {
    target: manifestPath,
    isFolder: true,
    exists: manifest !== null,
    before,
    after,
    bom: manifest?.bom ?? false,
    changed: merged.changed,
    kept: merged.kept,
    inference,
    listed,
    siteOrdered,
    leftOut,
    repeated,
    sidebar,
    source: { manifest: manifest || merged.changed ? { path: MANIFEST, text: after } : null, files: source.files },
  };
}
