/**
 * Files whose text the book already holds in other files. Exported SRDs keep the whole book in one file beside its
 * chapters split out (the GUMSHOE SRD's `srd/GumshoeSRD.md` beside `srd/5-Introduction.md`…), or a second copy of
 * the whole (Draw Steel's `Heroes.md` and `Heroes - Unlinked.md`): listed together, every entry is read twice, and
 * each is reported as defined twice. `rulebook init` leaves such files out of `files:`.
 *
 * Files are compared by their lines of prose (long lines with many letters: no table rule, no heading alone). A file
 * most of whose prose stands in other files repeats them: held by smaller files, two or more, it is a compilation of
 * them, and is left out (the split files are the book's parts); held by one file, it is a copy or a part of that file,
 * and is left out unless that file is itself left out as a compilation. Of two copies of each other, the later is
 * left out.
 */
import { splitFrontMatter } from '../parse/config.js';

export interface RepeatedFile {
  readonly path: string;
  /** The files that hold its text: the parts it compiles, or the one it copies. */
  readonly within: readonly string[];
  readonly kind: 'compilation' | 'copy';
}

/** Lines shorter than this, or with fewer letters, are too common to tell files apart (a table's rule, "Example:"). */
const PROSE_LINE = 60;
const PROSE_LETTERS = 40;
/** A file with fewer prose lines is too short to judge. */
const LEAST_LINES = 10;
/** The share of a file's prose lines other files must hold for it to repeat them. */
const REPEATED_SHARE = 0.9;

function proseLines(text: string): Set<string> {
  const lines = new Set<string>();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.length < PROSE_LINE) continue;
    let letters = 0;
    for (const ch of line) if (/\p{L}/u.test(ch) && ++letters >= PROSE_LETTERS) break;
    if (letters >= PROSE_LETTERS) lines.add(line);
  }
  return lines;
}

/** The files of `files` (in book order) that repeat others, each with what holds its text. */
export function repeatedFiles(files: readonly { readonly path: string; readonly text: string }[]): RepeatedFile[] {
  if (files.length < 2) return [];
  const lines = files.map((f) => proseLines(f.text));
  const holders = new Map<string, number[]>();
  lines.forEach((set, i) => {
    for (const line of set) {
      const list = holders.get(line);
      if (list) list.push(i);
      else holders.set(line, [i]);
    }
  });
  // For each file that repeats others: how many of its lines each other file holds, and how many smaller files hold.
  const repeats = new Map<number, Map<number, number>>();
  const compilations = new Set<number>();
  lines.forEach((set, i) => {
    if (set.size < LEAST_LINES) return;
    const byFile = new Map<number, number>();
    let elsewhere = 0;
    let inSmaller = 0;
    for (const line of set) {
      const others = holders.get(line)!.filter((j) => j !== i);
      if (others.length) elsewhere++;
      if (others.some((j) => lines[j].size < set.size)) inSmaller++;
      for (const j of others) byFile.set(j, (byFile.get(j) ?? 0) + 1);
    }
    if (elsewhere < set.size * REPEATED_SHARE) return;
    repeats.set(i, byFile);
    const smaller = [...byFile.keys()].filter((j) => lines[j].size < set.size).length;
    if (inSmaller >= set.size * REPEATED_SHARE && smaller >= 2) compilations.add(i);
  });
  /** The one file that holds most of file i's lines, or -1 when none holds nearly all of them. */
  const heldBy = (i: number): number => {
    const byFile = repeats.get(i)!;
    let best = -1;
    for (const [j, count] of byFile) if (count >= lines[i].size * REPEATED_SHARE && (best === -1 || count > byFile.get(best)!)) best = j;
    return best;
  };
  const out: RepeatedFile[] = [];
  files.forEach((file, i) => {
    if (!repeats.has(i)) return;
    if (compilations.has(i)) {
      const parts = [...repeats.get(i)!.keys()].filter((j) => lines[j].size < lines[i].size && !compilations.has(j)).map((j) => files[j].path);
      out.push({ path: file.path, within: parts, kind: 'compilation' });
      return;
    }
    // Spread over files that are not its parts, or a part of a compilation (which is left out): the file stays.
    const holder = heldBy(i);
    if (holder === -1 || compilations.has(holder)) return;
    // Copies of each other: the earlier one stays; both, when each names its own entry (13th Age's `Hoard-Spirit.md`
    // has the `Greathoard-Elder.md`'s text word for word, its statblock's name aside).
    if (repeats.has(holder) && heldBy(holder) === i && (holder > i || titleOf(file) !== titleOf(files[holder]))) return;
    out.push({ path: file.path, within: [files[holder].path], kind: 'copy' });
  });
  return out;
}

/** What a file names itself: its front matter's `title:` or `name:`, else its file's name (`Hoard-Spirit`). */
function titleOf(file: { readonly path: string; readonly text: string }): string {
  const front = splitFrontMatter(file.text);
  const named = front && /^(?:title|name):[ \t]*(.+)$/m.exec(front.yaml);
  return named ? named[1].trim() : file.path.slice(file.path.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '');
}
