/**
 * The pre-commit hooks of .pre-commit-hooks.yaml, run by the real `pre-commit` tool on `git commit` in a temporary
 * repository: a commit that introduces an error is stopped, one that only keeps an old finding goes through.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookFiles, Repo, reviewHistory, RULES, SKILLS } from './history.js';
import { rulebookOnPath } from './shim.js';

const preCommit = spawnSync('pre-commit', ['--version'], { encoding: 'utf8' });
const available = preCommit.status === 0;
if (!available) console.warn('tests/review/pre-commit.test.ts skipped: the `pre-commit` tool is not installed (Debian package pre-commit)');

let hooks: Repo;
let shim: ReturnType<typeof rulebookOnPath>;
let home: string;

beforeAll(() => {
  if (!available) return;
  // The hooks' repository, as a user's config names ours: a git repository holding .pre-commit-hooks.yaml.
  hooks = new Repo();
  copyFileSync(path.resolve(import.meta.dirname, '../../.pre-commit-hooks.yaml'), path.join(hooks.dir, '.pre-commit-hooks.yaml'));
  hooks.commit('v1', {});
  shim = rulebookOnPath();
  home = mkdtempSync(path.join(tmpdir(), 'pre-commit-home-'));
});
afterAll(() => {
  if (!available) return;
  hooks.remove();
  shim.remove();
  rmSync(home, { recursive: true, force: true });
});

function project(config: string): Repo {
  const repo = new Repo();
  repo.write({ '.pre-commit-config.yaml': config });
  return repo;
}

function commit(repo: Repo, message: string) {
  const env = { ...process.env, PATH: shim.path, PRE_COMMIT_HOME: home, NO_COLOR: '1', GIT_AUTHOR_DATE: '2025-01-02T00:00:00Z', GIT_COMMITTER_DATE: '2025-01-02T00:00:00Z' };
  execFileSync('pre-commit', ['install'], { cwd: repo.dir, env, encoding: 'utf8' });
  execFileSync('git', ['add', '-A'], { cwd: repo.dir });
  return spawnSync('git', ['commit', '-q', '-m', message], { cwd: repo.dir, env, encoding: 'utf8' });
}

describe.skipIf(!available)('the pre-commit hooks, run by pre-commit', () => {
  it('rulebook-lint-book stops a commit that introduces an error and lets one through that keeps an old finding', () => {
    const rev = hooks.git('rev-parse', 'HEAD');
    const repo = project(`repos:\n  - repo: ${hooks.dir}\n    rev: ${rev}\n    hooks:\n      - id: rulebook-lint-book\n        args: [book]\n`);
    try {
      const h = reviewHistory();
      // The first commit has no HEAD to compare with: committed without the hook.
      repo.commit('base', bookFiles(h.renumber));
      // The old misspelt prerequisite of Taunt is there already: a wording change elsewhere is not stopped by it.
      repo.write(bookFiles({ ...h.renumber, rules: h.renumber.rules.replace('Bows need', 'Bows always need') }));
      const clean = commit(repo, 'reword');
      expect(clean.status).toBe(0);
      expect(clean.stdout + clean.stderr).toMatch(/rulebook lint a folder rulebook \(what the commit introduces\)\.+Passed/);

      repo.write(bookFiles({ ...h.rename, rules: h.renumber.rules.replace('Bows need', 'Bows always need') }));
      const failing = commit(repo, 'rename');
      expect(failing.status).toBe(1);
      const out = failing.stdout + failing.stderr;
      expect(out).toMatch(/rulebook lint a folder rulebook \(what the commit introduces\)\.+Failed/);
      expect(out).toContain('7:17  error  Unknown prerequisite `Shield Use` of `Shield Wall`, did you mean `Shield Bash`?  unknown-prerequisite');
      expect(out).not.toContain('Sheild Bash');
      expect(repo.git('log', '--format=%s')).toBe('reword\nbase');
    } finally {
      repo.remove();
    }
  });

  it('rulebook-lint lints each staged one-file rulebook', () => {
    const rev = hooks.git('rev-parse', 'HEAD');
    const repo = project(`repos:\n  - repo: ${hooks.dir}\n    rev: ${rev}\n    hooks:\n      - id: rulebook-lint\n`);
    try {
      repo.commit('base', { 'rules.md': `${RULES}\n${SKILLS}` });
      writeFileSync(path.join(repo.dir, 'rules.md'), `${RULES}\n${SKILLS}`.replace('Prerequisite: Shield Use\n- **Shield Wall**', 'Prerequisite: Shield Usage\n- **Shield Wall**'));
      const failing = commit(repo, 'typo');
      expect(failing.status).toBe(1);
      expect(failing.stdout + failing.stderr).toMatch(/error {2}Unknown prerequisite `Shield Usage` of `Shield Bash`, did you mean `Shield Use`\? {2}unknown-prerequisite/);
    } finally {
      repo.remove();
    }
  });
});
