import { request } from 'node:http';
import { mkdtemp, rm, symlink, writeFile, cp, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type RunningHost } from '../../main/host/server.js';
import { createHttpApi } from '../../shared/ipc/http-client.js';
import { SAMPLES, value } from './helpers.js';

let host: RunningHost;
let dir: string;
let rulebook: string;

/** A raw HTTP request, so headers like Host can be set to hostile values. */
function raw(pathname: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: host.port, path: pathname, method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const json = (token: string | null, args: unknown[]) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', host: `127.0.0.1:${host.port}`, ...(token ? { 'x-rulebook-token': token } : {}) },
  body: JSON.stringify({ args }),
});

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'rulebook-host-'));
  rulebook = path.join(dir, 'book');
  await mkdir(rulebook);
  await cp(path.join(SAMPLES, 'funjerai.md'), path.join(rulebook, 'funjerai.md'));
  await writeFile(path.join(dir, 'secret.md'), '# Secret\n');
  await symlink(path.join(dir, 'secret.md'), path.join(rulebook, 'leak.md'));
  host = await startHost({ rulebook: path.join(rulebook, 'funjerai.md'), dataDir: path.join(dir, 'data'), noRenderer: true });
});

afterAll(async () => {
  await host.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the browser host', () => {
  it('listens on 127.0.0.1 only and prints a URL with a long random token', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{32}$/);
    expect(host.origin).toBe(`http://127.0.0.1:${host.port}`);
  });

  it('refuses every request without the token', async () => {
    expect((await raw('/')).status).toBe(403);
    expect((await raw('/index.html')).status).toBe(403);
    expect((await raw('/?token=wrong')).status).toBe(403);
    const api = await raw('/api/listSamples', json(null, []));
    expect(api.status).toBe(403);
    expect(JSON.parse(api.body)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect((await raw('/api/listSamples', json('x'.repeat(32), []))).status).toBe(403);
  });

  it('trades the token in the URL for an HttpOnly, SameSite=Strict cookie', async () => {
    const first = await raw(`/?token=${host.token}`);
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('/');
    // Never a redirect to another site, whatever the path looks like.
    for (const sneaky of [`/.//evil.example/?token=${host.token}`, `//evil.example/?token=${host.token}`]) {
      const res = await raw(sneaky);
      expect(res.status, sneaky).toBe(303);
      expect(res.headers.location, sneaky).toMatch(/^\/(?!\/)/);
    }
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const page = await raw('/', { headers: { cookie: cookie.split(';')[0] } });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a foreign Host header (DNS rebinding) and a foreign Origin', async () => {
    const rebound = await raw('/api/listSamples', { ...json(host.token, []), headers: { ...json(host.token, []).headers, host: `evil.example:${host.port}` } });
    expect(rebound.status).toBe(421);
    const crossSite = await raw('/api/listSamples', { ...json(host.token, []), headers: { ...json(host.token, []).headers, origin: 'https://localhost.evil.com' } });
    expect(JSON.parse(crossSite.body)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('answers API calls with Results and validates arguments', async () => {
    const ok = await raw('/api/readFile', json(host.token, ['funjerai.md']));
    expect(JSON.parse(ok.body)).toMatchObject({ ok: true, value: { path: 'funjerai.md' } });
    for (const bad of ['../secret.md', '/etc/passwd', '..%2fsecret.md']) {
      expect(JSON.parse((await raw('/api/readFile', json(host.token, [bad]))).body)).toMatchObject({ ok: false, error: { code: 'bad-argument' } });
    }
    expect(JSON.parse((await raw('/api/readFile', json(host.token, ['leak.md']))).body)).toMatchObject({ ok: false, error: { code: 'outside-rulebook' } });
    expect(JSON.parse((await raw('/api/noSuchMethod', json(host.token, []))).body)).toMatchObject({ ok: false, error: { code: 'bad-argument' } });
    const malformed = await raw('/api/%E0%A4%A', json(host.token, []));
    expect(malformed.status).toBe(404);
    expect(JSON.parse(malformed.body)).toMatchObject({ ok: false, error: { code: 'bad-argument' } });
    expect((await raw('/api/readFile', { ...json(host.token, []), body: '{not json' })).status).toBe(400);
    expect((await raw('/api/readFile', { method: 'GET', headers: { 'x-rulebook-token': host.token } })).status).toBe(405);
  });

  it('serves files of the rulebook folder, nothing outside', async () => {
    const headers = { 'x-rulebook-token': host.token };
    const ok = await raw('/files/funjerai.md', { headers });
    expect(ok.status).toBe(200);
    expect(ok.headers['content-security-policy']).toMatch(/sandbox/);
    for (const bad of ['/files/../secret.md', '/files/%2e%2e/secret.md', '/files/..%2fsecret.md', '/files/leak.md', '/files/%2Fetc%2Fpasswd']) {
      const res = await raw(bad, { headers });
      // "/files/../x" is folded by URL parsing to "/x", which is no file route at all.
      if (new URL(bad, 'http://x').pathname.startsWith('/files/')) expect(res.status, bad).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toContain('# Secret');
    }
    // Spelled like a PDF, but a link to a script inside the folder: not served.
    await writeFile(path.join(rulebook, 'install.sh'), '#!/bin/sh\necho owned\n');
    await symlink(path.join(rulebook, 'install.sh'), path.join(rulebook, 'book.pdf'));
    const disguised = await raw('/files/book.pdf', { headers });
    expect(disguised.status).toBe(403);
    expect(disguised.body).not.toContain('owned');
    // Unrelated paths do not list folders.
    expect((await raw('/files/', { headers })).status).toBeGreaterThanOrEqual(400);
  });

  it('works through the shared HTTP client', async () => {
    const api = createHttpApi({ baseUrl: host.origin, token: host.token, openUrl: () => true });
    const info = value(await api.hostInfo());
    expect(info).toMatchObject({ kind: 'browser', nativeDialogs: false });
    const current = value(await api.currentRulebook());
    expect(current?.files[0].path).toBe('funjerai.md');
    const saved = value(await api.saveFile('funjerai.md', `${current!.files[0].text}\n`, current!.files[0].version));
    expect(saved.version).not.toBe(current!.files[0].version);
    expect(await api.saveFile('funjerai.md', 'stale', current!.files[0].version)).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(await api.openRulebookDialog()).toMatchObject({ ok: false, error: { code: 'not-available' } });
    expect(await api.openExternal('javascript:alert(1)')).toMatchObject({ ok: false, error: { code: 'bad-argument' } });
    expect(value(await api.openExternal('https://example.org/'))).toEqual({ opened: true, url: 'https://example.org/' });
    const unauthorised = createHttpApi({ baseUrl: host.origin, token: 'wrong' });
    expect(await unauthorised.listSamples()).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const unreachable = createHttpApi({ baseUrl: 'http://127.0.0.1:1', token: host.token });
    expect(await unreachable.listSamples()).toMatchObject({ ok: false, error: { code: 'internal', message: expect.stringMatching(/not reachable/) } });
  });
});

describe('a host that cannot listen', () => {
  it('says the port is taken in one line and leaves nothing running behind it', { timeout: 30_000 }, async () => {
    const { createServer } = await import('node:net');
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', () => resolve()));
    const port = (taken.address() as { port: number }).port;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'host-port-'));
    try {
      await expect(startHost({ port, dataDir: path.join(dir, 'data'), noRenderer: true })).rejects.toThrow(`port ${port} is in use by another program`);
    } finally {
      taken.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
