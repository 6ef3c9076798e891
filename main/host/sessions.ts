/**
 * One workspace per browser tab. Each tab's page names its session on every request, so two tabs on two books each
 * read, save and back up their own: with one workspace for the whole host, a tab opening book Y made every other
 * tab's saves, recovery copies and change polls go to Y (a chapter of the same name and text there was overwritten).
 *
 * A page makes a new session id each time it loads and names the one its tab had before (`from`, kept in the tab's
 * sessionStorage): a reloaded tab opens the book it had, a new tab the book the host was started on. A session nobody
 * has used for `idleMs` is closed (its watcher stopped). Its id is remembered with the book it had: a page still
 * holding the id after that (a laptop that slept) is answered `session-ended` and nothing is done, never "no rulebook"
 * nor another book; the page then names it as `from` of a new session, which opens that same book again.
 */
import { fail, type Result } from '../../shared/ipc/contract.js';
import type { WorkspaceApi, OpenBook } from '../workspace/api.js';

/** A session id: what the page's crypto.randomUUID() makes, within bounds the host checks. */
export const SESSION_ID = /^[A-Za-z0-9-]{16,64}$/;
/** `from` of a page in a tab that had no session before. */
export const NEW_TAB = 'new';

interface Session {
  readonly api: Promise<WorkspaceApi>;
  inFlight: number;
  lastUsed: number;
}

export interface SessionsOptions {
  /** Makes the empty workspace of session `id`. */
  readonly create: (id: string) => WorkspaceApi;
  /** The book a new tab opens (the one named when the host started), or null. */
  readonly startBook: OpenBook | null;
  /** A session unused this long is closed. */
  readonly idleMs: number;
  /** Monotonic milliseconds (a machine's sleep does not count as idle time). */
  readonly now?: () => number;
}

/** Ids of closed sessions remembered, at most. */
const MAX_CLOSED = 10_000;

export class HostSessions {
  private readonly live = new Map<string, Session>();
  /** Closed sessions and the book each had (null: none), oldest first. */
  private readonly closed = new Map<string, OpenBook | null>();
  private readonly now: () => number;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly options: SessionsOptions) {
    this.now = options.now ?? (() => performance.now());
    this.timer = setInterval(() => void this.sweep(), Math.max(1000, options.idleMs / 4));
    this.timer.unref();
  }

  /** Why a call under session `id` cannot run: it was closed (its page goes on in a new one), else null. */
  ended(id: string): Result<never> | null {
    if (!this.closed.has(id)) return null;
    const minutes = Math.round(this.options.idleMs / 60_000);
    const idle = minutes >= 1 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : 'a while';
    return fail('session-ended', `This tab's session ended after ${idle} without use, and nothing was done: open its rulebook again to carry on`);
  }

  /** Runs `body` on the workspace of session `id`, made now when the page is new. Not for an ended session (`ended`). */
  async use<T>(id: string, from: string, body: (api: WorkspaceApi) => Promise<T>): Promise<T> {
    if (this.closed.has(id)) throw new Error(`session ${id} has ended`);
    const session = this.live.get(id) ?? this.start(id, from);
    session.inFlight++;
    session.lastUsed = this.now();
    try {
      return await body(await session.api);
    } finally {
      session.inFlight--;
      session.lastUsed = this.now();
    }
  }

  /** The workspace of a live session, without making one (the file route: a new tab opened by the page). */
  peek(id: string): Promise<WorkspaceApi> | null {
    return this.live.get(id)?.api ?? null;
  }

  private start(id: string, from: string): Session {
    // Made before any await, so a page's first requests sent together share one workspace.
    const session: Session = { api: this.open(this.options.create(id), this.bookFor(from)), inFlight: 0, lastUsed: this.now() };
    this.live.set(id, session);
    return session;
  }

  /**
   * The book a session starts with: the book of the session the tab had before, live (a reload; a duplicated tab) or
   * closed (its page going on after the idle time, or reloaded since); else the host's start book (a new tab).
   */
  private async bookFor(from: string): Promise<OpenBook | null> {
    if (from === NEW_TAB) return this.options.startBook;
    const previous = this.live.get(from);
    if (previous) return (await previous.api).openBook();
    return this.closed.has(from) ? this.closed.get(from)! : this.options.startBook;
  }

  private async open(api: WorkspaceApi, book: Promise<OpenBook | null>): Promise<WorkspaceApi> {
    const wanted = await book;
    // A book that cannot be opened (moved since) leaves the tab on the start page, as any failed open does.
    if (wanted) await api.reopen(wanted);
    return api;
  }

  /** Closes the sessions unused for `idleMs`. */
  async sweep(): Promise<void> {
    for (const [id, session] of this.live) {
      if (!this.idle(session)) continue;
      const workspace = await session.api;
      // Used again while its workspace was awaited: it stays. Else closed and remembered in one step, with no await
      // between: a request finding the id neither live nor closed would start a new session under it.
      if (this.live.get(id) !== session || !this.idle(session)) continue;
      this.live.delete(id);
      this.remember(id, workspace.openBook());
      await workspace.dispose();
    }
  }

  private idle(session: Session): boolean {
    return session.inFlight === 0 && this.now() - session.lastUsed >= this.options.idleMs;
  }

  private remember(id: string, book: OpenBook | null): void {
    this.closed.set(id, book);
    if (this.closed.size > MAX_CLOSED) this.closed.delete(this.closed.keys().next().value!);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    const sessions = [...this.live.values()];
    this.live.clear();
    await Promise.all(sessions.map(async (session) => (await session.api).dispose()));
  }
}
