/** The language server's file access: rulebooks read from disk exactly as `rulebook lint` reads them (main/fs), for shared/service's Workspace. */
import { stat } from 'node:fs/promises';
import type { WorkspaceHost } from '../../shared/service/index.js';
import { readPublicationRecord, retiredNumbersLintOptions } from '../diff/publication.js';
import { listAssets, loadRulebook, readText } from '../fs/load-rulebook.js';
import { fromSlashes } from './paths.js';

export const diskHost: WorkspaceHost = {
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
    return { source: loaded.source, lintRules: retiredNumbersLintOptions(record) };
  },
  async otherFiles(folder, own) {
    // The same listing as the load's (depth, limits, dot-folders left out), so a relisted book reads as a reopened one.
    return listAssets(fromSlashes(folder), new Set(own));
  },
};
