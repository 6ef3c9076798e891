/**
 * `rulebook character check <rulebook> <characters…>`: each character's purchases against the book, reported in the
 * linter's formats (exit 1 on errors, 2 on bad input); `--since <old>` keeps what a new edition broke.
 * `rulebook character sheet <rulebook> <characters…> --out x.pdf`: the character sheet filled in, one per character.
 */
import path from 'node:path';
import type { Command } from 'commander';
import { CharacterChecker, type CharacterReport } from '../../../shared/characters/check.js';
import { introducedByEdition } from '../../../shared/characters/since.js';
import type { Character } from '../../../shared/characters/types.js';
import type { LinkedRulebook } from '../../../shared/link/types.js';
import { bookTitle } from '../../../shared/model/book-title.js';
import { nameKey } from '../../../shared/parse/keys.js';
import { loadCharacterFiles, type LoadedCharacterFile } from '../../characters/load.js';
import { writeCharacterSheets } from '../../characters/sheet-pdf.js';
import { analyse } from '../../../shared/analyse/index.js';
import { loadOldVersion } from '../../diff/load-version.js';
import { loadRulebook, type LoadedRulebook } from '../../fs/load-rulebook.js';
import { FORMATS, isLintFormat, renderFindings } from '../../lint/output.js';
import { countFindings } from '../../lint/run-lint.js';
import { UserError } from '../../errors.js';

interface CheckFlags {
  readonly format: string;
  readonly since?: string;
}

interface SheetFlags {
  readonly out: string;
  readonly paper: string;
}

function display(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') ? relative : file;
}

/** The book and every character, each character checked to belong to this book when its file names one. */
async function load(rulebook: string, targets: readonly string[]): Promise<{ loaded: LoadedRulebook; linked: LinkedRulebook; files: LoadedCharacterFile[]; characters: Character[] }> {
  const loaded = await loadRulebook(rulebook);
  const { linked } = analyse(loaded.source);
  // Point rules the check cannot read are bad input: checking with some of them dropped would mislead.
  const bad = linked.model.diagnostics.find((d) => d.code === 'config-invalid' && d.message.startsWith('`characters'));
  if (bad) throw new UserError(`${display(path.resolve(loaded.root, bad.range.file))}: line ${bad.range.start.line}: ${bad.message}`);
  const files = await loadCharacterFiles(targets);
  const title = bookTitle(linked.model);
  const characters: Character[] = [];
  for (const file of files) {
    for (const character of file.characters) {
      if (character.rulebook && nameKey(character.rulebook) !== nameKey(title)) {
        throw new UserError(`${display(file.absolutePath)}: line ${character.nameRange.start.line}: \`${character.name}\` is a character of \`${character.rulebook}\`, not of \`${title}\``);
      }
      characters.push(character);
    }
  }
  return { loaded, linked, files, characters };
}

export async function checkCommand(rulebook: string, targets: readonly string[], flags: CheckFlags): Promise<number> {
  if (!isLintFormat(flags.format)) throw new UserError(`--format must be one of ${FORMATS.join(', ')}, not \`${flags.format}\``);
  const { loaded, linked, characters } = await load(rulebook, targets);
  let reports: CharacterReport[];
  if (flags.since) {
    const old = await loadOldVersion(flags.since, loaded);
    reports = introducedByEdition(old.linked, linked, characters);
  } else {
    const checker = new CharacterChecker(linked);
    reports = characters.map((c) => checker.check(c));
  }
  const results = [{ loaded, linked, findings: reports.flatMap((r) => r.findings) }];
  const color = flags.format === 'stylish' && process.stdout.isTTY === true && !process.env.NO_COLOR;
  process.stdout.write(await renderFindings(results, flags.format, { color }));
  if (flags.since && flags.format === 'stylish') {
    const broken = reports.filter((r) => r.findings.length > 0).map((r) => r.character.name);
    process.stdout.write(broken.length ? `${broken.length} of ${reports.length} characters broken by this edition: ${broken.join(', ')}\n` : `no character of ${reports.length} broken by this edition\n`);
  }
  return countFindings(results).errors > 0 ? 1 : 0;
}

export async function sheetCommand(rulebook: string, targets: readonly string[], flags: SheetFlags): Promise<number> {
  if (!/\.pdf$/i.test(flags.out)) throw new UserError(`${flags.out}: the output file must end in .pdf`);
  if (!['a4', 'letter', 'a5'].includes(flags.paper)) throw new UserError(`--paper must be one of a4, letter, a5, not \`${flags.paper}\``);
  const { loaded, linked, characters } = await load(rulebook, targets);
  const checker = new CharacterChecker(linked);
  const reports = characters.map((c) => checker.check(c));
  const pages = await writeCharacterSheets(linked, reports, { paper: flags.paper as 'a4' | 'letter' | 'a5', source: loaded.source }, flags.out);
  process.stderr.write(`rulebook: wrote ${flags.out} (${reports.length} character${reports.length === 1 ? '' : 's'}, ${pages} page${pages === 1 ? '' : 's'})\n`);
  return 0;
}

export function registerCharacter(program: Command): void {
  const character = program.command('character').description("check characters against a rulebook's skills, costs and prerequisites, and print their sheets");
  character
    .command('check')
    .description('check each character: unknown skills, prerequisites not owned when bought, points overspent, wrong costs, limits per event, skills bought twice')
    .argument('<rulebook>', 'the rulebook: a .md file, or a folder with rulebook.yaml')
    .argument('<characters...>', 'character files (.yaml), or roster folders of them')
    .option('--format <format>', `output: ${FORMATS.join(', ')}`, 'stylish')
    .option('--since <old>', 'report only what an old edition allowed and this one does not: a file or folder, a git revision, or `published`')
    .action(async (rulebook: string, targets: string[], flags: CheckFlags) => {
      process.exitCode = await checkCommand(rulebook, targets, flags);
    });
  character
    .command('sheet')
    .description('print the character sheet filled in: skills with their costs and summaries, points spent and left; one sheet per character')
    .argument('<rulebook>', 'the rulebook: a .md file, or a folder with rulebook.yaml')
    .argument('<characters...>', 'character files (.yaml), or roster folders of them')
    .requiredOption('--out <file.pdf>', 'the PDF file to write')
    .option('--paper <paper>', 'a4, letter or a5', 'a4')
    .action(async (rulebook: string, targets: string[], flags: SheetFlags) => {
      process.exitCode = await sheetCommand(rulebook, targets, flags);
    });
}
