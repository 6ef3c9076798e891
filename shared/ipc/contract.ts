/**
 * The bridge between the renderer and whichever host runs it (Electron's main process or the browser
 * host's HTTP server): one named method per operation, every result a `Result<T>`.
 *
 * Only file-system and Node-only work crosses this bridge. Pure work (parse, link, lint, diff,
 * refactor planning, import conversion) runs in the renderer's worker on the texts it got from here.
 *
 * Paths: every `relPath` is a rulebook-relative posix path ("02-skills.md", "export/rules.pdf"):
 * no leading "/", no "..", no backslashes. The host confines them to the opened rulebook's folder.
 */

import type { ReferenceCounts } from '../diff/types.js';

// ---------------------------------------------------------------------------------------------
// Results

/** Why an operation failed. The renderer branches on `code`; `message` is a sentence for a person. */
export type ApiErrorCode =
  /** An argument has the wrong type or shape (a programmer's error in the caller). */
  | 'bad-argument'
  /** The path leaves the rulebook's folder (`..`, absolute, a symlink pointing outside) or has a forbidden extension. */
  | 'outside-rulebook'
  /** No rulebook is open yet; open one first. */
  | 'no-rulebook'
  /** The file or folder does not exist. */
  | 'not-found'
  /** The file exists but cannot be read as a rulebook text (a folder, binary, not UTF-8, permission denied). */
  | 'unreadable'
  /** The rulebook itself is malformed (bad rulebook.yaml, no .md files); the message names file and line. */
  | 'invalid-rulebook'
  /** saveFile/saveFiles: the file changed on disk since the version the editor holds. Re-read, merge, retry. */
  | 'conflict'
  /** The file already exists (saveFile with expectedVersion null). */
  | 'exists'
  /** This host cannot do that (a native dialog in the browser host, a feature not built yet). */
  | 'not-available'
  /** The request did not come from our own page (IPC sender or HTTP token check failed). */
  | 'forbidden'
  /** Writing failed (disk full, permission denied, read-only folder). */
  | 'write-failed'
  /** Export or another long operation failed; the message says why. */
  | 'failed'
  /** A bug in the host; the message is all there is. */
  | 'internal'
  /**
   * Browser host only: the tab's session was closed after its idle time (main/host/sessions.ts) and nothing was done.
   * The page carries on in a new session on the same book (renderer/app/session-resume.ts); never "no rulebook".
   */
  | 'session-ended';

export interface ApiError {
  readonly code: ApiErrorCode;
  readonly message: string;
}

/** What every method resolves to. Methods never reject (except when the transport itself breaks). */
export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ApiError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(code: ApiErrorCode, message: string): Result<T> {
  return { ok: false, error: { code, message } };
}

// ---------------------------------------------------------------------------------------------
// Values

/**
 * An opaque token naming one state of a file on disk (size, modification time and a content hash).
 * Hand back the one you got from readFile/openRulebook/saveFile when saving; compare for equality only.
 */
export type FileVersion = string;

/** One text file of the rulebook as it is on disk now. */
export interface FileSnapshot {
  readonly path: string;
  /** The text with the BOM removed and line endings as on disk. */
  readonly text: string;
  readonly version: FileVersion;
  /** Whether the file starts with a UTF-8 BOM (kept on save). */
  readonly bom: boolean;
  readonly eol: '\n' | '\r\n';
}

/** The rulebook now open: hand `{ manifest, files }` (texts only) to parseRulebook as its RulebookSource. */
export interface OpenedRulebook {
  /** For the title bar and recent list: the rulebook's file or folder name. */
  readonly name: string;
  /** Absolute path of what was opened (the .md file or the folder), for display. */
  readonly target: string;
  /** Absolute path of the folder every relPath is relative to. */
  readonly root: string;
  readonly isFolder: boolean;
  /** Set when this is a copy of a bundled sample (see openSample). */
  readonly sampleId: string | null;
  /** rulebook.yaml when the rulebook is a folder with one (path "rulebook.yaml"), else null. */
  readonly manifest: FileSnapshot | null;
  /** The rulebook's Markdown files, in rulebook order. */
  readonly files: readonly FileSnapshot[];
  /**
   * The folder's other files, rulebook-relative (pictures, pages not read), as `rulebook lint` lists them: links to them
   * are not broken, and completion offers the pictures after `![[`. As they are when the rulebook is opened (or
   * asked for again); later changes come with pollChanges (ChangeBatch.assets).
   */
  readonly assets: readonly string[];
  /** Unsaved work left behind by a crash for this rulebook: offer to recover (readBackup) or discard. */
  readonly backups: readonly BackupInfo[];
  /**
   * Markdown pages in the folder's subfolders that are not read: a folder book without a `files:` list reads its own
   * files only (a Hugo or Jekyll site's pages live below). proposeLayout lists them; 0 for a one-file book.
   */
  readonly unlistedPages: number;
}

export interface SampleInfo {
  /** Stable id, e.g. "funjerai". */
  readonly id: string;
  readonly title: string;
  /** One line for the start page, or null. */
  readonly description: string | null;
}

export interface RecentRulebook {
  /** Absolute path: hand it to openRulebook. */
  readonly target: string;
  readonly name: string;
  /** ISO 8601 time of the last open. */
  readonly openedAt: string;
  /** False when the path no longer exists (shown greyed, removable with forgetRecent). */
  readonly exists: boolean;
}

export interface SavedFile {
  readonly path: string;
  /** The new version: keep it for the next save. */
  readonly version: FileVersion;
}

export interface FileToSave {
  readonly path: string;
  readonly text: string;
  /** The version the editor's text is based on, or null for a new file (fails with 'exists' if it exists). */
  readonly expectedVersion: FileVersion | null;
}

/** What happened on disk, by another program (the host's own saves are not reported). */
export interface FileChange {
  readonly path: string;
  readonly kind: 'changed' | 'added' | 'removed';
  /** Version now on disk; null when removed. Reload with readFile. */
  readonly version: FileVersion | null;
}

export interface ChangeBatch {
  /** Pass this as `since` to the next pollChanges. */
  readonly cursor: number;
  readonly changes: readonly FileChange[];
  /**
   * The rulebook folder's other files (OpenedRulebook.assets) as they are now, when files were added to or removed
   * from the folder since `since` and the list changed; absent otherwise.
   */
  readonly assets?: readonly string[];
}

/** A crash-recovery copy of unsaved text, stored in the user's app-data folder, never in the rulebook. */
export interface BackupInfo {
  readonly path: string;
  /** ISO 8601 time it was written. */
  readonly savedAt: string;
  /** The disk version the unsaved text was based on (null for a file never saved). */
  readonly baseVersion: FileVersion | null;
  /** Whether the file on disk still has baseVersion (if not, recovering means merging). */
  readonly baseStillCurrent: boolean;
}

export interface Backup extends BackupInfo {
  readonly text: string;
}

/** 'site': the website, a folder of pages (its output names the folder); 'html': the same as one file. */
export type ExportKind = 'pdf' | 'html' | 'site' | 'json';

/** One export of the rulebook, with the unsaved texts of open editors so what is exported is what is seen. */
export interface ExportRequest {
  readonly kind: ExportKind;
  /**
   * Where to write, inside the rulebook folder; null = the default named by kind (`export/<name>-<pdf kind>.pdf`,
   * `export/<name>-site`, `export/<name>.json`: shared/ipc/export-name.ts). Must end with the kind's extension.
   */
  readonly output: string | null;
  /** True replaces a file (or website folder) already there; otherwise the export answers `exists` and writes nothing. */
  readonly replace?: boolean;
  /** Unsaved editor texts that replace the files on disk for this export only. */
  readonly unsaved: readonly { readonly path: string; readonly text: string }[];
  /**
   * Options passed through to the publisher; JSON scalars or lists of texts. For 'pdf' (main/publish):
   * kind ('book' default, 'cards', 'reference', 'sheet', 'extract'), paper ('a4' default, 'a5', 'letter', 'card'),
   * margins (points), fontSize, chapters and categories (lists), date. The publisher checks them.
   */
  readonly options: Readonly<Record<string, ExportOptionValue>>;
}

export type ExportOptionValue = string | number | boolean | null | readonly string[];

/** The paged view: the chapter at `at` (a file and 1-based line; null: the first chapter) as it will print. */
export interface PrintPreviewRequest {
  readonly at: { readonly file: string; readonly line: number } | null;
  /** Unsaved editor texts laid over the files on disk, as for an export. */
  readonly unsaved: readonly { readonly path: string; readonly text: string }[];
}

export interface PrintPreview {
  /** The PDF, base64 (it crosses as JSON over HTTP); nothing is written to disk. */
  readonly pdf: string;
  readonly pages: number;
  /** The title of the chapter printed, or null when the book has no chapters (then the whole book is printed). */
  readonly chapter: string | null;
  /** The 1-based page that prints the heading, rule or skill at or above `at`, or null (nothing printed there). */
  readonly cursorPage: number | null;
}

export interface ExportResult {
  /** Page count of a PDF, null for other kinds. */
  readonly pages: number | null;
  /** Things a person should know (missing glyphs, empty selections). */
  readonly warnings: readonly string[];
  /** Rulebook-relative path of the written file (a website: its index.html, the page to open). */
  readonly path: string;
  /** Absolute path, for display. */
  readonly absolutePath: string;
  readonly bytes: number;
}

export interface OpenResult {
  /** True when the host opened it itself (Electron: system app or browser). */
  readonly opened: boolean;
  /** When not opened: a URL the page may open or download itself (browser host), else null. */
  readonly url: string | null;
}

/** Facts about the host, for capabilities only: the renderer must not otherwise care which host it is. */
export interface HostInfo {
  readonly kind: 'electron' | 'browser';
  readonly appVersion: string;
  /** Whether openRulebookDialog/chooseImportFile show a native dialog (false: type a path instead). */
  readonly nativeDialogs: boolean;
  /** Whether revealFile works. */
  readonly canReveal: boolean;
  /**
   * The build of the rulebook code the page's worker runs (parser included), when the host can tell it: what the
   * worker keeps of a book between launches is kept under it, so another build never reads it. Null: keep nothing.
   */
  readonly coreBuild: string | null;
}

/** A source text for the Import command (converted by shared/import in the worker). */
export interface ImportSource {
  readonly name: string;
  /** Guessed from the extension. */
  readonly format: 'markdown' | 'text' | 'html' | 'docx';
  /** The text; for docx, the document converted to HTML by the host (mammoth). */
  readonly text: string;
  /** What the host noticed while reading it, for the preview ("not UTF-8 … read as Windows-1252"). */
  readonly notes?: readonly string[];
}

/** A number a published edition deleted (from the publication record): `number-reused` warns when a new rule takes it. */
export interface RetiredNumber {
  readonly number: string;
  /** What the deleted rule said, to show next to a reuse. */
  readonly text: string;
  /** The edition (or date) whose publication deleted it. */
  readonly edition: string | null;
}

/** What publishing wrote (issue 6: PDFs, changelog, the publication record). */
export interface PublishOutcome {
  /** Rulebook-relative paths of the files written, the publication record last. */
  readonly written: readonly string[];
  /** The previous publication's label, null for a first publication. */
  readonly previous: string | null;
  readonly warnings: readonly string[];
}

/**
 * What `rulebook init` would do to the open book, for the app's "Infer this book's layout" offer. Only `proposed`
 * writes anything, and only when applied; the others are one sentence for a person.
 */
export type LayoutProposal =
  | {
      readonly status: 'proposed';
      /** Names this proposal: hand it to applyLayout, which refuses when the book changed since. */
      readonly id: string;
      /** The rulebook-relative file it writes: "rulebook.yaml", or the one-file book's own .md (its front matter). */
      readonly path: string;
      /** Whether that file is new (a folder without rulebook.yaml). */
      readonly isNew: boolean;
      /** What it writes: the whole rulebook.yaml, or the file's front matter block. The book's text never changes. */
      readonly settings: string;
      /** What the book would then read as, one sentence per line ("129 skills as `##` headings with CP Cost…"). */
      readonly readsAs: readonly string[];
      /** Why, one sentence per setting. */
      readonly reasons: readonly string[];
      /** The marshal's own settings it leaves alone although the book suggests otherwise. */
      readonly kept: readonly string[];
    }
  /** Nothing to write: the book already declares its layout, or the defaults read it as it is. */
  | { readonly status: 'up-to-date'; readonly message: string }
  /** Even an inferred layout reads neither skills nor numbered rules from it: nothing to propose. */
  | { readonly status: 'no-sense'; readonly message: string };

/** What applyLayout wrote, and the book reopened with it. */
export interface LayoutApplied {
  /** The rulebook-relative file written. */
  readonly path: string;
  /** What the book now reads as, from disk. */
  readonly readsAs: readonly string[];
  /** The book reopened: load it like openRulebook's answer. */
  readonly rulebook: OpenedRulebook;
}

/** A git revision of the rulebook's folder, for the Changes panel. */
export interface GitRevision {
  readonly hash: string;
  readonly subject: string;
  /** ISO 8601. */
  readonly date: string;
}

/** An older state of the rulebook's texts to compare against (a git revision or the last publication). */
export interface RulebookTexts {
  readonly label: string;
  readonly manifest: { readonly path: string; readonly text: string } | null;
  readonly files: readonly { readonly path: string; readonly text: string }[];
}

/** Which older version `reviewChanges` compares with: the last publication, or a git revision (hash from listRevisions). */
export type ReviewBase = 'publication' | string;

/** One finding of a review, as the Changes panel lists it (positions 1-based; in the base version for a fixed one). */
export interface ReviewFinding {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly severity: 'error' | 'warning' | 'info';
  readonly ruleId: string;
  readonly message: string;
}

/**
 * What `rulebook review` reports for the working copy: the counts (of findings, and of the references the change
 * broke), the findings, and the Markdown to paste in a review.
 */
export interface ChangeReview extends ReferenceCounts {
  /** The older version, as the report names it. */
  readonly label: string;
  /** True when the change introduces an error (the CLI's exit code 1). */
  readonly failed: boolean;
  readonly introduced: readonly ReviewFinding[];
  readonly fixed: readonly ReviewFinding[];
  /** The report exactly as `rulebook review --format markdown` writes it (without line links). */
  readonly markdown: string;
}

/** The folder of a rulebook's roster: the Characters panel lists the character files under it and creates new ones there. */
export const CHARACTERS_FOLDER = 'characters';

/** The open rulebook's roster (docs/characters.md): every .yaml/.yml file under `characters/`, in name order. */
export interface CharacterRoster {
  /** The roster folder, rulebook-relative ("characters"); it need not exist yet. */
  readonly folder: string;
  readonly files: readonly FileSnapshot[];
  /** Files that could not be read as text (not UTF-8, permission denied), each with why. */
  readonly unreadable: readonly { readonly path: string; readonly message: string }[];
}

/** Commands the application menu sends to the page (Electron only; in the browser the page binds its own keys). */
export type MenuCommand =
  | 'open'
  | 'save'
  | 'save-all'
  | 'close-tab'
  | 'find'
  | 'replace'
  | 'toggle-theme'
  | 'export'
  | 'publish'
  | 'import'
  | 'renumber-section'
  | 'rename-symbol'
  | 'go-to-definition'
  | 'show-outline'
  | 'show-problems'
  | 'show-skills'
  | 'show-graph'
  | 'show-preview'
  | 'show-changes'
  /** Shows what `rulebook init` would write for the open book (the same offer a book read poorly gets on opening). */
  | 'infer-layout'
  /** The user asked to close with unsaved work and chose Save: save everything, then call closeWindow(). */
  | 'save-all-then-close'
  /** The same for Force Reload: save everything, then call reloadWindow(). */
  | 'save-all-then-reload';

export const MENU_COMMANDS: readonly MenuCommand[] = [
  'open', 'save', 'save-all', 'close-tab', 'find', 'replace', 'toggle-theme', 'export', 'publish', 'import',
  'renumber-section', 'rename-symbol', 'go-to-definition', 'show-outline', 'show-problems', 'show-skills',
  'show-graph', 'show-preview', 'show-changes', 'infer-layout', 'save-all-then-close',
  'save-all-then-reload',
];

// ---------------------------------------------------------------------------------------------
// The contract

/**
 * Every operation the page can ask of its host. In Electron it is `window.rulebookApi` (the preload);
 * in a browser it is `createHttpApi()` from shared/ipc/http-client.ts. Same behaviour in both.
 */
export interface RulebookApi {
  /** Which host this is and what it can do. */
  hostInfo(): Promise<Result<HostInfo>>;

  // Workspace --------------------------------------------------------------------------------
  /** The rulebook open now (e.g. one named on the command line), or null. */
  currentRulebook(): Promise<Result<OpenedRulebook | null>>;
  /** Opens a rulebook (.md file, folder, or its rulebook.yaml) by absolute path; adds it to the recent list. */
  openRulebook(target: string): Promise<Result<OpenedRulebook>>;
  /** Shows the native Open dialog; null when cancelled. 'not-available' in the browser host. */
  openRulebookDialog(): Promise<Result<OpenedRulebook | null>>;
  /** The bundled sample rulebooks (for the first start). */
  listSamples(): Promise<Result<readonly SampleInfo[]>>;
  /**
   * Opens a sample. The bundled original is never edited: the first open copies it into the user's
   * samples folder, later opens reopen that copy (with the user's edits).
   */
  openSample(id: string): Promise<Result<OpenedRulebook>>;
  /** Recently opened rulebooks, newest first (at most 10). */
  recentRulebooks(): Promise<Result<readonly RecentRulebook[]>>;
  forgetRecent(target: string): Promise<Result<void>>;

  // Files ------------------------------------------------------------------------------------
  /** Reads one text file (.md, .markdown, .yaml, .yml, .txt) of the open rulebook's folder. */
  readFile(relPath: string): Promise<Result<FileSnapshot>>;
  /**
   * Saves atomically (temp file + rename), keeping the file's BOM. Fails with 'conflict' when the
   * file on disk is no longer `expectedVersion` (another program changed it): nothing is written.
   * Saving a .md file that the rulebook does not list yet (folder without manifest) adds it.
   */
  saveFile(relPath: string, text: string, expectedVersion: FileVersion | null): Promise<Result<SavedFile>>;
  /**
   * Saves several files (a rename across files, a renumbering): every version is checked first,
   * and nothing is written unless all match. Each file is written atomically.
   */
  saveFiles(files: readonly FileToSave[]): Promise<Result<readonly SavedFile[]>>;
  /**
   * Changes made on disk by other programs since `since` (0 = from the start). Waits up to `waitMs`
   * (0–25000) for a change before answering with an empty list, so it can be called in a loop.
   */
  pollChanges(since: number, waitMs: number): Promise<Result<ChangeBatch>>;

  // Crash recovery ---------------------------------------------------------------------------
  /** Stores unsaved text for crash recovery (call a second or two after typing stops). */
  writeBackup(relPath: string, text: string, baseVersion: FileVersion | null): Promise<Result<void>>;
  listBackups(): Promise<Result<readonly BackupInfo[]>>;
  readBackup(relPath: string): Promise<Result<Backup>>;
  /** Removes the backup (after saving, or when the user discards it). Succeeds when there is none. */
  discardBackup(relPath: string): Promise<Result<void>>;

  // Output -----------------------------------------------------------------------------------
  /** Writes an export of the rulebook into its folder. */
  exportRulebook(request: ExportRequest): Promise<Result<ExportResult>>;
  /** The chapter being edited as it will print (an extract PDF in memory, unsaved texts included), for the paged view. */
  printPreview(request: PrintPreviewRequest): Promise<Result<PrintPreview>>;
  /** Opens a file of the rulebook folder (an export) with the system's app, or gives a URL for it. */
  openFile(relPath: string): Promise<Result<OpenResult>>;
  /** Shows the file in the system file manager. 'not-available' in the browser host. */
  revealFile(relPath: string): Promise<Result<void>>;
  /** Opens an https: or mailto: link in the system browser; any other scheme is refused ('bad-argument'). */
  openExternal(url: string): Promise<Result<OpenResult>>;

  // Changes, publish, import ------------------------------------------------------------------
  /** Git revisions touching the rulebook folder, newest first; empty when it is not in a git repository. */
  listRevisions(): Promise<Result<readonly GitRevision[]>>;
  /** The rulebook's texts at a git revision (hash from listRevisions). */
  readRevision(hash: string): Promise<Result<RulebookTexts>>;
  /** The texts of the last publication, or null when the rulebook was never published. */
  readLastPublication(): Promise<Result<RulebookTexts | null>>;
  /**
   * Publishes the rulebook as saved on disk (save first): refuses with 'failed' when lint reports
   * errors, else writes the configured PDFs and changelog and records the publication.
   */
  publishRulebook(): Promise<Result<PublishOutcome>>;
  /** Shows the native dialog to pick a document to import; null when cancelled. 'not-available' in the browser. */
  chooseImportFile(): Promise<Result<ImportSource | null>>;
  /**
   * Reads a document the page got itself (the browser's file input) the way chooseImportFile reads a
   * chosen one: `name` is the file's name (its extension decides the format: .txt .md .markdown .html
   * .htm .docx) and `data` its bytes in base64. Texts must be UTF-8; .docx is converted to HTML (mammoth).
   */
  convertImportFile(name: string, data: string): Promise<Result<ImportSource>>;
  /**
   * Writes `text` as a new one-file rulebook named `fileName` (a plain "name.md") and opens it: the
   * Import command's last step. Electron asks where with a save dialog (null when cancelled); the
   * browser host writes into its app-data folder's `imported/` under a free name. Never overwrites.
   */
  createRulebook(fileName: string, text: string): Promise<Result<OpenedRulebook | null>>;
  /**
   * What `rulebook init` would write for the open book as saved on disk (rulebook.yaml, or the file's front matter)
   * and what the book would then read as. Writes nothing.
   */
  proposeLayout(): Promise<Result<LayoutProposal>>;
  /**
   * Writes the proposal `id` exactly as `rulebook init` does (atomically, inside the book's folder, never changing
   * its text), then reopens the book. Fails with 'conflict' when the book changed since the proposal (propose again).
   */
  applyLayout(id: string): Promise<Result<LayoutApplied>>;
  /** Numbers deleted in earlier publications (the publication record's `retired`), for `number-reused`; empty when never published. */
  retiredNumbers(): Promise<Result<readonly RetiredNumber[]>>;
  /**
   * The review of the working copy (the files on disk with the editor's `unsaved` texts laid over) against `base`,
   * as `rulebook review` makes it: findings introduced and fixed, broken references, and its Markdown.
   * 'not-found' when the book was never published or the revision does not exist.
   */
  reviewChanges(base: ReviewBase, unsaved: readonly { readonly path: string; readonly text: string }[]): Promise<Result<ChangeReview>>;
  /**
   * The character files of the open rulebook's roster (CHARACTERS_FOLDER), read for the Characters panel; a file a
   * symbolic link leads out of the rulebook's folder is left out. Read and save single files with readFile and saveFile.
   */
  listCharacters(): Promise<Result<CharacterRoster>>;

  // Window -----------------------------------------------------------------------------------
  /** Tells the host which files have unsaved edits, so closing the window can ask first. */
  reportUnsaved(relPaths: readonly string[]): Promise<Result<void>>;
  /** Closes the window (after a 'save-all-then-close' command); asks again if unsaved files remain. */
  closeWindow(): Promise<Result<void>>;
  /** Reloads the window (after a 'save-all-then-reload' command); asks again if unsaved files remain. */
  reloadWindow(): Promise<Result<void>>;
}

/** The method names, in one list: the preload, the IPC registration and the HTTP server are built from it. */
export const API_METHODS = [
  'hostInfo',
  'currentRulebook',
  'openRulebook',
  'openRulebookDialog',
  'listSamples',
  'openSample',
  'recentRulebooks',
  'forgetRecent',
  'readFile',
  'saveFile',
  'saveFiles',
  'pollChanges',
  'writeBackup',
  'listBackups',
  'readBackup',
  'discardBackup',
  'exportRulebook',
  'printPreview',
  'openFile',
  'revealFile',
  'openExternal',
  'listRevisions',
  'readRevision',
  'readLastPublication',
  'publishRulebook',
  'chooseImportFile',
  'convertImportFile',
  'createRulebook',
  'proposeLayout',
  'applyLayout',
  'retiredNumbers',
  'reviewChanges',
  'listCharacters',
  'reportUnsaved',
  'closeWindow',
  'reloadWindow',
] as const satisfies readonly (keyof RulebookApi)[];

export type ApiMethod = (typeof API_METHODS)[number];

// A compile-time check that API_METHODS names every method of RulebookApi (and nothing else).
type MissingMethods = Exclude<keyof RulebookApi, ApiMethod>;
const everyMethodListed: MissingMethods extends never ? true : MissingMethods = true;
void everyMethodListed;

/** The arguments of a method, as a tuple. */
export type ApiArgs<M extends ApiMethod> = Parameters<RulebookApi[M]>;
/** The value inside a method's Result. */
export type ApiValue<M extends ApiMethod> = Awaited<ReturnType<RulebookApi[M]>> extends Result<infer T> ? T : never;

/** Electron IPC channel of a method: "rulebook:<method>". */
export function channelOf(method: ApiMethod): string {
  return `rulebook:${method}`;
}

/** The channel on which the Electron host sends MenuCommand values to the page. */
export const MENU_CHANNEL = 'rulebook:menu';

/** What the Electron preload exposes as `window.rulebookApi`: the contract plus menu events. */
export interface RulebookBridge extends RulebookApi {
  /** Calls `listener` for each application-menu command; returns a function that unsubscribes. */
  onMenuCommand(listener: (command: MenuCommand) => void): () => void;
}

/** The name under which the preload exposes the bridge on `window`. */
export const BRIDGE_GLOBAL = 'rulebookApi';

/** Limits the validators enforce (and the hosts rely on). */
export const LIMITS = {
  /** Longest relPath accepted. */
  maxPathLength: 1024,
  /** Largest text accepted by saveFile/writeBackup (the parser's own limit is 8 MB per file). */
  maxTextLength: 16 * 1024 * 1024,
  maxFilesPerSave: 500,
  maxPollWaitMs: 25_000,
  maxUrlLength: 4096,
  /** Largest document convertImportFile accepts (bytes before base64). */
  maxImportBytes: 24 * 1024 * 1024,
} as const;
