/** The language server's file access: rulebooks read from disk exactly as `rulebook lint` reads them (main/fs), for shared/service's Workspace. */
import { stat } from 'node:fs/promises';
import type { WorkspaceHost } from '../../shared/service/index.js';
import { readPublicationRecord, retiredNumbersLintOptions } from '../diff/publication.js';
import { listAssets, loadRulebook, readText } from '../fs/load-rulebook.js';
import { keptParses } from './kept-parses.js';
import { fromSlashes } from './paths.js';

/** `log`: what is worth telling about reading a book (window/logMessage: an editor's output panel for the server). */
export const diskHost = (log: (message: string) => void): WorkspaceHost => ({
  async exists(path) {
    try {
      return (await stat(fromSlashes(path))).isFile();
    } catch {
      return false;
    }
  },
  async readFile(path) {
    try {
      return (await readText(fromSlashes(path))).text;
    } catch {
      return null;
    }
  },
  async load(root) {
    const loaded = await loadRulebook(fromSlashes(root));
    const record = await readPublicationRecord(loaded.root, loaded.isFolder ? null : loaded.files[0].path).catch(() => null);
    const lintRules = retiredNumbersLintOptions(record);
    const kept = await keptParses(loaded, lintRules, log);
    return { source: loaded.source, lintRules, ...(kept ? { kept } : {}) };
  },
  async otherFiles(folder, own) {
    // The same listing as the load's (depth, limits, dot-folders left out), so a relisted book reads as a reopened one.
    return listAssets(fromSlashes(folder), new Set(own));
  },
});
