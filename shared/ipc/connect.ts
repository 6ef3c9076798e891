/** Finds the host from inside the page: Electron's preload bridge when present, else the browser host over HTTP. */
import { BRIDGE_GLOBAL, type MenuCommand, type RulebookBridge } from './contract.js';
import { createHttpApi, type HttpApiOptions } from './http-client.js';

/**
 * The one way the renderer should reach its host. In the browser host there is no application menu,
 * so onMenuCommand never fires there (the page binds its own shortcuts).
 */
export function connectToHost(options: HttpApiOptions = {}): RulebookBridge {
  const exposed = (globalThis as Record<string, unknown>)[BRIDGE_GLOBAL] as RulebookBridge | undefined;
  if (exposed && typeof exposed.hostInfo === 'function') return exposed;
  const api = createHttpApi(options);
  return { ...api, onMenuCommand: (_listener: (command: MenuCommand) => void) => () => undefined };
}
