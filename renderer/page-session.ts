/**
 * This page's session on the browser host (main/host/sessions.ts): a new id each time the page loads, naming the id its
 * tab had before, kept in the tab's sessionStorage. A reload opens the book the tab had; another tab has its own.
 * A new id per load, not one per tab: a duplicated tab copies sessionStorage, and must not share its original's book.
 * When the host ends the session (idle too long), the page goes on under a new id made from the ended one, which the
 * host opens on the same book (renderer/app/session-resume.ts checks that before anything is sent again).
 */
import type { HttpSession, HttpSessions } from '../shared/ipc/http-client.js';

const KEY = 'rulebook-studio.session';
let session: HttpSession | null = null;

/** Makes `id` the tab's session, for the next page the tab loads to name as `from`. */
function keep(id: string): void {
  try {
    sessionStorage.setItem(KEY, id);
  } catch {
    // Storage refused (a locked-down profile): the page is a new tab each time it loads.
  }
}

export function pageSession(): HttpSession {
  if (session) return session;
  const id = crypto.randomUUID();
  let from = 'new';
  try {
    from = sessionStorage.getItem(KEY) ?? 'new';
  } catch {
    // As in keep().
  }
  keep(id);
  session = { id, from };
  return session;
}

/** The page's session for the HTTP client: renewed, once, when the host says it ended. */
export const pageSessions: HttpSessions = {
  current: pageSession,
  renew(ended) {
    if (pageSession().id !== ended.id) return;
    session = { id: crypto.randomUUID(), from: ended.id };
    keep(session.id);
  },
};
