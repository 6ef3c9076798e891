#!/usr/bin/env node
// Entry of `npm run web`: the compiled browser host in dist/ (see launch.mjs), the TypeScript only in development.
import { load } from './launch.mjs';

const { runWeb } = await load('web', 'main/host/cli.ts');
process.exitCode = await runWeb(process.argv.slice(2));
