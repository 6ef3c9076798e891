/**
 * Registers every RulebookApi method on Electron's ipcMain through one helper: the sender's frame must
 * be our page, the arguments must pass the shared validators, and the answer is always a Result.
 * Takes ipcMain structurally so it is tested without Electron.
 */
import { API_METHODS, channelOf, fail, type ApiMethod, type Result } from '../../shared/ipc/contract.js';
import { isTrustedSender } from './security.js';

export interface InvokeEventLike {
  readonly senderFrame?: { readonly url: string } | null;
  readonly sender?: { readonly id: number };
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

export interface Dispatcher {
  dispatch(method: ApiMethod, args: unknown): Promise<Result<unknown>>;
}

/** Picks the workspace of the window that sent the call (one workspace per window). */
export type DispatcherFor = (event: InvokeEventLike) => Dispatcher | null;

export function registerApiHandlers(ipcMain: IpcMainLike, dispatcherFor: DispatcherFor, devOrigin: string | null = null): () => void {
  for (const method of API_METHODS) {
    ipcMain.handle(channelOf(method), async (event, ...args) => {
      if (!isTrustedSender(event.senderFrame?.url, devOrigin)) return fail('forbidden', `${method}: refused a call from a page that is not Rulebook Studio`);
      const dispatcher = dispatcherFor(event);
      if (!dispatcher) return fail('forbidden', `${method}: the calling window is not a Rulebook Studio window`);
      return dispatcher.dispatch(method, args);
    });
  }
  return () => {
    for (const method of API_METHODS) ipcMain.removeHandler(channelOf(method));
  };
}
