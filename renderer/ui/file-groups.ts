/**
 * The Files list of a book kept in folders: its files in book order, in runs by folder, each file shown by its name.
 * A vault's thousand pages all start `Compendium/13A/…`, so whole paths, cut to the list's width, could not be told
 * apart; a folder is named below what every file shares ("Bestiary/Aberration" rather than
 * "Compendium/13A/Bestiary/Aberration").
 */

export interface FileEntry {
  /** Rulebook-relative path: what the file is opened by. */
  readonly path: string;
  /** The file's own name, shown in the list. */
  readonly name: string;
}

export interface FileGroup {
  /** The folder below the folders every file shares ("Bestiary/Aberration"); null for the files at the top. */
  readonly folder: string | null;
  /** How it is shown: below the folder of a group above that holds it ("Aberration" under "Bestiary"), else whole. */
  readonly label: string;
  /** How many groups above hold it: it is shown that many steps in. */
  readonly depth: number;
  readonly files: readonly FileEntry[];
}

const MARKDOWN = /\.(?:md|markdown|mdx)$/i;
const folderOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');

/** The folders every path stands in, with the closing slash ("Compendium/13A/"); empty when some file is at the top. */
function sharedFolders(paths: readonly string[]): string {
  let shared = paths.length ? folderOf(paths[0]).split('/').filter(Boolean) : [];
  for (const path of paths) {
    const folders = folderOf(path).split('/');
    let same = 0;
    while (same < shared.length && shared[same] === folders[same]) same++;
    shared = shared.slice(0, same);
  }
  return shared.length ? `${shared.join('/')}/` : '';
}

/**
 * The paths in runs of one folder, in the order given. A book with all its chapters in one folder is one group. The
 * folders the chapters share are left out of every name: rulebook.yaml, beside them at the top, counts for none.
 */
export function fileGroups(paths: readonly string[]): FileGroup[] {
  const shared = sharedFolders(paths.filter((path) => MARKDOWN.test(path)));
  const groups: { folder: string | null; label: string; depth: number; files: FileEntry[] }[] = [];
  // The folders of the groups above that hold the next one, outermost first.
  const holding: string[] = [];
  for (const path of paths) {
    const folder = folderOf(path.startsWith(shared) ? path.slice(shared.length) : path) || null;
    const last = groups[groups.length - 1];
    const entry = { path, name: path.slice(path.lastIndexOf('/') + 1) };
    if (last && last.folder === folder) {
      last.files.push(entry);
      continue;
    }
    while (holding.length && (folder === null || !folder.startsWith(`${holding[holding.length - 1]}/`))) holding.pop();
    const parent = holding[holding.length - 1];
    groups.push({ folder, label: folder === null ? '' : parent ? folder.slice(parent.length + 1) : folder, depth: holding.length, files: [entry] });
    if (folder !== null) holding.push(folder);
  }
  return groups;
}
