/**
 * A reader that stops early (`rulebook ast book.md --format json | head`) closes the pipe while the command still
 * writes: the command ends quietly, with no stack trace on stderr.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { generateRulebook } from '../../bench/generate.js';

const bin = path.resolve(import.meta.dirname, '../../bin/rulebook.mjs');
const dir = mkdtempSync(path.join(tmpdir(), 'closed-pipe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('ends quietly when its reader closes the pipe after the first lines', { timeout: 60_000 }, async () => {
  // A generated book of 600 KB: its model in JSON is megabytes, far more than the pipe holds, so the command is still
  // writing when the reader goes.
  const book = path.join(dir, 'book.md');
  writeFileSync(book, generateRulebook(600_000, 3).text);
  const child = spawn(process.execPath, [bin, 'ast', book, '--format', 'json'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.once('data', () => child.stdout.destroy());
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(stderr).toBe('');
  expect(code).toBe(0);
});
