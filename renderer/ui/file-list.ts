/**
 * The Files list: the book's files in book order, under their folders (see fileGroups), each folder opened or closed
 * with a click. Until the marshal chooses, a folder is open in a book of a few dozen files and closed in a larger one
 * (a vault of a thousand pages); the folders over the file shown open to show it. A closed folder hides its
 * subfolders too, and shows the errors and unsaved changes of all it holds.
 */
import { el, plural } from './dom.js';
import { fileGroups, type FileGroup } from './file-groups.js';

export interface FileListState {
  readonly paths: readonly string[];
  readonly activeFile: string | null;
  readonly errorsByFile: ReadonlyMap<string, number>;
  isDirty(path: string): boolean;
  open(path: string): void;
}

const FOLDERS_OPEN_UP_TO = 40;

export class FileListView {
  /** Folders opened or closed, by name: by the marshal, or opened to show the file shown. */
  private readonly choices = new Map<string, boolean>();
  /** The file whose folders were last opened to show it: a folder the marshal closes over it stays closed. */
  private revealed: string | null = null;

  constructor(
    private readonly list: HTMLElement,
    private readonly rerender: () => void,
  ) {}

  render(state: FileListState): void {
    const groups = fileGroups(state.paths);
    this.reveal(groups, state);
    const items: HTMLElement[] = [];
    let closed: string | null = null;
    for (const [index, group] of groups.entries()) {
      const { folder } = group;
      if (closed !== null && folder?.startsWith(`${closed}/`)) continue;
      closed = null;
      if (folder !== null) {
        const open = this.choices.get(folder) ?? state.paths.length <= FOLDERS_OPEN_UP_TO;
        // What the folder holds, its subfolders' files included: shown on it while it is closed.
        const held = groups.slice(index).filter((g) => g.folder === folder || g.folder?.startsWith(`${folder}/`)).flatMap((g) => g.files);
        const errors = held.reduce((sum, f) => sum + (state.errorsByFile.get(f.path) ?? 0), 0);
        items.push(
          el('li', { class: 'folder', style: `--depth: ${group.depth}` }, el('button', { class: 'folder-toggle', 'data-folder': folder, 'aria-expanded': String(open), title: folder, onclick: () => this.toggle(folder, open) },
            el('span', { class: 'chevron', 'aria-hidden': 'true' }, open ? '▾' : '▸'),
            el('span', { class: 'name' }, group.label),
            open ? null : errorCount(errors),
            open ? null : dirtyDot(held.some((f) => state.isDirty(f.path))),
          )),
        );
        if (!open) {
          closed = folder;
          continue;
        }
      }
      for (const { path, name } of group.files) {
        items.push(
          el('li', folder === null ? {} : { class: 'in-folder', style: `--depth: ${group.depth + 1}` }, el('button', { class: path === state.activeFile ? 'active' : '', 'data-file': path, title: path, onclick: () => state.open(path) },
            el('span', { class: 'name' }, name),
            errorCount(state.errorsByFile.get(path)),
            dirtyDot(state.isDirty(path)),
          )),
        );
      }
    }
    this.list.replaceChildren(...items);
  }

  private toggle(folder: string, open: boolean): void {
    this.choices.set(folder, !open);
    this.rerender();
  }

  /** Opens the folder of a file newly shown, and every folder over it. */
  private reveal(groups: readonly FileGroup[], state: FileListState): void {
    if (state.activeFile === this.revealed) return;
    this.revealed = state.activeFile;
    const folder = groups.find((g) => g.files.some((f) => f.path === state.activeFile))?.folder;
    if (!folder) return;
    const parts = folder.split('/');
    for (let n = 1; n <= parts.length; n++) this.choices.set(parts.slice(0, n).join('/'), true);
  }
}

const errorCount = (count: number | undefined) => (count ? el('span', { class: 'file-count', title: plural(count, 'error') }, String(count)) : null);
const dirtyDot = (dirty: boolean) => (dirty ? el('span', { class: 'dirty-dot', title: 'Unsaved changes', 'aria-label': 'unsaved' }) : null);
