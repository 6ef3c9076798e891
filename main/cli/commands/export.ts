/**
 * `rulebook export <path> --out <file.pdf>`: the book, skill cards, quick reference, character sheet or a chapter
 * extract as PDF; `--kind site --out <folder>` the website, `--kind html --out <file.html>` the same in one file.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { analyse } from '../../../shared/analyse/index.js';
import { EXPORT_KINDS, PAPERS } from '../../../shared/publish/index.js';
import type { ExportKind, Paper } from '../../../shared/publish/types.js';
import { describeFsError, loadRulebook } from '../../fs/load-rulebook.js';
import { EmptyHandoutError, ExportLimitError, exportPdf } from '../../publish/index.js';
import { changesSinceLastPublication } from '../../site/changes.js';
import { makeSiteFiles, type SiteKind } from '../../site/index.js';
import { writeSiteFiles } from '../../site/write.js';
import { UserError } from '../../errors.js';
import { exportCardsPerCategory } from '../../publish/cards-per-category.js';
import { addPrintOptions, printOptionsFrom, type PrintFlags } from './export-print-flags.js';

const WEB_KINDS: readonly SiteKind[] = ['site', 'html'];
const ALL_KINDS = [...EXPORT_KINDS, ...WEB_KINDS];

interface ExportFlags extends PrintFlags {
  out?: string;
  kind: string;
  paper: string;
  chapters?: string;
  categories?: string;
  fontSize?: string;
  margin?: string;
  quiet?: boolean;
}

/** `--out` replaces what is there, as CLIs do (the app asks first), and says so in its closing line. */
const replaced = (replacing: boolean) => (replacing ? 'replaced what was there; ' : '');

const list = (value: string | undefined) => value?.split(',').map((s) => s.trim()).filter(Boolean);

export function registerExport(program: Command): void {
  addPrintOptions(
    program
      .command('export')
    .description('publish a rulebook as PDF (the book, skill cards, a quick reference, a character sheet or a chapter extract) or as a website')
    .argument('<path>', 'a rulebook .md file, or a folder with rulebook.yaml')
    .requiredOption('--out <file.pdf|folder|file.html>', 'the PDF file to write; for --kind site the folder, for --kind html the .html file')
    .option('--kind <kind>', `what to make: ${ALL_KINDS.join(', ')} (site: a static website; html: the same as one file)`, 'book')
    .option('--paper <paper>', `paper size: ${PAPERS.join(', ')} (card: one 63×88 mm card per page)`, 'a4')
    .option('--chapters <list>', 'chapters to include, by number or title, comma separated (book, extract)')
    .option('--categories <list>', 'skill categories to include, comma separated (cards, reference, sheet)')
    .option('--font-size <points>', 'base text size in points')
    .option('--margin <points>', 'page margins in points (all four sides)')
    .option('--quiet', 'print no progress'),
  )
    .action(async (target: string, flags: ExportFlags) => {
      if (!(ALL_KINDS as readonly string[]).includes(flags.kind)) throw new UserError(`--kind must be one of ${ALL_KINDS.join(', ')}, not \`${flags.kind}\``);
      if ((WEB_KINDS as readonly string[]).includes(flags.kind)) return exportWeb(target, flags.kind as SiteKind, flags);
      if (!(PAPERS as readonly string[]).includes(flags.paper)) throw new UserError(`--paper must be one of ${PAPERS.join(', ')}, not \`${flags.paper}\``);
      if (flags.paper === 'card' && flags.kind !== 'cards') throw new UserError('--paper card is for --kind cards only');
      const out = flags.out!;
      if (!/\.pdf$/i.test(out)) throw new UserError(`${out}: the output file must end in .pdf`);
      const fontSize = flags.fontSize === undefined ? undefined : Number(flags.fontSize);
      if (fontSize !== undefined && !(fontSize >= 5 && fontSize <= 24)) throw new UserError(`--font-size must be a number of points between 5 and 24, not \`${flags.fontSize}\``);
      const margin = flags.margin === undefined ? undefined : Number(flags.margin);
      if (margin !== undefined && !(margin >= 0 && margin <= 144)) throw new UserError(`--margin must be a number of points between 0 and 144, not \`${flags.margin}\``);
      const design = printOptionsFrom(flags, flags.kind);
      if (flags.kind === 'extract' && !list(flags.chapters)?.length) throw new UserError('--kind extract needs --chapters (for example --chapters 3,4)');

      // An option the chosen kind does not use would otherwise be dropped without a word.
      const bookLike = flags.kind === 'book' || flags.kind === 'extract';
      if (flags.chapters && !bookLike) process.stderr.write(`warning: --chapters applies to --kind book and extract; ignored for ${flags.kind}\n`);
      if (flags.categories && bookLike) process.stderr.write(`warning: --categories applies to --kind cards, reference and sheet; ignored for ${flags.kind}\n`);

      const loaded = await loadRulebook(target);
      const { linked } = analyse(loaded.source);
      const replacing = existsSync(out);
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
        const options = {
          kind: flags.kind as ExportKind,
          paper: flags.paper as Paper,
          source: loaded.source,
          root: loaded.root,
          fontSize,
          margins: margin,
          chapters: list(flags.chapters),
          categories: list(flags.categories),
          cards: design.cards,
          theme: design.theme,
          columns: design.columns,
        };
        if (flags.kind === 'cards' && (design.perCategory ?? linked.model.config.print?.cards?.perCategory)) {
          const { files, warnings } = await exportCardsPerCategory(linked, options, out, progress);
          for (const warning of warnings) process.stderr.write(`warning: ${warning}\n`);
          if (!flags.quiet) for (const file of files) process.stderr.write(`rulebook: wrote ${file.file} (${file.category}: ${file.pages} page${file.pages === 1 ? '' : 's'})\n`);
          return;
        }
        result = await exportPdf(linked, options, out, progress);
      } catch (error) {
        // A rulebook past what an export handles: one line naming the file and the limit.
        if (error instanceof ExportLimitError) throw new UserError(error.message);
        // Nothing to print is the book's finding, as lint's errors are: exit 1.
        if (error instanceof EmptyHandoutError) throw new UserError(`${path.basename(loaded.target)}: ${error.message}`, 1);
        const code = (error as NodeJS.ErrnoException)?.code;
        if (code) throw new UserError(`${out}: cannot write: ${describeFsError(error)}`);
        // Option values the rulebook does not have (an unknown chapter or category) are the user's to fix.
        if (error instanceof Error && /^no (chapter|skill category)|^margins|^nine cards|^font size|^margin|^card |cards.* do not fit|^`print/.test(error.message)) throw new UserError(`${path.basename(loaded.target)}: ${error.message}`);
        throw error;
      }
      // What the export itself says (the book's unreadable settings first), as the app's Export panel shows it.
      for (const warning of result.warnings) process.stderr.write(`warning: ${warning}\n`);
      const seconds = (Date.now() - started) / 1000;
      if (!flags.quiet) process.stderr.write(`rulebook: wrote ${out} (${replaced(replacing)}${result.pages} page${result.pages === 1 ? '' : 's'}, ${seconds.toFixed(1)} s)\n`);
    });
}

/** The website (a folder) or the single HTML file. PDF options do not apply and are refused rather than dropped. */
async function exportWeb(target: string, kind: SiteKind, flags: ExportFlags): Promise<void> {
  const out = path.resolve(flags.out!);
  if (kind === 'html' && !/\.html?$/i.test(out)) throw new UserError(`${flags.out}: the output file must end in .html`);
  if (kind === 'site' && /\.(html?|pdf|md)$/i.test(out)) throw new UserError(`${flags.out}: --kind site writes a folder; name a folder, not a file`);
  for (const option of ['chapters', 'categories', 'fontSize', 'margin'] as const) {
    if (flags[option] !== undefined) process.stderr.write(`warning: --${option.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} applies to PDF exports; ignored for ${kind}\n`);
  }
  const started = Date.now();
  const loaded = await loadRulebook(target);
  const { linked } = analyse(loaded.source);
  const replacing = existsSync(out);
  const made = await makeSiteFiles(linked, loaded.source, kind, out, await changesSinceLastPublication(loaded, linked));
  await writeSiteFiles(made.files);
  for (const warning of made.warnings) process.stderr.write(`warning: ${warning}\n`);
  const seconds = (Date.now() - started) / 1000;
  if (!flags.quiet) {
    const what = kind === 'site' ? `${made.pages} page${made.pages === 1 ? '' : 's'}; open ${path.join(flags.out!, 'index.html')}` : '1 page';
    process.stderr.write(`rulebook: wrote ${flags.out} (${replaced(replacing)}${what}, ${seconds.toFixed(1)} s)\n`);
  }
}
