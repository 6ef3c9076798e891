/** Builds the page's bridge object from the contract: one function per method, each invoking its own channel. */
import { API_METHODS, MENU_COMMANDS, channelOf, type MenuCommand, type RulebookBridge } from '../../shared/ipc/contract.js';

export type Invoke = (channel: string, ...args: unknown[]) => Promise<unknown>;
export type Subscribe = (channel: string, listener: (payload: unknown) => void) => () => void;

export function buildBridge(invoke: Invoke, subscribeMenu: (listener: (payload: unknown) => void) => () => void): RulebookBridge {
  const bridge: Record<string, unknown> = {};
  for (const method of API_METHODS) {
    // Only the arguments cross: the page cannot pick a channel, and ipcRenderer never reaches it.
    bridge[method] = (...args: unknown[]) => invoke(channelOf(method), ...args);
  }
  bridge.onMenuCommand = (listener: (command: MenuCommand) => void) =>
    subscribeMenu((payload) => {
      if ((MENU_COMMANDS as readonly unknown[]).includes(payload)) listener(payload as MenuCommand);
    });
  return Object.freeze(bridge) as unknown as RulebookBridge;
}
