/**
 * This page's session on the browser host (main/host/sessions.ts): a new id each time the page loads, naming the id its
 * tab had before, kept in the tab's sessionStorage. A reload opens the book the tab had; another tab has its own.
 * A new id per load, not one per tab: a duplicated tab copies sessionStorage, and must not share its original's book.
 */
import type { HttpSession } from '../shared/ipc/http-client.js';

const KEY = 'rulebook-studio.session';
let session: HttpSession | null = null;

export function pageSession(): HttpSession {
  if (session) return session;
  const id = crypto.randomUUID();
  let from = 'new';
  try {
    from = sessionStorage.getItem(KEY) ?? 'new';
    sessionStorage.setItem(KEY, id);
  } catch {
    // Storage refused (a locked-down profile): the page is a new tab each time it loads.
  }
  session = { id, from };
  return session;
}
