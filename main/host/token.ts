/** The browser host's session token: random per start, required on every request, compared in constant time. */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { TOKEN_HEADER, TOKEN_PARAM } from '../../shared/ipc/http-client.js';

export const TOKEN_COOKIE = 'rulebook_token';

export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

export function tokensEqual(expected: string, given: string | null): boolean {
  if (given === null) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Where the request carried the token (query, header, cookie), or null when it carried no valid one. */
export function tokenSource(request: IncomingMessage, url: URL, expected: string): 'query' | 'header' | 'cookie' | null {
  const header = request.headers[TOKEN_HEADER];
  if (tokensEqual(expected, typeof header === 'string' ? header : null)) return 'header';
  if (tokensEqual(expected, cookieValue(request.headers.cookie, TOKEN_COOKIE))) return 'cookie';
  if (tokensEqual(expected, url.searchParams.get(TOKEN_PARAM))) return 'query';
  return null;
}

/** HttpOnly (the page never sees it), SameSite=Strict (no other site's page can send it). */
export function tokenCookie(token: string): string {
  return `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}
