/** The `rulebook` command line: one module per command under ./commands, wired here. */
import { Command, CommanderError } from 'commander';
import { UserError } from './errors.js';
import { registerAst } from './commands/ast.js';
import { registerExport } from './commands/export.js';
import { registerLint } from './commands/lint.js';
import { registerRenumber } from './commands/renumber.js';
import { registerRenameSkill } from './commands/rename-skill.js';
import { registerImport } from './commands/import.js';
import { registerDiff } from './commands/diff.js';
import { registerPublish } from './commands/publish.js';

/** Every command registers itself on the program; order here is the order in --help. */
const commands: ReadonlyArray<(program: Command) => void> = [registerAst, registerExport, registerLint, registerRenumber, registerRenameSkill, registerImport, registerDiff, registerPublish];

export async function main(argv: readonly string[]): Promise<number> {
  const program = new Command('rulebook')
    .description('Read, lint, publish and compare tabletop and LARP rulebooks')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) })
    .showHelpAfterError('(run with --help for usage)');
  for (const register of commands) register(program);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    return reportFailure(error);
  }
}

function reportFailure(error: unknown): number {
  if (error instanceof CommanderError) {
    // Help and version are "errors" to commander; usage mistakes exit 2 like every other bad input.
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.help' || error.code === 'commander.version') return 0;
    return 2;
  }
  if (error instanceof UserError) {
    process.stderr.write(`rulebook: ${error.message}\n`);
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`rulebook: internal error: ${message}\n`);
  if (process.env.RULEBOOK_DEBUG && error instanceof Error) process.stderr.write(`${error.stack}\n`);
  return 3;
}
