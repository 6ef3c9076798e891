/** Input nested far deeper than any book is read flat past a bound: every command ends cleanly, never with a stack overflow. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

describe('8,000 quote markers on one line', () => {
  it('exports a PDF (the print reader bounds quotes in quotes) and lints, each ending cleanly', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'nesting-'));
    try {
      writeFileSync(path.join(dir, 'deep.md'), `# 1. Rules\n\n${'>'.repeat(8000)} deep\n`);
      const exported = await runCli(['export', 'deep.md', '--out', 'deep.pdf'], dir);
      expect(exported.stderr).toMatch(/^rulebook: wrote .*deep\.pdf/);
      expect(exported.code).toBe(0);
      const linted = await runCli(['lint', 'deep.md'], dir);
      expect(linted.stderr).not.toMatch(/internal error/);
      expect([0, 1]).toContain(linted.code);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
