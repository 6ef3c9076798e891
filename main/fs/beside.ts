/** Files written next to their target before a rename puts them in place (same folder, so the rename is atomic). */
import { open } from 'node:fs/promises';
import path from 'node:path';

/** Kept short enough that the whole name stays under the 255 bytes most file systems allow. */
export const MAX_STEM = 180;

/** What a file written beside its target is for: new content, or a target's old content kept to put back. */
export type BesidePurpose = 'tmp' | 'old';

/**
 * A hidden, unique name beside `file`: ".rules.md.<pid>-<8 hex>.<purpose>". The shape is what lets
 * stale-temps.ts find the ones a killed process left behind, and the pid tells whether their writer still runs.
 */
export function besidePath(file: string, purpose: BesidePurpose): string {
  const stem = path.basename(file).slice(0, MAX_STEM);
  // Web Crypto's random bytes, not node:crypto's: loading that module costs every command ~5 ms at start-up.
  const random = Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(4))).toString('hex');
  return path.join(path.dirname(file), `.${stem}.${process.pid}-${random}.${purpose}`);
}

/** The pid of the process that wrote a file named by besidePath, or null when `name` is not such a name. */
export function besideWriter(name: string): number | null {
  const match = /^\..+\.(\d{1,10})-[0-9a-f]{8}\.(?:tmp|old)$/.exec(name);
  return match ? Number(match[1]) : null;
}

/** Creates `file` (it must not exist) with the content, and waits until it is on disk. */
export async function writeNewFileDurably(file: string, content: string | Uint8Array, mode = 0o644): Promise<void> {
  const handle = await open(file, 'wx', mode);
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
}
