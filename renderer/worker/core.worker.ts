/**
 * The web worker the language service runs in: a transport that feeds it the editor's texts and edits, coalesces
 * keystrokes, answers queries and tags every result with its version. The rulebook logic is all in shared/service.
 */
import { KeptChunkStore, RulebookService, importDocument } from '../../shared/service/index.js';
import type { RulebookSource } from '../../shared/model/types.js';
import type { FromWorker, ToWorker } from './protocol.js';
import { answerQuery } from './answer.js';
import { loadKept, saveKept, type KeepKey } from './kept-chunks-db.js';

const service = new RulebookService();
let scheduled = false;
let summarisedVersion = -1;
/** When the first text not yet analysed arrived: what its analysis waited for is told with its findings. */
let waitingSince: number | null = null;
/** Files whose copy here missed an edit: nothing is analysed (nor edited) until their whole text comes. */
const awaiting = new Set<string>();

/**
 * The open book's chunks kept between launches: read back before its first analysis (which waits for them), saved
 * after it and again once editing pauses for KEEP_PAUSE_MS (a save clones every chunk's records: not per keystroke).
 */
const KEEP_PAUSE_MS = 10_000;
let keeping: { readonly key: KeepKey; readonly store: KeptChunkStore; readonly source: RulebookSource; saved: boolean } | null = null;
/** Messages that came while what was kept of the book just opened is read back: handled, in order, once it is. */
let held: ToWorker[] | null = null;
let keepTimer: ReturnType<typeof setTimeout> | null = null;

function keepLater(): void {
  if (!keeping) return;
  if (keepTimer !== null) clearTimeout(keepTimer);
  const which = keeping;
  // The first analysis of a book is kept at once: closing the app soon after opening must not lose it.
  keepTimer = setTimeout(() => {
    keepTimer = null;
    if (keeping !== which || service.needsAnalysis) return;
    which.saved = true;
    void saveKept(which.key, service.kept());
  }, which.saved ? KEEP_PAUSE_MS : 0);
}

function post(message: FromWorker): void {
  (self as unknown as Worker).postMessage(message);
}

/**
 * While typing goes on, the panels' summary (the whole outline, the skills, the graph: large to build and to send)
 * waits for a pause this long, so that the next keystroke finds the worker free; the panels redraw after a pause anyway.
 */
const SUMMARY_PAUSE_MS = 120;
let summaryTimer: ReturnType<typeof setTimeout> | null = null;
/** Whether the summary goes out with the next findings at once: a rulebook just opened shows its panels without waiting. */
let summaryNow = true;

function postSummary(): void {
  const analysis = service.last;
  // Texts newer than the last analysis: their flush is on its way and sends the summary after its findings.
  if (!analysis || service.needsAnalysis || summarisedVersion === analysis.version) return;
  summarisedVersion = analysis.version;
  post({ type: 'summary', version: analysis.version, summary: service.summary() });
}

/** Runs the analysis if the texts changed; posts diagnostics first (what the person waits for), the panels' summary after. */
function flush(): void {
  // Still reading back what was kept of the book just opened: its first analysis comes when that is done.
  if (!service.needsAnalysis || awaiting.size > 0 || held !== null) return;
  const waitMs = waitingSince === null ? 0 : performance.now() - waitingSince;
  waitingSince = null;
  const hitsBefore = keeping?.store.hits ?? 0;
  const analysis = analyseKept();
  const keptChunks = (keeping?.store.hits ?? 0) - hitsBefore;
  post({ type: 'diagnostics', version: analysis.version, findings: analysis.findings, timing: { ...analysis.timing, waitMs, ...(keptChunks > 0 ? { keptChunks } : {}) } });
  keepLater();
  if (summaryTimer !== null) clearTimeout(summaryTimer);
  summaryTimer = null;
  if (summaryNow) {
    summaryNow = false;
    postSummary();
  } else {
    summaryTimer = setTimeout(() => {
      summaryTimer = null;
      postSummary();
    }, SUMMARY_PAUSE_MS);
  }
}

/**
 * An analysis; one that throws while reading chunks kept from an earlier launch (damaged in a way their shape check
 * cannot see) is run again without them, the book read afresh: what was kept can only cost time, never the findings.
 */
function analyseKept(): ReturnType<RulebookService['analyse']> {
  try {
    return service.analyse();
  } catch (error) {
    if (!keeping || keeping.store.hits === 0) throw error;
    keeping.store.clear();
    service.open({ ...keeping.source, ...service.source() }, service.version);
    return service.analyse();
  }
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  // Keystrokes already queued behind this message land first, so a burst of typing costs one analysis.
  setTimeout(() => {
    scheduled = false;
    flush();
  }, 0);
}

// Everything after an open waits for what was kept of the book (a few milliseconds): its first analysis reads it.
self.onmessage = (event: MessageEvent<ToWorker>) => {
  if (held && event.data.type !== 'open') held.push(event.data);
  else handle(event.data);
};

function handle(message: ToWorker): void {
  switch (message.type) {
    case 'open': {
      awaiting.clear();
      if (keepTimer !== null) clearTimeout(keepTimer);
      keepTimer = null;
      const store = message.keep ? new KeptChunkStore() : undefined;
      keeping = message.keep && store ? { key: message.keep, store, source: message.source, saved: false } : null;
      held = null;
      if (keeping) {
        const which = keeping;
        const waiting: ToWorker[] = (held = []);
        void loadKept(which.key).then((kept) => {
          if (held !== waiting) return; // another book opened meanwhile
          which.store.fill(kept);
          held = null;
          for (const later of waiting) handle(later);
          schedule();
        });
      }
      service.open(message.source, message.version, store);
      summarisedVersion = -1;
      summaryNow = true;
      schedule();
      break;
    }
    case 'set-file':
      waitingSince ??= performance.now();
      awaiting.delete(message.path);
      service.setFile(message.path, message.text, message.version);
      schedule();
      break;
    case 'edit-file':
      if (awaiting.has(message.path)) break; // the whole text asked for has this edit in it
      waitingSince ??= performance.now();
      if (service.editFile(message.path, message.changes, message.length, message.version)) schedule();
      else {
        awaiting.add(message.path);
        post({ type: 'resend', path: message.path });
      }
      break;
    case 'lint-rules':
      service.setLintRules(message.rules, message.version);
      summaryNow = true;
      schedule();
      break;
    case 'other-files':
      service.setOtherFiles(message.assets, message.version);
      schedule();
      break;
    case 'query': {
      try {
        if (message.request.kind === 'import') {
          // Needs no open rulebook: the Import command runs from the start page too.
          const { text, format, name } = message.request;
          post({ type: 'answer', id: message.id, version: service.version, ok: true, value: importDocument(text, format, name) });
          break;
        }
        flush();
        const analysis = service.last;
        if (!analysis) throw new Error('no rulebook is open');
        post({ type: 'answer', id: message.id, version: analysis.version, ok: true, value: answerQuery(service, message.request as never) });
      } catch (error) {
        post({ type: 'answer', id: message.id, version: service.version, ok: false, message: error instanceof Error ? error.message : String(error) });
      }
      break;
    }
    default: {
      const never: never = message;
      throw new Error(`unknown message ${JSON.stringify(never)}`);
    }
  }
}
