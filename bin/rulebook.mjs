#!/usr/bin/env node
// Entry of the `rulebook` CLI: the compiled JavaScript in dist/ (see launch.mjs), the TypeScript only in development.
import { load } from './launch.mjs';

const { main } = await load('rulebook', 'main/cli/index.ts');
process.exitCode = await main(process.argv.slice(2));
