/**
 * Each browser tab has its own book on the host: tabs on two editions of a book (a chapter of the same name and the
 * same text in both) each save into their own, a reloaded tab keeps its book, a new tab opens the host's start book,
 * and a session closed while idle is answered `session-ended` (tests/app/session-ended.test.ts: over HTTP).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HostSessions, NEW_TAB } from '../../main/host/sessions.js';
import type { RunningHost } from '../../main/host/server.js';
import type { OpenBook, WorkspaceApi } from '../../main/workspace/api.js';
import type { OpenedRulebook, Result } from '../../shared/ipc/contract.js';
import { createHttpApi } from '../../shared/ipc/http-client.js';
import { hostOnCopies, value, type HostOnCopies } from './helpers.js';

let copies: HostOnCopies;
let host: RunningHost;
let edition2024: string;
let edition2025: string;
let original: string;

const tab = (id: string, from = NEW_TAB) => createHttpApi({ baseUrl: host.origin, token: host.token, session: { id, from } });
const ID_A = 'aaaaaaaa-0000-4000-8000-000000000001';
const ID_B = 'bbbbbbbb-0000-4000-8000-000000000002';
const ID_B_RELOADED = 'aaaaaaaa-0000-4000-8000-000000000003';

beforeAll(async () => {
  copies = await hostOnCopies('sessions', ['2024', '2025']);
  ({ host, original, books: [edition2024, edition2025] } = copies);
});

afterAll(() => copies?.close());

describe('sessions of the browser host', () => {
  it('gives two tabs on two books each its own: every save lands in its own book', async () => {
    const a = tab(ID_A);
    const b = tab(ID_B);
    const atA = value(await a.currentRulebook())!;
    expect(atA.target).toBe(await realTarget(edition2024));
    // Tab B opens the 2025 edition; tab A still has the 2024 one.
    value(await b.openRulebook(edition2025));
    expect(value(await a.currentRulebook())!.target).toBe(await realTarget(edition2024));
    expect(value(await b.currentRulebook())!.target).toBe(await realTarget(edition2025));
    // The chapter has the same name and text in both books: only the session tells them apart.
    const fileA = atA.files[0];
    value(await a.saveFile(fileA.path, `A-EDIT ${fileA.text}`, fileA.version));
    const fileB = value(await b.readFile('funjerai.md'));
    value(await b.saveFile(fileB.path, `B-EDIT ${fileB.text}`, fileB.version));
    expect(await readFile(edition2024, 'utf8')).toBe(`A-EDIT ${original}`);
    expect(await readFile(edition2025, 'utf8')).toBe(`B-EDIT ${original}`);
    // Recovery copies are each tab's own too.
    value(await b.writeBackup('funjerai.md', 'B unsaved', null));
    expect(value(await a.listBackups())).toEqual([]);
    expect(value(await b.listBackups()).map((backup) => backup.path)).toEqual(['funjerai.md']);
    value(await b.discardBackup('funjerai.md'));
  });

  it('opens the book a reloaded tab had, and the start book in a new tab', async () => {
    value(await tab(ID_B).openRulebook(edition2025));
    const reloaded = tab(ID_B_RELOADED, ID_B);
    expect(value(await reloaded.currentRulebook())!.target).toBe(await realTarget(edition2025));
    const fresh = tab('cccccccc-0000-4000-8000-000000000004');
    expect(value(await fresh.currentRulebook())!.target).toBe(await realTarget(edition2024));
  });

  it('serves a file to the tab whose book it is in', async () => {
    const b = tab(ID_B);
    const opened = value(await b.openFile('funjerai.md'));
    expect(opened.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\/funjerai\.md\?session=/);
    const response = await fetch(opened.url!, { headers: { 'x-rulebook-token': host.token } });
    expect(await response.text()).toMatch(/^B-EDIT /);
  });

  it('refuses a malformed session name', async () => {
    const bad = createHttpApi({ baseUrl: host.origin, token: host.token, session: { id: 'short', from: NEW_TAB } });
    expect(await bad.currentRulebook()).toMatchObject({ ok: false, error: { code: 'bad-argument' } });
    const badFrom = createHttpApi({ baseUrl: host.origin, token: host.token, session: { id: ID_A, from: '../x' } });
    expect(await badFrom.currentRulebook()).toMatchObject({ ok: false, error: { code: 'bad-argument' } });
  });
});

describe('closing idle sessions', () => {
  /** A workspace with nothing but a book to hold. */
  function fakeWorkspace(disposed: string[], id: string): WorkspaceApi {
    let book: OpenBook | null = null;
    return {
      openBook: () => book,
      reopen: async (wanted: OpenBook) => {
        book = wanted;
        return { ok: true, value: {} as OpenedRulebook } as Result<OpenedRulebook>;
      },
      dispose: async () => void disposed.push(id),
    } as unknown as WorkspaceApi;
  }

  it('closes a session unused for the idle time; its page is then told so, and a session from it has its book', async () => {
    let now = 0;
    const disposed: string[] = [];
    const start: OpenBook = { target: '/books/start.md', sampleId: null };
    const sessions = new HostSessions({ create: (id) => fakeWorkspace(disposed, id), startBook: start, idleMs: 1000, now: () => now });
    try {
      const bookOf = (id: string, from: string) => sessions.use(id, from, async (api) => api.openBook());
      expect(await bookOf(ID_A, NEW_TAB)).toEqual(start);
      await sessions.use(ID_A, NEW_TAB, (api) => api.reopen({ target: '/books/other.md', sampleId: null }));
      // A request under way keeps its session however long it takes (a long poll).
      let finish!: () => void;
      const polling = sessions.use(ID_A, NEW_TAB, () => new Promise<void>((resolve) => (finish = resolve)));
      now = 5000;
      await sessions.sweep();
      expect(disposed).toEqual([]);
      finish();
      await polling;
      now = 10_000;
      await sessions.sweep();
      expect(disposed).toEqual([ID_A]);
      // The page of the closed session asks again: nothing runs, and it is told the session ended (not "no rulebook").
      expect(sessions.ended(ID_A)).toMatchObject({ ok: false, error: { code: 'session-ended' } });
      await expect(bookOf(ID_A, NEW_TAB)).rejects.toThrow(/has ended/);
      // Its page going on in a new session, or its tab reloaded: the book the closed session had, not the start book.
      expect(await bookOf(ID_B, ID_A)).toEqual({ target: '/books/other.md', sampleId: null });
      expect(sessions.ended(ID_B)).toBeNull();
    } finally {
      await sessions.close();
    }
  });
});

async function realTarget(file: string): Promise<string> {
  const { realpath } = await import('node:fs/promises');
  return path.join(await realpath(path.dirname(file)), path.basename(file));
}
