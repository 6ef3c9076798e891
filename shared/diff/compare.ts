/** compareRulebooks: what changed between two linked versions of a rulebook, entries and skills, with renumbering summarised. */
import type { LinkedRulebook } from '../link/types.js';
import type { RulebookConfig } from '../model/types.js';
import { compareEntries, prepareEntries, renumberingOf } from './compare-entries.js';
import { compareSkills } from './compare-skills.js';
import { compareTexts, NO_TEXT_COUNTS, type ComparedTexts } from './compare-text.js';
import { renumberRuns, type RunCandidate } from './renumber-runs.js';
import type { ComparisonSummary, EntryChange, RulebookComparison, SkillChange, TextCounts, VersionLabel } from './types.js';

function label(config: RulebookConfig): VersionLabel {
  return { title: config.title, edition: config.edition, date: config.date };
}

/**
 * `texts` are the two versions' sources as they were parsed: with them every change of text is reported (see
 * TextComparison), without them only numbered headings, rules and skills are compared (`text` is null).
 */
export function compareRulebooks(oldLinked: LinkedRulebook, newLinked: LinkedRulebook, texts?: ComparedTexts): RulebookComparison {
  const olds = prepareEntries(oldLinked);
  const news = prepareEntries(newLinked);
  const entries = compareEntries(olds, news);

  // Runs follow the new version's order; any entry not renumbered in place breaks a run.
  const byNewId = new Map<string, EntryChange>();
  for (const change of entries.changes) if (change.type !== 'removed') byNewId.set(change.new.id, change);
  const oldById = new Map(olds.map((o) => [o.entry.id, o]));
  const oldIdByNew = new Map([...entries.matches].map(([o, n]) => [n, o]));
  const sequence: (RunCandidate | null)[] = news.map((n) => {
    const change = byNewId.get(n.entry.id);
    const shifted = change && (change.type === 'renumbered' || (change.type === 'changed' && change.renumbered && !change.moved));
    if (!shifted) return null;
    const o = oldById.get(oldIdByNew.get(n.entry.id)!)!;
    return { newId: n.entry.id, oldNumber: o.summary.number, newNumber: n.summary.number, oldSegments: o.entry.number.segments, newSegments: n.entry.number.segments };
  });
  const runs = renumberRuns(sequence);

  const skills = compareSkills(oldLinked, newLinked);
  const facts = texts ? { reported: reportedIds(entries.changes, skills.changes), entryMatches: entries.matches, renumbering: renumberingOf(olds, news, entries.matches) } : null;
  const text = texts && facts ? compareTexts(oldLinked, newLinked, texts, facts) : null;
  return {
    old: label(oldLinked.model.config),
    new: label(newLinked.model.config),
    entries: entries.changes,
    renumberRuns: runs,
    skills: skills.changes,
    summary: summarise(entries.changes, entries.unchanged, runs.length, skills.changes, text?.counts ?? null),
    entryMatches: entries.matches,
    skillMatches: skills.matches,
    text: text?.comparison ?? null,
  };
}

/** The entries and skills whose change is listed (renumberings and reference updates included): their blocks are not listed again as text. */
function reportedIds(entries: readonly EntryChange[], skills: readonly SkillChange[]): { old: Set<string>; new: Set<string> } {
  const old = new Set<string>();
  const now = new Set<string>();
  for (const change of [...entries, ...skills]) {
    if (change.type !== 'added') old.add(change.old.id);
    if (change.type !== 'removed') now.add(change.new.id);
  }
  return { old, new: now };
}

function summarise(changes: readonly EntryChange[], unchanged: number, runs: number, skills: readonly SkillChange[], text: TextCounts | null): ComparisonSummary {
  const count = (type: EntryChange['type']) => changes.filter((c) => c.type === type).length;
  const referencesUpdated = changes.filter((c) => c.type === 'changed' && c.referencesOnly).length;
  return {
    added: count('added'),
    removed: count('removed'),
    changed: count('changed') - referencesUpdated,
    referencesUpdated,
    renumbered: count('renumbered'),
    moved: count('moved'),
    unchanged,
    renumberRuns: runs,
    skillsAdded: skills.filter((s) => s.type === 'added').length,
    skillsRemoved: skills.filter((s) => s.type === 'removed').length,
    skillsRenamed: skills.filter((s) => s.type === 'changed' && s.renamed).length,
    skillsChanged: skills.filter((s) => s.type === 'changed' && !s.renamed).length,
    ...(text ?? NO_TEXT_COUNTS),
  };
}
