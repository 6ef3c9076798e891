/** `rulebook publish <path>`: exports the configured PDFs, writes the changelog against the last publication, records this one. */
import path from 'node:path';
import type { Command } from 'commander';
import { publishRulebook } from '../../diff/publish.js';

export function registerPublish(program: Command): void {
  program
    .command('publish')
    .description('publish an edition: refuses while lint reports errors; exports the PDFs listed under `publish:`, writes the changelog, records the publication')
    .argument('[path]', 'a rulebook .md file, or a folder with rulebook.yaml', '.')
    .addHelpText('after', '\nSettings (rulebook.yaml or front matter):\n  publish:\n    kinds: [book, cards]   # book, cards, reference, sheet, extract\n    out: published/        # inside the rulebook folder\n    paper: a4              # a4, a5, letter\nSee docs/changes.md.')
    .action(async (target: string) => {
      const result = await publishRulebook(target, { onStep: (m) => process.stderr.write(`${m}\n`) });
      const shown = (f: string) => path.relative(process.cwd(), f) || f;
      for (const warning of result.warnings) process.stderr.write(`warning: ${warning}\n`);
      process.stdout.write(`Published. Files written:\n${result.written.map((f) => `  ${shown(f)}`).join('\n')}\n`);
      if (result.previous && result.summary) {
        const s = result.summary;
        process.stdout.write(`Since ${result.previous}: ${s.added} rules added, ${s.changed} changed, ${s.removed} removed, ${s.renumbered} renumbered; skills ${s.skillsAdded} added, ${s.skillsChanged + s.skillsRenamed} changed, ${s.skillsRemoved} removed.\n`);
      } else process.stdout.write('First publication: the next one will be compared with this one.\n');
    });
}
