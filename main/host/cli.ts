/** `npm run web [rulebook] [--port N] [--built DIR]`: starts the browser host and prints the address to open. */
import path from 'node:path';
import { startHost } from './server.js';

function usage(): never {
  process.stderr.write('usage: npm run web -- [rulebook.md | rulebook-folder] [--port N] [--built out/renderer]\n');
  process.exit(2);
}

export async function runWeb(argv: readonly string[]): Promise<number> {
  let rulebook: string | undefined;
  let port: number | undefined;
  let renderer: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--port') {
      port = Number(argv[++i]);
      if (!Number.isInteger(port) || port < 0 || port > 65535) usage();
    } else if (arg === '--built') {
      renderer = argv[++i];
      if (!renderer) usage();
    } else if (arg === '--help' || arg === '-h') usage();
    else if (arg.startsWith('-')) usage();
    else rulebook = arg;
  }
  let host;
  try {
    // npm runs scripts from the project folder; INIT_CWD is where the person typed the command.
    host = await startHost({ port, rulebook: rulebook && path.resolve(process.env.INIT_CWD ?? process.cwd(), rulebook), renderer });
  } catch (error) {
    process.stderr.write(`rulebook-studio: ${(error as Error).message}\n`);
    return 2;
  }
  const opened = await host.api.currentRulebook();
  // A bundled sample opens as the person's own copy: say where their edits go, and that the original stays as it is.
  const copy = opened.ok && opened.value?.sampleId ? `${opened.value.name} is a bundled sample: you are editing your own copy, ${opened.value.target}\n(the original in the repository stays as it is).\n\n` : '';
  process.stdout.write(`${copy}Rulebook Studio is running. Open this address in your browser:\n\n  ${host.url}\n\nOnly this computer can reach it, and only with the token in the address. Press Ctrl+C to stop.\n`);
  const stop = () => void host.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return new Promise<number>(() => undefined);
}
