/** Temp folders with real rulebooks (copies of the repository's samples) for the app tests. */
import { cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { HostInfo } from '../../shared/ipc/contract.js';
import { createWorkspaceApi, type Shell, type WorkspaceApi } from '../../main/workspace/api.js';
import { startHost, type RunningHost } from '../../main/host/server.js';

export const REPO = path.resolve(import.meta.dirname, '..', '..');
export const SAMPLES = path.join(REPO, 'tests/fixtures/samples');

export interface Sandbox {
  readonly dir: string;
  readonly dataDir: string;
  /** A copy of the Funjerai sample (one file). */
  readonly funjerai: string;
  /** A copy of the Kingdoms of Novitas sample (a folder with rulebook.yaml). */
  readonly novitas: string;
  readonly api: WorkspaceApi;
  cleanup(): Promise<void>;
}

export const TEST_INFO: HostInfo = { kind: 'browser', appVersion: 'test', nativeDialogs: false, canReveal: false, coreBuild: null };

export async function makeSandbox(shell: Partial<Shell> = {}): Promise<Sandbox> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rulebook-app-'));
  const dataDir = path.join(dir, 'app-data');
  const work = path.join(dir, 'work');
  await mkdir(path.join(work, 'funjerai'), { recursive: true });
  const funjerai = path.join(work, 'funjerai', 'funjerai.md');
  await cp(path.join(SAMPLES, 'funjerai.md'), funjerai);
  const novitas = path.join(work, 'kingdoms-of-novitas');
  await cp(path.join(SAMPLES, 'kingdoms-of-novitas'), novitas, { recursive: true });
  const api = createWorkspaceApi({ dataDir, samplesDir: SAMPLES, shell: { info: TEST_INFO, ...shell } });
  return {
    dir,
    dataDir,
    funjerai,
    novitas,
    api,
    async cleanup() {
      await api.dispose();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh sandbox for every test of the file, removed after it: the object takes each test's sandbox in turn. */
export function useSandbox(): Sandbox {
  const box = {} as Sandbox;
  beforeEach(async () => {
    Object.assign(box, await makeSandbox());
  });
  afterEach(() => box.cleanup());
  return box;
}

/** The browser host (no renderer) on one of several copies of the Funjerai sample, and the folder that holds them. */
export interface HostOnCopies {
  readonly host: RunningHost;
  /** `<folder>/funjerai.md` for each folder asked for, in order: books of the same name and text, told apart only by where they are. */
  readonly books: readonly string[];
  /** The sample's text, as every copy holds it at the start. */
  readonly original: string;
  /** Closes the host and removes the folder. */
  close(): Promise<void>;
}

/** Copies the Funjerai sample into `<folder>/funjerai.md` of a fresh temp folder for each folder, and starts the host on the first copy. */
export async function hostOnCopies(name: string, folders: readonly string[], options: { sessionIdleMs?: number } = {}): Promise<HostOnCopies> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `rulebook-${name}-`));
  const books = folders.map((folder) => path.join(dir, folder, 'funjerai.md'));
  for (const file of books) {
    await mkdir(path.dirname(file));
    await cp(path.join(SAMPLES, 'funjerai.md'), file);
  }
  const original = await readFile(books[0], 'utf8');
  const host = await startHost({ rulebook: books[0], dataDir: path.join(dir, 'data'), noRenderer: true, sessionIdleMs: options.sessionIdleMs });
  return {
    host,
    books,
    original,
    async close() {
      await host.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Unwraps a Result in a test, failing with its message when it is an error. */
export function value<T>(result: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.value;
}

export async function waitFor<T>(probe: () => Promise<T | null | undefined>, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const got = await probe();
    if (got) return got;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
