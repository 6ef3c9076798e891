/** `rulebook ast <path>`: prints the linked model, as a readable outline or as the public JSON. */
import type { Command } from 'commander';
import { analyse } from '../../../shared/analyse/index.js';
import { toJsonModel } from '../../../shared/link/json.js';
import { loadRulebook } from '../../fs/load-rulebook.js';
import { UserError } from '../../errors.js';
import { formatOutline } from '../outline.js';

export function registerAst(program: Command): void {
  program
    .command('ast')
    .description('print the linked model of a rulebook: sections, rules, skills, references')
    .argument('<path>', 'a rulebook .md file, or a folder with rulebook.yaml')
    .option('--format <format>', 'text (an outline) or json (the public model, see docs/model.md)', 'text')
    .action(async (target: string, options: { format: string }) => {
      if (options.format !== 'text' && options.format !== 'json') throw new UserError(`--format must be text or json, not \`${options.format}\``);
      const loaded = await loadRulebook(target);
      const { linked } = analyse(loaded.source);
      if (options.format === 'json') process.stdout.write(`${JSON.stringify(toJsonModel(linked), null, 2)}\n`);
      else process.stdout.write(formatOutline(linked));
    });
}
