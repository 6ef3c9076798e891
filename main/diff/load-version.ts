/** Where an old version comes from: another file or folder, a git revision, or the last publication (`published`). */
import path from 'node:path';
import { linkRulebook } from '../../shared/link/index.js';
import type { LinkedRulebook } from '../../shared/link/types.js';
import type { RulebookSource } from '../../shared/model/types.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { UserError } from '../errors.js';
import { loadRulebook, type LoadedRulebook } from '../fs/load-rulebook.js';
import { readGitVersion, type GitTarget } from './git-version.js';
import { publicationLabel, readPublicationRecord } from './publication.js';
import { exists } from '../fs/exists.js';

/** The words that name the last publication instead of a path or revision. */
export const LAST_PUBLICATION = ['published', 'last-publication', '@published'];

export interface LoadedVersion {
  /** What the user is shown: a path, "git HEAD~1 (1a2b3c4d)", "edition 7.4, published 2025-03-01". */
  readonly label: string;
  readonly source: RulebookSource;
  readonly linked: LinkedRulebook;
}

/** Where git and the publication record look for a loaded rulebook. */
export function gitTargetOf(loaded: LoadedRulebook): GitTarget {
  return { root: loaded.root, singleFile: loaded.isFolder ? null : loaded.files[0].path };
}

export function linkSource(source: RulebookSource): LinkedRulebook {
  return linkRulebook(parseRulebook(source), { assets: source.assets });
}


/**
 * Resolves `spec` against the rulebook it will be compared with: the last publication's names
 * (`published`), then an existing path, then a git revision of the repository holding `current`.
 */
export async function loadOldVersion(spec: string, current: LoadedRulebook): Promise<LoadedVersion> {
  const target = gitTargetOf(current);
  // The publication's names come first: `published/` is also where publish writes its PDFs (write ./published for that folder).
  if (LAST_PUBLICATION.includes(spec)) {
    const record = await readPublicationRecord(target.root, target.singleFile);
    if (!record) throw new UserError(`${path.relative(process.cwd(), current.target) || current.target}: never published, so there is no last publication to compare with (run \`rulebook publish\` first)`);
    return { label: publicationLabel(record.latest), source: record.latest.source, linked: linkSource(record.latest.source) };
  }
  if (await exists(spec)) {
    const loaded = await loadRulebook(spec);
    return { label: path.relative(process.cwd(), loaded.target) || loaded.target, source: loaded.source, linked: linkSource(loaded.source) };
  }
  const { label, source } = await readGitVersion(target, spec);
  return { label, source, linked: linkSource(source) };
}
