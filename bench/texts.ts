/**
 * The texts the suites measure and the parsers they measure against. "The CR" is the 2020-07-03 edition of the
 * Comprehensive Rules in tests/fixtures/corpus/mtg-comprehensive-rules, imported to Markdown (see fixtures/README.md).
 */
import { readFileSync } from 'node:fs';
import MarkdownIt from 'markdown-it';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { importRulebook } from '../shared/import/index.js';

export const CR_EDITION = 'MagicCompRules-2020-07-03.txt';
export const CR_FILE = new URL(`../tests/fixtures/corpus/mtg-comprehensive-rules/${CR_EDITION}`, import.meta.url);

let cr: string | undefined;

/** The CR as Markdown (imported once per process). */
export function crMarkdown(): string {
  cr ??= importRulebook(readFileSync(CR_FILE, 'utf8'), { format: 'txt' }).markdown;
  return cr;
}

/** "0.74 MB" */
export function size(text: string | number): string {
  const n = typeof text === 'number' ? text : text.length;
  return n >= 1e5 ? `${(n / 1e6).toFixed(2)} MB` : `${(n / 1e3).toFixed(0)} KB`;
}

/**
 * `copies` copies of the CR as one book: the first as it is, each further one with its chapters, sections and
 * rules renumbered after the previous copy's (chapters 10–18, sections 1000–1805 and rules 1000.1a… for the
 * second), so numbering stays one unbroken sequence and lint finds in N copies exactly N times what it finds in
 * one (the same empty section in each); unnumbered chapters (Introduction, Glossary, Credits) get ", part N".
 * Cross references in the text are left as they are: they resolve, to the first copy.
 */
export function crCopies(copies: number): string {
  const markdown = crMarkdown();
  const body = markdown.slice(markdown.indexOf('\n# ') + 1);
  const parts = [markdown];
  for (let k = 2; k <= copies; k++) {
    const shift = 9 * (k - 1);
    const section = (n: string) => String((Math.floor(Number(n) / 100) + shift) * 100 + (Number(n) % 100));
    parts.push(
      body
        .split('\n')
        .map((line) =>
          line
            .replace(/^# (\d+)\. /, (_, c: string) => `# ${Number(c) + shift}. `)
            .replace(/^# (?!\d)(.*)$/, `# $1, part ${k}`)
            .replace(/^## (\d{3})\. /, (_, n: string) => `## ${section(n)}. `)
            .replace(/^(\d{3})\.(?=\d)/, (_, n: string) => `${section(n)}.`),
        )
        .join('\n'),
    );
  }
  return parts.join(markdown.endsWith('\n') ? '\n' : '\n\n');
}

// ---------------------------------------------------------------------------------------------------------------
// Baselines

const withGfm = unified().use(remarkParse).use(remarkGfm);
const withoutGfm = unified().use(remarkParse);
const markdownIt = new MarkdownIt({ linkify: true });

/**
 * The parsers the project's parse is compared to, each over the whole text of every file (no chunking, no
 * memo). The project parses in chunks and runs remark-gfm only on chunks that may hold a GFM construct
 * (shared/parse/markdown.ts, mayHoldGfm): remark+GFM is what it would cost to read the text as GFM,
 * remark alone what it costs when no chunk had any GFM; markdown-it (tables, strikethrough and linkify on,
 * tokens only) is a yardstick from outside the unified world.
 */
export const BASELINES = {
  remarkGfm: { name: 'remark-parse + remark-gfm', parse: (text: string) => withGfm.parse(text) },
  remark: { name: 'remark-parse, no GFM', parse: (text: string) => withoutGfm.parse(text) },
  markdownIt: { name: 'markdown-it', parse: (text: string) => markdownIt.parse(text, {}) },
} as const;
