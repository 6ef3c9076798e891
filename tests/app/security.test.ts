import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  decideNavigation,
  decideWindowOpen,
  isAppUrl,
  isPermissionAllowed,
  isTrustedSender,
  mayOpenExternally,
  resolveAppRequest,
} from '../../main/electron/security.js';

const HOSTILE = [
  'javascript:alert(1)',
  'file:///etc/passwd',
  'app://../..',
  'app://../../etc/passwd',
  'app://evil/index.html',
  'app://rulebook.evil/index.html',
  'app://rulebook@evil/index.html',
  'app://evil@rulebook/index.html',
  'app://rulebook:80/index.html',
  'https://localhost.evil.com',
  'http://localhost:5173.evil.com/',
  'http://localhost:5174/',
  'data:text/html,hi',
  'about:blank',
  '',
  'not a url',
];

describe('isAppUrl and isTrustedSender', () => {
  it('accept our page', () => {
    expect(isAppUrl('app://rulebook/index.html')).toBe(true);
    expect(isTrustedSender('app://rulebook/')).toBe(true);
    expect(isTrustedSender('http://localhost:5173/index.html', 'http://localhost:5173')).toBe(true);
  });
  it.each(HOSTILE)('refuse %j', (url) => {
    expect(isAppUrl(url)).toBe(false);
    expect(isTrustedSender(url, 'http://localhost:5173')).toBe(false);
  });
  it('refuse the dev origin when not developing', () => {
    expect(isTrustedSender('http://localhost:5173/index.html', null)).toBe(false);
  });
  it('refuse missing frames', () => {
    expect(isTrustedSender(undefined)).toBe(false);
    expect(isTrustedSender(null)).toBe(false);
  });
});

describe('navigation and window.open', () => {
  it.each(HOSTILE.filter((u) => !u.startsWith('https:')))('deny %j', (url) => {
    expect(decideNavigation(url)).toEqual({ action: 'deny' });
    expect(decideWindowOpen(url)).toEqual({ action: 'deny' });
  });
  it('never navigate the window, even to an https look-alike: it opens outside, in the system browser', () => {
    expect(decideNavigation('https://localhost.evil.com')).toEqual({ action: 'open-external', url: 'https://localhost.evil.com' });
    expect(decideWindowOpen('https://localhost.evil.com')).toEqual({ action: 'open-external', url: 'https://localhost.evil.com' });
  });
  it('deny navigating to our own page too (the page never navigates)', () => {
    expect(decideNavigation('app://rulebook/other.html')).toEqual({ action: 'deny' });
  });
  it('send https and mailto links to the system browser instead', () => {
    expect(decideNavigation('https://example.org/rules')).toEqual({ action: 'open-external', url: 'https://example.org/rules' });
    expect(decideWindowOpen('mailto:gm@example.org')).toEqual({ action: 'open-external', url: 'mailto:gm@example.org' });
  });
  it('external opener checks the scheme', () => {
    expect(mayOpenExternally('https://example.org')).toBe(true);
    for (const url of HOSTILE.filter((u) => !u.startsWith('https:'))) expect(mayOpenExternally(url)).toBe(false);
    expect(mayOpenExternally('http://example.org')).toBe(false);
    expect(mayOpenExternally('https://user:pw@example.org')).toBe(false);
  });
});

describe('permissions', () => {
  it('deny by default, even to our page', () => {
    for (const p of ['media', 'geolocation', 'notifications', 'openExternal', 'clipboard-read', 'fullscreen', 'hid']) {
      expect(isPermissionAllowed(p, 'app://rulebook/index.html')).toBe(false);
    }
  });
  it('allow sanitised clipboard writes to our page only', () => {
    expect(isPermissionAllowed('clipboard-sanitized-write', 'app://rulebook/index.html')).toBe(true);
    expect(isPermissionAllowed('clipboard-sanitized-write', 'https://evil.example')).toBe(false);
  });
});

describe('app:// protocol path checks', () => {
  const root = path.resolve('/opt/rulebook-studio/out/renderer');
  it('map our files inside the renderer folder', () => {
    expect(resolveAppRequest('app://rulebook/', root)).toBe(path.join(root, 'index.html'));
    expect(resolveAppRequest('app://rulebook/index.html', root)).toBe(path.join(root, 'index.html'));
    expect(resolveAppRequest('app://rulebook/assets/editor.worker-1a2b.js?v=1', root)).toBe(path.join(root, 'assets', 'editor.worker-1a2b.js'));
  });
  it.each(['app://rulebook/../../etc/passwd', 'app://rulebook/%2e%2e/%2e%2e/etc/passwd'])('keep %j inside the renderer folder (URL parsing folds the dots)', (url) => {
    const resolved = resolveAppRequest(url, root);
    expect(resolved === null || resolved.startsWith(root + path.sep)).toBe(true);
  });
  it.each([
    'app://rulebook/assets/%2e%2e%2f%2e%2e%2fsecret',
    'app://rulebook/..%2f..%2fetc%2fpasswd',
    'app://rulebook/..%5c..%5cwin.ini',
    'app://rulebook/a%00.js',
    'app://rulebook/%E0%A4%A',
    'app://../..',
    'app://evil/index.html',
    'app://rulebook.evil/index.html',
    'app://user@rulebook/index.html',
    'file:///etc/passwd',
    'https://rulebook/index.html',
  ])('refuse %j', (url) => {
    expect(resolveAppRequest(url, root)).toBeNull();
  });
});
