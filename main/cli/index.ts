/** The `rulebook` command line: one module per command under ./commands, wired here. */
import { Command, CommanderError } from 'commander';
import { UserError } from '../errors.js';
type Register = (program: Command) => void;

/**
 * Every command registers itself on the program; order here is the order in --help. Modules load on
 * demand: `rulebook lint` need not load pdfkit, mammoth and pdf.js, which would double its start-up.
 */
const commands: ReadonlyArray<readonly [string, () => Promise<Register>]> = [
  ['ast', async () => (await import('./commands/ast.js')).registerAst],
  ['export', async () => (await import('./commands/export.js')).registerExport],
  ['lint', async () => (await import('./commands/lint.js')).registerLint],
  ['renumber', async () => (await import('./commands/renumber.js')).registerRenumber],
  ['rename-skill', async () => (await import('./commands/rename-skill.js')).registerRenameSkill],
  ['import', async () => (await import('./commands/import.js')).registerImport],
  ['init', async () => (await import('./commands/init.js')).registerInit],
  ['diff', async () => (await import('./commands/diff.js')).registerDiff],
  ['publish', async () => (await import('./commands/publish.js')).registerPublish],
  ['lsp', async () => (await import('./commands/lsp.js')).registerLsp],
  ['review', async () => (await import('./commands/review.js')).registerReview],
  ['character', async () => (await import('./commands/character.js')).registerCharacter],
];

/** The commands to register: only the one named first, or all of them for help and unknown commands. */
function needed(argv: readonly string[]): ReadonlyArray<readonly [string, () => Promise<Register>]> {
  const first = argv.find((arg) => !arg.startsWith('-'));
  const named = commands.filter(([name]) => name === first);
  return named.length > 0 ? named : commands;
}

export async function main(argv: readonly string[]): Promise<number> {
  const program = new Command('rulebook')
    .description('Read, lint, publish and compare tabletop and LARP rulebooks')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) })
    .showHelpAfterError('(run with --help for usage)');
  // The version names the build as the lint cache keys it; read only when asked (build-id.ts hashes sources otherwise).
  if (argv.includes('--version') || argv.includes('-V')) {
    const { packageVersion, toolVersion } = await import('../build-id.js');
    program.version(toolVersion() ?? packageVersion(), '-V, --version', 'the version of rulebook, with its build');
  }
  for (const [, load] of needed(argv)) (await load())(program);
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
    process.stderr.write(`rulebook: ${oneLine(error.message)}\n`);
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`rulebook: internal error: ${oneLine(message)}\n`);
  if (process.env.RULEBOOK_DEBUG && error instanceof Error) process.stderr.write(`${error.stack}\n`);
  return 3;
}

/**
 * The failure stays one line whatever it quotes: a line break or terminal control character in a name (a skill
 * renamed to "a\nb", a file name) is shown escaped, as JSON would write it.
 */
function oneLine(message: string): string {
  return message.replace(/[\u0000-\u0008\u000a-\u001f\u007f\u2028\u2029]/g, (c) =>
    c === '\n' ? '\\n' : c === '\r' ? '\\r' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
