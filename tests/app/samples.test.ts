import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWorkspaceApi, type WorkspaceApi } from '../../main/workspace/api.js';
import { TEST_INFO, value } from './helpers.js';

let dir: string;
let api: WorkspaceApi;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'rulebook-samples-'));
});
afterEach(async () => {
  await api?.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe('the copy of a bundled sample', () => {
  it('is never left half made: a copy that fails is retried on the next open, not opened with files missing', async () => {
    const samplesDir = path.join(dir, 'samples');
    const sample = path.join(samplesDir, 'tiny-larp');
    await mkdir(sample, { recursive: true });
    await writeFile(path.join(sample, 'rulebook.yaml'), 'title: Tiny LARP\nfiles:\n  - 01-basics.md\n  - 02-skills.md\n');
    await writeFile(path.join(sample, '01-basics.md'), '# 1. Basics\n\n1.1. Play safe.\n');
    await writeFile(path.join(sample, '02-skills.md'), '# 2. Skills\n\n- **Shield Bash** (2 SP): knock a foe back.\n');
    // A named pipe cannot be copied: the copy fails part way, as on a full disk.
    const pipe = path.join(sample, 'zz-pipe');
    execFileSync('mkfifo', [pipe]);
    api = createWorkspaceApi({ dataDir: path.join(dir, 'data'), samplesDir, shell: { info: TEST_INFO } });

    expect(await api.openSample('tiny-larp')).toMatchObject({ ok: false, error: { code: 'write-failed', message: expect.stringContaining('tiny-larp') } });
    // Nothing half made is left where the copy goes.
    expect(await readdir(path.join(dir, 'data', 'samples', 'tiny-larp'))).toEqual([]);

    await rm(pipe);
    const opened = value(await api.openSample('tiny-larp'));
    expect(opened.files.map((f) => f.path)).toEqual(['01-basics.md', '02-skills.md']);
    expect(opened.files[1].text).toContain('Shield Bash');
  });
});
