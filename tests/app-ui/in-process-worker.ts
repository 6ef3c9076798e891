/**
 * The real core worker module run in the test's own process, and a CoreClient on it: `self` is a stand-in whose
 * postMessage hands messages to the client asynchronously, as a worker's would, and whose messages can be held back
 * to play a slow answer. One instance per test file: the module keeps its session in module scope, as a worker does.
 */
import { CoreClient, type DiagnosticsEvent } from '../../renderer/worker/client.js';
import type { FromWorker, ToWorker } from '../../renderer/worker/protocol.js';

export class InProcessWorker {
  onmessage: ((event: MessageEvent<FromWorker>) => void) | null = null;
  held: FromWorker[] = [];
  hold = false;
  private inbox: ((event: { data: ToWorker }) => void) | null = null;

  async start(): Promise<void> {
    const worker = this;
    (globalThis as { self?: unknown }).self = {
      postMessage: (message: FromWorker) => {
        if (worker.hold) worker.held.push(message);
        else setTimeout(() => worker.onmessage?.({ data: message } as MessageEvent<FromWorker>), 0);
      },
      set onmessage(handler: (event: { data: ToWorker }) => void) {
        worker.inbox = handler;
      },
    };
    await import('../../renderer/worker/core.worker.js');
  }

  postMessage(message: ToWorker): void {
    const copy = structuredClone(message);
    setTimeout(() => this.inbox?.({ data: copy }), 0);
  }

  /** Hands over the messages held back, in order, and stops holding. */
  release(): void {
    this.hold = false;
    for (const message of this.held.splice(0)) this.onmessage?.({ data: message } as MessageEvent<FromWorker>);
  }
}

/** The worker started in this process, a client on it, and the diagnostics events the client has received so far. */
export async function startClient(): Promise<{ worker: InProcessWorker; client: CoreClient; events: DiagnosticsEvent[] }> {
  const worker = new InProcessWorker();
  await worker.start();
  const client = new CoreClient(worker as unknown as Worker);
  const events: DiagnosticsEvent[] = [];
  client.onDiagnostics((e) => events.push(e));
  return { worker, client, events };
}

/**
 * For after the tests: the worker's timers (the panels' summary after a pause, the kept chunks) may still fire once a
 * test is done; their messages go nowhere, rather than to a `self` that is gone (an uncaught error that fails the run).
 */
export function silenceWorker(): void {
  (globalThis as { self?: unknown }).self = { postMessage: () => undefined };
}

/** Waits until `probe` holds, checking every 10 ms; fails after `timeoutMs`. */
export async function until(probe: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}
