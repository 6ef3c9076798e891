/**
 * The Electron window's gatekeepers as pure functions (no electron import, so they are unit-tested):
 * which URLs are our page, what navigation and window.open may do, which IPC senders are trusted,
 * which app:// requests map to which built file, which permissions a page gets.
 */
import path from 'node:path';
import { externalUrlProblem } from '../../shared/ipc/validate.js';

export const APP_SCHEME = 'app';
export const APP_HOST = 'rulebook';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

function parse(url: unknown): URL | null {
  if (typeof url !== 'string' || url.length > 8192) return null;
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * Whether `url` belongs to our page: exactly app://rulebook (no user info, no port), or, while
 * developing, exactly the dev server's origin. Look-alikes such as app://rulebook.evil fail.
 */
export function isAppUrl(url: unknown, devOrigin: string | null = null): boolean {
  const parsed = parse(url);
  if (!parsed) return false;
  if (parsed.username || parsed.password) return false;
  if (parsed.protocol === `${APP_SCHEME}:`) return parsed.host === APP_HOST;
  if (devOrigin) {
    const dev = parse(devOrigin);
    return dev !== null && parsed.origin === dev.origin && parsed.origin !== 'null';
  }
  return false;
}

/** What to do when the page (or a link in the preview) tries to leave: never navigate; https/mailto go to the system browser. */
export type LeaveDecision = { readonly action: 'deny' } | { readonly action: 'open-external'; readonly url: string };

export function decideNavigation(url: unknown): LeaveDecision {
  // The page is a single-page app: it never navigates itself, so any navigation is a link or an attack.
  return typeof url === 'string' && externalUrlProblem(url) === null ? { action: 'open-external', url } : { action: 'deny' };
}

/** window.open and target=_blank: no new Electron window, ever; safe links open in the system browser. */
export function decideWindowOpen(url: unknown): LeaveDecision {
  return decideNavigation(url);
}

/** Whether an external link may be handed to the operating system (scheme allow-list: https, mailto). */
export function mayOpenExternally(url: unknown): boolean {
  return externalUrlProblem(url) === null;
}

/** Whether an IPC message comes from our page's frame (the main frame or a frame of the same origin). */
export function isTrustedSender(frameUrl: unknown, devOrigin: string | null = null): boolean {
  return isAppUrl(frameUrl, devOrigin);
}

/** Permissions the page may use. Everything else (camera, geolocation, notifications, …) is refused. */
const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set([
  // navigator.clipboard.writeText for "Copy" in panels; it writes sanitised text only.
  'clipboard-sanitized-write',
]);

export function isPermissionAllowed(permission: string, requestingUrl: unknown, devOrigin: string | null = null): boolean {
  return ALLOWED_PERMISSIONS.has(permission) && isAppUrl(requestingUrl, devOrigin);
}

/**
 * The built file an app:// request names, or null: only host "rulebook", a decoded path without
 * "..", NUL or backslashes, inside `rendererRoot`. "/" is index.html.
 */
export function resolveAppRequest(requestUrl: unknown, rendererRoot: string): string | null {
  const parsed = parse(requestUrl);
  if (!parsed || parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST || parsed.username || parsed.password) return null;
  // Look at the raw text too: URL parsing already folds "/../", but encoded dots and slashes survive it.
  let decoded: string;
  try {
    decoded = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  if (decoded.split('/').some((segment) => segment === '..')) return null;
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const root = path.resolve(rendererRoot);
  const absolute = path.resolve(root, relative);
  const inside = path.relative(root, absolute);
  if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside)) return null;
  return absolute;
}
