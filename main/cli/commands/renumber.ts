/** `rulebook renumber <path> [--section 4.9] [--dry-run]`: numbers sections and rules in document order and rewrites every reference to them. */
import type { Command } from 'commander';
import { analyse } from '../../../shared/analyse/index.js';
import { planRenumber } from '../../../shared/refactor/index.js';
import { loadRulebook } from '../../fs/load-rulebook.js';
import { writeEditsForCommand } from '../../refactor/apply-plan.js';
import { displayPaths, displayTarget, formatChanges, formatNotes, formatRefusal } from '../../refactor/format-plan.js';
import { plural } from '../../../shared/model/plural.js';
import { UserError } from '../../errors.js';

export function registerRenumber(program: Command): void {
  program
    .command('renumber')
    .description('renumber sections and rules in document order, rewriting every reference to them')
    .argument('<path>', 'a rulebook .md file, or a folder with rulebook.yaml')
    .option('--section <number>', 'renumber only what stands under this heading or rule (e.g. 4.9); its own number stays')
    .option('--dry-run', 'show the changes without writing anything')
    .action(async (target: string, options: { section?: string; dryRun?: boolean }) => {
      const loaded = await loadRulebook(target);
      const display = displayPaths(loaded);
      const { linked } = analyse(loaded.source);
      const plan = planRenumber(linked, { section: options.section, source: loaded.source });
      if (plan.kind === 'refused') throw new UserError(`cannot renumber: ${formatRefusal(plan.reasons, display, displayTarget(loaded))}`);
      process.stdout.write(formatChanges(plan.changes, display));
      process.stdout.write(formatNotes(plan.notes, display));
      const references = plan.changes.filter((c) => c.kind === 'reference').length;
      const files = new Set(plan.changes.map((c) => c.range.file)).size;
      if (plan.changes.length === 0) {
        process.stdout.write(`Numbering is already in order${options.section ? ` under ${options.section}` : ''}: nothing to change.\n`);
        return;
      }
      const summary = `${plural(plan.renumbered.length, 'number')} and ${plural(references, 'reference')} in ${plural(files, 'file')}`;
      if (options.dryRun) {
        process.stdout.write(`Dry run: would change ${summary}; nothing was written.\n`);
        return;
      }
      await writeEditsForCommand(loaded, plan.edits);
      process.stdout.write(`Changed ${summary}.\n`);
    });
}
