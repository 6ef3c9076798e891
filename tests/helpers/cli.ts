/** Runs the `rulebook` command as a user does: a real child process, its exit code and what it printed. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const bin = path.resolve(import.meta.dirname, '../../bin/rulebook.mjs');

export async function runCli(args: readonly string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [bin, ...args], { cwd, env: { ...process.env, NO_COLOR: '1' } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
