/**
 * Runs `rulebook <argv>` in this process, in `cwd`, collecting what it prints: no start-up per call, nothing stubbed.
 * The tests that spawn a real process use runCli (cli.ts) instead.
 */
import { main } from '../../main/cli/index.js';

export interface CliOutcome {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export async function runInProcess(argv: readonly string[], cwd: string): Promise<CliOutcome> {
  const out: string[] = [];
  const err: string[] = [];
  const write = { out: process.stdout.write, err: process.stderr.write };
  const before = process.cwd();
  const collect = (into: string[]) => ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    into.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    callback?.();
    return true;
  }) as typeof process.stdout.write;
  process.chdir(cwd);
  process.exitCode = undefined;
  process.stdout.write = collect(out);
  process.stderr.write = collect(err);
  try {
    const code = await main(argv);
    return { code, stdout: out.join(''), stderr: err.join('') };
  } finally {
    process.stdout.write = write.out;
    process.stderr.write = write.err;
    process.exitCode = undefined;
    process.chdir(before);
  }
}
