import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerApiHandlers, type IpcMainLike, type InvokeEventLike } from '../../main/electron/ipc.js';
import { buildBridge } from '../../main/preload/bridge.js';
import { API_METHODS, channelOf, type MenuCommand } from '../../shared/ipc/contract.js';
import { makeSandbox, value, type Sandbox } from './helpers.js';

/** ipcMain's registration surface, recording handlers so calls can be made as Electron would. */
class RecordingIpcMain implements IpcMainLike {
  readonly handlers = new Map<string, (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>>();
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>): void {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, listener);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  invoke(channel: string, frameUrl: string | null, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    return handler({ senderFrame: frameUrl === null ? null : { url: frameUrl }, sender: { id: 1 } }, ...args);
  }
}

let box: Sandbox;
let ipc: RecordingIpcMain;
let unregister: () => void;
beforeEach(async () => {
  box = await makeSandbox();
  ipc = new RecordingIpcMain();
  unregister = registerApiHandlers(ipc, (event) => (event.sender?.id === 1 ? box.api : null));
});
afterEach(async () => {
  unregister();
  await box.cleanup();
});

describe('IPC registration', () => {
  it('registers one channel per method, and removes them all', () => {
    expect([...ipc.handlers.keys()].sort()).toEqual(API_METHODS.map(channelOf).sort());
    unregister();
    expect(ipc.handlers.size).toBe(0);
    unregister = () => undefined;
  });

  it('answers our page', async () => {
    value((await ipc.invoke('rulebook:openRulebook', 'app://rulebook/index.html', box.funjerai)) as never);
    expect(await ipc.invoke('rulebook:readFile', 'app://rulebook/index.html', 'funjerai.md')).toMatchObject({ ok: true });
  });

  it.each(['https://evil.example/', 'app://rulebook.evil/index.html', 'file:///tmp/x.html', 'http://localhost:5173/', null])('refuses a sender frame at %j', async (frame) => {
    expect(await ipc.invoke('rulebook:openRulebook', frame, box.funjerai)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('validates arguments before any handler runs', async () => {
    expect(await ipc.invoke('rulebook:openRulebook', 'app://rulebook/', 'relative.md')).toMatchObject({ ok: false, error: { code: 'bad-argument' } });
    expect(await ipc.invoke('rulebook:readFile', 'app://rulebook/', '../../etc/passwd')).toMatchObject({ ok: false, error: { code: 'bad-argument' } });
    expect(await ipc.invoke('rulebook:saveFile', 'app://rulebook/', 'a.md')).toMatchObject({ ok: false, error: { code: 'bad-argument' } });
  });

  it('refuses a window without a workspace', async () => {
    const handler = ipc.handlers.get('rulebook:listSamples')!;
    expect(await handler({ senderFrame: { url: 'app://rulebook/' }, sender: { id: 99 } })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });
});

describe('the preload bridge', () => {
  it('has one function per contract method plus onMenuCommand, and is frozen', () => {
    const bridge = buildBridge(async () => null, () => () => undefined);
    expect(Object.keys(bridge).sort()).toEqual([...API_METHODS, 'onMenuCommand'].sort());
    expect(Object.isFrozen(bridge)).toBe(true);
  });

  it('sends each method on its own channel with only its arguments', async () => {
    const calls: unknown[][] = [];
    const bridge = buildBridge(async (...args) => (calls.push(args), { ok: true, value: null }), () => () => undefined);
    await bridge.saveFile('a.md', 'text', null);
    await bridge.listSamples();
    expect(calls).toEqual([['rulebook:saveFile', 'a.md', 'text', null], ['rulebook:listSamples']]);
  });

  it('passes on menu commands only when they are commands', () => {
    let deliver: (payload: unknown) => void = () => undefined;
    let unsubscribed = false;
    const bridge = buildBridge(async () => null, (listener) => ((deliver = listener), () => void (unsubscribed = true)));
    const got: MenuCommand[] = [];
    const off = bridge.onMenuCommand((c) => got.push(c));
    deliver('save');
    deliver('rm -rf');
    deliver({ command: 'save' });
    deliver('toggle-theme');
    off();
    expect(got).toEqual(['save', 'toggle-theme']);
    expect(unsubscribed).toBe(true);
  });
});
