/** Serves the built page over app://rulebook/ (not file://), with the app's CSP on every response. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { protocol } from 'electron';
import { contentSecurityPolicy, securityHeaders } from '../../shared/ipc/csp.js';
import { contentTypeOf } from '../host/static-files.js';
import { APP_SCHEME, resolveAppRequest } from './security.js';

/** Must run before app 'ready': app:// behaves like https (standard, secure, fetch, workers). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

export function handleAppProtocol(rendererRoot: string): void {
  const headers = securityHeaders(contentSecurityPolicy());
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppRequest(request.url, rendererRoot);
    if (!file || request.method !== 'GET') return new Response('Not found', { status: 404, headers });
    try {
      const body = await readFile(file);
      return new Response(body, { status: 200, headers: { ...headers, 'content-type': contentTypeOf(file) } });
    } catch {
      return new Response('Not found', { status: 404, headers });
    }
  });
}
