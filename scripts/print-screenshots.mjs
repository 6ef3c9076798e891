/**
 * Pictures of printed pages for docs/screenshots/ (the book, its themes and columns, cards and their backs, the
 * quick reference): each PDF exported by the CLI, the chosen page rendered by pdftoppm at 80 dpi (an A4 page is
 * 662 × 936 pixels) and cut to 64 colours by ImageMagick (a page of text is a third the size, and reads the same).
 * Run by hand (not in CI): `node scripts/print-screenshots.mjs`. Needs poppler-utils and ImageMagick.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'docs/screenshots');
const FUNJERAI = 'rulebooks/funjerai.md';
const NOVITAS = 'rulebooks/kingdoms-of-novitas';
/** A picture larger than this is a sign the page was badly chosen (or rendered too large) for the docs. */
const MAX_BYTES = 200_000;

/** Name of the picture, the rulebook, export options, the page to show. */
const SHOTS = [
  ['funjerai-book-title', FUNJERAI, [], 1],
  ['funjerai-book-contents', FUNJERAI, [], 2],
  ['funjerai-book-skills', FUNJERAI, [], 4],
  ['funjerai-book-index', FUNJERAI, [], 'last'],
  ['funjerai-book-parchment', FUNJERAI, ['--theme', 'parchment'], 3],
  ['funjerai-cards', FUNJERAI, ['--kind', 'cards'], 6],
  ['funjerai-card-backs', FUNJERAI, ['--kind', 'cards', '--backs', 'long'], 2],
  ['funjerai-reference', FUNJERAI, ['--kind', 'reference'], 1],
  ['kingdoms-of-novitas-columns', NOVITAS, [], 11],
  ['kingdoms-of-novitas-cards', NOVITAS, ['--kind', 'cards'], 6],
];

const work = mkdtempSync(path.join(tmpdir(), 'rulebook-print-shots-'));
try {
  for (const [name, book, options, page] of SHOTS) {
    const pdf = path.join(work, `${name}.pdf`);
    // Its warnings (the samples' real defects) are the export's business, not this script's.
    execFileSync(process.execPath, [path.join(ROOT, 'bin/rulebook.mjs'), 'export', book, '--out', pdf, '--quiet', ...options], { cwd: ROOT, stdio: 'pipe' });
    const pages = Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))[1]);
    const n = page === 'last' ? pages : page;
    const stem = path.join(work, name);
    execFileSync('pdftoppm', ['-png', '-r', '80', '-f', String(n), '-l', String(n), '-singlefile', pdf, stem]);
    const target = path.join(OUT, `${name}.png`);
    execFileSync('convert', [`${stem}.png`, '-colors', '64', '-define', 'png:compression-level=9', target]);
    const bytes = statSync(target).size;
    console.log(`${path.relative(ROOT, target)}: page ${n} of ${pages}, ${Math.round(bytes / 1000)} KB`);
    if (bytes > MAX_BYTES) console.warn(`  larger than ${MAX_BYTES / 1000} KB`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
