/**
 * The GitHub Actions recipe (docs/ci/rulebook-review.yml), run for real: its `run:` steps execute with bash in a
 * temporary repository holding a pull request (a branch off main that renames a skill and misses one mention,
 * while main moved on). Steps that only GitHub can run are replaced: checkout and setup-node by the repository
 * and the Node at hand, the install by the tool on PATH, the SARIF upload by parsing the file, and the comment
 * step's own script runs against a recorder of the calls it makes to GitHub.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { bookFiles, Repo, reviewHistory } from './history.js';
import { rulebookOnPath } from './shim.js';

interface Step {
  readonly name?: string;
  readonly id?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly if?: string;
  readonly env?: Record<string, string>;
  readonly with?: Record<string, string>;
}

const workflowFile = path.resolve(import.meta.dirname, '../../docs/ci/rulebook-review.yml');
const workflow = parse(readFileSync(workflowFile, 'utf8'));
const steps: Step[] = workflow.jobs.review.steps;

let repo: Repo;
let shim: ReturnType<typeof rulebookOnPath>;
let headSha: string;
let targetSha: string;
let forkPoint: string;

beforeAll(() => {
  repo = new Repo();
  const h = reviewHistory();
  forkPoint = repo.commit('fork-point', bookFiles(h.renumber));
  repo.git('checkout', '-q', '-b', 'feature');
  headSha = repo.commit('pr-head', bookFiles(h.rename));
  // main moves on after the branch left it: the review must not count that as the pull request's change.
  repo.git('checkout', '-q', 'main');
  targetSha = repo.commit('main-later', bookFiles({ ...h.renumber, rules: h.renumber.rules.replace('3.1.2 Bows need a second check.', '3.1.2 Bows and crossbows need a second check.') }));
  repo.git('checkout', '-q', headSha);
  shim = rulebookOnPath();
});
afterAll(() => {
  repo.remove();
  shim.remove();
});

/** The `${{ … }}` expressions the recipe uses, as GitHub fills them in for this pull request. */
function expand(text: string): string {
  const values: Record<string, string> = {
    'github.event.pull_request.head.sha': headSha,
    'github.event.pull_request.base.sha': targetSha,
    'github.server_url': 'https://github.com',
    'github.repository': 'guild/rules',
  };
  return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expression: string) => {
    if (!(expression in values)) throw new Error(`the test does not know the expression ${expression}`);
    return values[expression];
  });
}

/** GitHub's `if:` for the two forms the recipe uses. */
function runs(step: Step, outputs: Record<string, Record<string, string>>, dir: string): boolean {
  if (step.if === undefined) return true;
  const output = /^steps\.(\w+)\.outputs\.(\w+) == '([^']*)'$/.exec(step.if);
  if (output) return outputs[output[1]]?.[output[2]] === output[3];
  const file = /^always\(\) && hashFiles\('([^']+)'\) != ''$/.exec(step.if);
  if (file) return existsSync(path.join(dir, file[1]));
  throw new Error(`the test cannot evaluate if: ${step.if}`);
}

interface Call {
  readonly method: string;
  readonly args: Record<string, unknown>;
}

/** Runs the comment step's script as actions/github-script would, against a recorder holding `existing` comments. */
async function postComment(script: string, dir: string, existing: readonly { id: number; body: string; user: { type: string } }[]): Promise<Call[]> {
  const calls: Call[] = [];
  const rest = {
    issues: {
      listComments: async () => ({ data: existing }),
      updateComment: async (args: Record<string, unknown>) => calls.push({ method: 'updateComment', args }),
      createComment: async (args: Record<string, unknown>) => calls.push({ method: 'createComment', args }),
    },
  };
  const github = { rest, paginate: async (method: () => Promise<{ data: unknown[] }>) => (await method()).data };
  const context = { repo: { owner: 'guild', repo: 'rules' }, issue: { number: 7 } };
  const requireInDir = (name: string) => {
    if (name !== 'fs') throw new Error(`the script requires ${name}`);
    return { readFileSync: (file: string, encoding: BufferEncoding) => readFileSync(path.join(dir, file), encoding) };
  };
  const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor;
  await new AsyncFunction('require', 'github', 'context', script)(requireInDir, github, context);
  return calls;
}

describe('the GitHub Actions recipe', () => {
  it('runs on pull requests that touch the rulebook, with the permissions its steps need', () => {
    expect(workflow.on.pull_request.paths).toEqual(['**.md', '**.markdown', '**.mdx', '**/rulebook.yaml']);
    expect(workflow.permissions).toEqual({ contents: 'read', 'pull-requests': 'write', 'security-events': 'write' });
    expect(steps.map((s) => s.uses ?? s.id ?? s.name)).toEqual([
      'actions/checkout@v4',
      'actions/setup-node@v4',
      'install',
      'review',
      'github/codeql-action/upload-sarif@v3',
      'actions/github-script@v7',
      'Fail when the change introduces errors',
    ]);
  });

  it('annotates the changed lines, writes the SARIF and the comment, and fails the job on the new error', async () => {
    const outputFile = path.join(repo.dir, '.github-output');
    writeFileSync(outputFile, '');
    const outputs: Record<string, Record<string, string>> = {};
    const logs: Record<string, { code: number; stdout: string; stderr: string }> = {};
    let posted: Call[] = [];
    const env = { ...process.env, ...Object.fromEntries(Object.entries(workflow.env).map(([k, v]) => [k, String(v)])), PATH: shim.path, GITHUB_OUTPUT: outputFile, RULEBOOK_PATH: 'book', NO_COLOR: '1' };
    for (const step of steps) {
      if (!runs(step, outputs, repo.dir)) continue;
      if (step.uses?.startsWith('actions/github-script')) posted = await postComment(step.with!.script, repo.dir, []);
      if (step.uses || step.id === 'install') continue;
      // GitHub runs `run:` with bash -e and pipefail.
      const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', expand(step.run!)], {
        cwd: repo.dir,
        encoding: 'utf8',
        env: { ...env, ...Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, expand(v)])) },
      });
      logs[step.id ?? step.name!] = { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
      if (step.id) {
        outputs[step.id] = Object.fromEntries(readFileSync(outputFile, 'utf8').split('\n').filter(Boolean).map((l) => l.split('=', 2) as [string, string]));
      }
    }

    expect(logs.review).toEqual({
      code: 0,
      stdout:
        '::error file=book/02-skills.md,line=7,col=17,endLine=7,endColumn=27,title=unknown-prerequisite::Unknown prerequisite `Shield Use` of `Shield Wall`, did you mean `Shield Bash`?\n' +
        '::warning file=book/02-skills.md,line=7,col=17,endLine=7,endColumn=27,title=review/prerequisite-renamed::Shield Wall requires "Shield Use", which was renamed to "Shield Handling". Write Shield Handling instead.\n',
      stderr: 'wrote rulebook-review.md\nwrote rulebook-review.sarif\n',
    });
    expect(outputs.review).toEqual({ status: '1' });
    const sarif = JSON.parse(readFileSync(path.join(repo.dir, 'rulebook-review.sarif'), 'utf8'));
    expect(sarif.runs[0].results.map((r: { ruleId: string }) => r.ruleId)).toEqual(['unknown-prerequisite', 'review/prerequisite-renamed']);

    // What would be posted: one new comment holding the report, compared with the fork point, linked to the head.
    expect(posted.map((c) => c.method)).toEqual(['createComment']);
    const body = posted[0].args.body as string;
    expect(posted[0].args).toMatchObject({ owner: 'guild', repo: 'rules', issue_number: 7 });
    expect(body).toBe(readFileSync(path.join(repo.dir, 'rulebook-review.md'), 'utf8'));
    expect(body.startsWith('<!-- rulebook-review -->\n## Rulebook review\n\n:x: **This change introduces 1 error.**\n')).toBe(true);
    expect(body).toContain(`Compared git ${forkPoint} with the working copy (book).`);
    expect(body).toContain(`- :x: [\`02-skills.md:7\`](https://github.com/guild/rules/blob/${headSha}/book/02-skills.md#L7) Unknown prerequisite`);
    // The crossbows on main came after the branch left it: not part of this change.
    expect(body).not.toContain('crossbows');
    expect(body).toContain('| Rules and headings | unchanged |');

    expect(logs['Fail when the change introduces errors']).toMatchObject({ code: 1, stdout: '::error::This change introduces rulebook lint errors: see the review comment and the annotations.\n' });
  });

  it('updates its own earlier comment instead of adding another', async () => {
    const script = steps.find((s) => s.uses?.startsWith('actions/github-script'))!.with!.script;
    writeFileSync(path.join(repo.dir, 'rulebook-review.md'), '<!-- rulebook-review -->\nnew report\n');
    const calls = await postComment(script, repo.dir, [
      { id: 1, body: '<!-- rulebook-review -->\nby a person quoting it', user: { type: 'User' } },
      { id: 2, body: 'Looks good', user: { type: 'Bot' } },
      { id: 3, body: '<!-- rulebook-review -->\nold report', user: { type: 'Bot' } },
    ]);
    expect(calls).toEqual([{ method: 'updateComment', args: { owner: 'guild', repo: 'rules', comment_id: 3, body: '<!-- rulebook-review -->\nnew report\n' } }]);
  });
});

describe('the GitLab CI recipe', () => {
  it('is a merge-request job that reviews against the target branch and fails on the review status', () => {
    const job = parse(readFileSync(path.resolve(import.meta.dirname, '../../docs/ci/rulebook-review.gitlab-ci.yml'), 'utf8'))['rulebook-review'];
    expect(job.rules[0].if).toBe('$CI_PIPELINE_SOURCE == "merge_request_event"');
    const script: string[] = job.script;
    expect(script).toContain('base=$(git merge-base "origin/$CI_MERGE_REQUEST_TARGET_BRANCH_NAME" HEAD)');
    expect(script).toContain('rulebook review "$base" "$RULEBOOK_PATH" --repo-url "$CI_PROJECT_URL" --out rulebook-review.md || status=$?');
    expect(script.at(-1)).toBe('exit "$status"');
    // The posting script is valid JavaScript (checked, not run: it needs a GitLab server).
    const node = script.find((line) => line.startsWith('node '))!;
    const code = /-e '\n([\s\S]*)'\n?$/.exec(node)![1];
    execFileSync(process.execPath, ['--check', '--input-type=module'], { input: code });
  });
});

describe('docs/review.md', () => {
  it('shows both recipes exactly as the tested files hold them', () => {
    const doc = readFileSync(path.resolve(import.meta.dirname, '../../docs/review.md'), 'utf8');
    for (const file of ['rulebook-review.yml', 'rulebook-review.gitlab-ci.yml']) {
      const text = readFileSync(path.resolve(import.meta.dirname, '../../docs/ci', file), 'utf8');
      expect(doc).toContain(`\`\`\`yaml\n${text.trimEnd()}\n\`\`\``);
    }
  });
});
