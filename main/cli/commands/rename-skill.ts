/** `rulebook rename-skill <path> <old> <new> [--dry-run]`: renames a skill and everything that names it. */
import type { Command } from 'commander';
import { analyse } from '../../../shared/analyse/index.js';
import { planRenameSkill } from '../../../shared/refactor/index.js';
import { loadRulebook } from '../../fs/load-rulebook.js';
import { writeEditsForCommand } from '../../refactor/apply-plan.js';
import { displayPaths, displayTarget, formatChanges, formatNotes, formatRefusal } from '../../refactor/format-plan.js';
import { plural } from '../../../shared/model/plural.js';
import { UserError } from '../../errors.js';

export function registerRenameSkill(program: Command): void {
  program
    .command('rename-skill')
    .description('rename a skill: its definition, prerequisites, [[links]], table cells and mentions')
    .argument('<path>', 'a rulebook .md file, or a folder with rulebook.yaml')
    .argument('<old>', 'the skill name as defined (case does not matter)')
    .argument('<new>', 'the new name')
    .option('--dry-run', 'show the changes without writing anything')
    .action(async (target: string, oldName: string, newName: string, options: { dryRun?: boolean }) => {
      const loaded = await loadRulebook(target);
      const display = displayPaths(loaded);
      const { linked } = analyse(loaded.source);
      const plan = planRenameSkill(linked, oldName, newName, { source: loaded.source });
      if (plan.kind === 'refused') throw new UserError(`cannot rename: ${formatRefusal(plan.reasons, display, displayTarget(loaded))}`);
      process.stdout.write(formatChanges(plan.changes, display));
      process.stdout.write(formatNotes(plan.notes, display));
      if (plan.changes.length === 0) {
        process.stdout.write(`\`${plan.oldName}\` is already written \`${plan.newName}\` everywhere: nothing to change.\n`);
        return;
      }
      const summary = `${plural(plan.changes.length, 'place')} in ${plural(new Set(plan.changes.map((c) => c.range.file)).size, 'file')}`;
      if (options.dryRun) {
        process.stdout.write(`Dry run: would rename \`${plan.oldName}\` to \`${plan.newName}\` in ${summary}; nothing was written.\n`);
        return;
      }
      await writeEditsForCommand(loaded, plan.edits);
      process.stdout.write(`Renamed \`${plan.oldName}\` to \`${plan.newName}\` in ${summary}.\n`);
    });
}
