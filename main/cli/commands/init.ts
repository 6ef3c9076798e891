/**
 * `rulebook init <path> [--dry-run]`: infers how a book writes its skills, costs, prerequisites and numbers, writes
 * the settings (rulebook.yaml for a folder, front matter for one file; the marshal's text is never changed), and says
 * what the book now reads as. A second run changes nothing. Planning, judging and writing are main/layout's, shared
 * with the app; this file only words the outcome for a terminal.
 */
import path from 'node:path';
import type { Command } from 'commander';
import { display } from '../../import/read-source.js';
import { planInit } from '../../layout/init-plan.js';
import { describeReading, judgePlan, keptLines, readBook, reasonLines, rereadBook, settingsText, writeInitPlan } from '../../layout/init-run.js';
import { UserError } from '../../errors.js';

export function registerInit(program: Command): void {
  program
    .command('init')
    .description('infer how a book writes its skills, costs, prerequisites and numbers, and write the settings it needs')
    .argument('<path>', 'a rulebook .md or .mdx file (settings go to its front matter), or a folder of Markdown files (to rulebook.yaml)')
    .option('--dry-run', 'print the settings it would write and what the book would read as; write nothing')
    .action(async (target: string, options: { dryRun?: boolean }) => {
      const plan = await planInit(target);
      const reading = readBook(plan.source);
      const verdict = judgePlan(plan, reading);
      if (verdict === 'no-sense') {
        throw new UserError(`${display(plan.isFolder ? path.dirname(plan.target) : plan.target)}: found no skills and no numbered rules in it, even after inferring its layout; nothing was written`);
      }
      const where = display(plan.target);
      const out: string[] = [];
      if (verdict === 'up-to-date') out.push(`${where} is already up to date.`);
      else if (verdict === 'defaults') out.push(`The defaults read this book as it is: nothing to write.`);
      else if (options.dryRun) {
        out.push(`Would write ${where}${plan.exists ? '' : ' (a new file)'}:`, '', settingsText(plan).trimEnd());
      } else {
        await writeInitPlan(plan);
        out.push(`Wrote ${where}.`);
      }
      const summary = options.dryRun || !plan.changed ? reading : await rereadBook(plan);
      out.push('', 'Read:', ...describeReading(summary).map((s) => `  ${s}`));
      if (plan.changed) out.push('', 'Why:', ...reasonLines(plan).map((r) => `  - ${r}`));
      out.push(...keptLines(plan));
      process.stdout.write(`${out.join('\n')}\n`);
    });
}
