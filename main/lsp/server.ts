/**
 * `rulebook lsp`: the Language Server Protocol over shared/service, so VS Code, Neovim and any LSP client get the
 * app's squiggles, hovers, jumps, renames, completion and quick fixes. A transport only: documents in, the
 * service's answers converted out (convert.ts); which rulebook a file belongs to is the service's Workspace.
 */
import {
  CodeActionKind,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  ResponseError,
  ErrorCodes,
  MessageType,
  ShowMessageNotification,
  TextDocumentSyncKind,
  WatchKind,
  type CodeAction,
  type Connection,
  type InitializeResult,
  type WorkspaceEdit,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { MARKDOWN_GLOB } from '../../shared/model/markdown-files.js';
import { MANIFEST_NAME, Workspace, type PlannedEdits, type Rulebook } from '../../shared/service/index.js';
import { fromRange, toChanges, toCompletionItems, toDocumentSymbol, toFilePosition, toNotesMessage, toRange, toWorkspaceEdit } from './convert.js';
import { DiagnosticsPublisher } from './diagnostics-publisher.js';
import { diskHost } from './disk-host.js';
import { saveKeptParsesNow } from './kept-parses.js';
import { pathOfUri, uriOfPath } from './paths.js';

/** Our fix-all's kind: under source.fixAll, so a client asking for that gets it, and named, as ESLint's source.fixAll.eslint. */
const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.rulebook`;

/** Wires the server's handlers on a connection; the connection is listened on by the caller. */
export function serveRulebooks(connection: Connection): void {
  const workspace = new Workspace(diskHost((message) => connection.console.info(`rulebook lsp: ${message}`)));
  const documents = new Map<string, TextDocument>();
  const dirty = new Set<Rulebook>();
  let flushQueued = false;
  let annotatedEdits = false;
  let resolvesEdits = false;
  let watchDynamically = false;
  let workspaceFolders: string[] = [];

  // Notifications and requests run one at a time, in arrival order: an open still reading its rulebook from disk
  // finishes before the keystrokes after it are applied, and a request sees every edit sent before it.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T> | T): Promise<T> => {
    const next = queue.then(work);
    queue = next.catch((error) => connection.console.error(`rulebook lsp: ${error instanceof Error ? error.message : String(error)}`));
    return next;
  };

  /** The rulebook a document belongs to and the document's rulebook-relative path, or null outside any. */
  const locate = async (uri: string): Promise<{ book: Rulebook; file: string } | null> => {
    const file = pathOfUri(uri);
    if (file === null) return null;
    const book = await workspace.rulebookOf(file);
    return book ? { book, file: book.relative(file) } : null;
  };

  // Each path's URI made once: a big book's findings name a thousand pages at every analysis.
  const uris = new Map<string, string>();
  const uriOf = (file: string): string => {
    let uri = uris.get(file);
    if (uri === undefined) uris.set(file, (uri = uriOfPath(file)));
    return documents.get(uri)?.uri ?? uri;
  };
  const versionOf = (uri: string): number | null => documents.get(uri)?.version ?? null;

  /**
   * What a plan asks a person to check, said beside its edit in every client (shared/refactor's notes): a
   * window/showMessage notification, which needs no answer (showWarningMessage would send a request, which a client
   * may not handle, and its refusal would be an unhandled rejection that ends the server).
   */
  const sayNotes = (plan: PlannedEdits) => {
    const notes = toNotesMessage(plan);
    if (notes) void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: notes });
  };

  const diagnostics = new DiagnosticsPublisher(connection, uriOf, (uri) => documents.get(uri)?.version, () => documents.keys());
  const publish = (book: Rulebook) => diagnostics.publish(book);
  const forget = (book: Rulebook) => {
    diagnostics.forget(book);
    dirty.delete(book);
  };

  /** Analyses the rulebooks that changed once the notifications already queued are applied: a burst of keystrokes costs one analysis. */
  const schedule = (books: Iterable<Rulebook>) => {
    for (const book of books) dirty.add(book);
    if (flushQueued) return;
    flushQueued = true;
    setTimeout(() => {
      flushQueued = false;
      void serial(() => {
        for (const book of dirty) publish(book);
        dirty.clear();
      });
    }, 0);
  };

  connection.onInitialize((params): InitializeResult => {
    const folders = params.workspaceFolders?.map((f) => pathOfUri(f.uri)) ?? (params.rootUri ? [pathOfUri(params.rootUri)] : []);
    workspaceFolders = folders.filter((f): f is string => f !== null);
    workspace.setFolders(workspaceFolders);
    annotatedEdits = params.capabilities.workspace?.workspaceEdit?.changeAnnotationSupport !== undefined && params.capabilities.workspace?.workspaceEdit?.documentChanges === true;
    watchDynamically = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    resolvesEdits = params.capabilities.textDocument?.codeAction?.resolveSupport?.properties.includes('edit') === true;
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        hoverProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
        completionProvider: { triggerCharacters: ['[', ':', ' ', ',', '#'] },
        documentSymbolProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.RefactorRewrite, CodeActionKind.SourceFixAll, FIX_ALL_KIND], resolveProvider: true },
        foldingRangeProvider: true,
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: 'rulebook' },
    };
  });

  connection.onInitialized(() => {
    if (watchDynamically) {
      // rulebook.yaml changes the chapters and settings; a chapter not open may change on disk (a git pull); any file
      // added or removed may be a picture a link names or `![[` offers (only creations and deletions: a picture's
      // bytes changing matters to neither).
      void connection.client.register(DidChangeWatchedFilesNotification.type, {
        watchers: [{ globPattern: `**/${MANIFEST_NAME}` }, { globPattern: MARKDOWN_GLOB }, { globPattern: '**/*', kind: WatchKind.Create | WatchKind.Delete }],
      });
    }
    connection.workspace.onDidChangeWorkspaceFolders((event) =>
      serial(() => {
        const removed = new Set(event.removed.map((f) => pathOfUri(f.uri)));
        const added = event.added.map((f) => pathOfUri(f.uri)).filter((f): f is string => f !== null);
        workspaceFolders = [...workspaceFolders.filter((f) => !removed.has(f)), ...added];
        workspace.setFolders(workspaceFolders);
      }),
    );
  });

  // What the first analyses parsed, kept for the next session, is written before the editor ends the server.
  connection.onShutdown(() => saveKeptParsesNow());

  connection.onDidOpenTextDocument(({ textDocument }) =>
    serial(async () => {
      const file = pathOfUri(textDocument.uri);
      if (file === null) return;
      documents.set(textDocument.uri, TextDocument.create(textDocument.uri, textDocument.languageId, textDocument.version, textDocument.text));
      const book = await workspace.openDocument(file, textDocument.text);
      if (book) schedule([book]);
    }),
  );

  connection.onDidChangeTextDocument(({ textDocument, contentChanges }) =>
    serial(async () => {
      const file = pathOfUri(textDocument.uri);
      const document = documents.get(textDocument.uri);
      if (file === null || !document) return;
      // Incremental sync: the document applies each change in turn, as the protocol orders them.
      const updated = TextDocument.update(document, contentChanges, textDocument.version);
      documents.set(textDocument.uri, updated);
      const book = await workspace.changeDocument(file, updated.getText());
      if (book) schedule([book]);
    }),
  );

  connection.onDidCloseTextDocument(({ textDocument }) =>
    serial(async () => {
      const file = pathOfUri(textDocument.uri);
      documents.delete(textDocument.uri);
      if (file === null) return;
      const { kept, dropped } = await workspace.closeDocument(file);
      dropped.forEach(forget);
      schedule(kept);
    }),
  );

  connection.onDidSaveTextDocument(({ textDocument }) =>
    serial(async () => {
      const file = pathOfUri(textDocument.uri);
      // A saved rulebook.yaml may list other chapters: read the rulebook again (clients that watch files say so too).
      if (file === null || !file.endsWith(`/${MANIFEST_NAME}`) || watchDynamically) return;
      const { kept, dropped } = await workspace.fileChanged(file);
      dropped.forEach(forget);
      schedule(kept);
    }),
  );

  connection.onDidChangeWatchedFiles(({ changes }) =>
    serial(async () => {
      /** Files created or deleted: the rulebooks around them list their other files again, once for the whole batch. */
      const addedOrRemoved: string[] = [];
      for (const change of changes) {
        const file = pathOfUri(change.uri);
        if (file === null) continue;
        const isManifest = file.endsWith(`/${MANIFEST_NAME}`);
        if (change.type !== FileChangeType.Changed && !isManifest) addedOrRemoved.push(file);
        if (change.type === FileChangeType.Deleted && !isManifest) continue;
        const { kept, dropped } = await workspace.fileChanged(file);
        dropped.forEach(forget);
        schedule(kept);
      }
      if (addedOrRemoved.length > 0) schedule(await workspace.otherFilesChanged(addedOrRemoved));
    }),
  );

  connection.onHover(({ textDocument, position }) =>
    serial(async () => {
      const at = await locate(textDocument.uri);
      const card = at?.book.service.hover(toFilePosition(at.file, position));
      return card ? { contents: { kind: 'markdown' as const, value: card.markdown }, range: toRange(card.range) } : null;
    }),
  );

  connection.onDefinition(({ textDocument, position }) =>
    serial(async () => {
      const at = await locate(textDocument.uri);
      if (!at) return [];
      return at.book.service.definition(toFilePosition(at.file, position)).map((range) => ({ uri: uriOf(at.book.absolute(range.file)), range: toRange(range) }));
    }),
  );

  connection.onReferences(({ textDocument, position, context }) =>
    serial(async () => {
      const at = await locate(textDocument.uri);
      if (!at) return [];
      const place = toFilePosition(at.file, position);
      let ranges = at.book.service.references(place);
      if (!context.includeDeclaration) {
        const definitions = new Set(at.book.service.definition(place).map((r) => `${r.file}#${r.start.offset}`));
        ranges = ranges.filter((r) => !definitions.has(`${r.file}#${r.start.offset}`));
      }
      return ranges.map((range) => ({ uri: uriOf(at.book.absolute(range.file)), range: toRange(range) }));
    }),
  );

  connection.onPrepareRename(({ textDocument, position }) =>
    serial(async () => {
      const at = await locate(textDocument.uri);
      const target = at?.book.service.prepareRename(toFilePosition(at.file, position));
      if (!target || target.kind !== 'skill') throw new ResponseError(ErrorCodes.InvalidRequest, 'Put the cursor on a skill name to rename the skill.');
      return { range: toRange(target.range), placeholder: target.name };
    }),
  );

  connection.onRenameRequest(({ textDocument, position, newName }) =>
    serial(async (): Promise<WorkspaceEdit> => {
      const at = await locate(textDocument.uri);
      if (!at) throw new ResponseError(ErrorCodes.InvalidRequest, 'Not a rulebook file.');
      const plan = at.book.service.rename(toFilePosition(at.file, position), newName);
      if (!plan.ok) throw new ResponseError(ErrorCodes.InvalidRequest, plan.message);
      sayNotes(plan);
      return toWorkspaceEdit(plan, at.book, { annotated: annotatedEdits, versionOf });
    }),
  );

  connection.onCompletion(({ textDocument, position }) =>
    serial(async () => {
      const at = await locate(textDocument.uri);
      const offer = at?.book.service.completion(toFilePosition(at.file, position));
      return offer ? toCompletionItems(offer) : null;
    }),
  );

  connection.onDocumentSymbol(({ textDocument }) =>
    serial(async () => {
      const at = await locate(textDocument.uri);
      return at ? at.book.service.documentSymbols(at.file).map(toDocumentSymbol) : [];
    }),
  );

  connection.onFoldingRanges(({ textDocument }) =>
    serial(async () => {
      const at = await locate(textDocument.uri);
      return at ? at.book.service.folding(at.file).map((r) => ({ startLine: r.startLine - 1, endLine: r.endLine - 1 })) : [];
    }),
  );

  connection.onCodeAction(({ textDocument, range, context }) =>
    serial(async (): Promise<CodeAction[]> => {
      const at = await locate(textDocument.uri);
      if (!at) return [];
      // A client asking for some kinds only (a refactor menu, a fix-all on save) gets those.
      const asked = (kind: string) => context.only?.some((only) => kind === only || kind.startsWith(`${only}.`)) === true;
      const wanted = (kind: string) => !context.only || asked(kind);
      const actions: CodeAction[] = [];
      if (wanted(CodeActionKind.QuickFix)) {
        for (const action of at.book.service.codeActions(at.file, fromRange(range))) {
          if (action.kind === 'fix-all') {
            actions.push({ title: action.title, kind: CodeActionKind.QuickFix, edit: { changes: toChanges(action.edits, at.book) } });
            continue;
          }
          const findingRange = toRange(action.finding.range);
          const diagnostic = context.diagnostics.find((d) => d.code === action.finding.ruleId && d.range.start.line === findingRange.start.line && d.range.start.character === findingRange.start.character);
          actions.push({ title: action.title, kind: CodeActionKind.QuickFix, isPreferred: action.preferred, diagnostics: diagnostic ? [diagnostic] : undefined, edit: { changes: toChanges(action.edits, at.book) } });
        }
      }
      // Only when asked for by kind (VS Code's "editor.codeActionsOnSave": {"source.fixAll": "explicit"}, its Fix All
      // command): a light bulb's request has no `only`, and a source action is not for it.
      if (asked(FIX_ALL_KIND)) {
        const fixAll = at.book.service.fixAll(at.file);
        if (fixAll) actions.push({ title: fixAll.title, kind: FIX_ALL_KIND, edit: { changes: toChanges(fixAll.edits, at.book) } });
      }
      if (wanted(CodeActionKind.RefactorRewrite)) {
        for (const offer of at.book.service.renumberActions(at.file, fromRange(range))) {
          const data: RenumberData = { uri: textDocument.uri, section: offer.section };
          // A client that resolves edits gets the edit, and the plan's notes, when the renumbering is chosen.
          actions.push({ title: offer.title, kind: CodeActionKind.RefactorRewrite, data, ...(resolvesEdits ? {} : { edit: toWorkspaceEdit(offer.plan, at.book, { annotated: annotatedEdits, versionOf }) }) });
        }
      }
      return actions;
    }),
  );

  connection.onCodeActionResolve((action) =>
    serial(async (): Promise<CodeAction> => {
      const data = action.data as RenumberData | undefined;
      if (action.edit || action.kind !== CodeActionKind.RefactorRewrite || !data) return action;
      const at = await locate(data.uri);
      if (!at) throw new ResponseError(ErrorCodes.InvalidRequest, 'Not a rulebook file.');
      // Planned again on the texts as they are now (the same plan, kept, when nothing was typed since it was offered).
      const plan = at.book.service.renumber(data.section);
      if (!plan.ok) throw new ResponseError(ErrorCodes.InvalidRequest, plan.message);
      sayNotes(plan);
      return { ...action, edit: toWorkspaceEdit(plan, at.book, { annotated: annotatedEdits, versionOf }) };
    }),
  );
}

/** What a renumbering action carries to its resolve: the document it was offered in and what it renumbers (null: the whole book). */
interface RenumberData {
  readonly uri: string;
  readonly section: string | null;
}
