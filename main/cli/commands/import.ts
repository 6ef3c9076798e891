/** `rulebook import <file> --out <dir|file.md>`: converts an existing rulebook (.txt, .md, .mdx, .html, .docx) into the dialect, with a report of what to check. */
import path from 'node:path';
import type { Command } from 'commander';
import { formatReport, importRulebook } from '../../../shared/import/index.js';
import { display, readImportSource } from '../../import/read-source.js';
import { resolveOutput, writeOutput } from '../../import/write-output.js';
import { UserError } from '../../errors.js';

export function registerImport(program: Command): void {
  program
    .command('import')
    .description('convert an existing rulebook (text from a PDF or wiki, Word .docx, .html, .md) into a rulebook .md')
    .argument('<file>', 'the rulebook to import: .txt, .md, .mdx, .html or .docx')
    .requiredOption('--out <path>', 'a .md file to write, or a folder (receives rulebook.md)')
    .option('--force', 'replace the output file when it exists', false)
    .option('--report <format>', 'the import report on stderr: text or json', 'text')
    .action(async (file: string, options: { out: string; force: boolean; report: string }) => {
      if (options.report !== 'text' && options.report !== 'json') throw new UserError(`--report must be text or json, not \`${options.report}\``);
      // A mistaken --out is told before the import's work, not after it.
      const target = await resolveOutput(options.out);
      const absolute = path.resolve(file);
      const source = await readImportSource(absolute);
      const name = path.basename(absolute).replace(/\.[^.]+$/, '');
      const { markdown, report } = importRulebook(source.text, { format: source.format, name });
      // An empty file (or a page or document with no text) would otherwise be "imported" as a title alone.
      if (!hasBody(markdown)) throw new UserError(`${display(absolute)}: has no text to import`);
      await writeOutput(target, markdown, options.force);
      const where = display(absolute);
      if (options.report === 'json') process.stderr.write(`${JSON.stringify({ ...report, notes: source.notes }, null, 2)}\n`);
      else {
        process.stderr.write(formatReport(report, where));
        for (const note of source.notes) process.stderr.write(`  ${where}: note: ${note}\n`);
      }
      process.stdout.write(`Wrote ${display(target)}\n`);
    });
}

/** Whether the imported Markdown holds anything after its front matter. */
function hasBody(markdown: string): boolean {
  return markdown.replace(/^---\n[\s\S]*?\n---\n/, '').trim() !== '';
}
