/** Opening a file the app wrote (an export, a publication) from a button: one helper, so every button behaves alike. */
import type { RulebookBridge } from '../../shared/ipc/contract.js';

/**
 * Asks the host to open `relPath`. The bridge already opens it (Electron: the system's app; browser
 * host: a new tab, opened by the HTTP client), so the caller must not open the returned URL again.
 * A tab the browser blocked is said, with the address to open by hand.
 */
export async function openWrittenFile(api: RulebookBridge, relPath: string, notify: (message: string, kind?: 'info' | 'error') => void): Promise<void> {
  const opened = await api.openFile(relPath);
  if (!opened.ok) return notify(opened.error.message, 'error');
  if (!opened.value.opened) notify(opened.value.url ? `The browser did not open a new tab for ${relPath}; allow pop-ups, or open ${opened.value.url}` : `Could not open ${relPath}`, 'error');
}
