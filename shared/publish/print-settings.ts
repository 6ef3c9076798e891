/**
 * The `print:` block of rulebook.yaml or the front matter (theme, columns, cover, cards) and the `sheet:` block, read
 * once while the config is read (shared/parse/config.ts) into PrintSettings and SheetSettings: every problem names
 * its key, for a config-invalid finding, and the value at fault is left out. The one reader of these settings; the
 * planners read the result (`config.print`), with the command line's options over it.
 */
import type { PrintSettings, RulebookConfig, SheetSettings } from '../model/types.js';

export interface PrintSettingProblem {
  readonly key: string;
  readonly message: string;
}

/** How the backs are laid out: none, or for a duplex printer that flips the sheet on its long or its short edge. */
export type CardBacks = 'none' | 'long' | 'short';
export const CARD_BACKS: readonly CardBacks[] = ['none', 'long', 'short'];

/** The card options an export takes (rulebook.yaml `print.cards`, or the command line's flags over it; shared/publish/cards.ts). */
export interface CardOptions {
  /** `poker` (default), `bridge`, `tarot`, `mini`, or `WxH` in millimetres (`60x90`). */
  readonly size?: string;
  /** Millimetres of picture beyond the cut line on every side, so a cut a little off leaves no white edge. Default 3. */
  readonly bleed?: number;
  readonly backs?: CardBacks;
  /** Only the skills whose own category (the heading right above them) is this one: one PDF per category. */
  readonly category?: string;
}

/** The theme names a book may choose (shared/publish/themes.ts defines them; listed here so reading stays a leaf). */
export const THEME_NAMES = ['classic', 'modern', 'parchment'] as const;

const PRINT_KEYS = ['theme', 'columns', 'cover', 'cards'] as const;
const CARD_KEYS = ['size', 'bleed', 'backs', 'perCategory'] as const;

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function given(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/** Undefined when the book has no `print:` block, or one that is no mapping (reported). */
export function readPrintSettings(value: unknown, problems: PrintSettingProblem[]): PrintSettings | undefined {
  if (!given(value)) return undefined;
  if (!isMapping(value)) {
    problems.push({ key: 'print', message: `\`print\` must be a mapping of print settings (${PRINT_KEYS.join(', ')})` });
    return undefined;
  }
  const out: { theme?: string; columns?: 1 | 2; cover?: string; cards?: PrintSettings['cards'] } = {};
  if (given(value.theme)) {
    if (typeof value.theme === 'string' && (THEME_NAMES as readonly string[]).includes(value.theme)) out.theme = value.theme;
    else problems.push({ key: 'print.theme', message: `\`print.theme\` must be one of ${THEME_NAMES.join(', ')}` });
  }
  if (given(value.columns)) {
    if (value.columns === 1 || value.columns === 2) out.columns = value.columns;
    else problems.push({ key: 'print.columns', message: `\`print.columns\` must be 1 or 2, not \`${String(value.columns)}\`` });
  }
  if (given(value.cover)) {
    if (typeof value.cover === 'string' && value.cover.trim()) out.cover = value.cover.trim();
    else problems.push({ key: 'print.cover', message: '`print.cover` must be the path of a PNG or JPEG file in the rulebook’s folder' });
  }
  const cardSettings = cards(value.cards, problems);
  if (cardSettings) out.cards = cardSettings;
  return out;
}

function cards(value: unknown, problems: PrintSettingProblem[]): PrintSettings['cards'] {
  if (!given(value)) return undefined;
  if (!isMapping(value)) {
    problems.push({ key: 'print.cards', message: `\`print.cards\` must be a mapping (${CARD_KEYS.join(', ')})` });
    return undefined;
  }
  for (const name of Object.keys(value)) {
    if (!(CARD_KEYS as readonly string[]).includes(name)) problems.push({ key: `print.cards.${name}`, message: `\`print.cards.${name}\` is not a setting; expected one of ${CARD_KEYS.join(', ')}` });
  }
  const out: { size?: string; bleed?: number; backs?: CardBacks; perCategory?: boolean } = {};
  if (given(value.size)) {
    if (typeof value.size === 'string') out.size = value.size;
    else problems.push({ key: 'print.cards.size', message: '`print.cards.size` must be poker, bridge, tarot, mini or width×height in mm (60x90)' });
  }
  if (given(value.bleed)) {
    if (typeof value.bleed === 'number' && value.bleed >= 0 && value.bleed <= 10) out.bleed = value.bleed;
    else problems.push({ key: 'print.cards.bleed', message: '`print.cards.bleed` must be a number of millimetres from 0 to 10' });
  }
  if (given(value.backs)) {
    // YAML reads a bare `no` or `false` as false: no backs.
    if (value.backs === false) out.backs = 'none';
    else if (value.backs === 'none' || value.backs === 'long' || value.backs === 'short') out.backs = value.backs;
    else problems.push({ key: 'print.cards.backs', message: '`print.cards.backs` must be none, long or short (the edge a duplex printer flips the sheet on)' });
  }
  if (given(value.perCategory)) {
    if (typeof value.perCategory === 'boolean') out.perCategory = value.perCategory;
    else problems.push({ key: 'print.cards.perCategory', message: '`print.cards.perCategory` must be true or false' });
  }
  return out;
}

/** The body's columns: the options', else `print.columns`, else undefined (the paper's default: page-setup.ts). */
export function declaredColumns(config: RulebookConfig, options: { readonly columns?: 1 | 2 }): 1 | 2 | undefined {
  return options.columns ?? config.print?.columns;
}

/** Undefined when the book has no `sheet:` block. */
export function readSheetSettings(value: unknown, problems: PrintSettingProblem[]): SheetSettings | undefined {
  if (!given(value)) return undefined;
  if (!isMapping(value) || Object.keys(value).some((k) => k !== 'fields')) {
    problems.push({ key: 'sheet', message: '`sheet` must be a mapping with `fields`: a list of field names (Character, Player, Faction…)' });
    return undefined;
  }
  const fields = value.fields;
  if (!given(fields)) return undefined;
  if (!Array.isArray(fields) || fields.length === 0 || fields.some((f) => typeof f !== 'string' || !f.trim())) {
    problems.push({ key: 'sheet.fields', message: '`sheet.fields` must be a list of field names (Character, Player, Faction…)' });
    return undefined;
  }
  if (fields.length > 12) {
    problems.push({ key: 'sheet.fields', message: '`sheet.fields` has room for 12 fields at most' });
    return undefined;
  }
  return { fields: fields.map((f: string) => f.trim()) };
}
