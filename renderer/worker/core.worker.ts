/**
 * The web worker the language service runs in: a transport that feeds it the editor's texts and edits, coalesces
 * keystrokes, answers queries and tags every result with its version. The rulebook logic is all in shared/service.
 */
import { RulebookService, importDocument } from '../../shared/service/index.js';
import type { FromWorker, ToWorker } from './protocol.js';
import { answerQuery } from './answer.js';

const service = new RulebookService();
let scheduled = false;
let summarisedVersion = -1;
/** When the first text not yet analysed arrived: what its analysis waited for is told with its findings. */
let waitingSince: number | null = null;
/** Files whose copy here missed an edit: nothing is analysed (nor edited) until their whole text comes. */
const awaiting = new Set<string>();

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
  if (!service.needsAnalysis || awaiting.size > 0) return;
  const waitMs = waitingSince === null ? 0 : performance.now() - waitingSince;
  waitingSince = null;
  const analysis = service.analyse();
  post({ type: 'diagnostics', version: analysis.version, findings: analysis.findings, timing: { ...analysis.timing, waitMs } });
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

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  // Keystrokes already queued behind this message land first, so a burst of typing costs one analysis.
  setTimeout(() => {
    scheduled = false;
    flush();
  }, 0);
}

self.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  switch (message.type) {
    case 'open':
      awaiting.clear();
      service.open(message.source, message.version);
      summarisedVersion = -1;
      summaryNow = true;
      schedule();
      break;
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
};
