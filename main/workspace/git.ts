/** Older states of the rulebook from git, for the Changes panel: revisions touching its folder and its texts at one. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import type { GitRevision, RulebookTexts } from '../../shared/ipc/contract.js';
import { isMarkdownFile } from '../../shared/model/markdown-files.js';
import { parseYaml } from '../../shared/parse/config.js';
import { ApiFailure } from './errors.js';

function git(cwd: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    // No shell, fixed argv: a hash or path can never become a command.
    execFile('git', [...args], { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 15_000 }, (error, stdout, stderr) => {
      if (error) reject(Object.assign(error, { stderr }));
      else resolve(stdout);
    });
  });
}

/** Newest first; empty when the folder is not in a git repository or git is missing. */
export async function listRevisions(root: string, paths: readonly string[]): Promise<GitRevision[]> {
  let out: string;
  try {
    out = await git(root, ['log', '-n', '100', '--format=%H%x1f%s%x1f%cI', '--', ...paths]);
  } catch {
    return [];
  }
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [hash, subject, date] = line.split('\x1f');
      return { hash, subject, date };
    });
}

async function show(root: string, hash: string, relPath: string): Promise<string | null> {
  try {
    // "./" makes the path relative to the current folder, not to the repository's top.
    return await git(root, ['show', `${hash}:./${relPath}`]);
  } catch {
    return null;
  }
}

/** Whether a file name of a rulebook.yaml names a file inside the book's folder, by its spelling (git has no links to follow). */
function staysInside(name: string): boolean {
  const normal = path.posix.normalize(name.replace(/\\/g, '/'));
  return !name.includes('\0') && !path.posix.isAbsolute(normal) && !/^[a-zA-Z]:/.test(normal) && normal !== '..' && !normal.startsWith('../');
}

/** The rulebook's texts at `hash`: its manifest then, and the files the manifest (or the folder) listed then. */
export async function readRevision(root: string, hash: string, singleFile: string | null): Promise<RulebookTexts> {
  try {
    await git(root, ['cat-file', '-e', `${hash}^{commit}`]);
  } catch {
    throw new ApiFailure('not-found', `There is no git revision ${hash} in this rulebook's repository`);
  }
  const label = `git ${hash.slice(0, 8)}`;
  if (singleFile) {
    const text = await show(root, hash, singleFile);
    if (text === null) throw new ApiFailure('not-found', `${singleFile} did not exist at revision ${hash.slice(0, 8)}`);
    return { label, manifest: null, files: [{ path: singleFile, text }] };
  }
  const manifestText = await show(root, hash, 'rulebook.yaml');
  let names: string[] | null = null;
  if (manifestText !== null) {
    const files = (parseYaml(manifestText).data as { files?: unknown } | null)?.files;
    // Only the book's own folder, as loadRulebook reads it: a listed `../x.md` or `/x.md` is another file of the repository.
    if (Array.isArray(files)) names = files.filter((f): f is string => typeof f === 'string' && staysInside(f));
  }
  if (!names) {
    const listing = await git(root, ['ls-tree', '--name-only', hash, './']).catch(() => '');
    names = listing
      .split('\n')
      .filter((n) => isMarkdownFile(n))
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  }
  const files: { path: string; text: string }[] = [];
  for (const name of names) {
    const text = await show(root, hash, name);
    if (text !== null) files.push({ path: name, text });
  }
  return { label, manifest: manifestText === null ? null : { path: 'rulebook.yaml', text: manifestText }, files };
}
