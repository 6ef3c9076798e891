/** Whether something is at a path (a file, a folder, or what a link leads to): one stat, never a throw. */
import { stat } from 'node:fs/promises';

export async function exists(target: string): Promise<boolean> {
  return stat(target).then(
    () => true,
    () => false,
  );
}
