/** The main thread's handle on the core worker: sends texts and edits with a version, drops results for stale versions, turns queries into promises. */
import type { Finding } from '../../shared/lint/types.js';
import type { RulebookSource } from '../../shared/model/types.js';
import type { LintRuleConfig } from '../../shared/model/types.js';
import { VERSIONLESS_QUERIES, type AnalysisTiming, type FromWorker, type QueryRequest, type QueryResults, type TextSplice, type ToWorker } from './protocol.js';
import type { RulebookSummary } from '../../shared/service/index.js';

export interface DiagnosticsEvent {
  readonly version: number;
  readonly findings: readonly Finding[];
  readonly timing: AnalysisTiming;
  /** Milliseconds from the edit that made this version to the findings arriving here. */
  readonly latencyMs: number;
}

export class CoreClient {
  /** The version of the latest message sent (texts or lint settings); findings for anything older are stale. */
  private version = 0;
  /**
   * The version of the latest text sent. A query answer is stale only if a text changed after it was asked:
   * new lint settings move no position, so they must not void a rename or a jump that is under way.
   */
  private textVersion = 0;
  private nextQuery = 1;
  private sentAt = new Map<number, number>();
  private pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void; textVersion: number; anyVersion: boolean }>();
  private diagnosticsListeners: ((event: DiagnosticsEvent) => void)[] = [];
  private summaryListeners: ((summary: RulebookSummary, version: number) => void)[] = [];
  private openListeners: (() => void)[] = [];
  lastFindings: readonly Finding[] = [];
  private lastSummary: RulebookSummary | null = null;
  /** The version lastSummary describes. */
  private summaryVersion = 0;
  /** The version lastFindings describe. */
  private findingsVersion = 0;

  constructor(private readonly worker: Worker) {
    worker.onmessage = (event: MessageEvent<FromWorker>) => this.receive(event.data);
  }

  get currentVersion(): number {
    return this.version;
  }

  /**
   * Whether lastFindings describe the text as it is now. Between a keystroke and the next findings their
   * ranges point into the older text, so an edit built from them (a quick fix) would land in the wrong place.
   */
  get findingsAreCurrent(): boolean {
    return this.findingsVersion === this.version;
  }

  onDiagnostics(listener: (event: DiagnosticsEvent) => void): void {
    this.diagnosticsListeners.push(listener);
  }

  onSummary(listener: (summary: RulebookSummary, version: number) => void): void {
    this.summaryListeners.push(listener);
  }

  /** Told when another book is opened: what shows the last book's summary says the new one is being read. */
  onOpen(listener: () => void): void {
    this.openListeners.push(listener);
  }

  /** The build the page's worker runs (HostInfo.coreBuild): a book's chunks are kept between launches under it. */
  private keepBuild: string | null = null;

  keepChunksFor(build: string | null): void {
    this.keepBuild = build;
  }

  /** `book`: the rulebook's path, what its chunks are kept under (nothing is kept without one or without a build). */
  open(source: RulebookSource, book: string | null = null): void {
    const keep = book !== null && this.keepBuild !== null ? { book, build: this.keepBuild } : null;
    this.send({ type: 'open', version: this.bumpText(), source, keep });
    this.openedAt = this.version;
    for (const listener of this.openListeners) listener();
  }

  /** The version of the last open: summaries older than it describe another book. */
  private openedAt = 0;

  /** The open book's summary, or null while its first analysis is under way (the last one is another book's). */
  get openBookSummary(): RulebookSummary | null {
    return this.lastSummary && this.summaryVersion >= this.openedAt ? this.lastSummary : null;
  }

  /** The open book's summary: the last one if it is of this book, else the first to come (its first analysis). */
  bookSummary(): Promise<RulebookSummary> {
    const now = this.openBookSummary;
    if (now) return Promise.resolve(now);
    return new Promise((resolve) => {
      const once = (summary: RulebookSummary, version: number) => {
        if (version < this.openedAt) return;
        this.summaryListeners.splice(this.summaryListeners.indexOf(once), 1);
        resolve(summary);
      };
      this.summaryListeners.push(once);
    });
  }

  setFile(path: string, text: string): void {
    this.send({ type: 'set-file', version: this.bumpText(), path, text });
  }

  /** An edit of a file the worker holds: its changes, not its whole text (see `edit-file` in protocol.ts). */
  editFile(path: string, changes: readonly TextSplice[], length: number): void {
    this.send({ type: 'edit-file', version: this.bumpText(), path, changes, length });
  }

  /** Who gives the whole text of a file when the worker asks for it again (its copy missed an edit). */
  onResend(listener: (path: string) => void): void {
    this.resendListeners.push(listener);
  }

  private resendListeners: ((path: string) => void)[] = [];

  /** Lint settings laid over the rulebook's own (the publication record's retired numbers); findings follow. */
  setLintRules(rules: Readonly<Record<string, LintRuleConfig>>): void {
    this.send({ type: 'lint-rules', version: this.bump(), rules });
  }

  /** The rulebook folder's other files as they are now (pictures added or removed on disk); findings follow. */
  setOtherFiles(assets: readonly string[]): void {
    this.send({ type: 'other-files', version: this.bump(), assets });
  }

  /** Asks the worker; resolves to null when a text changed before the answer came back (the answer would point at old places). */
  query<K extends QueryRequest['kind']>(request: Extract<QueryRequest, { kind: K }>): Promise<QueryResults[K] | null> {
    const id = this.nextQuery++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, textVersion: this.textVersion, anyVersion: VERSIONLESS_QUERIES.includes(request.kind) });
      this.send({ type: 'query', id, version: this.version, request });
    });
  }

  private bumpText(): number {
    this.textVersion = this.bump();
    return this.textVersion;
  }

  private bump(): number {
    this.version++;
    this.sentAt.set(this.version, performance.now());
    return this.version;
  }

  private send(message: ToWorker): void {
    this.worker.postMessage(message);
  }

  private receive(message: FromWorker): void {
    switch (message.type) {
      case 'diagnostics': {
        if (message.version !== this.version) return; // stale: a newer text is on its way
        const sent = this.sentAt.get(message.version) ?? performance.now();
        for (const v of this.sentAt.keys()) if (v <= message.version) this.sentAt.delete(v);
        this.lastFindings = message.findings;
        this.findingsVersion = message.version;
        const event = { version: message.version, findings: message.findings, timing: message.timing, latencyMs: performance.now() - sent };
        for (const listener of this.diagnosticsListeners) listener(event);
        break;
      }
      case 'resend':
        for (const listener of this.resendListeners) listener(message.path);
        break;
      case 'summary':
        if (message.version !== this.version) return;
        this.lastSummary = message.summary;
        this.summaryVersion = message.version;
        for (const listener of [...this.summaryListeners]) listener(message.summary, message.version);
        break;
      case 'answer': {
        const waiting = this.pending.get(message.id);
        if (!waiting) return;
        this.pending.delete(message.id);
        if (!message.ok) waiting.reject(new Error(message.message));
        // The worker answers messages in order, so the answer describes the texts as they were when asked.
        else waiting.resolve(waiting.anyVersion || waiting.textVersion === this.textVersion ? message.value : null);
        break;
      }
    }
  }
}
