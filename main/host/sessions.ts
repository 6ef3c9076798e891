/**
 * One workspace per browser tab. Each tab's page names its session on every request, so two tabs on two books each
 * read, save and back up their own: with one workspace for the whole host, a tab opening book Y made every other
 * tab's saves, recovery copies and change polls go to Y (a chapter of the same name and text there was overwritten).
 *
 * A page makes a new session id each time it loads and names the one its tab had before (`from`, kept in the tab's
 * sessionStorage): a reloaded tab opens the book it had, a new tab the book the host was started on. A session nobody
 * has used for `idleMs` is closed (its watcher stopped). Its id is remembered: a page still holding it after that
 * (a laptop that slept) gets a workspace with no book, which refuses to save, never one with another book.
 */
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
  private readonly closed = new Set<string>();
  private readonly now: () => number;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly options: SessionsOptions) {
    this.now = options.now ?? (() => performance.now());
    this.timer = setInterval(() => void this.sweep(), Math.max(1000, options.idleMs / 4));
    this.timer.unref();
  }

  /** Runs `body` on the workspace of session `id`, made now when the page is new. */
  async use<T>(id: string, from: string, body: (api: WorkspaceApi) => Promise<T>): Promise<T> {
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
    const session: Session = { api: this.open(this.options.create(id), this.bookFor(id, from)), inFlight: 0, lastUsed: this.now() };
    this.live.set(id, session);
    return session;
  }

  /**
   * The book a session starts with: none for a session closed while its page lived on; the book of the session the
   * tab had before (a reload; a duplicated tab); else the host's start book (a new tab, or a session ended long ago).
   */
  private async bookFor(id: string, from: string): Promise<OpenBook | null> {
    if (this.closed.has(id)) return null;
    const previous = from === NEW_TAB ? undefined : this.live.get(from);
    return previous ? (await previous.api).openBook() : this.options.startBook;
  }

  private async open(api: WorkspaceApi, book: Promise<OpenBook | null>): Promise<WorkspaceApi> {
    const wanted = await book;
    // A book that cannot be opened (moved since) leaves the tab on the start page, as any failed open does.
    if (wanted) await api.reopen(wanted);
    return api;
  }

  /** Closes the sessions unused for `idleMs`. */
  async sweep(): Promise<void> {
    const now = this.now();
    for (const [id, session] of this.live) {
      if (session.inFlight > 0 || now - session.lastUsed < this.options.idleMs) continue;
      this.live.delete(id);
      this.remember(id);
      await (await session.api).dispose();
    }
  }

  private remember(id: string): void {
    this.closed.add(id);
    if (this.closed.size > MAX_CLOSED) this.closed.delete(this.closed.values().next().value!);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    const sessions = [...this.live.values()];
    this.live.clear();
    await Promise.all(sessions.map(async (session) => (await session.api).dispose()));
  }
}
