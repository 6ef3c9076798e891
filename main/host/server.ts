/**
 * The browser host: the same page and the same RulebookApi as the Electron app, served over HTTP on
 * 127.0.0.1 only, every request carrying a random token (URL, then an HttpOnly cookie or a header).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { API_METHODS, fail, type HostInfo, type Result } from '../../shared/ipc/contract.js';
import { contentSecurityPolicy, securityHeaders } from '../../shared/ipc/csp.js';
import { isApiMethod, OPENABLE_EXTENSIONS, validateArgs } from '../../shared/ipc/validate.js';
import { SESSION_FROM_HEADER, SESSION_HEADER } from '../../shared/ipc/http-client.js';
import { createWorkspaceApi, type WorkspaceApi } from '../workspace/api.js';
import { FileLocks } from '../workspace/file-locks.js';
import { confineTyped } from '../workspace/paths.js';
import { defaultDataDir, repositoryRoot } from './app-data.js';
import { coreBuild } from './core-build.js';
import { HostSessions, NEW_TAB, SESSION_ID } from './sessions.js';
import { contentTypeOf, readStatic } from './static-files.js';
import { newToken, tokenCookie, tokenSource } from './token.js';

export interface HostOptions {
  /** 0 or absent: any free port. */
  readonly port?: number;
  /** A rulebook (file or folder) to open at start. */
  readonly rulebook?: string;
  /** Fixed token (tests); absent: a random one. */
  readonly token?: string;
  /** Per-user data (recent list, backups, sample copies); default: see defaultDataDir. */
  readonly dataDir?: string;
  /** Bundled samples; default: the repository's rulebooks/. */
  readonly samplesDir?: string;
  /**
   * How the page is served: 'dev' runs vite in middleware mode on renderer/ (no build step; slower
   * first load), or the path of a built renderer folder (index.html inside). Default 'dev'.
   */
  readonly renderer?: 'dev' | string;
  /** Answer with a small placeholder page instead of the renderer (tests of the API alone). */
  readonly noRenderer?: boolean;
  /** A tab's session unused this long is closed (see sessions.ts); default 30 minutes. */
  readonly sessionIdleMs?: number;
}

export interface RunningHost {
  /** The address to open, token included. */
  readonly url: string;
  readonly origin: string;
  readonly token: string;
  readonly port: number;
  /** The workspace of requests that name no session (scripts, tests); each page's tab has its own (sessions.ts). */
  readonly api: WorkspaceApi;
  /** The workspace of a page's session (`x-rulebook-session`), or null when there is none by that id. */
  workspaceOf(session: string): Promise<WorkspaceApi | null>;
  close(): Promise<void>;
}

const MAX_BODY = 48 * 1024 * 1024;

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
  res.end(body);
}

function sendResult(res: ServerResponse, status: number, result: Result<unknown>): void {
  // JSON has no undefined: `{ ok: true, value: undefined }` (writeBackup, discardBackup…) would lose its value and
  // read as no result at all on the other side, so the page took every recovery copy written for a failure.
  const body = result.ok && result.value === undefined ? { ok: true, value: null } : result;
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function rendererMiddleware(options: HostOptions): Promise<{ handle: Middleware; close(): Promise<void>; extraConnect: string[] }> {
  const renderer = options.renderer ?? 'dev';
  if (renderer !== 'dev') {
    const root = path.resolve(renderer);
    return {
      handle: (req, res, next) => {
        const urlPath = new URL(req.url ?? '/', 'http://host').pathname;
        readStatic(root, urlPath).then(
          (file) => (file ? send(res, 200, file.type, file.body, { 'cache-control': 'no-cache' }) : next()),
          () => next(),
        );
      },
      close: async () => undefined,
      extraConnect: [],
    };
  }
  const { createServer: createVite } = await import('vite');
  const rendererRoot = path.join(repositoryRoot(), 'renderer');
  const configFile = path.join(rendererRoot, 'vite.config.ts');
  const hasConfig = await readFile(configFile).then(() => true, () => false);
  const vite = await createVite({
    root: rendererRoot,
    configFile: hasConfig ? configFile : false,
    appType: 'spa',
    logLevel: 'warn',
    // No hot reload: it needs a websocket and a looser CSP, and marshals do not edit the app's code.
    server: { middlewareMode: true, hmr: false, ws: false, watch: null, fs: { allow: [repositoryRoot()] } },
  });
  return { handle: vite.middlewares as unknown as Middleware, close: () => vite.close(), extraConnect: [] };
}

/** Starts the host. Resolves once it listens; `close()` stops the server, vite and the watcher. */
export async function startHost(options: HostOptions = {}): Promise<RunningHost> {
  const token = options.token ?? newToken();
  const dataDir = options.dataDir ?? defaultDataDir();
  const samplesDir = options.samplesDir ?? path.join(repositoryRoot(), 'rulebooks');
  const builtRenderer = options.renderer && options.renderer !== 'dev' ? path.resolve(options.renderer) : null;
  const info: HostInfo = {
    kind: 'browser',
    appVersion: process.env.npm_package_version ?? '0.1.0',
    nativeDialogs: false,
    canReveal: false,
    coreBuild: await coreBuild(builtRenderer),
  };
  // Two tabs on one book share these, so their saves of one file still go one at a time.
  const locks = new FileLocks();
  const workspace = (session: string | null): WorkspaceApi =>
    createWorkspaceApi({
      dataDir,
      samplesDir,
      locks,
      shell: { info, fileUrl: (relPath) => `/files/${relPath.split('/').map(encodeURIComponent).join('/')}${session ? `?session=${session}` : ''}` },
    });
  const api = workspace(null);
  if (options.rulebook) {
    const opened = await api.openRulebook(path.resolve(options.rulebook));
    if (!opened.ok) {
      await api.dispose();
      throw new Error(opened.error.message);
    }
  }
  const sessions = new HostSessions({ create: workspace, startBook: api.openBook(), idleMs: options.sessionIdleMs ?? 30 * 60_000 });
  const renderer = options.noRenderer ? null : await rendererMiddleware(options);
  const headers = securityHeaders(contentSecurityPolicy({ extraConnect: renderer?.extraConnect }));
  let origin = '';
  let port = 0;

  const server = createServer((req, res) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    handle(req, res).catch((error) => {
      if (!res.headersSent) sendResult(res, 500, fail('internal', `Internal error: ${(error as Error).message}`));
      else res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // DNS rebinding: a hostile site resolving its own name to 127.0.0.1 would send its own Host header.
    const host = req.headers.host ?? '';
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) return send(res, 421, 'text/plain; charset=utf-8', 'Misdirected request\n');
    let url: URL;
    try {
      url = new URL(req.url ?? '/', origin);
    } catch {
      // "//" or "//:x" is an address with an empty or bad host, not a path: refused plainly, not as an internal error.
      return send(res, 400, 'text/plain; charset=utf-8', 'Bad request\n');
    }
    const source = tokenSource(req, url, token);
    if (!source) {
      if (url.pathname.startsWith('/api/')) return sendResult(res, 403, fail('forbidden', 'Missing or wrong session token: open the address `npm run web` printed'));
      return send(res, 403, 'text/plain; charset=utf-8', 'Forbidden: open the address that `npm run web` printed (it carries the session token).\n');
    }
    if (source === 'query' && req.method === 'GET') {
      // Trade the token in the URL for a cookie, and drop it from the address bar and from history.
      url.searchParams.delete('token');
      res.setHeader('set-cookie', tokenCookie(token));
      // One leading slash: "//evil.example" would be a protocol-relative address on another site.
      res.writeHead(303, { location: `/${url.pathname.replace(/^\/+/, '')}${url.search}`, 'cache-control': 'no-store' });
      return void res.end();
    }
    if (url.pathname.startsWith('/api/')) return handleApi(req, res, url);
    if (url.pathname.startsWith('/files/')) return handleFile(req, res, url);
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain; charset=utf-8', 'Method not allowed\n');
    if (!renderer) return send(res, 200, 'text/html; charset=utf-8', '<!doctype html><title>Rulebook Studio</title><p>Rulebook Studio host (no renderer)</p>');
    renderer.handle(req, res, () => send(res, 404, 'text/plain; charset=utf-8', 'Not found\n'));
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (req.method !== 'POST') return sendResult(res, 405, fail('bad-argument', 'Use POST for API calls'));
    // Another page cannot read our answers, but it must not cause effects either.
    const requestOrigin = req.headers.origin;
    if (requestOrigin !== undefined && requestOrigin !== origin && requestOrigin !== origin.replace('127.0.0.1', 'localhost')) {
      return sendResult(res, 403, fail('forbidden', 'Requests from another origin are refused'));
    }
    if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) return sendResult(res, 415, fail('bad-argument', 'API calls send JSON'));
    // Method names are plain ASCII: no decoding (a stray "%" would throw and answer 500).
    const method = url.pathname.slice('/api/'.length);
    if (!isApiMethod(method)) return sendResult(res, 404, fail('bad-argument', `Unknown operation \`${method.slice(0, 60)}\`; known: ${API_METHODS.length} operations`));
    const body = await readBody(req);
    if (body === null) return sendResult(res, 413, fail('bad-argument', `The request is larger than ${MAX_BODY / 1024 / 1024} MB`));
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return sendResult(res, 400, fail('bad-argument', 'The request body is not JSON'));
    }
    const args = (parsed as { args?: unknown } | null)?.args;
    const session = req.headers[SESSION_HEADER];
    if (session === undefined) return sendResult(res, 200, await api.dispatch(method, args));
    const from = req.headers[SESSION_FROM_HEADER] ?? NEW_TAB;
    if (typeof session !== 'string' || !SESSION_ID.test(session) || typeof from !== 'string' || (from !== NEW_TAB && !SESSION_ID.test(from))) {
      return sendResult(res, 400, fail('bad-argument', `${SESSION_HEADER} and ${SESSION_FROM_HEADER} name a session by 16 to 64 letters, digits and dashes`));
    }
    // Nothing runs under a closed session: its page is told so, and goes on in a new one (never "no rulebook").
    const ended = sessions.ended(session);
    if (ended) return sendResult(res, 200, ended);
    sendResult(res, 200, await sessions.use(session, from, (tab) => tab.dispatch(method, args)));
  }

  async function handleFile(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain; charset=utf-8', 'Method not allowed\n');
    let relPath: string;
    try {
      relPath = url.pathname.slice('/files/'.length).split('/').map(decodeURIComponent).join('/');
    } catch {
      return send(res, 400, 'text/plain; charset=utf-8', 'Bad path\n');
    }
    const checked = validateArgs('openFile', [relPath]);
    if (!checked.ok) return send(res, 400, 'text/plain; charset=utf-8', `${checked.error.message}\n`);
    // The page opens a file in a new tab, which cannot send headers: the address names the session of the book.
    const session = url.searchParams.get('session');
    if (session !== null && sessions.ended(session)) return send(res, 404, 'text/plain; charset=utf-8', 'This tab\'s session has ended: open the file again from Rulebook Studio\n');
    const owner = session === null ? api : await sessions.peek(session);
    const current = owner ? await owner.currentRulebook() : null;
    if (!current?.ok || !current.value) return send(res, 404, 'text/plain; charset=utf-8', 'No rulebook is open\n');
    let absolute: string;
    try {
      absolute = await confineTyped(current.value.root, relPath, OPENABLE_EXTENSIONS);
    } catch (error) {
      return send(res, 403, 'text/plain; charset=utf-8', `${(error as Error).message}\n`);
    }
    const bytes = await readFile(absolute).catch(() => null);
    if (!bytes) return send(res, 404, 'text/plain; charset=utf-8', 'Not found\n');
    const type = contentTypeOf(absolute);
    // An exported HTML file is the rulebook's content: shown sandboxed, it can run nothing in our origin.
    send(res, 200, type, bytes, { 'content-security-policy': "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'", 'content-disposition': `inline; filename="${path.basename(absolute).replace(/[^\w.-]/g, '_')}"` });
  }

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
    });
  } catch (error) {
    // Nothing may stay open behind a host that never listened: the process would neither serve nor exit.
    await renderer?.close();
    await sessions.close();
    await api.dispose();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new Error(`port ${options.port} is in use by another program: choose another with --port, or leave it out`);
    if (code === 'EACCES') throw new Error(`port ${options.port} needs privileges this user does not have: choose one above 1023`);
    throw error;
  }
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/?token=${token}`,
    origin,
    token,
    port,
    api,
    workspaceOf: async (session) => (await sessions.peek(session)) ?? null,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await renderer?.close();
      await sessions.close();
      await api.dispose();
    },
  };
}
