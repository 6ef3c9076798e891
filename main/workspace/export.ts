/** Exports the rulebook (as on disk, with the editor's unsaved texts laid over) to a file in its folder. */
import path from 'node:path';
import type { ExportRequest, ExportResult } from '../../shared/ipc/contract.js';
import { defaultExportPath } from '../../shared/ipc/export-name.js';
import { exportExtension } from '../../shared/ipc/validate.js';
import { analyse } from '../../shared/analyse/index.js';
import type { LinkedRulebook } from '../../shared/link/types.js';
import { toJsonModel } from '../../shared/link/json.js';
import type { RulebookSource } from '../../shared/model/types.js';
import { readableSource } from '../../shared/parse/mdx.js';
import { loadRulebook } from '../fs/load-rulebook.js';
import { exportPdf, type ExportOptions } from '../publish/index.js';
import { ApiFailure, fsFailure } from './errors.js';
import { encodeText, writeAtomically } from './files.js';
import { confine, confineTyped } from './paths.js';
import { changesSinceLastPublication } from '../site/changes.js';
import { makeSiteFiles } from '../site/index.js';
import { writeSiteFiles } from '../site/write.js';

export interface ExportTarget {
  readonly root: string;
  readonly target: string;
  readonly name: string;
}

/** The rulebook as on disk with the editor's unsaved texts laid over (exports and the Changes panel's review), read as analyse reads it. */
export async function sourceWithUnsaved(target: string, unsaved: ExportRequest['unsaved']): Promise<RulebookSource> {
  let loaded;
  try {
    loaded = await loadRulebook(target);
  } catch (error) {
    throw new ApiFailure('invalid-rulebook', (error as Error).message);
  }
  const overrides = new Map(unsaved.map((u) => [u.path, u.text]));
  const manifest = loaded.source.manifest ? { ...loaded.source.manifest, text: overrides.get(loaded.source.manifest.path) ?? loaded.source.manifest.text } : null;
  return readableSource({ manifest, files: loaded.source.files.map((f) => ({ path: f.path, text: overrides.get(f.path) ?? f.text })) });
}

export async function exportRulebook(at: ExportTarget, request: ExportRequest): Promise<ExportResult> {
  const pdfKind = typeof request.options.kind === 'string' ? request.options.kind : null;
  const output = request.output ?? defaultExportPath(at.name, request.kind, pdfKind);
  // The file really written must be an export of this kind: `export/chapter.json` may be a link to a chapter.
  const absolute = request.kind === 'site' ? await confineFolder(at.root, output) : await confineTyped(at.root, output, [exportExtension(request.kind)]);
  // Never replaced without asking: the page asks the person and sends the request again with `replace`.
  if (!request.replace && (await exists(absolute))) throw new ApiFailure('exists', `${output} already exists`);
  const source = await sourceWithUnsaved(at.target, request.unsaved);
  const { linked } = analyse(source);
  if (request.kind === 'json') {
    const bytes = encodeText(`${JSON.stringify(toJsonModel(linked), null, 2)}\n`, false);
    await writeAtomically(absolute, bytes, output);
    return { path: output, absolutePath: absolute, bytes: bytes.byteLength, pages: null, warnings: [] };
  }
  if (request.kind === 'site' || request.kind === 'html') return exportWeb(at, request.kind, output, absolute, source, linked);
  if (request.kind !== 'pdf') throw new ApiFailure('not-available', `${String(request.kind).toUpperCase()} export is not available in this build yet`);
  const { mkdir, stat } = await import('node:fs/promises');
  await mkdir(path.dirname(absolute), { recursive: true }).catch((error: unknown) => {
    throw fsFailure(error, output, true);
  });
  // Defaults first, then the person's choices; the publisher checks the values and says what is wrong.
  const options = { kind: 'book', paper: 'a4', ...request.options, source, root: at.root } as unknown as ExportOptions;
  let result;
  try {
    result = await exportPdf(linked, options, absolute);
  } catch (error) {
    throw new ApiFailure('failed', `Export failed: ${(error as Error).message}`);
  }
  const info = await stat(absolute).catch(() => null);
  if (!info) throw new ApiFailure('failed', `Export finished but ${output} was not written`);
  return { path: output, absolutePath: absolute, bytes: info.size, pages: result.pages, warnings: result.warnings };
}

async function exists(absolute: string): Promise<boolean> {
  const { lstat } = await import('node:fs/promises');
  return lstat(absolute).then(() => true, () => false);
}

/** A website's folder: inside the rulebook's folder, and not an existing file. */
async function confineFolder(root: string, output: string): Promise<string> {
  const absolute = await confine(root, output);
  const { stat } = await import('node:fs/promises');
  const info = await stat(absolute).catch(() => null);
  if (info && !info.isDirectory()) throw new ApiFailure('exists', `${output} is a file; a website is written into a folder`);
  return absolute;
}

/** The website (a folder; the page to open is its index.html) or the same as one HTML file. */
async function exportWeb(at: ExportTarget, kind: 'site' | 'html', output: string, absolute: string, source: RulebookSource, linked: LinkedRulebook): Promise<ExportResult> {
  let made;
  try {
    const loaded = await loadRulebook(at.target);
    made = await makeSiteFiles(linked, source, kind, absolute, await changesSinceLastPublication(loaded, linked));
    // Every file again inside the folder: a page's name comes from the rulebook's headings.
    for (const file of made.files) await confine(at.root, path.relative(at.root, file.file).split(path.sep).join('/'));
    await writeSiteFiles(made.files);
  } catch (error) {
    if (error instanceof ApiFailure) throw error;
    throw new ApiFailure('failed', `Export failed: ${(error as Error).message}`);
  }
  const bytes = made.files.reduce((sum, f) => sum + (typeof f.data === 'string' ? Buffer.byteLength(f.data) : f.data.byteLength), 0);
  return { path: kind === 'site' ? `${output}/index.html` : output, absolutePath: kind === 'site' ? path.join(absolute, 'index.html') : absolute, bytes, pages: made.pages, warnings: made.warnings };
}
