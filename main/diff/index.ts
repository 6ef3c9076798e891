/** The Node side of comparing versions: where old versions come from, the publication record, publishing (the handout PDF is main/publish's buildChangesPdf). */
export { loadOldVersion, analyseVersion, gitTargetOf, LAST_PUBLICATION, type LoadedVersion } from './load-version.js';
export { readGitVersion, looksLikeRevision, type GitTarget } from './git-version.js';
export {
  readPublicationRecord,
  readLastPublication,
  writePublicationRecord,
  nextRecord,
  recordPath,
  publicationLabel,
  retiredNumbersLintOptions,
  type PublicationRecord,
  type PublishedVersion,
  type RetiredNumber,
} from './publication.js';
export { publishRulebook, PublishRefused, type PublishResult, type PublishOptions } from './publish.js';
export { readPublishSettings, PUBLISH_KINDS, type PublishSettings } from './publish-settings.js';
export { sinceFilter } from './since.js';
