/**
 * Sends each rulebook's findings as textDocument/publishDiagnostics, only what changed: a book of a thousand pages
 * (the 13th Age SRD) sent a list for every page at every analysis, empty or not, a thousand notifications a keystroke.
 * Now an open document gets its list at each analysis (with its version), a page of the book only when its list
 * differs from the one it was last sent, and a page whose findings are gone an empty list, once.
 */
import type { Connection, Diagnostic } from 'vscode-languageserver/node';
import { MANIFEST_NAME, type Rulebook } from '../../shared/service/index.js';
import { toDiagnostic, toPosition } from './convert.js';
import { pathOfUri } from './paths.js';

export class DiagnosticsPublisher {
  /** What each URI was last sent (its list as JSON), for the URIs sent a non-empty list since. */
  private readonly sent = new Map<string, string>();
  /** The URIs each rulebook (by root) last sent findings to. */
  private readonly shown = new Map<string, Set<string>>();

  constructor(
    private readonly connection: Connection,
    /** The URI of an absolute path, as the editor opened it when it did. */
    private readonly uriOf: (file: string) => string,
    /** The open documents' versions by URI (undefined: not open). */
    private readonly versionOf: (uri: string) => number | undefined,
    /** The open documents' URIs. */
    private readonly openUris: () => Iterable<string>,
  ) {}

  publish(book: Rulebook): void {
    const byUri = new Map<string, Diagnostic[]>();
    // The open documents of the book get their list even when empty: the editor learns it is up to date.
    for (const uri of this.openUris()) if (this.holds(book, uri)) byUri.set(uri, []);
    if (book.loadError) {
      // A rulebook.yaml that cannot be read: its one-line error, at the line it names.
      const line = /line (\d+):/.exec(book.loadError)?.[1];
      const at = toPosition(line ? Number(line) : 1, 1);
      byUri.set(this.uriOf(`${book.root}/${MANIFEST_NAME}`), [{ range: { start: at, end: at }, severity: 1, source: 'rulebook', message: book.loadError }]);
    }
    for (const finding of book.service.diagnostics()) {
      const uri = this.uriOf(book.absolute(finding.range.file));
      const list = byUri.get(uri) ?? [];
      list.push(toDiagnostic(finding, book));
      byUri.set(uri, list);
    }
    for (const uri of this.shown.get(book.root) ?? []) if (!byUri.has(uri)) byUri.set(uri, []);
    this.shown.set(book.root, new Set([...byUri].filter(([, list]) => list.length > 0).map(([uri]) => uri)));
    for (const [uri, diagnostics] of byUri) {
      const version = this.versionOf(uri);
      const text = JSON.stringify(diagnostics);
      if (version === undefined && (this.sent.get(uri) ?? '[]') === text) continue;
      if (diagnostics.length > 0) this.sent.set(uri, text);
      else this.sent.delete(uri);
      void this.connection.sendDiagnostics({ uri, version, diagnostics });
    }
  }

  /** A rulebook no longer analysed: the findings it showed are taken away. */
  forget(book: Rulebook): void {
    for (const uri of this.shown.get(book.root) ?? []) {
      this.sent.delete(uri);
      void this.connection.sendDiagnostics({ uri, diagnostics: [] });
    }
    this.shown.delete(book.root);
  }

  private holds(book: Rulebook, uri: string): boolean {
    const file = pathOfUri(uri);
    return file !== null && book.holds(file);
  }
}
