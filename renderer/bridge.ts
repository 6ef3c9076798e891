/** The renderer's one door to the outside: Electron's preload bridge when present, else the browser host's HTTP client. */
import type { RulebookBridge } from '../shared/ipc/contract.js';
import { connectToHost } from '../shared/ipc/connect.js';
import { pageSessions } from './page-session.js';

let bridge: RulebookBridge | null = null;

export function getBridge(): RulebookBridge {
  bridge ??= connectToHost({ session: pageSessions });
  return bridge;
}
