/**
 * Several rulebooks open at once, as an editor's workspace holds them: which rulebook a file belongs to, each
 * rulebook's texts (open documents over what the disk holds), and re-reading when rulebook.yaml changes. File access
 * is injected (the language server reads the disk through main/fs; a test can hand in a map), so this stays pure.
 *
 * A rulebook is a folder holding rulebook.yaml (its chapters are the files it lists, or its Markdown files), or one
 * Markdown file anywhere else. Paths here are absolute and '/'-separated; inside a rulebook they are relative to it.
 */
import { isMarkdownFile } from '../model/markdown-files.js';
import type { LintRuleConfig, RulebookSource } from '../model/types.js';
import type { ChunkStore } from '../parse/index.js';
import { RulebookService } from './service.js';
import { sameItems } from '../model/same-items.js';

export const MANIFEST_NAME = 'rulebook.yaml';

export interface WorkspaceHost {
  /** Whether a file exists (finds the rulebook.yaml that makes a chapter's folder a rulebook). */
  exists(path: string): Promise<boolean>;
  /** A file's text from disk, null when it cannot be read. */
  readFile(path: string): Promise<string | null>;
  /**
   * The rulebook at `root` (a folder holding rulebook.yaml, or one Markdown file) read as `rulebook lint` reads it,
   * with rulebook-relative paths. Bad input throws an Error whose message names the file and the problem.
   */
  load(root: string): Promise<{ readonly source: RulebookSource; readonly lintRules?: Readonly<Record<string, LintRuleConfig>>; readonly kept?: KeptParses }>;
  /**
   * The other files of the folder `folder` now, as `load` lists them in RulebookSource.assets: folder-relative, `own`
   * (the rulebook's chapters, folder-relative) left out. Asked when files are added to or removed from the folder.
   */
  otherFiles(folder: string, own: readonly string[]): Promise<readonly string[]>;
}

/**
 * Chunk parses kept from an earlier reading of the book (`rulebook lint`'s cache, a previous session of the server):
 * a big book's first analysis then reads only the chunks that changed since, instead of every one.
 */
export interface KeptParses {
  readonly store: ChunkStore;
  /** The first analysis is done: keep what it parsed for next time, or forget what was kept when it made the parse throw. */
  settled(failed: boolean): void;
}

export class Rulebook {
  readonly service = new RulebookService();
  /** Why the rulebook could not be read from disk (a bad rulebook.yaml…); its open documents are analysed alone meanwhile. */
  loadError: string | null = null;

  constructor(
    /** The folder of a folder rulebook, the file of a one-file rulebook. */
    readonly root: string,
    readonly isFolder: boolean,
  ) {}

  /** The rulebook-relative path of an absolute one (a one-file rulebook's file is its own name). */
  relative(path: string): string {
    return this.isFolder ? path.slice(this.root.length + 1) : baseName(path);
  }

  absolute(relative: string): string {
    return this.isFolder ? `${this.root}/${relative}` : `${dirName(this.root)}/${relative}`;
  }

  /** The folder its paths are relative to, whose other files its links may name: the rulebook's, or its one file's. */
  folder(): string {
    return this.isFolder ? this.root : dirName(this.root);
  }

  /** Every file the rulebook is read from, absolute: its manifest first, then its chapters. */
  files(): string[] {
    const source = this.service.source();
    return [...(source.manifest ? [source.manifest.path] : []), ...source.files.map((f) => f.path)].map((p) => this.absolute(p));
  }

  /** Whether a file is one the rulebook is read from (its manifest or a chapter). */
  holds(path: string): boolean {
    if (!this.isFolder) return path === this.root;
    if (!path.startsWith(`${this.root}/`)) return false;
    const relative = this.relative(path);
    return this.service.text(relative) !== undefined || this.service.source().manifest?.path === relative;
  }

  /** Lays an open document's text over the rulebook's copy; a file the rulebook is not read from is left alone. */
  setText(path: string, text: string): void {
    // The same text (a document opened as the disk has it, already read with the book) leaves the analysis as it is.
    if (this.holds(path) && this.service.text(this.relative(path)) !== text) this.service.setFile(this.relative(path), text);
  }
}

export class Workspace {
  private folders: string[] = [];
  private readonly books = new Map<string, Promise<Rulebook>>();
  /** Open documents' texts by absolute path: they win over the disk. */
  private readonly open = new Map<string, string>();

  constructor(private readonly host: WorkspaceHost, folders: readonly string[] = []) {
    this.setFolders(folders);
  }

  setFolders(folders: readonly string[]): void {
    this.folders = folders.map(trimSlash);
  }

  /** The rulebook root a file belongs to: the nearest folder holding rulebook.yaml, not above the workspace folder that holds it. */
  async rootOf(path: string): Promise<{ root: string; isFolder: boolean }> {
    if (baseName(path) === MANIFEST_NAME) return { root: dirName(path), isFolder: true };
    const top = this.folders.filter((f) => path.startsWith(`${f}/`)).sort((a, b) => b.length - a.length)[0] ?? dirName(path);
    for (let folder = dirName(path); folder.length >= top.length; folder = dirName(folder)) {
      if (await this.host.exists(`${folder}/${MANIFEST_NAME}`)) return { root: folder, isFolder: true };
      if (folder === dirName(folder)) break;
    }
    return { root: path, isFolder: false };
  }

  /** The loaded rulebook a file belongs to, if any is loaded. */
  async rulebookOf(path: string): Promise<Rulebook | undefined> {
    for (const pending of this.books.values()) {
      const book = await pending;
      if (book.holds(path)) return book;
    }
    return undefined;
  }

  async rulebooks(): Promise<Rulebook[]> {
    return Promise.all(this.books.values());
  }

  /** Whether a file can be part of a rulebook: Markdown, or a rulebook.yaml (editors may send any YAML file). */
  static isRulebookFile(path: string): boolean {
    return isMarkdownFile(path) || baseName(path) === MANIFEST_NAME;
  }

  /** A document opened in the editor: its rulebook is read (once) and the document's text laid over the disk's; null for a file no rulebook is made of. */
  async openDocument(path: string, text: string): Promise<Rulebook | null> {
    if (!Workspace.isRulebookFile(path)) return null;
    this.open.set(path, text);
    const book = await this.load(path);
    book.setText(path, text);
    return book;
  }

  /** A document's new text (the editor's incremental changes already applied). */
  async changeDocument(path: string, text: string): Promise<Rulebook | null> {
    if (!Workspace.isRulebookFile(path)) return null;
    this.open.set(path, text);
    const book = (await this.rulebookOf(path)) ?? (await this.load(path));
    book.setText(path, text);
    return book;
  }

  /** A document closed: the rulebook goes back to the disk's text; a rulebook with no open document left is dropped. Returns the rulebooks touched. */
  async closeDocument(path: string): Promise<{ kept: Rulebook[]; dropped: Rulebook[] }> {
    this.open.delete(path);
    const book = await this.rulebookOf(path);
    if (!book) return { kept: [], dropped: [] };
    if (![...this.open.keys()].some((p) => book.holds(p))) {
      this.books.delete(book.root);
      return { kept: [], dropped: [book] };
    }
    const disk = await this.host.readFile(path);
    if (disk !== null) book.setText(path, disk);
    return { kept: [book], dropped: [] };
  }

  /**
   * A file changed on disk (saved, or changed by another program). A rulebook.yaml re-reads every rulebook in its
   * folder and below (its chapter list, or the folder becoming a rulebook); a chapter not open takes the disk's text.
   * Returns the rulebooks to analyse again and those that no longer exist.
   */
  async fileChanged(path: string): Promise<{ kept: Rulebook[]; dropped: Rulebook[] }> {
    if (baseName(path) === MANIFEST_NAME) {
      const folder = dirName(path);
      const dropped: Rulebook[] = [];
      for (const [root, pending] of [...this.books]) {
        const book = await pending;
        if (root === folder || root.startsWith(`${folder}/`) || (!book.isFolder && dirName(root) === folder)) {
          this.books.delete(root);
          dropped.push(book);
        }
      }
      const kept = new Set<Rulebook>();
      for (const [open, text] of this.open) {
        if (!dropped.some((book) => book.holds(open) || open === book.absolute(MANIFEST_NAME))) continue;
        const book = await this.load(open);
        book.setText(open, text);
        kept.add(book);
      }
      return { kept: [...kept], dropped: dropped.filter((d) => ![...kept].some((k) => k.root === d.root)) };
    }
    if (this.open.has(path)) return { kept: [], dropped: [] };
    const book = await this.rulebookOf(path);
    const disk = book ? await this.host.readFile(path) : null;
    if (!book || disk === null) return { kept: [], dropped: [] };
    book.setText(path, disk);
    return { kept: [book], dropped: [] };
  }

  /**
   * Files added to or removed from the disk (a picture dropped into the book's folder, one deleted): each rulebook
   * whose folder holds one of them, and which does not read it as a chapter, lists its folder's other files again.
   * Returns the rulebooks whose list changed, to analyse again (a link to a new picture is no longer broken).
   */
  async otherFilesChanged(paths: readonly string[]): Promise<Rulebook[]> {
    const changed: Rulebook[] = [];
    for (const book of await this.rulebooks()) {
      const folder = book.folder();
      if (!paths.some((path) => path.startsWith(`${folder}/`) && !book.holds(path))) continue;
      const own = book.service.source().files.map((f) => f.path);
      const now = await this.host.otherFiles(folder, own);
      const before = book.service.otherFiles();
      if (sameItems(now, before)) continue;
      book.service.setOtherFiles(now);
      changed.push(book);
    }
    return changed;
  }

  /** The rulebook a file belongs to, read from disk once, with every open document of it laid over. */
  private async load(path: string): Promise<Rulebook> {
    const { root, isFolder } = await this.rootOf(path);
    let pending = this.books.get(root);
    if (!pending) {
      pending = this.read(root, isFolder);
      this.books.set(root, pending);
    }
    const book = await pending;
    // A Markdown file in a rulebook's folder that its rulebook.yaml does not list is a rulebook of its own.
    if (isFolder && !book.holds(path) && baseName(path) !== MANIFEST_NAME && !book.loadError) {
      const alone = this.books.get(path) ?? this.read(path, false);
      this.books.set(path, alone);
      return alone;
    }
    return book;
  }

  private async read(root: string, isFolder: boolean): Promise<Rulebook> {
    const book = new Rulebook(root, isFolder);
    let source: RulebookSource;
    let kept: KeptParses | undefined;
    try {
      const loaded = await this.host.load(root);
      source = loaded.source;
      kept = loaded.kept;
      // Settings over the book's own, as `rulebook lint` lays them (the publication record's retired numbers).
      if (loaded.lintRules) book.service.setLintRules(loaded.lintRules);
    } catch (error) {
      book.loadError = error instanceof Error ? error.message : String(error);
      // What can be read: the open documents of the folder, so the person still gets their squiggles.
      const files = [...this.open].filter(([p]) => (isFolder ? p.startsWith(`${root}/`) && baseName(p) !== MANIFEST_NAME : p === root));
      source = { manifest: null, files: files.map(([p, text]) => ({ path: book.relative(p), text })) };
    }
    const opened: RulebookSource = {
      ...source,
      manifest: source.manifest && this.open.has(book.absolute(source.manifest.path)) ? { path: source.manifest.path, text: this.open.get(book.absolute(source.manifest.path))! } : source.manifest,
      files: source.files.map((f) => ({ path: f.path, text: this.open.get(book.absolute(f.path)) ?? f.text })),
    };
    book.service.open(opened, undefined, kept?.store);
    if (kept) {
      // The first analysis now, while the kept parses are at hand, so that they are written back (or, should they make
      // the parse throw, dropped and the book read afresh: what was kept may cost time, never the findings).
      try {
        book.service.analyse();
        kept.settled(false);
      } catch {
        kept.settled(true);
        book.service.open(opened);
      }
    }
    return book;
  }
}

function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

export function dirName(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash <= 0 ? path.slice(0, slash + 1) || '/' : path.slice(0, slash);
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
