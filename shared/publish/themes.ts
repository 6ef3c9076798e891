/**
 * Themes: the same plan in another dress. A theme maps the planner's faces and house colours to its own, and the
 * planner measures with the mapped faces (themedMeasure), so lines are broken for the font that is drawn; the pages
 * are then dressed (themedSink): faces and colours swapped, a pale page tint, ornaments. Every colour is light or
 * ink on white paper: no dark fills, so any office printer prints a theme as well as the plain book.
 */
import type { LinkedRulebook } from '../link/types.js';
import { COLORS } from './page-setup.js';
import { THEME_NAMES } from './print-settings.js';
import type { Color, DrawOp, ExportOptions, FontFace, MeasureText, PageSink } from './types.js';

export type ThemeName = (typeof THEME_NAMES)[number];
export { THEME_NAMES };

export interface Theme {
  readonly name: ThemeName;
  /** The face drawn for each face the planner asks for. */
  readonly faces: Readonly<Record<FontFace, FontFace>>;
  /** The colour drawn for each house colour (page-setup's COLORS); colours not listed are kept. */
  readonly colors: Readonly<Record<string, Color>>;
  /** A pale tint under the book's pages (never a dark fill), or null for white paper. */
  readonly pageTint: Color | null;
  /** Ornamental rules under chapter titles and flourishes either side of the page number. */
  readonly ornaments: boolean;
  /** A chapter's first paragraph opens with a drop cap (planned in typeset.ts, as it changes the lines beside it). */
  readonly dropCaps: boolean;
}

const SAME: Readonly<Record<FontFace, FontFace>> = {
  serif: 'serif',
  'serif-bold': 'serif-bold',
  'serif-italic': 'serif-italic',
  'serif-bold-italic': 'serif-bold-italic',
  sans: 'sans',
  'sans-bold': 'sans-bold',
  'sans-italic': 'sans-italic',
  'sans-bold-italic': 'sans-bold-italic',
  mono: 'mono',
};

export const THEMES: Readonly<Record<ThemeName, Theme>> = {
  /** Today's look: Source Serif text, Source Sans headings, a brick-red accent. */
  classic: { name: 'classic', faces: SAME, colors: {}, pageTint: null, ornaments: false, dropCaps: false },
  /** All Source Sans, a teal accent and cool greys: a contemporary rulebook. */
  modern: {
    name: 'modern',
    faces: { ...SAME, serif: 'sans', 'serif-bold': 'sans-bold', 'serif-italic': 'sans-italic', 'serif-bold-italic': 'sans-bold-italic' },
    colors: { [COLORS.accent]: '#0b6e69', [COLORS.rule]: '#b8c7c6', [COLORS.fill]: '#e8f1f0', [COLORS.muted]: '#5a6670', [COLORS.link]: '#14507a' },
    pageTint: null,
    ornaments: false,
    dropCaps: false,
  },
  /** All Source Serif, sepia inks on a pale parchment tint, ornamental rules, drop caps: an old book of lore. */
  parchment: {
    name: 'parchment',
    faces: { ...SAME, sans: 'serif', 'sans-bold': 'serif-bold', 'sans-italic': 'serif-italic', 'sans-bold-italic': 'serif-bold-italic' },
    colors: { [COLORS.text]: '#2b2118', [COLORS.accent]: '#7b3f1d', [COLORS.rule]: '#c6b38e', [COLORS.fill]: '#efe2c4', [COLORS.muted]: '#6e5c47', [COLORS.link]: '#5a3a12' },
    pageTint: '#fbf5e6',
    ornaments: true,
    dropCaps: true,
  },
};

/** The theme an export uses: the options' (`--theme`), else rulebook.yaml's `print.theme`, else classic. */
export function themeOf(linked: LinkedRulebook, options: ExportOptions): Theme {
  const name = options.theme ?? linked.model.config.print?.theme ?? 'classic';
  const theme = (THEMES as Readonly<Record<string, Theme>>)[name];
  if (!theme) throw new Error(`theme must be one of ${THEME_NAMES.join(', ')}, not \`${name}\``);
  return theme;
}

/** Measures as the theme draws: the planner asks for `serif`, the modern theme draws (and so measures) `sans`. */
export function themedMeasure(theme: Theme, measure: MeasureText): MeasureText {
  if (theme.faces === SAME) return measure;
  return (text, font, size) => measure(text, theme.faces[font], size);
}

/** Hands each page on dressed in the theme: faces and colours swapped, and for a book the tint and ornaments. */
export function themedSink(theme: Theme, sink: PageSink, book: boolean, measure: MeasureText): PageSink {
  if (theme.name === 'classic') return sink;
  return (page, width, height) => sink({ ...page, ops: dress(theme, page.ops, width, height, book, measure) }, width, height);
}

function color(theme: Theme, value: Color): Color {
  return theme.colors[value] ?? value;
}

function dress(theme: Theme, ops: readonly DrawOp[], width: number, height: number, book: boolean, measure: MeasureText): DrawOp[] {
  const out: DrawOp[] = [];
  if (book && theme.pageTint) out.push({ kind: 'rect', x: 0, y: 0, w: width, h: height, fill: theme.pageTint });
  for (const op of ops) {
    switch (op.kind) {
      case 'text':
        out.push({ ...op, font: theme.faces[op.font], color: color(theme, op.color) });
        if (book && theme.ornaments && isPageNumber(op, height)) flourish(out, op, theme);
        break;
      case 'line':
        // The accent rule under a chapter's title, as wide as its column, becomes an ornamental rule.
        if (book && theme.ornaments && op.y1 === op.y2 && op.width >= 1.2 && op.color === COLORS.accent && op.x2 - op.x1 > width / 4) ornamentalRule(out, op, theme, measure);
        else out.push({ ...op, color: color(theme, op.color) });
        break;
      case 'rect':
        out.push({ ...op, ...(op.fill ? { fill: color(theme, op.fill) } : {}), ...(op.stroke ? { stroke: color(theme, op.stroke) } : {}) });
        break;
      case 'link':
      case 'anchor':
      case 'image':
        out.push(op);
        break;
    }
  }
  return out;
}

/** The page number: a short run of digits in the footer. */
function isPageNumber(op: Extract<DrawOp, { kind: 'text' }>, height: number): boolean {
  return op.y > height - 60 && /^\d{1,4}$/.test(op.text);
}

/** Small diamonds either side of the page number. */
function flourish(out: DrawOp[], op: Extract<DrawOp, { kind: 'text' }>, theme: Theme): void {
  const size = op.size * 0.55;
  const gap = op.size * 0.6;
  const mark = (x: number): DrawOp => ({ kind: 'text', x, y: op.y - op.size * 0.12, text: '◆', font: 'serif', size, color: color(theme, COLORS.accent), width: size * 0.7 });
  out.push(mark(op.x - gap - size * 0.7), mark(op.x + op.width + gap));
}

/** A rule that thins out to a diamond in its middle: two hairlines, a diamond, and a dot beyond each. */
function ornamentalRule(out: DrawOp[], op: Extract<DrawOp, { kind: 'line' }>, theme: Theme, measure: MeasureText): void {
  const ink = color(theme, COLORS.accent);
  const size = 9;
  const diamond = measure('◆', 'serif', size);
  const mid = (op.x1 + op.x2) / 2;
  const y = op.y1;
  out.push({ kind: 'line', x1: op.x1, y1: y, x2: mid - diamond, y2: y, width: 0.6, color: ink });
  out.push({ kind: 'line', x1: mid + diamond, y1: y, x2: op.x2, y2: y, width: 0.6, color: ink });
  out.push({ kind: 'line', x1: op.x1, y1: y + 2, x2: mid - diamond * 2, y2: y + 2, width: 0.3, color: ink });
  out.push({ kind: 'line', x1: mid + diamond * 2, y1: y + 2, x2: op.x2, y2: y + 2, width: 0.3, color: ink });
  out.push({ kind: 'text', x: mid - diamond / 2, y: y + size * 0.36, text: '◆', font: 'serif', size, color: ink, width: diamond });
}
