/**
 * `rulebook init <path> [--dry-run]`: infers how a book writes its skills, costs, prerequisites and numbers, writes
 * the settings (rulebook.yaml for a folder, front matter for one file; the marshal's text is never changed), and says
 * what the book now reads as. A second run changes nothing.
 */
import path from 'node:path';
import type { Command } from 'commander';
import writeFileAtomic from 'write-file-atomic';
import { describeRulebook } from '../../../shared/layout/describe.js';
import { findUnread } from '../../../shared/layout/unread.js';
import { linkRulebook } from '../../../shared/link/index.js';
import type { LinkedRulebook } from '../../../shared/link/types.js';
import type { RulebookSource } from '../../../shared/model/types.js';
import { splitFrontMatter } from '../../../shared/parse/config.js';
import { encodeRulebookText } from '../../../shared/parse/decode.js';
import { parseRulebook } from '../../../shared/parse/index.js';
import { describeFsError, loadRulebook } from '../../fs/load-rulebook.js';
import { display } from '../../import/read-source.js';
import { planInit, type InitPlan } from '../../layout/init-plan.js';
import { WriteFailure, writeAllOrNothing } from '../../refactor/write-all-or-nothing.js';
import { UserError } from '../errors.js';

export function registerInit(program: Command): void {
  program
    .command('init')
    .description('infer how a book writes its skills, costs, prerequisites and numbers, and write the settings it needs')
    .argument('<path>', 'a rulebook .md file (settings go to its front matter), or a folder of .md files (to rulebook.yaml)')
    .option('--dry-run', 'print the settings it would write and what the book would read as; write nothing')
    .action(async (target: string, options: { dryRun?: boolean }) => {
      const plan = await planInit(target);
      const { linked, unread } = read(plan.source);
      // A book that yields neither skills nor numbered rules is one init cannot make sense of: say so, write nothing.
      if (linked.model.skills.length === 0 && linked.numberedEntries.length === 0) {
        throw new UserError(`${display(plan.isFolder ? path.dirname(plan.target) : plan.target)}: found no skills and no numbered rules in it, even after inferring its layout; nothing was written`);
      }
      const where = display(plan.target);
      const out: string[] = [];
      if (!plan.changed) out.push(Object.keys(plan.inference.settings).length || (plan.isFolder && plan.exists) ? `${where} is already up to date.` : `The defaults read this book as it is: nothing to write.`);
      else if (options.dryRun) {
        out.push(`Would write ${where}${plan.exists ? '' : ' (a new file)'}:`, '', shown(plan).trimEnd());
      } else {
        await write(plan);
        out.push(`Wrote ${where}.`);
      }
      const summary = options.dryRun || !plan.changed ? { linked, unread, source: plan.source } : await reread(plan);
      out.push('', 'Read:', ...describeRulebook(summary.linked, summary).map((s) => `  ${s}`));
      if (plan.changed) {
        out.push('', 'Why:', ...plan.inference.reasons.map((r) => `  - ${r}`));
        if (plan.listed) out.push(`  - ${plan.listed.length === 1 ? '1 file is' : `${plan.listed.length} files are`} listed under \`files:\`: the book has .md files in subfolders, which are read only when listed.`);
        if (plan.leftOut.length) out.push(`  - ${list(plan.leftOut)} ${plan.leftOut.length === 1 ? 'is' : 'are'} about the repository, not the rules: not listed.`);
      }
      for (const key of plan.kept) out.push(`Kept your \`${key}\`: the book suggests otherwise, but a setting you wrote is never changed.`);
      process.stdout.write(`${out.join('\n')}\n`);
    });
}

function list(items: readonly string[]): string {
  return items.length > 5 ? `${items.slice(0, 5).join(', ')} and ${items.length - 5} more` : items.join(', ');
}

interface Reading {
  readonly linked: LinkedRulebook;
  readonly unread: ReturnType<typeof findUnread>;
  readonly source: RulebookSource;
}

function read(source: RulebookSource): Reading {
  const model = parseRulebook(source);
  return { linked: linkRulebook(model), unread: findUnread(source, model), source };
}

/** What --dry-run shows: the whole rulebook.yaml, or the front matter block of the file. */
function shown(plan: InitPlan): string {
  if (plan.isFolder) return plan.after;
  const front = splitFrontMatter(plan.after);
  return front ? plan.after.slice(0, front.bodyOffset) : '';
}

async function write(plan: InitPlan): Promise<void> {
  const content = encodeRulebookText(plan.after, plan.bom);
  try {
    if (plan.exists) await writeAllOrNothing([{ absolutePath: plan.target, content, expected: encodeRulebookText(plan.before, plan.bom) }]);
    else await writeFileAtomic(plan.target, Buffer.from(content));
  } catch (error) {
    if (error instanceof WriteFailure) throw new UserError(`${display(error.file)}: ${error.message}`);
    throw new UserError(`${display(plan.target)}: cannot write (${describeFsError(error)})`);
  }
}

/** The book as it now reads from disk, through the same loader every other command uses. */
async function reread(plan: InitPlan): Promise<Reading> {
  const loaded = await loadRulebook(plan.isFolder ? path.dirname(plan.target) : plan.target);
  return read(loaded.source);
}
