/** Where an old version comes from: another file or folder, a git revision, or the last publication (`published`). */
import path from 'node:path';
import { analyse, type AnalyseOptions, type RulebookAnalysis } from '../../shared/analyse/index.js';
import type { RulebookSource } from '../../shared/model/types.js';
import { UserError } from '../errors.js';
import { loadRulebook, type LoadedRulebook } from '../fs/load-rulebook.js';
import { readGitVersion, type GitTarget } from './git-version.js';
import { publicationLabel, readPublicationRecord, type PublishedVersion } from './publication.js';
import { exists } from '../fs/exists.js';

/** The words that name the last publication instead of a path or revision. */
export const LAST_PUBLICATION = ['published', 'last-publication', '@published'];

/** A version read: its analysis (source, model, facts, findings) under the name the user is shown. */
export interface LoadedVersion extends RulebookAnalysis {
  /** What the user is shown: a path, "git HEAD~1 (1a2b3c4d)", "edition 7.4, published 2025-03-01". */
  readonly label: string;
  /** The publication it is, when `published` named it: a changelog names it again in the book's words. */
  readonly publication?: PublishedVersion;
}

/** `options.rules`: the lint settings the version's findings are to be judged with (a review's retired numbers). */
export function analyseVersion(label: string, source: RulebookSource, options: AnalyseOptions = {}): LoadedVersion {
  return { label, ...analyse(source, options) };
}

/** Where git and the publication record look for a loaded rulebook. */
export function gitTargetOf(loaded: LoadedRulebook): GitTarget {
  return { root: loaded.root, singleFile: loaded.isFolder ? null : loaded.files[0].path };
}

/**
 * Resolves `spec` against the rulebook it will be compared with: the last publication's names
 * (`published`), then an existing path, then a git revision of the repository holding `current`.
 */
export async function loadOldVersion(spec: string, current: LoadedRulebook, options: AnalyseOptions = {}): Promise<LoadedVersion> {
  const target = gitTargetOf(current);
  // The publication's names come first: `published/` is also where publish writes its PDFs (write ./published for that folder).
  if (LAST_PUBLICATION.includes(spec)) {
    const record = await readPublicationRecord(target.root, target.singleFile);
    if (!record) throw new UserError(`${path.relative(process.cwd(), current.target) || current.target}: never published, so there is no last publication to compare with (run \`rulebook publish\` first)`);
    return { ...analyseVersion(publicationLabel(record.latest), record.latest.source, options), publication: record.latest };
  }
  if (await exists(spec)) {
    const loaded = await loadRulebook(spec);
    return analyseVersion(path.relative(process.cwd(), loaded.target) || loaded.target, loaded.source, options);
  }
  const { label, source } = await readGitVersion(target, spec);
  return analyseVersion(label, source, options);
}
