/**
 * Keystrokes reach the worker as edits (`edit-file`), not as whole texts: the findings are those of the whole edited
 * text, and a copy that cannot take an edit asks for the whole text again (`resend`) rather than analyse a wrong one.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CoreClient, type DiagnosticsEvent } from '../../renderer/worker/client.js';
import { analyse } from '../../shared/analyse/index.js';
import type { FromWorker, TextSplice, ToWorker } from '../../renderer/worker/protocol.js';

const FUNJERAI = readFileSync(path.resolve(import.meta.dirname, '../fixtures/samples/funjerai.md'), 'utf8');

/** The real worker module in this process (one per test file: it keeps its session in module scope). */
class InProcessWorker {
  onmessage: ((event: MessageEvent<FromWorker>) => void) | null = null;
  private inbox: ((event: { data: ToWorker }) => void) | null = null;

  async start(): Promise<void> {
    const worker = this;
    (globalThis as { self?: unknown }).self = {
      postMessage: (message: FromWorker) => setTimeout(() => worker.onmessage?.({ data: message } as MessageEvent<FromWorker>), 0),
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
}

async function until(probe: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Applies changes as the worker does: in order, each in the text the ones before it left. */
function apply(text: string, changes: readonly TextSplice[]): string {
  return changes.reduce((t, c) => t.slice(0, c.offset) + c.text + t.slice(c.offset + c.remove), text);
}

const shape = (findings: readonly { ruleId: string; message: string; range: { start: { offset: number } } }[]) => findings.map((f) => `${f.ruleId}@${f.range.start.offset}:${f.message}`);

function freshFindings(text: string): string[] {
  return shape(analyse({ files: [{ path: 'funjerai.md', text }] }).findings());
}

afterAll(() => {
  // The worker's timers (the panels' summary after a pause, the kept chunks) may still fire once the test is done:
  // their messages go nowhere, rather than to a `self` that is gone (an uncaught error that fails the whole run).
  (globalThis as { self?: unknown }).self = { postMessage: () => undefined };
});

describe('edits sent to the worker', () => {
  it('give the findings of the whole edited text, and a copy that misses one asks for the whole text', async () => {
    const worker = new InProcessWorker();
    await worker.start();
    const client = new CoreClient(worker as unknown as Worker);
    const events: DiagnosticsEvent[] = [];
    client.onDiagnostics((e) => events.push(e));
    const resent: string[] = [];
    let text = FUNJERAI;
    client.onResend((file) => {
      resent.push(file);
      client.setFile(file, text);
    });
    client.open({ files: [{ path: 'funjerai.md', text }] });
    await until(() => events.length === 1);

    // One keystroke's change: a misspelt prerequisite.
    const at = text.indexOf('Prerequisite: First Aid') + 'Prerequisite: First Ai'.length;
    const typo: TextSplice[] = [{ offset: at, remove: 1, text: 'x' }];
    text = apply(text, typo);
    client.editFile('funjerai.md', typo, text.length);
    await until(() => events.at(-1)!.version === client.currentVersion);
    expect(shape(events.at(-1)!.findings)).toEqual(freshFindings(text));
    expect(events.at(-1)!.findings.some((f) => f.message.includes('First Aix'))).toBe(true);

    // Several changes at once (multiple cursors), given from the end of the text to its start.
    const second = text.indexOf('\n', text.length / 2);
    const several: TextSplice[] = [
      { offset: second, remove: 0, text: '\n\n3.9.9 A new rule.\n' },
      { offset: at, remove: 1, text: 'd' },
    ];
    text = apply(text, several);
    client.editFile('funjerai.md', several, text.length);
    await until(() => events.at(-1)!.version === client.currentVersion);
    expect(shape(events.at(-1)!.findings)).toEqual(freshFindings(text));
    expect(resent).toEqual([]);

    // An edit the worker's copy cannot take (its length is not what the editor says): no findings for a wrong
    // text; the whole text is asked for, and the findings come for it.
    const version = client.currentVersion;
    text = `${text}\nMore text.\n`;
    client.editFile('funjerai.md', [{ offset: text.length - 12, remove: 0, text: '\nMore text.\n' }], text.length + 5);
    await until(() => resent.length === 1);
    expect(resent).toEqual(['funjerai.md']);
    await until(() => events.at(-1)!.version === client.currentVersion);
    expect(events.map((e) => e.version)).not.toContain(version + 1);
    expect(shape(events.at(-1)!.findings)).toEqual(freshFindings(text));

    // A file the worker does not hold: asked for too.
    client.editFile('elsewhere.md', [{ offset: 0, remove: 0, text: 'x' }], 1);
    await until(() => resent.length === 2);
    expect(resent[1]).toBe('elsewhere.md');
  }, 30_000);
});
