/** The export's design flags (cards' size, bleed, backs and one file per category; the theme), each over rulebook.yaml's `print:` block. */
import type { Command } from 'commander';
import { CARD_BACKS, CARD_SIZES, type CardBacks, type CardOptions } from '../../../shared/publish/cards.js';
import { THEME_NAMES } from '../../../shared/publish/print-settings.js';
import { UserError } from '../../errors.js';

export interface PrintFlags {
  cardSize?: string;
  bleed?: string;
  backs?: string;
  perCategory?: boolean;
  theme?: string;
  columns?: string;
}

export function addPrintOptions(command: Command): Command {
  return command
    .option('--card-size <size>', `cards: ${Object.keys(CARD_SIZES).join(', ')} or width×height in mm (60x90); default poker`)
    .option('--bleed <mm>', 'cards: picture beyond the cut line, in mm (0 to 10); default 3')
    .option('--backs <edge>', `cards: ${CARD_BACKS.join(', ')} (print backs for a duplex printer flipping on the long or short edge)`)
    .option('--per-category', 'cards: one PDF per category, named after --out (cards-curses.pdf)')
    .option('--theme <theme>', `the look: ${THEME_NAMES.join(', ')}; default classic`)
    .option('--columns <n>', 'book and extract: 1 or 2 columns of text; default 2 on A4 and Letter, 1 on A5');
}

/** Checks the flags (one line naming the flag at fault) and turns them into export options; undefined where not given. */
export function printOptionsFrom(flags: PrintFlags, kind: string): { cards?: CardOptions; theme?: string; perCategory?: boolean; columns?: 1 | 2 } {
  if (flags.columns !== undefined && flags.columns !== '1' && flags.columns !== '2') throw new UserError(`--columns must be 1 or 2, not \`${flags.columns}\``);
  const columns = flags.columns === undefined ? undefined : (Number(flags.columns) as 1 | 2);
  if (columns !== undefined && kind !== 'book' && kind !== 'extract') process.stderr.write(`warning: --columns applies to --kind book and extract; ignored for ${kind}\n`);
  const bleed = flags.bleed === undefined ? undefined : Number(flags.bleed);
  if (bleed !== undefined && !(bleed >= 0 && bleed <= 10)) throw new UserError(`--bleed must be a number of millimetres from 0 to 10, not \`${flags.bleed}\``);
  if (flags.backs !== undefined && !(CARD_BACKS as readonly string[]).includes(flags.backs)) throw new UserError(`--backs must be one of ${CARD_BACKS.join(', ')}, not \`${flags.backs}\``);
  if (flags.theme !== undefined && !(THEME_NAMES as readonly string[]).includes(flags.theme)) throw new UserError(`--theme must be one of ${THEME_NAMES.join(', ')}, not \`${flags.theme}\``);
  const cardFlags = ['cardSize', 'bleed', 'backs', 'perCategory'] as const;
  if (kind !== 'cards') {
    for (const flag of cardFlags) if (flags[flag] !== undefined) process.stderr.write(`warning: --${flag.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} applies to --kind cards; ignored for ${kind}\n`);
  }
  const cards: CardOptions = { size: flags.cardSize, bleed, backs: flags.backs as CardBacks | undefined };
  return { cards, theme: flags.theme, perCategory: flags.perCategory, columns };
}
