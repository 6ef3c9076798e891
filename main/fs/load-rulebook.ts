/**
 * Reads a rulebook (one Markdown file, or a folder with or without rulebook.yaml) from disk into a RulebookSource. Opening
 * a rulebook also removes the temp files a killed writer left beside its files (stale-temps.ts): every command, the
 * app and the host open a rulebook through here.
 */
import type { Stats } from 'node:fs';
import { readFile, readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { RulebookSource } from '../../shared/model/types.js';
import { markdownFilesUnder } from './book-files.js';
import { FOLDER_DEPTH } from './folder-depth.js';
import { isMarkdownFile } from '../../shared/model/markdown-files.js';
import { decodeRulebookBytes } from '../../shared/parse/decode.js';
import { readableSource } from '../../shared/parse/mdx.js';
import { OutsideFolderError, UserError } from '../errors.js';
import { leadsOutside } from './inside.js';
import { removeStaleTemps } from './stale-temps.js';

export interface LoadedFile {
  /** Rulebook-relative posix path. */
  readonly path: string;
  readonly absolutePath: string;
  readonly text: string;
  readonly bom: boolean;
  readonly eol: '\n' | '\r\n';
}

export interface LoadedRulebook {
  /** The folder the rulebook lives in: every file it may touch is inside. */
  readonly root: string;
  /** What the user named: the Markdown file or the folder. */
  readonly target: string;
  readonly isFolder: boolean;
  readonly manifestPath: string | null;
  readonly files: readonly LoadedFile[];
  readonly source: RulebookSource;
  /**
   * Markdown pages in the subfolders of a folder book without a `files:` list: not read, as only a list names them
   * (`rulebook init` writes one). Empty for a one-file book and for a book with a list.
   */
  readonly unlistedPages: readonly string[];
}

const MANIFEST = 'rulebook.yaml';

function display(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') ? relative : file;
}

/** A rulebook file's text, decoded strictly, or a UserError naming the file and the problem. */
export async function readText(absolutePath: string): Promise<{ text: string; bom: boolean; eol: '\n' | '\r\n' }> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(absolutePath);
  } catch (error) {
    throw new UserError(`${display(absolutePath)}: ${describeFsError(error)}`);
  }
  const decoded = decodeRulebookBytes(bytes);
  if (!decoded.ok) throw new UserError(`${display(absolutePath)}: ${decoded.message}`);
  return decoded;
}

export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file or folder';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a folder, expected a file';
    case 'ENOTDIR':
      return 'a part of the path is not a folder';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

/** What is at a path a person named, or a UserError saying in one line why there is nothing to read there. */
export async function statNamed(absolute: string): Promise<Stats> {
  try {
    return await stat(absolute);
  } catch (error) {
    throw new UserError(`${display(absolute)}: ${describeFsError(error)}`);
  }
}

/** Loads a rulebook, or throws a UserError naming the file and the problem. */
export async function loadRulebook(target: string): Promise<LoadedRulebook> {
  const absolute = path.resolve(target);
  const info = await statNamed(absolute);
  if (!info.isDirectory()) {
    if (path.basename(absolute) === MANIFEST) return loadRulebook(path.dirname(absolute));
    await removeStaleTemps(path.dirname(absolute), 0);
    const file = await readText(absolute);
    const name = path.basename(absolute);
    const loaded: LoadedFile = { path: name, absolutePath: absolute, ...file };
    const assets = await listAssets(path.dirname(absolute), new Set([name]));
    return { root: path.dirname(absolute), target: absolute, isFolder: false, manifestPath: null, files: [loaded], source: readableSource({ files: [{ path: name, text: file.text }], assets }), unlistedPages: [] };
  }
  const manifestPath = path.join(absolute, MANIFEST);
  // Every file the book is read from stays inside its folder, symbolic links followed: a book cloned from someone
  // else's repository must not pull another file of this machine into a PDF, nor have renumber rewrite it.
  const realRoot = await realpath(absolute);
  await removeStaleTemps(realRoot);
  if (await leadsOutside(realRoot, manifestPath)) throw new OutsideFolderError(`${display(manifestPath)}:`);
  let manifest: { path: string; text: string } | null = null;
  let names: string[];
  // Without a `files:` list only the folder's own files are read: the pages below it go unread.
  let unlisted = false;
  try {
    manifest = { path: MANIFEST, text: (await readText(manifestPath)).text };
  } catch (error) {
    if (!(error instanceof UserError) || !/no such file/.test(error.message)) throw error;
  }
  if (manifest) {
    // The YAML parser only for books with a rulebook.yaml: a cached lint of a one-file book starts without it.
    const { parseYaml } = await import('../../shared/parse/config.js');
    const parsed = parseYaml(manifest.text);
    if (parsed.error) {
      const line = manifest.text.slice(0, parsed.error.offset).split('\n').length;
      throw new UserError(`${display(manifestPath)}: line ${line}: ${parsed.error.message}`);
    }
    const files = parsed.data?.files;
    if (files === undefined || files === null) {
      names = await markdownIn(absolute);
      unlisted = true;
    }
    else if (!Array.isArray(files) || files.some((f) => typeof f !== 'string')) {
      const line = lineOfKey(manifest.text, 'files');
      throw new UserError(`${display(manifestPath)}: line ${line}: \`files\` must be a list of file names`);
    } else names = files as string[];
    for (const name of names) {
      const resolved = path.resolve(absolute, name);
      if (path.relative(absolute, resolved).startsWith('..') || path.isAbsolute(path.relative(absolute, resolved))) {
        throw new UserError(`${display(manifestPath)}: line ${lineOfValue(manifest.text, name)}: \`${name}\` is outside the rulebook folder`);
      }
      try {
        await stat(resolved);
      } catch {
        throw new UserError(`${display(manifestPath)}: line ${lineOfValue(manifest.text, name)}: listed file \`${name}\` does not exist`);
      }
      if (await leadsOutside(realRoot, resolved)) {
        throw new OutsideFolderError(`${display(manifestPath)}: line ${lineOfValue(manifest.text, name)}: \`${name}\``);
      }
      if (path.basename(resolved) === MANIFEST) {
        throw new UserError(`${display(manifestPath)}: line ${lineOfValue(manifest.text, name)}: \`${name}\` is the settings file itself, not a chapter`);
      }
    }
  } else {
    names = await markdownIn(absolute);
    unlisted = true;
  }
  if (names.length === 0) throw new UserError(`${display(absolute)}: no markdown (.md, .markdown, .mdx) files in this folder`);
  const files: LoadedFile[] = [];
  for (const name of names) {
    const absolutePath = path.resolve(absolute, name);
    files.push({ path: name.split(path.sep).join('/'), absolutePath, ...(await readText(absolutePath)) });
  }
  return {
    root: absolute,
    target: absolute,
    isFolder: true,
    manifestPath: manifest ? manifestPath : null,
    files,
    unlistedPages: unlisted ? (await markdownFilesUnder(absolute)).nested : [],
    source: readableSource({ manifest, files: files.map((f) => ({ path: f.path, text: f.text })), assets: await listAssets(absolute, new Set(files.map((f) => f.path))) }),
  };
}

const ASSET_LIMIT = 5000;

/**
 * The other files under a rulebook's folder, for checking links to them: rulebook-relative posix paths,
 * at most FOLDER_DEPTH folders down and ASSET_LIMIT entries, without dot-folders, node_modules or symbolic links.
 * Unreadable folders are skipped: a missing asset list only makes more links look broken, never fails a load.
 */
export async function listAssets(root: string, own: ReadonlySet<string>): Promise<string[]> {
  const assets: string[] = [];
  let seen = 0;
  const walk = async (folder: string, prefix: string, depth: number): Promise<void> => {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch {
      return;
    }
    const subfolders: string[] = [];
    for (const entry of entries) {
      if (++seen > ASSET_LIMIT) return;
      const relative = prefix + entry.name;
      if (entry.isFile()) {
        if (!own.has(relative)) assets.push(relative);
      } else if (entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules') subfolders.push(entry.name);
    }
    if (depth >= FOLDER_DEPTH) return;
    for (const name of subfolders) {
      if (seen > ASSET_LIMIT) return;
      await walk(path.join(folder, name), `${prefix}${name}/`, depth + 1);
    }
  };
  await walk(root, '', 0);
  return assets;
}

async function markdownIn(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && isMarkdownFile(e.name))
    .map((e) => e.name)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

function lineOfKey(text: string, key: string): number {
  const index = text.search(new RegExp(`^${key}\\s*:`, 'm'));
  return index === -1 ? 1 : text.slice(0, index).split('\n').length;
}

function lineOfValue(text: string, value: string): number {
  const index = text.indexOf(value);
  return index === -1 ? 1 : text.slice(0, index).split('\n').length;
}
