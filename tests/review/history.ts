/**
 * Real git histories for the review tests: a small folder rulebook in `book/` of a temporary repository, and one
 * commit per kind of change a reviewer meets (each tagged, so tests name them as a person would).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeFiles } from '../helpers/temp-folder.js';

export const RULES = `# Rules of the Test Game

## 1.1 Basics

1.1.1 When in doubt, see rule 2.1.2 on safety calls.

1.1.2 Healing: see 2.1.3.

1.1.3 Weapons are checked: see 3.1.1.

## 2.1 Calls

2.1.1 Every player must know the safety calls.

2.1.2 Calling "Hold" stops all play at once.

2.1.3 A marshal may heal a player on the spot.

## 3.1 Weapons

3.1.1 A marshal checks every weapon before play.

3.1.2 Bows need a second check.
`;

export const SKILLS = `# Skills

- **Shield Use** (1 SP) The character may carry a shield of any size.
- **Shield Bash** (2 SP) Knock a foe back three paces with your shield.
  Prerequisite: Shield Use
- **Shield Wall** (2 SP) Stand firm with allies behind you.
  Prerequisite: Shield Use
- **Taunt** (1 SP) Force a foe to attack you for ten seconds.
  Prerequisite: Sheild Bash
`;

export const MANIFEST = 'title: Test Game\nfiles:\n  - 01-rules.md\n  - 02-skills.md\n';

export class Repo {
  readonly dir = mkdtempSync(path.join(tmpdir(), 'rulebook-review-'));
  private tick = 0;

  constructor() {
    this.git('init', '-q', '-b', 'main');
    this.git('config', 'user.email', 'marshal@example.org');
    this.git('config', 'user.name', 'Marshal');
    this.git('config', 'commit.gpgsign', 'false');
  }

  git(...args: string[]): string {
    // Fixed dates: the same history gives the same commits on every run.
    const date = `2025-01-01T00:00:${String(this.tick).padStart(2, '0')}Z`;
    return execFileSync('git', args, { cwd: this.dir, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } }).trim();
  }

  write(files: Record<string, string>): void {
    writeFiles(this.dir, files);
  }

  /** Writes the files, commits them all and tags the commit; returns its hash. */
  commit(tag: string, files: Record<string, string>): string {
    this.tick++;
    this.write(files);
    this.git('add', '-A');
    this.git('commit', '-q', '-m', tag);
    this.git('tag', tag);
    return this.git('rev-parse', 'HEAD');
  }

  short(rev: string): string {
    return this.git('rev-parse', rev).slice(0, 8);
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The texts of each commit of the review history, each a change of the one before. */
export function reviewHistory() {
  const base = { rules: RULES, skills: SKILLS };
  // A rule inserted in 2.1: 2.1.2 and 2.1.3 move up one, and the references to them in 1.1 are not updated.
  const renumber = {
    ...base,
    rules: base.rules
      .replace('2.1.2 Calling "Hold"', '2.1.2 Calling "Man down" stops play nearby.\n\n2.1.3 Calling "Hold"')
      .replace('2.1.3 A marshal may heal', '2.1.4 A marshal may heal'),
  };
  // Shield Use renamed Shield Handling: Shield Bash follows, Shield Wall still names the old name.
  const rename = { ...renumber, skills: renumber.skills.replace('**Shield Use**', '**Shield Handling**').replace('Shield Use\n- **Shield Wall**', 'Shield Handling\n- **Shield Wall**') };
  // Shield Handling costs 2 SP now.
  const reprice = { ...rename, skills: rename.skills.replace('**Shield Handling** (1 SP)', '**Shield Handling** (2 SP)') };
  // 3.1.1 removed: 1.1.3 still sends the reader to it.
  const breakReference = { ...reprice, rules: reprice.rules.replace('3.1.1 A marshal checks every weapon before play.\n\n', '') };
  // The old misspelt prerequisite of Taunt is corrected.
  const fixOld = { ...breakReference, skills: breakReference.skills.replace('Sheild Bash', 'Shield Bash') };
  return { base, renumber, rename, reprice, breakReference, fixOld };
}

export function bookFiles(texts: { rules: string; skills: string }): Record<string, string> {
  return { 'book/rulebook.yaml': MANIFEST, 'book/01-rules.md': texts.rules, 'book/02-skills.md': texts.skills };
}

/** A repository holding the whole review history, tagged c0-base … c5-fix-old. */
export function reviewRepo(): Repo {
  const repo = new Repo();
  const h = reviewHistory();
  repo.commit('c0-base', bookFiles(h.base));
  repo.commit('c1-renumber', bookFiles(h.renumber));
  repo.commit('c2-rename', bookFiles(h.rename));
  repo.commit('c3-reprice', bookFiles(h.reprice));
  repo.commit('c4-break-reference', bookFiles(h.breakReference));
  repo.commit('c5-fix-old', bookFiles(h.fixOld));
  return repo;
}
