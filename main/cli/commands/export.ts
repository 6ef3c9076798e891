/** `rulebook export <path> --out <file.pdf>`: the book, skill cards, quick reference, character sheet or a chapter extract as PDF. */
import path from 'node:path';
import type { Command } from 'commander';
import { linkRulebook } from '../../../shared/link/index.js';
import { parseRulebook } from '../../../shared/parse/index.js';
import { EXPORT_KINDS, PAPERS } from '../../../shared/publish/index.js';
import type { ExportKind, Paper } from '../../../shared/publish/types.js';
import { describeFsError, loadRulebook } from '../../fs/load-rulebook.js';
import { EmptyHandoutError, ExportLimitError, exportPdf } from '../../publish/index.js';
import { UserError } from '../errors.js';

interface ExportFlags {
  out?: string;
  kind: string;
  paper: string;
  chapters?: string;
  categories?: string;
  fontSize?: string;
  margin?: string;
  quiet?: boolean;
}

const list = (value: string | undefined) => value?.split(',').map((s) => s.trim()).filter(Boolean);

export function registerExport(program: Command): void {
  program
    .command('export')
    .description('publish a rulebook as PDF: the book, skill cards, a quick reference, a character sheet or a chapter extract')
    .argument('<path>', 'a rulebook .md file, or a folder with rulebook.yaml')
    .requiredOption('--out <file.pdf>', 'the PDF file to write')
    .option('--kind <kind>', `what to make: ${EXPORT_KINDS.join(', ')}`, 'book')
    .option('--paper <paper>', `paper size: ${PAPERS.join(', ')} (card: one 63×88 mm card per page)`, 'a4')
    .option('--chapters <list>', 'chapters to include, by number or title, comma separated (book, extract)')
    .option('--categories <list>', 'skill categories to include, comma separated (cards, reference, sheet)')
    .option('--font-size <points>', 'base text size in points')
    .option('--margin <points>', 'page margins in points (all four sides)')
    .option('--quiet', 'print no progress')
    .action(async (target: string, flags: ExportFlags) => {
      if (!(EXPORT_KINDS as readonly string[]).includes(flags.kind)) throw new UserError(`--kind must be one of ${EXPORT_KINDS.join(', ')}, not \`${flags.kind}\``);
      if (!(PAPERS as readonly string[]).includes(flags.paper)) throw new UserError(`--paper must be one of ${PAPERS.join(', ')}, not \`${flags.paper}\``);
      if (flags.paper === 'card' && flags.kind !== 'cards') throw new UserError('--paper card is for --kind cards only');
      const out = flags.out!;
      if (!/\.pdf$/i.test(out)) throw new UserError(`${out}: the output file must end in .pdf`);
      const fontSize = flags.fontSize === undefined ? undefined : Number(flags.fontSize);
      if (fontSize !== undefined && !(fontSize >= 5 && fontSize <= 24)) throw new UserError(`--font-size must be a number of points between 5 and 24, not \`${flags.fontSize}\``);
      const margin = flags.margin === undefined ? undefined : Number(flags.margin);
      if (margin !== undefined && !(margin >= 0 && margin <= 144)) throw new UserError(`--margin must be a number of points between 0 and 144, not \`${flags.margin}\``);
      if (flags.kind === 'extract' && !list(flags.chapters)?.length) throw new UserError('--kind extract needs --chapters (for example --chapters 3,4)');

      // An option the chosen kind does not use would otherwise be dropped without a word.
      const bookLike = flags.kind === 'book' || flags.kind === 'extract';
      if (flags.chapters && !bookLike) process.stderr.write(`warning: --chapters applies to --kind book and extract; ignored for ${flags.kind}\n`);
      if (flags.categories && bookLike) process.stderr.write(`warning: --categories applies to --kind cards, reference and sheet; ignored for ${flags.kind}\n`);

      const loaded = await loadRulebook(target);
      const linked = linkRulebook(parseRulebook(loaded.source));
      const started = Date.now();
      let lastReport = 0;
      const progress = (done: number, total: number, stage: string) => {
        // Only long exports talk: a card sheet finishes before anyone would read the line.
        if (flags.quiet || Date.now() - started < 1500 || Date.now() - lastReport < 500) return;
        lastReport = Date.now();
        process.stderr.write(`rulebook: ${stage}… ${Math.round((100 * done) / Math.max(1, total))}%\n`);
      };
      let result;
      try {
        result = await exportPdf(
          linked,
          {
            kind: flags.kind as ExportKind,
            paper: flags.paper as Paper,
            source: loaded.source,
            fontSize,
            margins: margin,
            chapters: list(flags.chapters),
            categories: list(flags.categories),
          },
          out,
          progress,
        );
      } catch (error) {
        // A rulebook past what an export handles: one line naming the file and the limit.
        if (error instanceof ExportLimitError) throw new UserError(error.message);
        // Nothing to print is the book's finding, as lint's errors are: exit 1.
        if (error instanceof EmptyHandoutError) throw new UserError(`${path.basename(loaded.target)}: ${error.message}`, 1);
        const code = (error as NodeJS.ErrnoException)?.code;
        if (code) throw new UserError(`${out}: cannot write: ${describeFsError(error)}`);
        // Option values the rulebook does not have (an unknown chapter or category) are the user's to fix.
        if (error instanceof Error && /^no (chapter|skill category)|^margins|^nine cards|^font size|^margin/.test(error.message)) throw new UserError(`${path.basename(loaded.target)}: ${error.message}`);
        throw error;
      }
      for (const warning of result.warnings) process.stderr.write(`warning: ${warning}\n`);
      const seconds = (Date.now() - started) / 1000;
      if (!flags.quiet) process.stderr.write(`rulebook: wrote ${out} (${result.pages} page${result.pages === 1 ? '' : 's'}, ${seconds.toFixed(1)} s)\n`);
    });
}
