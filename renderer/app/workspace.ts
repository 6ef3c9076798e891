/**
 * The open rulebook as the editor holds it: one Monaco model per file, what is saved and what is not,
 * atomic saves with conflict checks, changes made on disk by other programs, crash-recovery backups.
 * Files a panel edits rather than the editor (the Characters panel's YAML) are held here too, as plain texts
 * ("documents"), so that they share every rule of unsaved work: the prompt on leaving, Save all, the host's close
 * prompt, recovery copies and their offer after a crash.
 */
import { CHARACTERS_FOLDER, type FileSnapshot, type FileVersion, type OpenedRulebook, type RulebookApi, type RulebookBridge } from '../../shared/ipc/contract.js';
import { sameContent } from '../../shared/ipc/file-version.js';
import { isMarkdownFile } from '../../shared/model/markdown-files.js';
import type { RulebookSource } from '../../shared/model/types.js';
import { LANGUAGE_ID, uriOf } from '../editor/convert.js';
import { monaco } from '../editor/monaco.js';
import type { CoreClient } from '../worker/client.js';
import { choose } from '../ui/dialogs.js';

/** What every held file has: its disk version and its recovery copy. */
interface Kept {
  readonly path: string;
  /** The disk version the saved state corresponds to (sent back on save for the conflict check); null: never saved. */
  diskVersion: FileVersion | null;
  backupTimer: ReturnType<typeof setTimeout> | null;
  /** The recovery copy being written now: a discard waits for it, or the write would land after the discard. */
  backupWrite: Promise<void> | null;
  hasBackup: boolean;
}

/** A file of the book, shown in the editor. */
interface Entry extends Kept {
  readonly model: monaco.editor.ITextModel;
  /** Monaco's alternative version id at the last save or load: equal means "no unsaved edits" (undo back to it counts). */
  savedAlternativeId: number;
}

/** A file a panel edits (a character file): its text now and as on disk. */
interface Doc extends Kept {
  text: string;
  /** The text on disk; null for a file not written yet. */
  saved: string | null;
}

/** A document as a panel reads it. */
export interface DocumentState {
  readonly path: string;
  readonly text: string;
  readonly saved: string | null;
  readonly version: FileVersion | null;
}

/**
 * Folders whose files are held as documents. Their recovery copies are offered when the book opens even though no
 * panel has read them yet: a crash must not hide a character's unsaved purchases until its panel is shown.
 */
const DOCUMENT_FOLDERS = [CHARACTERS_FOLDER];
export const isDocumentPath = (path: string) => DOCUMENT_FOLDERS.some((folder) => path.startsWith(`${folder}/`));

export interface WorkspaceHooks {
  readonly notify: (message: string, kind?: 'info' | 'error') => void;
  readonly banner: (id: string, message: string, actions: readonly { label: string; primary?: boolean; run: () => void | Promise<void> }[]) => void;
  readonly closeBanner: (id: string) => void;
  readonly changed: () => void;
  /** True when another live window or tab of the app has the rulebook at `root` open (see presence.ts). */
  readonly openElsewhere: (root: string) => Promise<boolean>;
  /** Shows a recovered document where it is edited (the Characters panel). */
  readonly showDocument?: (path: string) => void;
  /**
   * The recovery copies of the book at `root` were offered (or found to be another window's): null when a book opens,
   * its root once done. Tests wait for it to say no banner came, rather than for a time that a slow machine overruns.
   */
  readonly recoveryChecked?: (root: string | null) => void;
}

/** The banner telling a second window on the same rulebook where its recovery copies went. */
export const OPEN_ELSEWHERE_BANNER = 'open-elsewhere';

const BACKUP_DELAY_MS = 1500;

const isEntry = (kept: Kept): kept is Entry => 'model' in kept;
const stateOf = (doc: Doc): DocumentState => ({ path: doc.path, text: doc.text, saved: doc.saved, version: doc.diskVersion });

export class Workspace {
  opened: OpenedRulebook | null = null;
  /** The book folder's other files as the host last listed them (OpenedRulebook.assets, then ChangeBatch.assets). */
  private assets: readonly string[] = [];
  private entries = new Map<string, Entry>();
  private docs = new Map<string, Doc>();
  private readonly docListeners = new Set<() => void>();
  private pollGeneration = 0;
  private lastUnsaved = '';
  /** Banners about the open rulebook (disk changes, recovery): closed when another rulebook replaces it. */
  private readonly banners = new Set<string>();

  constructor(
    private readonly api: RulebookBridge,
    private readonly core: CoreClient,
    private readonly hooks: WorkspaceHooks,
  ) {
    // The worker's copy of a file missed an edit: it gets the whole text again.
    core.onResend((path) => {
      const entry = this.entries.get(path);
      if (entry) core.setFile(path, entry.model.getValue());
    });
  }

  /** Paths in rulebook order (rulebook.yaml last: it is settings, not text). */
  get paths(): string[] {
    return [...this.entries.keys()];
  }

  model(path: string): monaco.editor.ITextModel | null {
    return this.entries.get(path)?.model ?? null;
  }

  text(path: string): string | null {
    return this.entries.get(path)?.model.getValue() ?? this.docs.get(path)?.text ?? null;
  }

  isDirty(path: string): boolean {
    const entry = this.entries.get(path);
    if (entry) return entry.model.getAlternativeVersionId() !== entry.savedAlternativeId;
    const doc = this.docs.get(path);
    return !!doc && doc.text !== doc.saved;
  }

  /** Every file with unsaved edits: the book's in rulebook order, then the documents'. */
  dirtyPaths(): string[] {
    return [...this.paths, ...this.docs.keys()].filter((p) => this.isDirty(p));
  }

  // ---- Documents: files a panel edits, held as texts ---------------------------------------

  documents(): DocumentState[] {
    return [...this.docs.values()].map(stateOf);
  }

  document(path: string): DocumentState | null {
    const doc = this.docs.get(path);
    return doc ? stateOf(doc) : null;
  }

  /**
   * A document as read from disk. One held already (recovered from a crash, or edited before the panel read its
   * roster again) keeps its text: the disk's reading never replaces unsaved work.
   */
  adoptDocument(file: FileSnapshot): void {
    if (this.docs.has(file.path)) return;
    this.docs.set(file.path, { path: file.path, text: file.text, saved: file.text, diskVersion: file.version, backupTimer: null, backupWrite: null, hasBackup: false });
  }

  /** A new document, not on disk yet: unsaved until saved (its save refuses to replace a file of that name). */
  createDocument(path: string, text: string): void {
    if (this.entries.has(path) || this.docs.has(path)) throw new Error(`${path} is open already`);
    this.docs.set(path, { path, text, saved: null, diskVersion: null, backupTimer: null, backupWrite: null, hasBackup: false });
    this.documentEdited(this.docs.get(path)!);
  }

  /** The panel's edit of a document. Its own listeners are not called: the panel made the change and shows it. */
  setDocumentText(path: string, text: string): void {
    const doc = this.docs.get(path);
    if (!doc) throw new Error(`${path} is not held`);
    doc.text = text;
    this.documentEdited(doc);
  }

  /** Called when documents change other than by setDocumentText: saved, recovered, reloaded, or another book opened. */
  onDocumentsChanged(listener: () => void): () => void {
    this.docListeners.add(listener);
    return () => this.docListeners.delete(listener);
  }

  private documentEdited(doc: Doc): void {
    this.scheduleBackup(doc);
    this.reportUnsaved();
    this.hooks.changed();
  }

  private documentsChanged(): void {
    for (const listener of this.docListeners) listener();
  }

  /** What the editor shows now, as the core reads it. */
  source(): RulebookSource {
    const manifest = this.opened?.manifest;
    return {
      manifest: manifest ? { path: manifest.path, text: this.text(manifest.path) ?? manifest.text } : null,
      files: this.paths.filter((p) => p !== manifest?.path).map((path) => ({ path, text: this.text(path)! })),
      // The pictures and other files beside the chapters: links to them land, and `![[` offers the pictures.
      assets: this.assets,
    };
  }

  load(opened: OpenedRulebook): void {
    for (const entry of this.entries.values()) {
      if (entry.backupTimer) clearTimeout(entry.backupTimer);
      entry.model.dispose();
    }
    this.entries.clear();
    for (const doc of this.docs.values()) if (doc.backupTimer) clearTimeout(doc.backupTimer);
    this.docs.clear();
    for (const id of this.banners) this.hooks.closeBanner(id);
    this.banners.clear();
    this.opened = opened;
    this.assets = opened.assets;
    // The host forgets the last book's unsaved list when it opens another; so does the page.
    this.lastUnsaved = '';
    for (const file of opened.files) this.add(file);
    if (opened.manifest) this.add(opened.manifest);
    this.core.open(this.source(), opened.target);
    this.watch();
    this.hooks.recoveryChecked?.(null);
    void this.offerRecovery(opened).then(() => {
      if (this.opened === opened) this.hooks.recoveryChecked?.(opened.root);
    });
    this.hooks.changed();
    this.documentsChanged();
  }

  /** Every held file, the book's and the documents. */
  private kept(): Kept[] {
    return [...this.entries.values(), ...this.docs.values()];
  }

  private banner(id: string, message: string, actions: readonly { label: string; primary?: boolean; run: () => void | Promise<void> }[]): void {
    this.banners.add(id);
    this.hooks.banner(id, message, actions.map((a) => ({ ...a, run: () => {
      this.banners.delete(id);
      return a.run();
    } })));
  }

  /**
   * Leaving this rulebook without saving ("Don't save"): the unsaved edits are dropped, so their recovery copies go
   * too. Recovery copies stay only where the app stopped without asking (a crash). Copies left by an earlier crash
   * and not yet recovered or discarded stay for the next time the rulebook is opened.
   */
  async dropUnsaved(): Promise<void> {
    for (const entry of this.kept()) {
      if (entry.backupTimer) clearTimeout(entry.backupTimer);
      entry.backupTimer = null;
      await entry.backupWrite;
      if (entry.hasBackup || this.isDirty(entry.path)) await this.api.discardBackup(entry.path);
      entry.hasBackup = false;
    }
  }

  /**
   * The page is going away after the person chose to leave (the browser's Leave): no more recovery copies are
   * written, and these paths' copies are to be dropped by requests that outlive the page.
   */
  abandon(): string[] {
    const paths: string[] = [];
    for (const entry of this.kept()) {
      if (entry.backupTimer) clearTimeout(entry.backupTimer);
      entry.backupTimer = null;
      if (entry.hasBackup || entry.backupWrite || this.isDirty(entry.path)) paths.push(entry.path);
    }
    return paths;
  }

  /** After `dropUnsaved` when the person stayed after all (a cancelled Open dialog): their edits are kept safe again. */
  resumeBackups(): void {
    for (const entry of this.kept()) if (this.isDirty(entry.path)) this.scheduleBackup(entry);
  }

  private add(file: FileSnapshot): Entry {
    const model = monaco.editor.createModel(file.text, isMarkdownFile(file.path) ? LANGUAGE_ID : 'plaintext', uriOf(file.path));
    model.setEOL(file.eol === '\r\n' ? monaco.editor.EndOfLineSequence.CRLF : monaco.editor.EndOfLineSequence.LF);
    const entry: Entry = { path: file.path, model, diskVersion: file.version, savedAlternativeId: model.getAlternativeVersionId(), backupTimer: null, backupWrite: null, hasBackup: false };
    this.entries.set(file.path, entry);
    model.onDidChangeContent((event) => {
      // A keystroke sends its change, not the 0.7 MB of a long book; a new text or line-ending style, the whole text.
      if (event.isFlush || event.isEolChange) this.core.setFile(entry.path, model.getValue());
      else this.core.editFile(entry.path, event.changes.map((c) => ({ offset: c.rangeOffset, remove: c.rangeLength, text: c.text })), model.getValueLength());
      this.scheduleBackup(entry);
      this.reportUnsaved();
      this.hooks.changed();
    });
    return entry;
  }

  private reportUnsaved(): void {
    const dirty = this.dirtyPaths();
    const key = dirty.join('\n');
    if (key === this.lastUnsaved) return;
    this.lastUnsaved = key;
    void this.api.reportUnsaved(dirty);
  }

  private scheduleBackup(entry: Kept): void {
    if (entry.backupTimer) clearTimeout(entry.backupTimer);
    entry.backupTimer = setTimeout(() => {
      entry.backupTimer = null;
      const write = (async () => {
        if (!this.isDirty(entry.path)) {
          if (entry.hasBackup) await this.api.discardBackup(entry.path);
          entry.hasBackup = false;
          return;
        }
        const result = await this.api.writeBackup(entry.path, this.text(entry.path)!, entry.diskVersion);
        entry.hasBackup = result.ok;
      })();
      entry.backupWrite = write;
      void write.finally(() => {
        if (entry.backupWrite === write) entry.backupWrite = null;
      });
    }, BACKUP_DELAY_MS);
  }

  /** `text`: what was written (a document edited while its save was on the way stays unsaved). */
  private markSaved(entry: Kept, version: FileVersion, text: string): void {
    entry.diskVersion = version;
    if (isEntry(entry)) entry.savedAlternativeId = entry.model.getAlternativeVersionId();
    else (entry as Doc).saved = text;
    if (entry.backupTimer) clearTimeout(entry.backupTimer);
    entry.backupTimer = null;
    // A copy still being written is dropped once it lands, or it would outlive the save.
    const pending = entry.backupWrite;
    if (entry.hasBackup || pending) void (async () => {
      await pending;
      await this.api.discardBackup(entry.path);
    })();
    entry.hasBackup = false;
  }

  async save(path: string): Promise<boolean> {
    const entry: Kept | undefined = this.entries.get(path) ?? this.docs.get(path);
    if (!entry) return false;
    const text = this.text(path)!;
    const result = await this.api.saveFile(path, text, entry.diskVersion);
    if (result.ok) {
      this.markSaved(entry, result.value.version, text);
      this.afterSave([path]);
      return true;
    }
    if (result.error.code === 'conflict') return this.resolveConflict(entry);
    this.hooks.notify(`Could not save ${path}: ${result.error.message}`, 'error');
    return false;
  }

  /** Saves every file with unsaved edits in one all-or-nothing call (a rename touches several files). */
  async saveAll(): Promise<boolean> {
    const dirty: Kept[] = this.dirtyPaths().map((p) => this.entries.get(p) ?? this.docs.get(p)!);
    if (dirty.length === 0) return true;
    const files = dirty.map((e) => ({ path: e.path, text: this.text(e.path)!, expectedVersion: e.diskVersion }));
    const result = await this.api.saveFiles(files);
    if (result.ok) {
      for (const saved of result.value) {
        const entry = this.entries.get(saved.path) ?? this.docs.get(saved.path);
        if (entry) this.markSaved(entry, saved.version, files.find((f) => f.path === saved.path)!.text);
      }
      this.afterSave(dirty.map((e) => e.path));
      return true;
    }
    if (result.error.code === 'conflict') {
      // Fall back to one file at a time, so the person decides for each conflicting file.
      let all = true;
      for (const entry of dirty) all = (await this.save(entry.path)) && all;
      return all;
    }
    this.hooks.notify(`Could not save: ${result.error.message}`, 'error');
    return false;
  }

  private afterSave(paths: string[]): void {
    this.reportUnsaved();
    this.hooks.changed();
    if (paths.some((p) => this.docs.has(p))) this.documentsChanged();
    this.hooks.notify(paths.length === 1 ? `Saved ${paths[0]}` : `Saved ${paths.length} files`);
  }

  private async resolveConflict(entry: Kept): Promise<boolean> {
    // A document has no Undo: loading theirs drops its edits, and the question says so.
    const undo = isEntry(entry) ? 'your edits stay in Undo' : 'your edits to it are dropped';
    const choice = await choose(
      'Changed on disk',
      `${entry.path} was changed by another program since you opened it. Keep your version (overwrite theirs) or load theirs (${undo})?`,
      [
        { label: 'Cancel', value: 'cancel' as const },
        { label: 'Load theirs', value: 'theirs' as const },
        { label: 'Overwrite with mine', value: 'mine' as const, primary: true },
      ],
      'cancel',
    );
    if (choice === 'cancel') return false;
    const disk = await this.api.readFile(entry.path);
    if (!disk.ok) {
      this.hooks.notify(`Could not read ${entry.path}: ${disk.error.message}`, 'error');
      return false;
    }
    if (choice === 'theirs') {
      this.replaceText(entry, disk.value);
      return true;
    }
    entry.diskVersion = disk.value.version;
    return this.save(entry.path);
  }

  /** Puts the disk's text in the model as one undoable edit, so unsaved work is one Undo away (a document: its text). */
  private replaceText(entry: Kept, disk: FileSnapshot): void {
    if (isEntry(entry)) {
      entry.model.pushStackElement();
      entry.model.pushEditOperations([], [{ range: entry.model.getFullModelRange(), text: disk.text }], () => null);
      entry.model.pushStackElement();
      entry.savedAlternativeId = entry.model.getAlternativeVersionId();
    } else {
      const doc = entry as Doc;
      doc.text = doc.saved = disk.text;
      // Its recovery copy, if any, goes: nothing is unsaved now.
      this.scheduleBackup(doc);
    }
    entry.diskVersion = disk.version;
    this.reportUnsaved();
    this.hooks.changed();
    if (!isEntry(entry)) this.documentsChanged();
  }


  /**
   * The browser host ended this tab's session (idle too long) and the page goes on in a new one
   * (renderer/app/session-resume.ts): has the host hold this very book again, opening it by its path if the new
   * session does not, and catches up with what happened while no one watched. Null when done (or no book is shown),
   * else why not, for the marshal. Nothing held here is touched: unsaved text stays unsaved, in the editor.
   */
  async reopenOnHost(host: RulebookApi): Promise<string | null> {
    const opened = this.opened;
    if (!opened) return null;
    const isThisBook = (answer: Awaited<ReturnType<RulebookApi['currentRulebook']>>): answer is { ok: true; value: OpenedRulebook } =>
      answer.ok && answer.value?.root === opened.root;
    let answer = await host.currentRulebook();
    if (!isThisBook(answer)) answer = opened.sampleId ? await host.openSample(opened.sampleId) : await host.openRulebook(opened.target);
    const ended = `This tab's session with Rulebook Studio ended while it was idle, and ${opened.name}`;
    if (this.opened !== opened) return `${ended} is no longer the rulebook shown here`;
    if (isThisBook(answer)) {
      this.catchUp(answer.value);
      return null;
    }
    // No watching a book the host does not hold for this tab; Reopen starts it again.
    this.pollGeneration++;
    return `${ended} could not be opened again (${answer.ok ? 'another folder is in its place' : answer.error.message})`;
  }

  /** After a new session took over: the change watch again, the unsaved list again, and files changed meanwhile offered. */
  private catchUp(now: OpenedRulebook): void {
    this.watch();
    // Pictures added or removed while no host watched for this tab.
    if (now.assets.length !== this.assets.length || now.assets.some((path, i) => path !== this.assets[i])) this.otherFilesChanged(now.assets);
    this.lastUnsaved = '';
    this.reportUnsaved();
    const onDisk = new Map([...now.files, ...(now.manifest ? [now.manifest] : [])].map((file) => [file.path, file.version]));
    for (const entry of this.entries.values()) {
      const version = onDisk.get(entry.path);
      if (version === undefined) this.offerChange(entry.path, 'removed', null);
      else if (entry.diskVersion === null || !sameContent(entry.diskVersion, version)) this.offerChange(entry.path, 'changed', version);
    }
  }

  /** Long-polls the host for changes other programs make, and offers each one. */
  private watch(): void {
    const generation = ++this.pollGeneration;
    let cursor = 0;
    const loop = async () => {
      while (generation === this.pollGeneration) {
        const result = await this.api.pollChanges(cursor, 20_000);
        if (generation !== this.pollGeneration) return;
        if (!result.ok) {
          await new Promise((r) => setTimeout(r, 3000));
          continue;
        }
        cursor = result.value.cursor;
        if (result.value.assets) this.otherFilesChanged(result.value.assets);
        for (const change of result.value.changes) this.offerChange(change.path, change.kind, change.version);
      }
    };
    void loop();
  }

  /** Files added to or removed from the book's folder (a picture dropped in): the worker checks the links to them again. */
  private otherFilesChanged(assets: readonly string[]): void {
    this.assets = assets;
    this.core.setOtherFiles(assets);
  }

  private offerChange(path: string, kind: 'changed' | 'added' | 'removed', version: FileVersion | null): void {
    const entry: Kept | undefined = this.entries.get(path) ?? this.docs.get(path);
    const id = `disk:${path}`;
    if (kind === 'added' && !entry) {
      if (!isMarkdownFile(path)) return;
      this.banner(id, `${path} was added to the rulebook folder.`, [
        { label: 'Open it', primary: true, run: async () => {
          const file = await this.api.readFile(path);
          if (!file.ok) return this.hooks.notify(file.error.message, 'error');
          const added = this.add(file.value);
          this.core.setFile(added.path, file.value.text);
          this.hooks.changed();
        } },
        { label: 'Ignore', run: () => undefined },
      ]);
      return;
    }
    if (!entry || entry.diskVersion === version) return;
    if (kind === 'removed') {
      this.banner(id, `${path} was deleted or moved by another program. Save to write it back.`, [{ label: 'OK', run: () => { entry.diskVersion = null; } }]);
      return;
    }
    const dirty = this.isDirty(path);
    // A document loses its edits on Reload (it has no Undo): the button says so.
    this.banner(id, dirty ? `${path} was changed by another program, and you have unsaved edits in it.` : `${path} was changed by another program.`, [
      { label: dirty && !isEntry(entry) ? 'Reload (drop my edits)' : 'Reload', primary: true, run: async () => {
        const file = await this.api.readFile(path);
        if (!file.ok) return this.hooks.notify(file.error.message, 'error');
        this.replaceText(entry, file.value);
        if (dirty && isEntry(entry)) this.hooks.notify(`Reloaded ${path}; your edits are one Undo (Ctrl+Z) away.`);
      } },
      { label: dirty ? 'Keep my edits' : 'Keep this version', run: () => {
        // Saving now overwrites theirs deliberately, without another conflict.
        entry.diskVersion = version;
        if (isEntry(entry)) entry.savedAlternativeId = -1;
        else (entry as Doc).saved = null;
        this.reportUnsaved();
        this.hooks.changed();
      } },
    ]);
  }

  /**
   * The recovery copies left for this rulebook. When another window or tab has it open, they are that window's
   * unsaved work in progress, not a crash's: this one is told where the book is open instead. Otherwise each copy is
   * read now, so Recover applies exactly what was kept even after typing here has written a newer copy.
   */
  private async offerRecovery(opened: OpenedRulebook): Promise<void> {
    const backups = opened.backups;
    const elsewhere = await this.hooks.openElsewhere(opened.root);
    if (this.opened !== opened) return;
    if (elsewhere) {
      this.banner(OPEN_ELSEWHERE_BANNER, `${opened.name} is also open in another window or tab. Edit it in one place: a save over the other's changes is refused, and its unsaved work stays there.`, [{ label: 'OK', run: () => undefined }]);
      return;
    }
    for (const backup of backups) {
      const entry = this.entries.get(backup.path);
      if (!entry && !isDocumentPath(backup.path)) continue;
      const copy = await this.api.readBackup(backup.path);
      if (this.opened !== opened) return;
      // Gone since the book was opened (recovered or discarded in the meantime): nothing to offer.
      if (!copy.ok) continue;
      const when = new Date(backup.savedAt).toLocaleString();
      this.banner(`backup:${backup.path}`, `Unsaved work on ${backup.path} from ${when} was kept when Rulebook Studio stopped unexpectedly.${backup.baseStillCurrent ? '' : ' The file has changed since.'}`, [
        { label: 'Recover', primary: true, run: () => {
          if (!entry) return this.recoverDocument(opened, backup.path, copy.value.text);
          entry.model.pushStackElement();
          entry.model.pushEditOperations([], [{ range: entry.model.getFullModelRange(), text: copy.value.text }], () => null);
          entry.model.pushStackElement();
          entry.hasBackup = true;
        } },
        // Edits typed since the book opened have their own copy under the same name by now: that one stays.
        { label: 'Discard', run: async () => void (this.isDirty(backup.path) ? undefined : await this.api.discardBackup(backup.path)) },
      ]);
    }
  }

  /**
   * A document's recovery copy put back: over the file as on disk now (so a save is checked against that version), or
   * as a new file when it was never saved or is gone. The copy stays until the recovered text is saved or dropped.
   */
  private async recoverDocument(opened: OpenedRulebook, path: string, text: string): Promise<void> {
    let doc = this.docs.get(path);
    if (!doc) {
      const disk = await this.api.readFile(path);
      if (this.opened !== opened) return;
      if (!disk.ok && disk.error.code !== 'not-found') return this.hooks.notify(`Could not read ${path}: ${disk.error.message}`, 'error');
      // Read while the panel may have adopted it meanwhile: the first one held wins, as in adoptDocument.
      doc = this.docs.get(path);
      if (!doc) {
        doc = { path, text, saved: disk.ok ? disk.value.text : null, diskVersion: disk.ok ? disk.value.version : null, backupTimer: null, backupWrite: null, hasBackup: false };
        this.docs.set(path, doc);
      }
    }
    doc.text = text;
    doc.hasBackup = true;
    this.documentEdited(doc);
    this.documentsChanged();
    this.hooks.showDocument?.(path);
    this.hooks.notify(`Recovered ${path}: save it to keep it.`);
  }

  /** Unsaved texts of the book's files, for exports and reviews of what is on screen (documents are not the book). */
  unsaved(): { path: string; text: string }[] {
    return this.dirtyPaths().filter((path) => this.entries.has(path)).map((path) => ({ path, text: this.text(path)! }));
  }
}
