/** `rulebook diff <old> <new>`: what changed between two versions, as text, JSON, a markdown changelog or a PDF handout. */
import path from 'node:path';
import type { Command } from 'commander';
import { writeFileAtomically } from '../../fs/atomic-write.js';
import { changeImpact, changelogMarkdown, compareRulebooks, formatComparisonText, toJsonComparison } from '../../../shared/diff/index.js';
import { planHandout } from '../../../shared/diff/handout-plan.js';
import { oldVersionName } from '../../../shared/diff/format-text.js';
import type { ImpactItem } from '../../../shared/diff/types.js';
import { buildChangesPdf } from '../../publish/index.js';
import { analyse } from '../../../shared/analyse/index.js';
import { wordsOfBook } from '../../../shared/model/book-words.js';
import { loadOldVersion } from '../../diff/load-version.js';
import { publicationLabel } from '../../diff/publication.js';
import { describeFsError, loadRulebook, type LoadedRulebook } from '../../fs/load-rulebook.js';
import { writeEditsForCommand } from '../../refactor/apply-plan.js';
import { UserError } from '../../errors.js';

const FORMATS = ['text', 'json', 'markdown', 'pdf'] as const;
type Format = (typeof FORMATS)[number];

interface DiffOptions {
  format: string;
  out?: string;
  full?: boolean;
  fix?: boolean;
}

export function registerDiff(program: Command): void {
  program
    .command('diff')
    .description('show what changed between two versions of a rulebook: rules added, removed, changed, renumbered, moved; skills; broken references')
    .argument('<old>', 'the old version: a .md file or folder, a git revision of the new one (HEAD~1, v7.4), or `published` for the last publication')
    .argument('[new]', 'the new version: a .md file or folder', '.')
    .option('--format <format>', 'text (for the terminal), json (for tools, see docs/changes.md), markdown (a changelog) or pdf (a player handout)', 'text')
    .option('-o, --out <file>', 'write to this file instead of the terminal (pdf: default what-changed.pdf)')
    .option('--full', 'list every renumbered rule, not just the runs')
    .option('--fix', 'update the references the change broke in the new version (files are rewritten in place)')
    .addHelpText('after', '\nExamples:\n  rulebook diff old.md new.md\n  rulebook diff HEAD~1 rulebook/ --format markdown -o CHANGES.md\n  rulebook diff published . --format pdf')
    .action(async (oldSpec: string, newTarget: string, options: DiffOptions) => {
      if (!FORMATS.includes(options.format as Format)) throw new UserError(`--format must be one of ${FORMATS.join(', ')}, not \`${options.format}\``);
      const format = options.format as Format;
      const current = await loadRulebook(newTarget);
      const old = await loadOldVersion(oldSpec, current);
      const newLinked = analyse(current.source).linked;
      const comparison = compareRulebooks(old.linked, newLinked, { old: old.source, new: current.source });
      const impact = changeImpact(old.linked, newLinked, comparison);
      const newLabel = path.relative(process.cwd(), current.target) || current.target;

      let output: string | Buffer;
      if (format === 'json') output = `${JSON.stringify(toJsonComparison(comparison, impact), null, 2)}\n`;
      // A changelog and a handout are for the book's players, in the book's language; the terminal's text is the tool's.
      else if (format === 'markdown' || format === 'pdf') {
        const words = wordsOfBook(newLinked.model.config);
        const oldLabel = old.publication ? publicationLabel(old.publication, words) : old.label;
        output = format === 'markdown' ? changelogMarkdown(comparison, oldLabel, words) : buildChangesPdf(planHandout(comparison, oldVersionName(comparison, oldLabel, words), words));
      } else output = formatComparisonText(comparison, impact, { full: options.full, oldLabel: old.label, newLabel });

      const out = options.out ?? (format === 'pdf' ? 'what-changed.pdf' : null);
      if (out) {
        try {
          await writeFileAtomically(out, output);
        } catch (error) {
          throw new UserError(`${out}: ${describeFsError(error)}`);
        }
        process.stderr.write(`wrote ${out}\n`);
      } else process.stdout.write(output);

      if (options.fix) {
        const fixed = await applyImpactFixes(current, impact);
        process.stderr.write(`fixed ${fixed} reference${fixed === 1 ? '' : 's'}${impact.length > fixed ? `; ${impact.length - fixed} need a person (no sure fix)` : ''}\n`);
      }
    });
}

/**
 * Applies every impact fix to the new version's files through the refactoring writer: all files or none,
 * and nothing when a file changed on disk since the comparison read it. Returns how many were applied.
 */
async function applyImpactFixes(current: LoadedRulebook, impact: readonly ImpactItem[]): Promise<number> {
  const fixable = impact.filter((i) => i.fix.length > 0);
  await writeEditsForCommand(current, fixable.flatMap((i) => i.fix));
  return fixable.length;
}
