/**
 * A book's folder is the edge of what the CLI reads and writes: a rulebook.yaml that lists a symbolic link to a file
 * outside (a book cloned from someone else's repository) makes every command stop with one line and exit 2, and the
 * outside file is never read into an output nor rewritten.
 */
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const SECRET = '# 9. Secret\n\n9.1 SECRET text.\n';

/** The temp folders this test made, removed after it (its CLI runs are awaited to their exit). */
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function bookWithLink(manifest = 'files:\n  - ch.md\n  - link.md\n'): { root: string; book: string; secret: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'confine-'));
  roots.push(root);
  mkdirSync(path.join(root, 'outside'));
  mkdirSync(path.join(root, 'book'));
  const secret = path.join(root, 'outside', 'secret.md');
  writeFileSync(secret, SECRET);
  writeFileSync(path.join(root, 'book', 'ch.md'), '# 1. Rules\n\n1.1 A rule.\n\n1.3 A gap before it.\n');
  symlinkSync(secret, path.join(root, 'book', 'link.md'));
  writeFileSync(path.join(root, 'book', 'rulebook.yaml'), manifest);
  return { root, book: path.join(root, 'book'), secret };
}

const COMMANDS: readonly (readonly string[])[] = [
  ['lint', 'book'],
  ['lint', 'book', '--fix'],
  ['ast', 'book'],
  ['export', 'book', '--out', 'out.pdf'],
  ['export', 'book', '--kind', 'cards', '--out', 'cards.pdf'],
  ['renumber', 'book'],
  ['rename-skill', 'book', 'Secret', 'Public'],
  ['publish', 'book'],
  ['init', 'book'],
  ['diff', 'book', 'book'],
];

describe('a listed chapter that is a symbolic link out of the book', () => {
  for (const args of COMMANDS) {
    it(`stops \`rulebook ${args.join(' ')}\` with one line and exit 2, the outside file untouched`, { timeout: 60_000 }, async () => {
      const { root, secret } = bookWithLink();
      const before = readdirSync(root).sort();
      const run = await runCli(args, root);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(/rulebook\.yaml: line 3: `link\.md` leads outside the rulebook folder/);
      expect(run.stdout).not.toContain('SECRET');
      expect(readFileSync(secret, 'utf8')).toBe(SECRET);
      expect(readdirSync(root).sort()).toEqual(before);
    });
  }

  it('refuses a rulebook.yaml that is itself a link out of the book, and one that lists itself', async () => {
    const linked = bookWithLink('files:\n  - ch.md\n');
    const outsideManifest = path.join(linked.root, 'outside', 'rulebook.yaml');
    writeFileSync(outsideManifest, 'files:\n  - ch.md\n');
    const own = path.join(linked.root, 'other');
    mkdirSync(own);
    writeFileSync(path.join(own, 'ch.md'), '# 1. Rules\n');
    symlinkSync(outsideManifest, path.join(own, 'rulebook.yaml'));
    const viaLink = await runCli(['lint', 'other'], linked.root);
    expect(viaLink.code).toBe(2);
    expect(viaLink.stderr).toMatch(/other\/rulebook\.yaml: leads outside the rulebook folder/);

    // init writes the settings file: through a link out of the book it neither reads nor writes it.
    const before = readFileSync(outsideManifest, 'utf8');
    const init = await runCli(['init', 'other'], linked.root);
    expect(init.code).toBe(2);
    expect(init.stderr).toMatch(/other\/rulebook\.yaml: leads outside the rulebook folder/);
    expect(readFileSync(outsideManifest, 'utf8')).toBe(before);

    const self = bookWithLink('files:\n  - ch.md\n  - rulebook.yaml\n');
    const listed = await runCli(['lint', 'book'], self.root);
    expect(listed.code).toBe(2);
    expect(listed.stderr).toMatch(/line 3: `rulebook\.yaml` is the settings file itself, not a chapter/);
  });

  it('reads a link that stays inside the book, and leaves unlisted links out', async () => {
    const { root, book } = bookWithLink('files:\n  - ch.md\n  - again.md\n');
    symlinkSync(path.join(book, 'ch.md'), path.join(book, 'again.md'));
    const inside = await runCli(['ast', 'book'], root);
    expect(inside.code, inside.stderr).toBe(0);
    expect(inside.stdout).toContain('again.md');
    // No rulebook.yaml: the folder's own .md files are read, never a link among them.
    writeFileSync(path.join(book, 'rulebook.yaml'), '');
    const unlisted = await runCli(['ast', 'book'], root);
    expect(unlisted.stdout).not.toContain('SECRET');
  });
});
