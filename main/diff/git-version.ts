/** Reads a rulebook as it was at a git revision (`git show <rev>:<path>`, no shell), for `--since HEAD~1` or `--since v7.4`. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { isMarkdownFile } from '../../shared/model/markdown-files.js';
import type { RulebookSource } from '../../shared/model/types.js';
import { parseYaml } from '../../shared/parse/config.js';
import { decodeRulebookBytes } from '../../shared/parse/decode.js';
import { readableSource } from '../../shared/parse/mdx.js';
import { UserError } from '../errors.js';

/** The revision exists, but the rulebook did not yet: a new book, whose every finding is new since then. */
export class NotAtRevisionError extends UserError {
  constructor(message: string) {
    super(message);
    this.name = 'NotAtRevisionError';
  }
}

export interface GitTarget {
  /** The folder git runs in: the rulebook folder, or the folder holding a one-file rulebook. */
  readonly root: string;
  /** The file name of a one-file rulebook, null for a folder. */
  readonly singleFile: string | null;
}

export function git(cwd: string, args: readonly string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // A fixed argv and no shell: a revision or path can never become a command.
    execFile('git', [...args], { cwd, encoding: 'buffer', maxBuffer: 256 * 1024 * 1024, timeout: 30_000 }, (error, stdout, stderr) => {
      if (error) reject(Object.assign(error, { stderrText: stderr.toString('utf8').trim() }));
      else resolve(stdout);
    });
  });
}

/** Whether `spec` looks like something git could resolve (and cannot be taken for an option). */
export function looksLikeRevision(spec: string): boolean {
  return spec.length > 0 && !spec.startsWith('-') && !/[\s\0]/.test(spec);
}

async function showFile(target: GitTarget, revision: string, relPath: string): Promise<Buffer | null> {
  try {
    // "./" makes the path relative to the rulebook's folder, not to the repository's top.
    return await git(target.root, ['show', `${revision}:./${relPath}`]);
  } catch {
    return null;
  }
}

function decode(bytes: Buffer, where: string): string {
  const decoded = decodeRulebookBytes(bytes);
  if (!decoded.ok) throw new UserError(`${where}: ${decoded.message}`);
  return decoded.text;
}

/** The rulebook's source at `revision`: the manifest then and the files it (or the folder) listed then. */
export async function readGitVersion(target: GitTarget, revision: string): Promise<{ source: RulebookSource; label: string }> {
  if (!looksLikeRevision(revision)) throw new UserError(`\`${revision}\` is not a file, a folder or a git revision`);
  try {
    await git(target.root, ['rev-parse', '--is-inside-work-tree']);
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new UserError(
      missing
        ? `\`${revision}\` is not a file or folder, and git is not installed to read it as a revision`
        : `\`${revision}\` is not a file or folder, and ${target.root} is not in a git repository`,
    );
  }
  let commit: string;
  try {
    commit = (await git(target.root, ['rev-parse', '--verify', '--quiet', `${revision}^{commit}`])).toString('utf8').trim();
  } catch {
    throw new UserError(`\`${revision}\` is not a file, a folder or a revision of the git repository at ${target.root}`);
  }
  const label = `git ${revision}${commit.startsWith(revision) ? '' : ` (${commit.slice(0, 8)})`}`;
  if (target.singleFile) {
    const bytes = await showFile(target, commit, target.singleFile);
    if (!bytes) throw new NotAtRevisionError(`${target.singleFile} did not exist at revision ${revision}`);
    return { label, source: readableSource({ files: [{ path: target.singleFile, text: decode(bytes, `${target.singleFile} at ${revision}`) }] }) };
  }
  const manifestBytes = await showFile(target, commit, 'rulebook.yaml');
  const manifest = manifestBytes ? { path: 'rulebook.yaml', text: decode(manifestBytes, `rulebook.yaml at ${revision}`) } : null;
  let names: string[] | null = null;
  if (manifest) {
    const files = (parseYaml(manifest.text).data as { files?: unknown } | null)?.files;
    if (Array.isArray(files)) names = files.filter((f): f is string => typeof f === 'string');
  }
  if (!names) {
    let listing: string;
    try {
      listing = (await git(target.root, ['ls-tree', '--name-only', commit, './'])).toString('utf8');
    } catch {
      listing = '';
    }
    names = listing
      .split('\n')
      .map((line) => path.posix.basename(line.trim()))
      .filter((name) => isMarkdownFile(name))
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  }
  if (!names.length) {
    const folder = path.relative(process.cwd(), target.root) || '.';
    throw new NotAtRevisionError(`${folder.startsWith('..') ? target.root : folder}${path.sep}: the rulebook had no markdown files at revision ${revision}`);
  }
  const files: { path: string; text: string }[] = [];
  for (const name of names) {
    const bytes = await showFile(target, commit, name);
    // A file the manifest listed but that was missing then: the parser reports it like any missing file.
    if (bytes) files.push({ path: name, text: decode(bytes, `${name} at ${revision}`) });
  }
  return { label, source: readableSource({ manifest, files }) };
}
