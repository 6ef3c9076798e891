/**
 * Which build of the rulebook code the page's worker runs (HostInfo.coreBuild): what the worker keeps of a book
 * between launches is kept under it, and a page of another build never reads it. A built renderer names its worker
 * by a hash of the worker's content (vite: assets/core.worker-<hash>.js), which is the build; the renderer served
 * from the sources (vite's dev server, electron-vite dev) runs the sources this process was built from, whose
 * build id toolVersion() tells. Null when neither can be told: then nothing is kept.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { toolVersion } from '../build-id.js';

export async function coreBuild(builtRenderer: string | null): Promise<string | null> {
  if (builtRenderer === null) return toolVersion();
  const names = await readdir(path.join(builtRenderer, 'assets')).catch(() => [] as string[]);
  const worker = names.find((name) => /^core\.worker-[\w-]+\.js$/.test(name));
  return worker ? `renderer ${worker}` : null;
}
