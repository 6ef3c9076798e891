/** A `rulebook` command on PATH for the CI recipe and hook tests: the repository's own bin, run by this Node. */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const bin = path.resolve(import.meta.dirname, '../../bin/rulebook.mjs');

export function rulebookOnPath(): { readonly dir: string; readonly path: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'rulebook-bin-'));
  const script = path.join(dir, 'rulebook');
  writeFileSync(script, `#!/bin/sh\nexec "${process.execPath}" "${bin}" "$@"\n`);
  chmodSync(script, 0o755);
  return { dir, path: `${dir}${path.delimiter}${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
