/**
 * `rulebook review` on a real git history (tests/review/history.ts): each commit is one kind of change a reviewer
 * meets, and each expectation below was written by hand from the two texts of the commit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli-in-process.js';
import { runCli } from '../helpers/cli.js';
import { bookFiles, reviewHistory, reviewRepo, type Repo } from './history.js';

let repo: Repo;
const review = (...args: string[]) => runInProcess(['review', ...args], repo.dir);
const json = async (...args: string[]) => {
  const run = await review(...args, '--format', 'json');
  return { ...run, report: JSON.parse(run.stdout) };
};

/** `review from to --format github`: its whole output, one annotation a line, and its exit code. */
async function expectAnnotations(from: string, to: string, code: number, annotations: readonly string[]): Promise<void> {
  const run = await review(from, to, '--rulebook', 'book', '--format', 'github');
  expect(run.stdout).toBe(annotations.map((a) => `${a}\n`).join(''));
  expect(run.code).toBe(code);
}

beforeAll(() => {
  repo = reviewRepo();
});
afterAll(() => repo.remove());

describe('a renumbering commit that left two references behind', () => {
  it('writes the Markdown comment: no findings, two broken references with their fixes, the run, the new rule', async () => {
    const run = await review('c0-base', 'c1-renumber', '--rulebook', 'book', '--repo-url', 'https://git.example.org/guild/rules/');
    const c1 = repo.git('rev-parse', 'c1-renumber');
    const line = (file: string, n: number) => `[\`${file}:${n}\`](https://git.example.org/guild/rules/blob/${c1}/book/${file}#L${n})`;
    expect(run.stdout).toBe(
      [
        '<!-- rulebook-review -->',
        '## Rulebook review',
        '',
        ':white_check_mark: **This change introduces no findings.**',
        '',
        `Compared git c0-base (${repo.short('c0-base')}) with git c1-renumber (${repo.short('c1-renumber')}).`,
        '',
        '| | |',
        '| --- | --- |',
        '| New findings | none |',
        '| Findings fixed | none |',
        '| Rules and headings | 1 added, 2 only renumbered (1 renumbered run) |',
        '| Skills | unchanged |',
        '| References broken | 2 (2 with a sure fix) |',
        '',
        '### References this change broke (2)',
        '',
        '`rulebook diff c0-base --fix` applies the 2 sure fixes.',
        '',
        `- ${line('01-rules.md', 5)} 1.1.1 says "see rule 2.1.2", which is now a different rule; the old 2.1.2 is now 2.1.3: write \`2.1.3\` instead of \`2.1.2\``,
        `- ${line('01-rules.md', 7)} 1.1.2 says "see 2.1.3", which is now a different rule; the old 2.1.3 is now 2.1.4: write \`2.1.4\` instead of \`2.1.3\``,
        '',
        '### Renumbered (1)',
        '',
        '- 2.1.2–2.1.3 renumbered +1 (now 2.1.3–2.1.4)',
        '',
        '### Rules and headings (1)',
        '',
        `- added **2.1.2** ${line('01-rules.md', 15)} Calling "Man down" stops play nearby.`,
        '',
      ].join('\n'),
    );
    expect(run.code).toBe(0);
  });

  it('annotates the two references as warnings for GitHub, each with its fix', async () => {
    await expectAnnotations('c0-base', 'c1-renumber', 0, [
      '::warning file=book/01-rules.md,line=5,col=31,endLine=5,endColumn=36,title=review/now-points-elsewhere::1.1.1 says "see rule 2.1.2", which is now a different rule; the old 2.1.2 is now 2.1.3. Write 2.1.3 instead.',
      '::warning file=book/01-rules.md,line=7,col=20,endLine=7,endColumn=25,title=review/now-points-elsewhere::1.1.2 says "see 2.1.3", which is now a different rule; the old 2.1.3 is now 2.1.4. Write 2.1.4 instead.',
    ]);
  });

  it('gives SARIF with the fixes as replacements', async () => {
    const run = await review('c0-base', 'c1-renumber', '--rulebook', 'book', '--format', 'sarif');
    const results = JSON.parse(run.stdout).runs[0].results;
    expect(results.map((r: { ruleId: string; level: string }) => [r.ruleId, r.level])).toEqual([
      ['review/now-points-elsewhere', 'warning'],
      ['review/now-points-elsewhere', 'warning'],
    ]);
    expect(results[0].fixes[0].artifactChanges[0]).toEqual({
      artifactLocation: { uri: 'book/01-rules.md' },
      replacements: [{ deletedRegion: { startLine: 5, startColumn: 31, endLine: 5, endColumn: 36 }, insertedContent: { text: '2.1.3' } }],
    });
  });

  it('counts as `rulebook diff` does, and carries its JSON whole', async () => {
    const { report } = await json('c0-base', 'c1-renumber', '--rulebook', 'book');
    // `diff` compares with the working copy (c5): the review of the working copy carries exactly its JSON.
    const diff = await runInProcess(['diff', 'c0-base', 'book', '--format', 'json'], repo.dir);
    expect((await json('c0-base', 'book')).report.comparison).toEqual(JSON.parse(diff.stdout));
    expect(report.comparison.summary).toMatchObject({ added: 1, renumbered: 2, renumberRuns: 1, changed: 0, removed: 0 });
    expect(report.comparison.impact.map((i: { kind: string; target: string; replacement: string }) => [i.kind, i.target, i.replacement])).toEqual([
      ['now-points-elsewhere', '2.1.2', '2.1.3'],
      ['now-points-elsewhere', '2.1.3', '2.1.4'],
    ]);
    expect(report).toMatchObject({ format: 'rulebook-review', version: 1, failed: false, introduced: [], fixed: [], skills: [] });
  });
});

describe('a skill rename that missed one mention', () => {
  it('fails: the missed prerequisite is a new error, and the rename names its fix', async () => {
    await expectAnnotations('c1-renumber', 'c2-rename', 1, [
      '::error file=book/02-skills.md,line=7,col=17,endLine=7,endColumn=27,title=unknown-prerequisite::Unknown prerequisite `Shield Use` of `Shield Wall`, did you mean `Shield Bash`?',
      '::warning file=book/02-skills.md,line=7,col=17,endLine=7,endColumn=27,title=review/prerequisite-renamed::Shield Wall requires "Shield Use", which was renamed to "Shield Handling". Write Shield Handling instead.',
    ]);
  });

  it('lists the renamed skill with the skills that require it, old name or new', async () => {
    const run = await review('c1-renumber', 'c2-rename', '--rulebook', 'book');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(':x: **This change introduces 1 error.**');
    expect(run.stdout).toContain('| Skills | 1 changed, 1 renamed |');
    expect(run.stdout).toContain(
      [
        '### New findings (1)',
        '',
        '- :x: `02-skills.md:7` Unknown prerequisite `Shield Use` of `Shield Wall`, did you mean `Shield Bash`? (`unknown-prerequisite`)',
      ].join('\n'),
    );
    expect(run.stdout).toContain(
      [
        '### Skills (2)',
        '',
        '- **Shield Handling** renamed from **Shield Use** `02-skills.md:3` · required by **Shield Bash**, **Shield Wall**',
        '- **Shield Bash** now requires Shield Handling; no longer requires Shield Use `02-skills.md:4`',
      ].join('\n'),
    );
  });

  it('reports in JSON the same introduced findings as `lint --since`', async () => {
    repo.git('checkout', '-q', 'c2-rename');
    try {
      const { report, code } = await json('c1-renumber', '--rulebook', 'book');
      const lint = await runInProcess(['lint', 'book', '--since', 'c1-renumber', '--format', 'json'], repo.dir);
      expect(code).toBe(1);
      expect(report.introduced).toEqual(JSON.parse(lint.stdout));
      expect(report.skills).toEqual([
        { type: 'changed', name: 'Shield Handling', oldName: 'Shield Use', renamed: true, repriced: false, oldCost: '1 SP', newCost: '1 SP', requiredBy: ['Shield Bash', 'Shield Wall'] },
        { type: 'changed', name: 'Shield Bash', oldName: 'Shield Bash', renamed: false, repriced: false, oldCost: '2 SP', newCost: '2 SP', requiredBy: [] },
      ]);
      expect(report.summary).toEqual({ introduced: { errors: 1, warnings: 0, infos: 0 }, fixed: { errors: 0, warnings: 0, infos: 0 }, brokenReferences: 1, fixableReferences: 1 });
    } finally {
      repo.git('checkout', '-q', 'main');
    }
  });
});

describe('a re-priced skill', () => {
  it('passes, and says who builds on the skill', async () => {
    const run = await review('c2-rename', 'c3-reprice', '--rulebook', 'book');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(':white_check_mark: **This change introduces no findings.**');
    expect(run.stdout).toContain('| Skills | 1 changed (1 re-priced) |');
    expect(run.stdout).toContain('- **Shield Handling** re-priced 1 SP → 2 SP `02-skills.md:3` · required by **Shield Bash**\n');
    // Shield Wall still names "Shield Use": that finding was there before and is not new.
    expect(run.stdout).not.toContain('### New findings');
    const { report } = await json('c2-rename', 'c3-reprice', '--rulebook', 'book');
    expect(report.skills).toEqual([{ type: 'changed', name: 'Shield Handling', oldName: 'Shield Handling', renamed: false, repriced: true, oldCost: '1 SP', newCost: '2 SP', requiredBy: ['Shield Bash'] }]);
  });
});

describe('a removed rule that a reference still names', () => {
  it('fails on the broken reference, which has no sure fix', async () => {
    const { report, code } = await json('c3-reprice', 'c4-break-reference', '--rulebook', 'book');
    expect(code).toBe(1);
    expect(report.introduced.map((f: { ruleId: string; severity: string; file: string; line: number }) => [f.ruleId, f.severity, f.file, f.line])).toEqual([
      ['broken-reference', 'error', 'book/01-rules.md', 9],
      ['numbering-gap', 'warning', 'book/01-rules.md', 23],
    ]);
    expect(report.comparison.impact.map((i: { kind: string; holder: string; target: string; replacement: string | null; line: number }) => [i.kind, i.holder, i.target, i.replacement, i.line])).toEqual([
      ['target-removed', '1.1.3', '3.1.1', null, 9],
    ]);
    const md = (await review('c3-reprice', 'c4-break-reference', '--rulebook', 'book')).stdout;
    expect(md).toContain('- `01-rules.md:9` 1.1.3 says "see 3.1.1", but 3.1.1 was removed: no sure fix, a person must choose\n');
    expect(md).toContain('- removed **3.1.1** A marshal checks every weapon before play.\n');
    expect(md).not.toContain('--fix` applies');
  });
});

describe('a commit that fixes an old finding', () => {
  it('passes and lists the finding as fixed, at its place in the base', async () => {
    const run = await review('c4-break-reference', 'c5-fix-old', '--rulebook', 'book');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('| Findings fixed | 1 error |');
    expect(run.stdout).toContain(
      '### Findings fixed (1)\n\n- :x: `02-skills.md:9` (base) Unknown prerequisite `Sheild Bash` of `Taunt`, did you mean `Shield Bash`? (`unknown-prerequisite`)\n',
    );
    const { report } = await json('c4-break-reference', 'c5-fix-old', '--rulebook', 'book');
    expect(report.fixed.map((f: { ruleId: string; line: number; column: number }) => [f.ruleId, f.line, f.column])).toEqual([['unknown-prerequisite', 9, 17]]);
    expect(report.introduced).toEqual([]);
  });
});

describe('the working copy, a folder base, and bad input', () => {
  it('reviews uncommitted edits against HEAD by default, in a real process', async () => {
    const h = reviewHistory();
    repo.write(bookFiles({ ...h.fixOld, skills: h.fixOld.skills.replace('Prerequisite: Shield Use', 'Prerequisite: Shield Handling') }));
    try {
      const run = await runCli(['review', 'HEAD', 'book', '--format', 'json'], repo.dir);
      expect(run.code).toBe(0);
      const report = JSON.parse(run.stdout);
      expect(report.head).toBe('the working copy (book)');
      expect(report.fixed.map((f: { message: string }) => f.message)).toEqual(['Unknown prerequisite `Shield Use` of `Shield Wall`, did you mean `Shield Bash`?']);
    } finally {
      repo.git('checkout', '-q', '--', 'book');
    }
  });

  it('takes a folder as the base', async () => {
    const other = reviewRepo();
    try {
      other.git('checkout', '-q', 'c1-renumber');
      const { report } = await json(`${other.dir}/book`, 'c2-rename', '--rulebook', 'book');
      expect(report.summary.introduced.errors).toBe(1);
      expect(report.skills.map((s: { name: string }) => s.name)).toEqual(['Shield Handling', 'Shield Bash']);
    } finally {
      other.remove();
    }
  });

  it('names the problem in one line and exits 2', async () => {
    expect(await review('no-such-rev', '--rulebook', 'book')).toMatchObject({ code: 2, stderr: expect.stringMatching(/^rulebook: `no-such-rev` is not a file, a folder or a revision of the git repository at .*\n$/) });
    expect(await review('HEAD', '--rulebook', 'book', '--format', 'html')).toMatchObject({ code: 2, stderr: 'rulebook: --format must be one of markdown, json, github, sarif, not `html`\n' });
    expect(await review('HEAD', '--rulebook', 'book', '--repo-url', 'javascript:alert(1)')).toMatchObject({ code: 2, stderr: expect.stringMatching(/^rulebook: --repo-url must be an http\(s\) address/) });
  });
});
