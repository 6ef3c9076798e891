/** The "What changed" page's text: the changelog against the rulebook's last publication, when it has one and there are changes. */
import { analyse } from '../../shared/analyse/index.js';
import { changelogMarkdown, compareRulebooks } from '../../shared/diff/index.js';
import type { ComparisonSummary } from '../../shared/diff/types.js';
import type { LinkedRulebook } from '../../shared/link/types.js';
import type { LoadedRulebook } from '../fs/load-rulebook.js';
import { gitTargetOf } from '../diff/load-version.js';
import { publicationLabel, readPublicationRecord } from '../diff/publication.js';
import { wordsOfBook } from '../../shared/model/book-words.js';

export function hasChanges(summary: ComparisonSummary): boolean {
  const { unchanged: _same, ...counts } = summary;
  return Object.values(counts).some((n) => n > 0);
}

export async function changesSinceLastPublication(loaded: LoadedRulebook, linked: LinkedRulebook): Promise<{ label: string; markdown: string } | null> {
  const { root, singleFile } = gitTargetOf(loaded);
  const record = await readPublicationRecord(root, singleFile);
  if (!record) return null;
  const comparison = compareRulebooks(analyse(record.latest.source).linked, linked, { old: record.latest.source, new: loaded.source });
  if (!hasChanges(comparison.summary)) return null;
  // The page is for the book's players: in the book's language, as the rest of the site.
  const words = wordsOfBook(linked.model.config);
  const label = publicationLabel(record.latest, words);
  return { label, markdown: changelogMarkdown(comparison, label, words) };
}
