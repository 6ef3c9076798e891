#!/usr/bin/env node
// Entry of the `rulebook` CLI: registers tsx so the TypeScript sources run as they are, then hands over.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../main/cli/index.ts');
process.exitCode = await main(process.argv.slice(2));
