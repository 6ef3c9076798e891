/**
 * Keystrokes reach the worker as edits (`edit-file`), not as whole texts: the findings are those of the whole edited
 * text, and a copy that cannot take an edit asks for the whole text again (`resend`) rather than analyse a wrong one.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyse } from '../../shared/analyse/index.js';
import type { TextSplice } from '../../renderer/worker/protocol.js';
import { silenceWorker, startClient, until } from './in-process-worker.js';

const FUNJERAI = readFileSync(path.resolve(import.meta.dirname, '../fixtures/samples/funjerai.md'), 'utf8');

/** Applies changes as the worker does: in order, each in the text the ones before it left. */
function apply(text: string, changes: readonly TextSplice[]): string {
  return changes.reduce((t, c) => t.slice(0, c.offset) + c.text + t.slice(c.offset + c.remove), text);
}

const shape = (findings: readonly { ruleId: string; message: string; range: { start: { offset: number } } }[]) => findings.map((f) => `${f.ruleId}@${f.range.start.offset}:${f.message}`);

function freshFindings(text: string): string[] {
  return shape(analyse({ files: [{ path: 'funjerai.md', text }] }).findings());
}

afterAll(silenceWorker);

describe('edits sent to the worker', () => {
  it('give the findings of the whole edited text, and a copy that misses one asks for the whole text', async () => {
    const { client, events } = await startClient();
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
