/**
 * The bundled sample rulebooks (the repository's rulebooks/ folder). A sample is opened from a copy in
 * <dataDir>/samples/<id>/, made on first open, so the bundled originals are never edited and the
 * user's edits to the copy survive restarts.
 */
import { cp, mkdir, readdir, readFile, realpath, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { SampleInfo } from '../../shared/ipc/contract.js';
import { fileStem } from '../../shared/model/file-stem.js';
import { isMarkdownFile, withoutMarkdownExtension } from '../../shared/model/markdown-files.js';
import { parseYaml, splitFrontMatter } from '../../shared/parse/config.js';
import { ApiFailure } from './errors.js';

interface SampleEntry extends SampleInfo {
  /** File or folder name inside the samples folder. */
  readonly entry: string;
  readonly isFolder: boolean;
}

function idOf(name: string): string {
  return fileStem(withoutMarkdownExtension(name), 64);
}

function settingsOf(text: string, isManifest: boolean): { title: string | null; description: string | null } {
  let yaml = text;
  if (!isManifest) {
    const split = splitFrontMatter(text);
    if (!split) return { title: firstHeading(text), description: null };
    yaml = split.yaml;
  }
  const data = parseYaml(yaml).data as Record<string, unknown> | null | undefined;
  const title = typeof data?.title === 'string' ? data.title : null;
  const description = typeof data?.description === 'string' ? data.description : null;
  return { title: title ?? (isManifest ? null : firstHeading(text)), description };
}

function firstHeading(text: string): string | null {
  const match = /^#\s+(.+)$/m.exec(text);
  return match ? match[1].trim() : null;
}

function humanise(id: string): string {
  return id.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

export async function listSampleEntries(samplesDir: string): Promise<SampleEntry[]> {
  let entries;
  try {
    entries = await readdir(samplesDir, { withFileTypes: true });
  } catch {
    return [];
  }
  const out: SampleEntry[] = [];
  for (const entry of entries) {
    const id = idOf(entry.name);
    // The folder's README describes the samples; it is not one.
    if (!id || /^readme$/i.test(id)) continue;
    const full = path.join(samplesDir, entry.name);
    try {
      if (entry.isFile() && isMarkdownFile(entry.name)) {
        const { title, description } = settingsOf(await readFile(full, 'utf8'), false);
        out.push({ id, title: title ?? humanise(id), description, entry: entry.name, isFolder: false });
      } else if (entry.isDirectory()) {
        const names = await readdir(full);
        if (!names.some((n) => isMarkdownFile(n))) continue;
        const manifest = names.includes('rulebook.yaml') ? await readFile(path.join(full, 'rulebook.yaml'), 'utf8') : null;
        const { title, description } = manifest ? settingsOf(manifest, true) : { title: null, description: null };
        out.push({ id, title: title ?? humanise(id), description, entry: entry.name, isFolder: true });
      }
    } catch {
      // An unreadable sample is left out of the list; it is not the user's problem.
    }
  }
  return out.sort((a, b) => a.title.localeCompare(b.title));
}

/** Returns the absolute path of the user's copy of a sample, copying it there first if needed. */
export async function ensureSampleCopy(samplesDir: string, dataDir: string, id: string): Promise<string> {
  const sample = (await listSampleEntries(samplesDir)).find((s) => s.id === id);
  if (!sample) throw new ApiFailure('not-found', `There is no sample called \`${id}\``);
  const copyFolder = path.join(dataDir, 'samples', id);
  const copy = path.join(copyFolder, sample.entry);
  const exists = await stat(copy).then(() => true, () => false);
  if (!exists) {
    // Copied beside, then renamed into place: a copy cut short (a crash, a full disk) is never taken
    // for the sample the next time, which would open it with chapters missing.
    const partial = path.join(copyFolder, `.${sample.entry}.partial-${process.pid}-${Date.now()}`);
    try {
      await mkdir(copyFolder, { recursive: true });
      await cp(path.join(samplesDir, sample.entry), partial, { recursive: true, errorOnExist: true, force: false });
      await rename(partial, copy);
    } catch (error) {
      await rm(partial, { recursive: true, force: true });
      // Another window finished the same copy first: theirs is complete.
      if (!(await stat(copy).then(() => true, () => false))) {
        throw new ApiFailure('write-failed', `Could not copy the sample \`${id}\` to ${copyFolder}: ${(error as Error).message}`);
      }
    }
  }
  return copy;
}

/**
 * The id of the bundled sample `target` names (the sample's file or folder, or a file inside the folder), or null.
 * `npm run web -- rulebooks/funjerai.md` and `npm start -- rulebooks/…` name the originals: they are opened as the
 * sample copy, as the start page's Sample cards do, so trying the app never edits a tracked file.
 */
export async function sampleIdOf(samplesDir: string, target: string): Promise<string | null> {
  let relative: string;
  try {
    relative = path.relative(await realpath(samplesDir), await realpath(target));
  } catch {
    return null;
  }
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const entry = relative.split(path.sep)[0];
  return (await listSampleEntries(samplesDir)).find((s) => s.entry === entry)?.id ?? null;
}
