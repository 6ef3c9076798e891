/**
 * A tab whose session the browser host closed after its idle time: the host answers its calls `session-ended` and
 * does nothing (never "No rulebook is open"); a new session made from the ended one holds the same book, so the save
 * goes through, version-checked; and the page's bridge (renderer/app/session-resume.ts) does that by itself, or, when
 * the book is gone, says so in plain words and sends nothing about it until the book is back. The real host over
 * HTTP on real files, the idle time shortened through the host's own option.
 */
import { readFile, realpath, rename } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningHost } from '../../main/host/server.js';
import type { RulebookApi } from '../../shared/ipc/contract.js';
import { createHttpApi, type HttpSession, type HttpSessions } from '../../shared/ipc/http-client.js';
import { keepSession, SESSION_ENDED_BANNER } from '../../renderer/app/session-resume.js';
import type { BannerAction } from '../../renderer/ui/banners.js';
import { hostOnCopies, value, type HostOnCopies } from './helpers.js';

let copies: HostOnCopies;
let host: RunningHost;
let startBook: string;
let tabBook: string;
let original: string;

beforeAll(async () => {
  // Closed 300 ms after its last call, at the host's next sweep (once a second).
  copies = await hostOnCopies('session-ended', ['start', 'tab'], { sessionIdleMs: 300 });
  ({ host, original, books: [startBook, tabBook] } = copies);
});

afterAll(() => copies?.close());

let ids = 0;
const newId = () => `eeeeeeee-0000-4000-8000-${String(++ids).padStart(12, '0')}`;

/** The page's sessions as renderer/page-session.ts keeps them: a new one from the ended one, once. */
function pageLike(): HttpSessions & { renewed: number } {
  let session: HttpSession = { id: newId(), from: 'new' };
  return {
    renewed: 0,
    current: () => session,
    renew(ended) {
      if (ended.id !== session.id) return;
      session = { id: newId(), from: ended.id };
      this.renewed++;
    },
  };
}

const client = (session: HttpSession | HttpSessions) => createHttpApi({ baseUrl: host.origin, token: host.token, session });

/** Waits for the host to close the session `id`, as it does once nobody has used it for the idle time. */
async function closed(id: string): Promise<void> {
  const until = Date.now() + 10_000;
  while ((await host.workspaceOf(id)) !== null) {
    if (Date.now() > until) throw new Error(`session ${id} was never closed`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The tab's book opened under a fresh session, with the version its chapter was read at. */
async function tabOn(api: RulebookApi): Promise<{ version: string }> {
  const opened = value(await api.openRulebook(tabBook));
  return { version: opened.files[0].version };
}

describe('a session the host closed while idle', () => {
  it('is answered session-ended, with nothing done; a session made from it holds its book and saves there', async () => {
    const ended: HttpSession = { id: newId(), from: 'new' };
    const tab = client(ended);
    const { version } = await tabOn(tab);
    await closed(ended.id);

    const refused = await tab.saveFile('funjerai.md', `EDIT ${original}`, version);
    expect(refused).toMatchObject({ ok: false, error: { code: 'session-ended' } });
    if (!refused.ok) expect(refused.error.message).not.toMatch(/No rulebook/i);
    // Asked again, the same answer: the id stays ended, and no session with no book is made under it.
    expect(await tab.currentRulebook()).toMatchObject({ ok: false, error: { code: 'session-ended' } });
    expect(await readFile(tabBook, 'utf8')).toBe(original);

    // The page goes on under a new id from the ended one: the tab's book, not the host's start book.
    const resumed = client({ id: newId(), from: ended.id });
    expect(value(await resumed.currentRulebook())!.target).toBe(path.join(await realpath(path.dirname(tabBook)), 'funjerai.md'));
    value(await resumed.saveFile('funjerai.md', `EDIT ${original}`, version));
    expect(await readFile(tabBook, 'utf8')).toBe(`EDIT ${original}`);
    expect(await readFile(startBook, 'utf8')).toBe(original);
    value(await resumed.saveFile('funjerai.md', original, value(await resumed.readFile('funjerai.md')).version));
  }, 30_000);

  it('moves the HTTP client to a new session when told, so its next call reaches the same book', async () => {
    const sessions = pageLike();
    const tab = client(sessions);
    const { version } = await tabOn(tab);
    const first = sessions.current();
    await closed(first.id);
    expect(await tab.saveFile('funjerai.md', `EDIT ${original}`, version)).toMatchObject({ ok: false, error: { code: 'session-ended' } });
    expect(sessions.current()).toMatchObject({ from: first.id });
    value(await tab.saveFile('funjerai.md', `EDIT ${original}`, version));
    expect(await readFile(tabBook, 'utf8')).toBe(`EDIT ${original}`);
    value(await tab.saveFile('funjerai.md', original, value(await tab.readFile('funjerai.md')).version));
  }, 30_000);
});

describe("the page's bridge over an ended session", () => {
  /** keepSession with the page's check: the host holds the tab's book (its folder), else it is opened by its path. */
  function bridge() {
    const sessions = pageLike();
    const shown = new Map<string, { message: string; actions: readonly BannerAction[] }>();
    const notes: string[] = [];
    const root = realpath(path.dirname(tabBook));
    const api = keepSession({ ...client(sessions), onMenuCommand: () => () => undefined }, {
      reopen: async (raw) => {
        let answer = await raw.currentRulebook();
        if (!answer.ok || answer.value?.root !== (await root)) answer = await raw.openRulebook(tabBook);
        return answer.ok && answer.value?.root === (await root) ? null : `This tab's session ended, and funjerai.md could not be opened again (${answer.ok ? 'another book' : answer.error.message})`;
      },
      banner: (id, message, actions) => void shown.set(id, { message, actions }),
      closeBanner: (id) => void shown.delete(id),
      notify: (message) => void notes.push(message),
    });
    return { api, sessions, shown, notes };
  }

  it('saves after the session ended as if nothing happened', async () => {
    const { api, sessions, shown } = bridge();
    const { version } = await tabOn(api);
    await closed(sessions.current().id);
    value(await api.saveFile('funjerai.md', `EDIT ${original}`, version));
    expect(await readFile(tabBook, 'utf8')).toBe(`EDIT ${original}`);
    expect(sessions.renewed).toBe(1);
    expect(shown.size).toBe(0);
    value(await api.saveFile('funjerai.md', original, value(await api.readFile('funjerai.md')).version));
  }, 30_000);

  it('says plainly when the book cannot be had again, sends nothing about it, and carries on once it is back', async () => {
    const { api, sessions, shown, notes } = bridge();
    const { version } = await tabOn(api);
    await closed(sessions.current().id);
    const moved = `${path.dirname(tabBook)}-moved`;
    await rename(path.dirname(tabBook), moved);
    try {
      const refused = await api.saveFile('funjerai.md', `EDIT ${original}`, version);
      expect(refused).toMatchObject({ ok: false, error: { code: 'session-ended' } });
      if (!refused.ok) expect(refused.error.message).toMatch(/could not be opened again .*; your unsaved edits are kept in this tab$/);
      const banner = shown.get(SESSION_ENDED_BANNER)!;
      expect(banner.message).toMatch(/Your unsaved edits are kept in this tab: nothing was saved or lost/);
      expect(banner.actions.map((a) => a.label)).toEqual(['Reopen']);
      // Still gone: Reopen says so and the banner stays; a backup is refused without reaching the host's start book.
      expect(await banner.actions[0].run()).toBe(false);
      expect(await api.writeBackup('funjerai.md', 'unsaved', version)).toMatchObject({ ok: false, error: { code: 'session-ended' } });
      expect(value(await client({ id: newId(), from: 'new' }).listBackups())).toEqual([]);
    } finally {
      await rename(moved, path.dirname(tabBook));
    }
    expect(await shown.get(SESSION_ENDED_BANNER)!.actions[0].run()).toBe(true);
    expect(shown.has(SESSION_ENDED_BANNER)).toBe(false);
    expect(notes.at(-1)).toMatch(/unsaved edits are still here/);
    value(await api.saveFile('funjerai.md', `EDIT ${original}`, version));
    expect(await readFile(tabBook, 'utf8')).toBe(`EDIT ${original}`);
    expect(await readFile(startBook, 'utf8')).toBe(original);
    value(await api.saveFile('funjerai.md', original, value(await api.readFile('funjerai.md')).version));
  }, 30_000);
});
