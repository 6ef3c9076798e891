/**
 * RulebookApi over the file system, without Electron: both hosts wrap this. The host passes a Shell
 * for what only it can do (native dialogs, opening files and links, closing the window).
 */
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  type ApiArgs,
  type ApiMethod,
  type BackupInfo,
  type FileSnapshot,
  type FileToSave,
  type HostInfo,
  type OpenedRulebook,
  type Result,
  type RulebookApi,
  type SavedFile,
} from '../../shared/ipc/contract.js';
import { OPENABLE_EXTENSIONS, READABLE_EXTENSIONS, validateArgs, WRITABLE_EXTENSIONS } from '../../shared/ipc/validate.js';
import { readLastPublication, readPublicationRecord } from '../diff/publication.js';
import { publishRulebook } from '../diff/publish.js';
import { OutsideFolderError } from '../errors.js';
import { listAssets, loadRulebook } from '../fs/load-rulebook.js';
import { BackupStore } from './backups.js';
import { ChangeLog } from './changes.js';
import { ApiFailure, guard } from './errors.js';
import { readRoster } from './characters.js';
import { exportRulebook } from './export.js';
import { FileLocks } from './file-locks.js';
import { encodeText, readBytes, readSnapshot, writeAtomically } from './files.js';
import { listRevisions, readRevision } from './git.js';
import { convertImportBytes, readImportSource } from './import-source.js';
import { applyLayout, proposeLayout, type LayoutBook } from './layout-init.js';
import { writeChosenRulebook, writeNewRulebook } from './new-rulebook.js';
import { confine, confineTyped } from './paths.js';
import { RecentList } from './recent.js';
import { ensureSampleCopy, listSampleEntries, sampleIdOf } from './samples.js';
import { sameContent } from './versions.js';
import { decodeRulebookBytes } from '../../shared/parse/decode.js';

/** What only the host can do. Every member is optional: a missing one answers 'not-available'. */
export interface Shell {
  readonly info: HostInfo;
  /** Native Open dialog: an absolute path, or null when cancelled. */
  chooseRulebook?(): Promise<string | null>;
  /** Native dialog for the Import command. */
  chooseImportFile?(): Promise<string | null>;
  /** Native save dialog for a new rulebook (the Import command), suggesting `fileName`; null when cancelled. */
  chooseNewRulebookPath?(fileName: string): Promise<string | null>;
  /** Opens an absolute path with the system's default app. */
  openPath?(absolute: string): Promise<void>;
  /** A URL the page can open for a rulebook-relative file (the browser host's file route). */
  fileUrl?(relPath: string): string;
  /** Opens an already validated https:/mailto: URL in the system browser. */
  openExternal?(url: string): Promise<void>;
  reveal?(absolute: string): void;
  closeWindow?(): void;
  /** Reloads the window's page (Electron: asks first if unsaved files remain). */
  reloadWindow?(): void;
}

export interface WorkspaceOptions {
  /** Per-user app-data folder: recent list, backups, sample copies. */
  readonly dataDir: string;
  /** The bundled samples (the repository's rulebooks/). */
  readonly samplesDir: string;
  readonly shell: Shell;
  /**
   * Locks on files shared with the other workspaces of the process (other tabs or windows, maybe on the same book);
   * default: this workspace's own.
   */
  readonly locks?: FileLocks;
}

/** Which book a workspace has open, enough to open it again elsewhere (a reloaded browser tab's new session). */
export interface OpenBook {
  readonly target: string;
  readonly sampleId: string | null;
}

/** What the workspace keeps of the rulebook it opened: what it told the page (the same facts as OpenedRulebook's), and more. */
interface OpenState extends Pick<OpenedRulebook, 'root' | 'target' | 'isFolder' | 'sampleId' | 'unlistedPages'> {
  readonly name: string;
  /** For a one-file rulebook, its file name; null for a folder. */
  readonly singleFile: string | null;
  /** The rulebook's Markdown files, rulebook-relative, in rulebook order. */
  readonly files: readonly string[];
  readonly hasManifest: boolean;
  /** Changes on disk, and the folder's other files as they are now (OpenedRulebook.assets). */
  readonly changes: ChangeLog;
  readonly backups: BackupStore;
}

export interface WorkspaceApi extends RulebookApi {
  /** Paths the page last reported as unsaved (the Electron close prompt reads this). */
  unsavedPaths(): readonly string[];
  /** The book open now, or null. */
  openBook(): OpenBook | null;
  /** Opens `book` as it was opened elsewhere (a sample's copy stays that sample). */
  reopen(book: OpenBook): Promise<Result<OpenedRulebook>>;
  /** Validates raw arguments, then calls the method: the one entry both hosts use. */
  dispatch(method: ApiMethod, args: unknown): Promise<Result<unknown>>;
  /** Stops the watcher. */
  dispose(): Promise<void>;
}

function notAvailable(what: string): never {
  throw new ApiFailure('not-available', `${what} is not available here`);
}

export function createWorkspaceApi(options: WorkspaceOptions): WorkspaceApi {
  const { dataDir, samplesDir, shell } = options;
  const recent = new RecentList(dataDir);
  let state: OpenState | null = null;
  let unsaved: readonly string[] = [];
  /** One save at a time per file, so two saves cannot both pass the version check. */
  const locks = options.locks ?? new FileLocks();

  function current(): OpenState {
    if (!state) throw new ApiFailure('no-rulebook', 'No rulebook is open; open one first');
    return state;
  }

  function withLocks<T>(at: OpenState, paths: readonly string[], body: () => Promise<T>): Promise<T> {
    return locks.run(paths.map((relPath) => FileLocks.keyOf(at.root, relPath)), body);
  }

  async function backupInfos(at: OpenState): Promise<BackupInfo[]> {
    const stored = await at.backups.list();
    return Promise.all(stored.map(async ({ text: _text, ...info }) => ({ ...info, baseStillCurrent: await isCurrent(at, info.path, info.baseVersion) })));
  }

  async function isCurrent(at: OpenState, relPath: string, version: string | null): Promise<boolean> {
    try {
      const { version: now } = await readBytes(await confine(at.root, relPath), relPath);
      return version !== null && sameContent(now, version);
    } catch {
      return version === null;
    }
  }

  async function open(target: string, sampleId: string | null): Promise<OpenedRulebook> {
    let loaded;
    try {
      loaded = await loadRulebook(target);
    } catch (error) {
      const message = (error as Error).message;
      throw new ApiFailure(/no such file or folder/.test(message) ? 'not-found' : /permission denied|is a folder|not UTF-8|binary|invalid/i.test(message) ? 'unreadable' : 'invalid-rulebook', message);
    }
    const root = await realpath(loaded.root);
    const changes = new ChangeLog();
    const next: OpenState = {
      root,
      target: loaded.target,
      name: path.basename(loaded.target),
      isFolder: loaded.isFolder,
      sampleId,
      singleFile: loaded.isFolder ? null : loaded.files[0].path,
      files: loaded.files.map((f) => f.path),
      hasManifest: loaded.manifestPath !== null,
      unlistedPages: loaded.unlistedPages.length,
      changes,
      backups: new BackupStore(dataDir, root),
    };
    // Listed again as the open listed them, the chapters left out, when files come and go in the folder.
    const chapters = new Set(next.files);
    await changes.start(root, next.singleFile, { list: loaded.source.assets ?? [], relist: () => listAssets(root, chapters) });
    const previous = state;
    state = next;
    unsaved = [];
    await previous?.changes.close();
    await recent.add(loaded.target, next.name).catch(() => undefined);
    return describe(next);
  }

  /** The open rulebook with every file as it is on disk now. */
  async function describe(at: OpenState): Promise<OpenedRulebook> {
    const read = async (relPath: string): Promise<FileSnapshot> => {
      const snapshot = await readSnapshot(await confine(at.root, relPath), relPath);
      at.changes.noteVersion(relPath, snapshot.version);
      return snapshot;
    };
    const manifest = at.hasManifest ? await read('rulebook.yaml') : null;
    const files = [];
    for (const relPath of at.files) files.push(await read(relPath));
    return { name: at.name, target: at.target, root: at.root, isFolder: at.isFolder, sampleId: at.sampleId, manifest, files, assets: at.changes.otherFiles() ?? [], backups: await backupInfos(at), unlistedPages: at.unlistedPages };
  }

  /** Checks one file against the version the editor holds; returns the bytes to write. */
  async function prepare(at: OpenState, file: FileToSave): Promise<{ absolute: string; bytes: Uint8Array }> {
    const absolute = await confineTyped(at.root, file.path, WRITABLE_EXTENSIONS);
    let existing: { bytes: Uint8Array; version: string } | null = null;
    try {
      existing = await readBytes(absolute, file.path);
    } catch (error) {
      if (!(error instanceof ApiFailure && error.code === 'not-found')) throw error;
    }
    if (existing && file.expectedVersion === null) throw new ApiFailure('exists', `${file.path} already exists`);
    if (!existing && file.expectedVersion !== null) throw new ApiFailure('conflict', `${file.path} was deleted on disk by another program since you opened it`);
    if (existing && file.expectedVersion !== null && !sameContent(existing.version, file.expectedVersion)) {
      throw new ApiFailure('conflict', `${file.path} was changed on disk by another program since you opened it; reload it or keep your version`);
    }
    // Keep the BOM the file has on disk: a marshal's Windows editor may depend on it.
    const bom = existing ? decodeRulebookBytes(existing.bytes).ok && (decodeRulebookBytes(existing.bytes) as { bom: boolean }).bom : false;
    return { absolute, bytes: encodeText(file.text, bom) };
  }

  async function write(at: OpenState, relPath: string, prepared: { absolute: string; bytes: Uint8Array }): Promise<SavedFile> {
    at.changes.noteBytes(relPath, prepared.bytes);
    const version = await writeAtomically(prepared.absolute, prepared.bytes, relPath);
    return { path: relPath, version };
  }

  function layoutBook(at: OpenState): LayoutBook {
    return { root: at.root, target: at.target, noteBytes: (relPath, bytes) => at.changes.noteBytes(relPath, bytes) };
  }

  const api: RulebookApi = {
    hostInfo: () => guard(async () => shell.info),
    currentRulebook: () =>
      guard(async () => {
        return state ? describe(state) : null;
      }),
    openRulebook: (target) =>
      guard(async () => {
        // A bundled sample named by its path opens as its copy, never the original (see sampleIdOf).
        const sampleId = await sampleIdOf(samplesDir, target);
        return sampleId ? open(await ensureSampleCopy(samplesDir, dataDir, sampleId), sampleId) : open(target, null);
      }),
    openRulebookDialog: () =>
      guard(async () => {
        if (!shell.chooseRulebook) notAvailable('The Open dialog');
        const chosen = await shell.chooseRulebook();
        return chosen === null ? null : open(chosen, null);
      }),
    listSamples: () => guard(async () => (await listSampleEntries(samplesDir)).map(({ id, title, description }) => ({ id, title, description }))),
    openSample: (id) => guard(async () => open(await ensureSampleCopy(samplesDir, dataDir, id), id)),
    recentRulebooks: () => guard(() => recent.list()),
    forgetRecent: (target) => guard(() => recent.forget(target)),
    readFile: (relPath) =>
      guard(async () => {
        const at = current();
        const snapshot = await readSnapshot(await confineTyped(at.root, relPath, READABLE_EXTENSIONS), relPath);
        at.changes.noteVersion(relPath, snapshot.version);
        return snapshot;
      }),
    saveFile: (relPath, text, expectedVersion) =>
      guard(async () => {
        const at = current();
        return withLocks(at, [relPath], async () => write(at, relPath, await prepare(at, { path: relPath, text, expectedVersion })));
      }),
    saveFiles: (files) =>
      guard(async () => {
        const at = current();
        return withLocks(
          at,
          files.map((f) => f.path),
          async () => {
            // Check every file before writing any, so a conflict leaves the rulebook untouched.
            const prepared = [];
            for (const file of files) prepared.push(await prepare(at, file));
            const saved: SavedFile[] = [];
            for (let i = 0; i < files.length; i++) saved.push(await write(at, files[i].path, prepared[i]));
            return saved;
          },
        );
      }),
    pollChanges: (since, waitMs) => guard(() => current().changes.poll(since, waitMs)),
    writeBackup: (relPath, text, baseVersion) =>
      guard(async () => {
        const at = current();
        await confine(at.root, relPath);
        await at.backups.write(relPath, text, baseVersion);
      }),
    listBackups: () => guard(() => backupInfos(current())),
    readBackup: (relPath) =>
      guard(async () => {
        const at = current();
        const backup = await at.backups.read(relPath);
        if (!backup) throw new ApiFailure('not-found', `There is no recovery copy of ${relPath}`);
        return { ...backup, baseStillCurrent: await isCurrent(at, relPath, backup.baseVersion) };
      }),
    discardBackup: (relPath) => guard(() => current().backups.discard(relPath)),
    exportRulebook: (request) => guard(async () => exportRulebook(current(), request)),
    printPreview: (request) => guard(async () => (await import('./print-preview.js')).printPreview(current().target, request)),
    openFile: (relPath) =>
      guard(async () => {
        const at = current();
        const absolute = await confineTyped(at.root, relPath, OPENABLE_EXTENSIONS);
        await readBytes(absolute, relPath);
        if (shell.openPath) {
          await shell.openPath(absolute);
          return { opened: true, url: null };
        }
        if (shell.fileUrl) return { opened: false, url: shell.fileUrl(relPath) };
        return notAvailable('Opening files');
      }),
    revealFile: (relPath) =>
      guard(async () => {
        const at = current();
        const absolute = await confine(at.root, relPath);
        if (!shell.reveal) notAvailable('Showing files in the file manager');
        await stat(absolute).catch((error) => {
          throw new ApiFailure('not-found', `${relPath}: ${(error as Error).message}`);
        });
        shell.reveal(absolute);
      }),
    openExternal: (url) =>
      guard(async () => {
        if (shell.openExternal) {
          await shell.openExternal(url);
          return { opened: true, url: null };
        }
        return { opened: false, url };
      }),
    listRevisions: () =>
      guard(async () => {
        const at = current();
        return listRevisions(at.root, at.singleFile ? [at.singleFile] : ['.']);
      }),
    readRevision: (hash) =>
      guard(async () => {
        const at = current();
        return readRevision(at.root, hash, at.singleFile);
      }),
    readLastPublication: () =>
      guard(async () => {
        const at = current();
        try {
          return await readLastPublication(at.root, at.singleFile);
        } catch (error) {
          throw new ApiFailure(error instanceof OutsideFolderError ? 'outside-rulebook' : 'invalid-rulebook', (error as Error).message);
        }
      }),
    publishRulebook: () =>
      guard(async () => {
        const at = current();
        // A second press while the PDFs are written would write them and the record twice over.
        const release = locks.tryHold(`${at.root}\0publish`);
        if (!release) throw new ApiFailure('conflict', `${at.name} is already being published; wait for it to finish`);
        let result;
        try {
          result = await publishRulebook(at.target);
        } catch (error) {
          // Refused (lint errors) or a bad setting: the message names the file and the problem.
          throw new ApiFailure('failed', (error as Error).message);
        } finally {
          release();
        }
        return {
          written: result.written.map((absolute) => path.relative(at.root, absolute).split(path.sep).join('/')),
          previous: result.previous,
          warnings: [...result.warnings],
        };
      }),
    chooseImportFile: () =>
      guard(async () => {
        if (!shell.chooseImportFile) notAvailable('The Import dialog');
        const chosen = await shell.chooseImportFile();
        return chosen === null ? null : readImportSource(chosen);
      }),
    convertImportFile: (name, data) => guard(() => convertImportBytes(name, Buffer.from(data, 'base64'))),
    createRulebook: (fileName, text) =>
      guard(async () => {
        let written: string;
        if (shell.chooseNewRulebookPath) {
          const chosen = await shell.chooseNewRulebookPath(fileName);
          if (chosen === null) return null;
          written = await writeChosenRulebook(chosen, text);
        } else {
          written = await writeNewRulebook(path.join(dataDir, 'imported'), fileName, text);
        }
        return open(written, null);
      }),
    proposeLayout: () => guard(() => proposeLayout(layoutBook(current()))),
    applyLayout: (id) =>
      guard(async () => {
        const at = current();
        // Locked like a save of every file of the book: the settings land in rulebook.yaml or in the book's one file.
        const applied = await withLocks(at, [...at.files, 'rulebook.yaml'], () => applyLayout(layoutBook(at), id));
        // Reopened as a whole: a new rulebook.yaml may list files the book did not read before.
        return { ...applied, rulebook: await open(at.target, at.sampleId) };
      }),
    retiredNumbers: () =>
      guard(async () => {
        const at = current();
        try {
          return (await readPublicationRecord(at.root, at.singleFile))?.retired ?? [];
        } catch (error) {
          throw new ApiFailure(error instanceof OutsideFolderError ? 'outside-rulebook' : 'invalid-rulebook', (error as Error).message);
        }
      }),
    reviewChanges: (base, unsavedTexts) =>
      guard(async () => (await import('../review/workspace-review.js')).reviewWorkingCopy(current().target, base, unsavedTexts)),
    listCharacters: () =>
      guard(async () => {
        const at = current();
        return readRoster(at.root, (relPath, version) => at.changes.noteVersion(relPath, version));
      }),
    reportUnsaved: (relPaths) =>
      guard(async () => {
        unsaved = [...relPaths];
      }),
    closeWindow: () =>
      guard(async () => {
        shell.closeWindow?.();
      }),
    reloadWindow: () =>
      guard(async () => {
        shell.reloadWindow?.();
      }),
  };

  return {
    ...api,
    unsavedPaths: () => unsaved,
    openBook: () => (state ? { target: state.target, sampleId: state.sampleId } : null),
    reopen: (book) => guard(() => open(book.target, book.sampleId)),
    async dispatch(method, args) {
      const checked = validateArgs(method, args);
      if (!checked.ok) return checked;
      const handler = api[method] as (...a: ApiArgs<typeof method>) => Promise<Result<unknown>>;
      try {
        return await handler(...(checked.value as ApiArgs<typeof method>));
      } catch (error) {
        return { ok: false, error: { code: 'internal', message: `Internal error: ${(error as Error).message}` } };
      }
    },
    async dispose() {
      await state?.changes.close();
      state = null;
    },
  };
}
