#!/usr/bin/env node
// Entry of the `rulebook` CLI: the compiled JavaScript in dist/ (see launch.mjs), the TypeScript only in development.
import { load } from './launch.mjs';

// A reader that stops early (`rulebook ast book.md --format json | head`) closes the pipe: there is no one left to
// tell anything, so the command ends quietly instead of printing Node's stack trace for the failed write.
process.stdout.on('error', (error) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

const { main } = await load('rulebook', 'main/cli/index.ts');
process.exitCode = await main(process.argv.slice(2));
