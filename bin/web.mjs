#!/usr/bin/env node
// Entry of `npm run web`: registers tsx so the TypeScript host runs as it is, then starts it.
import { register } from 'tsx/esm/api';

register();
const { runWeb } = await import('../main/host/cli.ts');
process.exitCode = await runWeb(process.argv.slice(2));
