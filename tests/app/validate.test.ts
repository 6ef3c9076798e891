import { describe, expect, it } from 'vitest';
import { API_METHODS } from '../../shared/ipc/contract.js';
import { externalUrlProblem, relPathProblem, validateArgs } from '../../shared/ipc/validate.js';

describe('relPathProblem', () => {
  it.each(['funjerai.md', 'chapters/02-skills.md', 'export/Funjerai.pdf', 'a b/c.md'])('accepts %s', (p) => {
    expect(relPathProblem(p)).toBeNull();
  });
  it.each([
    ['../etc/passwd', /leave/],
    ['chapters/../../x.md', /leave/],
    ['/etc/passwd', /relative/],
    ['C:/Windows/win.ini', /relative/],
    ['..\\..\\x.md', /separator/],
    ['a//b.md', /empty/],
    ['./a.md', /"\."/],
    ['a.md\0.txt', /NUL/],
    ['%2e%2e/x.md', /encoded/],
    ['', /empty/],
  ])('refuses %j', (p, why) => {
    expect(relPathProblem(p)).toMatch(why);
  });
  it('refuses non-strings', () => {
    expect(relPathProblem(42)).toMatch(/text/);
    expect(relPathProblem(null)).toMatch(/text/);
  });
});

describe('externalUrlProblem', () => {
  it.each(['https://example.org/rules', 'mailto:gm@example.org'])('lets %s through', (u) => expect(externalUrlProblem(u)).toBeNull());
  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'file:///etc/passwd',
    'http://example.org',
    'app://rulebook/index.html',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'https://user:pass@example.org',
    'smb://host/share',
    'not a url',
  ])('refuses %j', (u) => expect(externalUrlProblem(u)).not.toBeNull());
});

describe('validateArgs', () => {
  it('knows every method of the contract', () => {
    for (const method of API_METHODS) {
      const result = validateArgs(method, 'not a list');
      expect(result.ok).toBe(false);
    }
  });
  it('accepts well-formed calls', () => {
    expect(validateArgs('saveFile', ['a.md', 'text', null]).ok).toBe(true);
    expect(validateArgs('saveFile', ['a.md', 'text', '10-1700000000000-abcdef']).ok).toBe(true);
    expect(validateArgs('pollChanges', [0, 1000]).ok).toBe(true);
    expect(validateArgs('exportRulebook', [{ kind: 'pdf', output: null, unsaved: [], options: { pageSize: 'A4', toc: true } }]).ok).toBe(true);
    expect(validateArgs('openRulebook', ['/home/gm/rules']).ok).toBe(true);
  });
  it('refuses wrong counts, types, unknown methods and extra fields', () => {
    expect(validateArgs('readFile', [])).toMatchObject({ ok: false, error: { code: 'bad-argument' } });
    expect(validateArgs('readFile', ['a.md', 'extra'])).toMatchObject({ ok: false });
    expect(validateArgs('readFile', [{ path: 'a.md' }])).toMatchObject({ ok: false });
    expect(validateArgs('readFile', ['script.js'])).toMatchObject({ ok: false, error: { message: expect.stringMatching(/\.md/) } });
    expect(validateArgs('saveFile', ['notes.sh', 'x', null])).toMatchObject({ ok: false });
    expect(validateArgs('saveFile', ['a.md', 'x', 'bad version!'])).toMatchObject({ ok: false });
    expect(validateArgs('pollChanges', [-1, 0])).toMatchObject({ ok: false });
    expect(validateArgs('pollChanges', [0, 999_999])).toMatchObject({ ok: false });
    expect(validateArgs('openRulebook', ['relative/path'])).toMatchObject({ ok: false });
    expect(validateArgs('openSample', ['../funjerai'])).toMatchObject({ ok: false });
    expect(validateArgs('readRevision', ['HEAD; rm -rf /'])).toMatchObject({ ok: false });
    expect(validateArgs('openExternal', ['javascript:alert(1)'])).toMatchObject({ ok: false });
    expect(validateArgs('saveFiles', [[{ path: 'a.md', text: 'x', expectedVersion: null, extra: 1 }]])).toMatchObject({ ok: false, error: { message: expect.stringMatching(/extra/) } });
    expect(validateArgs('saveFiles', [[{ path: 'a.md', text: 'x', expectedVersion: null }, { path: 'a.md', text: 'y', expectedVersion: null }]])).toMatchObject({ ok: false, error: { message: expect.stringMatching(/twice/) } });
    expect(validateArgs('exportRulebook', [{ kind: 'pdf', output: 'out.html', unsaved: [], options: {} }])).toMatchObject({ ok: false, error: { message: expect.stringMatching(/\.pdf/) } });
    expect(validateArgs('exportRulebook', [{ kind: 'exe', output: null, unsaved: [], options: {} }])).toMatchObject({ ok: false });
    expect(validateArgs('exportRulebook', [{ kind: 'pdf', output: null, unsaved: [], options: { nested: { a: 1 } } }])).toMatchObject({ ok: false });
    expect(validateArgs('constructor' as never, [])).toMatchObject({ ok: false, error: { message: expect.stringMatching(/Unknown operation/) } });
    expect(validateArgs('__proto__' as never, [])).toMatchObject({ ok: false });
  });
  it('refuses objects that are not plain (prototype tricks)', () => {
    const sneaky = Object.create({ path: 'a.md' }) as object;
    expect(validateArgs('saveFiles', [[sneaky]])).toMatchObject({ ok: false });
  });
});
