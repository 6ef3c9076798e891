/**
 * RulebookApi over HTTP, for the page served by the browser host: `POST /api/<method>` with
 * `{ "args": [...] }`, answered by a Result. Pure fetch, so it runs in any browser (and in Node tests).
 */
import { API_METHODS, fail, type ApiMethod, type OpenResult, type Result, type RulebookApi } from './contract.js';

/** The header carrying the session token (the host also accepts its HttpOnly cookie). */
export const TOKEN_HEADER = 'x-rulebook-token';
/** The query parameter of the URL the host prints. */
export const TOKEN_PARAM = 'token';
/** The header naming the page's session: each tab has its own book on the host (main/host/sessions.ts). */
export const SESSION_HEADER = 'x-rulebook-session';
/** The header naming the session the tab had before this page loaded (`new` for a new tab). */
export const SESSION_FROM_HEADER = 'x-rulebook-session-from';

/** A page's session on the host: its own id, and the id its tab had before (or `new`). */
export interface HttpSession {
  readonly id: string;
  readonly from: string;
}

/**
 * The page's session as it changes: when the host answers `session-ended` (closed after its idle time), the page
 * goes on under a new one made from it (renderer/page-session.ts), which the host opens on the same book.
 */
export interface HttpSessions {
  current(): HttpSession;
  /** The host ended `ended`: later calls go under a new session from it (a no-op when that was done already). */
  renew(ended: HttpSession): void;
}

export interface HttpApiOptions {
  /** Origin (and optional path prefix) of the host; default: the page's own origin. */
  readonly baseUrl?: string;
  /** Session token; default: the page's `?token=` if present, else none (the host's cookie carries it). */
  readonly token?: string | null;
  readonly fetch?: typeof fetch;
  /** How the client opens a URL the host handed back (openExternal, openFile); default window.open. */
  readonly openUrl?: (url: string) => boolean;
  /** The page's session (fixed, or renewed when the host ends it); absent: none (the host's shared workspace, for scripts and tests). */
  readonly session?: HttpSession | HttpSessions | null;
}

interface BrowserGlobals {
  location?: { origin: string; search: string; reload?: () => void };
  open?: (url: string, target: string, features: string) => unknown;
  close?: () => void;
}

const browser = globalThis as unknown as BrowserGlobals;

function defaultOpenUrl(url: string): boolean {
  // noopener: the opened page gets no handle back to the editor.
  return typeof browser.open === 'function' && browser.open(url, '_blank', 'noopener,noreferrer') !== undefined;
}

function tokenFromPage(): string | null {
  if (!browser.location) return null;
  return new URLSearchParams(browser.location.search).get(TOKEN_PARAM);
}

/** Creates the HTTP implementation of RulebookApi. Methods never reject: transport failures become Results. */
export function createHttpApi(options: HttpApiOptions = {}): RulebookApi {
  const baseUrl = (options.baseUrl ?? browser.location?.origin ?? '').replace(/\/$/, '');
  const token = options.token === undefined ? tokenFromPage() : options.token;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const openUrl = options.openUrl ?? defaultOpenUrl;
  const sessions = sessionsOf(options.session ?? null);

  async function call(method: ApiMethod, args: unknown[]): Promise<Result<unknown>> {
    const session = sessions?.current();
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}/api/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { [TOKEN_HEADER]: token } : {}), ...(session ? { [SESSION_HEADER]: session.id, [SESSION_FROM_HEADER]: session.from } : {}) },
        body: JSON.stringify({ args }),
        credentials: 'same-origin',
      });
    } catch (error) {
      return fail('internal', `Rulebook Studio's host is not reachable (${error instanceof Error ? error.message : String(error)}). Is \`npm run web\` still running?`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      return fail('internal', `The host answered ${method} with HTTP ${response.status} and no result`);
    }
    if (!isResult(body)) return fail('internal', `The host answered ${method} with HTTP ${response.status} and an unexpected body`);
    // The caller decides whether to send the call again (it was not run); whatever it sends next goes under the new one.
    if (!body.ok && body.error.code === 'session-ended' && session) sessions?.renew(session);
    return body;
  }

  const api: Record<string, (...args: unknown[]) => Promise<Result<unknown>>> = {};
  for (const method of API_METHODS) api[method] = (...args: unknown[]) => call(method, args);

  // The server cannot open a window in the person's browser: it hands back a URL and the page opens it.
  for (const method of ['openExternal', 'openFile'] as const) {
    api[method] = async (...args: unknown[]) => {
      const result = (await call(method, args)) as Result<OpenResult>;
      if (!result.ok || result.value.opened || !result.value.url) return result;
      const url = new URL(result.value.url, baseUrl || undefined).toString();
      return { ok: true, value: { opened: openUrl(url), url } };
    };
  }
  api.closeWindow = async () => {
    const result = await call('closeWindow', []);
    if (result.ok) browser.close?.();
    return result;
  };
  api.reloadWindow = async () => {
    const result = await call('reloadWindow', []);
    if (result.ok) browser.location?.reload?.();
    return result;
  };
  return api as unknown as RulebookApi;
}

/** A fixed session (scripts, tests) never changes: a call after the host ended it is answered `session-ended` again. */
function sessionsOf(session: HttpSession | HttpSessions | null): HttpSessions | null {
  if (session === null || 'current' in session) return session;
  return { current: () => session, renew: () => undefined };
}

function isResult(value: unknown): value is Result<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as { ok?: unknown; error?: { code?: unknown; message?: unknown } };
  if (r.ok === true) return 'value' in r;
  return r.ok === false && typeof r.error?.code === 'string' && typeof r.error?.message === 'string';
}
