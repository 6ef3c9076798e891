import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, securityHeaders } from '../../shared/ipc/csp.js';

function directives(csp: string): Map<string, string[]> {
  return new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
}

describe('the Content-Security-Policy', () => {
  const policy = directives(contentSecurityPolicy());
  it('denies by default and allows scripts from our origin only', () => {
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    for (const values of policy.values()) {
      expect(values).not.toContain("'unsafe-eval'");
      expect(values).not.toContain('*');
      expect(values.some((v) => /^https?:/.test(v))).toBe(false);
    }
  });
  it('forbids plugins, base rewriting, forms and framing by others', () => {
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });
  it('allows no frame at all: the page has none, and a framed page of our origin would be a second door', () => {
    expect(policy.get('frame-src')).toEqual(["'none'"]);
  });
  it('adds only the extra connect origin it is given (the dev server)', () => {
    expect(directives(contentSecurityPolicy({ extraConnect: ['ws://localhost:5173'] })).get('connect-src')).toEqual(["'self'", 'ws://localhost:5173']);
  });
  it('comes with the other hardening headers', () => {
    const headers = securityHeaders('x');
    expect(headers).toMatchObject({ 'content-security-policy': 'x', 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'referrer-policy': 'no-referrer' });
  });
});
