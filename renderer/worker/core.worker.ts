/** The web worker that runs the core: keeps the session, coalesces keystrokes, answers queries, tags every result with its version. */
import type { FromWorker, ToWorker } from './protocol.js';
import { answerQuery } from './answer.js';
import { OlderVersionCache } from './changes.js';
import { importDocument } from './import.js';
import { RulebookSession } from './session.js';
import { summarise } from './summaries.js';

const session = new RulebookSession();
const older = new OlderVersionCache();
let scheduled = false;
let summarisedVersion = -1;

function post(message: FromWorker): void {
  (self as unknown as Worker).postMessage(message);
}

/** Runs the analysis if the texts changed; posts diagnostics first (what the person waits for), the panels' summary after. */
function flush(): void {
  if (!session.needsAnalysis) return;
  const analysis = session.analyse();
  post({ type: 'diagnostics', version: analysis.version, findings: analysis.findings, timing: analysis.timing });
  if (summarisedVersion !== analysis.version) {
    summarisedVersion = analysis.version;
    post({ type: 'summary', version: analysis.version, summary: summarise(analysis.linked) });
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
      session.open(message.source, message.version);
      summarisedVersion = -1;
      schedule();
      break;
    case 'set-file':
      session.setFile(message.path, message.text, message.version);
      schedule();
      break;
    case 'lint-rules':
      session.setLintRules(message.rules, message.version);
      schedule();
      break;
    case 'query': {
      try {
        if (message.request.kind === 'import') {
          // Needs no open rulebook: the Import command runs from the start page too.
          const { text, format, name } = message.request;
          post({ type: 'answer', id: message.id, version: session.version, ok: true, value: importDocument(text, format, name) });
          break;
        }
        flush();
        const analysis = session.last;
        if (!analysis) throw new Error('no rulebook is open');
        post({ type: 'answer', id: message.id, version: analysis.version, ok: true, value: answerQuery(analysis.linked, message.request as never, session.source(), older) });
      } catch (error) {
        post({ type: 'answer', id: message.id, version: session.version, ok: false, message: error instanceof Error ? error.message : String(error) });
      }
      break;
    }
    default: {
      const never: never = message;
      throw new Error(`unknown message ${JSON.stringify(never)}`);
    }
  }
};
