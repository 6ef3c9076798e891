/** A failure a handler can name: thrown inside main/workspace, turned into `{ ok: false, error }` at the boundary. */
import { fail, type ApiErrorCode, type Result } from '../../shared/ipc/contract.js';
import { describeFsError } from '../fs/load-rulebook.js';

export class ApiFailure extends Error {
  constructor(readonly code: ApiErrorCode, message: string) {
    super(message);
    this.name = 'ApiFailure';
  }
}

/** Maps a Node file-system error on `relPath` to the error code and sentence the page shows. */
export function fsFailure(error: unknown, relPath: string, writing = false): ApiFailure {
  const code = (error as NodeJS.ErrnoException)?.code;
  const what = `${relPath}: ${describeFsError(error)}`;
  // ENOTDIR: a part of the path is a file, so nothing exists at that path.
  if ((code === 'ENOENT' || code === 'ENOTDIR') && !writing) return new ApiFailure('not-found', what);
  if (writing) return new ApiFailure('write-failed', `${relPath}: could not save (${describeFsError(error)})`);
  return new ApiFailure('unreadable', what);
}

/** Runs a handler body, converting thrown failures to Results so nothing but a Result ever crosses. */
export async function guard<T>(body: () => Promise<T>): Promise<Result<T>> {
  try {
    return { ok: true, value: await body() };
  } catch (error) {
    if (error instanceof ApiFailure) return fail(error.code, error.message);
    return fail('internal', `Internal error: ${error instanceof Error ? error.message : String(error)}`);
  }
}
