/** Paper sizes, margins and the type scale an export uses, derived from its options. */
import type { ExportOptions, Margins, Paper } from './types.js';

const MM = 72 / 25.4;

/** Paper sizes in points (width, height). Card is the poker-card size players know: 63 × 88 mm. */
export const PAPER_SIZES: Readonly<Record<Paper, readonly [number, number]>> = {
  a4: [595.28, 841.89],
  letter: [612, 792],
  a5: [419.53, 595.28],
  card: [63 * MM, 88 * MM],
};

export const CARD_WIDTH = 63 * MM;
export const CARD_HEIGHT = 88 * MM;

export interface PageSetup {
  readonly width: number;
  readonly height: number;
  readonly margins: Margins;
  /** Body text size and leading. */
  readonly fontSize: number;
  readonly leading: number;
  readonly contentWidth: number;
  readonly contentTop: number;
  readonly contentBottom: number;
}

function defaultMargins(paper: Paper): Margins {
  switch (paper) {
    case 'a5':
      return { top: 48, right: 40, bottom: 48, left: 44 };
    case 'card':
      return { top: 10, right: 10, bottom: 10, left: 10 };
    case 'a4':
    case 'letter':
      return { top: 62, right: 60, bottom: 62, left: 66 };
  }
}

/** Checks option values (a programmer's or configuration error throws, naming the value) and fills defaults. */
export function pageSetup(options: ExportOptions): PageSetup {
  const size = PAPER_SIZES[options.paper];
  if (!size) throw new Error(`unknown paper \`${String(options.paper)}\` (a4, letter, a5 or card)`);
  const [width, height] = size;
  const base = defaultMargins(options.paper);
  const given = typeof options.margins === 'number' ? { top: options.margins, right: options.margins, bottom: options.margins, left: options.margins } : options.margins ?? {};
  const margins: Margins = { ...base, ...given };
  for (const [side, value] of Object.entries(margins)) {
    if (!Number.isFinite(value) || value < 0) throw new Error(`margin ${side} must be a number of points ≥ 0, not ${value}`);
  }
  if (margins.left + margins.right > width * 0.6 || margins.top + margins.bottom > height * 0.6) {
    throw new Error(`margins leave too little room on ${options.paper} paper`);
  }
  const fontSize = options.fontSize ?? (options.paper === 'a5' ? 9 : options.paper === 'card' ? 7.5 : 10);
  if (!Number.isFinite(fontSize) || fontSize < 5 || fontSize > 24) throw new Error(`font size must be between 5 and 24 points, not ${fontSize}`);
  return {
    width,
    height,
    margins,
    fontSize,
    leading: Math.round(fontSize * 1.38 * 100) / 100,
    contentWidth: width - margins.left - margins.right,
    contentTop: margins.top,
    contentBottom: height - margins.bottom,
  };
}

/** Colours of the house style: near-black text, a restrained accent for headings and rules. */
export const COLORS = {
  text: '#1d1d1f',
  muted: '#5f6368',
  accent: '#7a2e1f',
  rule: '#b9b2a6',
  link: '#1f4e79',
  unresolved: '#b3261e',
  fill: '#f3efe7',
  cut: '#888888',
} as const;
