/** Files written next to their target before a rename puts them in place (same folder, so the rename is atomic). */
import { randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';
import path from 'node:path';

/** A hidden, unique name beside `file`: ".rules.md.<pid>-<random>.<purpose>". */
export function besidePath(file: string, purpose: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}-${randomBytes(4).toString('hex')}.${purpose}`);
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
