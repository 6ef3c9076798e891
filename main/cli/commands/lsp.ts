/** `rulebook lsp`: the language server for VS Code, Neovim and any LSP client, over stdin and stdout (docs/editors.md). */
import type { Command } from 'commander';

export function registerLsp(program: Command): void {
  program
    .command('lsp')
    .description('run the language server over stdin/stdout: squiggles, hover, go to definition, rename… in any LSP editor (docs/editors.md)')
    // Editors launch servers with --stdio; stdio is the only transport, so the flag is accepted and changes nothing.
    .option('--stdio', 'talk over stdin and stdout (the default and only transport)')
    .action(async () => {
      const { serveOnStdio } = await import('../../lsp/stdio.js');
      await serveOnStdio();
    });
}
