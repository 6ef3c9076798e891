/**
 * The Changes panel's data: the working copy compared with an older version (the last publication or
 * a git revision) by shared/diff, renumbered entries collapsed into runs, and the change impact with
 * its fixes. Pure, so the worker and the Node tests run the same code.
 */
import { analyse } from '../analyse/index.js';
import { changeImpact, compareRulebooks } from '../diff/index.js';
import type { ComparedTexts } from '../diff/compare-text.js';
import { shownTextSections } from '../diff/text-notes.js';
import type { ChangedSkill, ImpactItem, RulebookComparison, SkillChange, TextSectionChanges } from '../diff/types.js';
import type { RulebookTexts } from '../ipc/contract.js';
import type { LinkedRulebook } from '../link/types.js';
import type { RulebookSource } from '../model/types.js';

/** An older version's texts, exactly as the host hands them over. */
export type OlderTexts = RulebookTexts;

/**
 * The comparison (shared/diff's RulebookComparison) as the panel shows it: its summary and skill changes as they are,
 * its entries and renumber runs under the panel's names, and what is worked out from it (impact, text sections).
 */
export interface ChangesView extends Pick<RulebookComparison, 'summary' | 'skills'> {
  /** What the working copy was compared with ("edition 2024, published 2024-03-01", "git 1a2b3c4d"). */
  readonly label: string;
  /** Added, removed, changed and moved entries; plain renumberings are left to `runs`, reference-only updates to the summary. */
  readonly entries: RulebookComparison['entries'];
  /** The comparison's renumberRuns: renumbered entries collapsed, "201.3–201.5 renumbered +1 (now 201.4–201.6)", each with its full list. */
  readonly runs: RulebookComparison['renumberRuns'];
  /** References and prerequisites the change broke, each with its fix (TextEdits into the working copy) when there is a sure one. */
  readonly impact: readonly ImpactItem[];
  /** Paragraphs, list items, table rows, headings and settings changed outside the rules and skills, by section (reference-only updates left to the summary). */
  readonly text: readonly TextSectionChanges[];
  /** Whether the two texts are equal (line endings aside): the only case for "no changes". Null when the texts were not compared. */
  readonly identical: boolean | null;
}

/** Parses the older version from scratch: it does not change while the person types, so no cache is needed. */
export function linkOlder(older: OlderTexts): LinkedRulebook {
  const source: RulebookSource = { manifest: older.manifest, files: older.files };
  return analyse(source).linked;
}

/**
 * Keeps the last older version parsed: the panel re-compares after every pause in typing, and the
 * older side never changes meanwhile. Keyed by label and content, so a new publication is noticed.
 */
export class OlderVersionCache {
  private key = '';
  private linked: LinkedRulebook | null = null;

  get(older: OlderTexts): LinkedRulebook {
    const key = keyOf(older);
    if (this.linked === null || key !== this.key) {
      this.linked = linkOlder(older);
      this.key = key;
    }
    return this.linked;
  }
}

function keyOf(older: OlderTexts): string {
  // FNV-1a over every text: cheap next to a parse, and two different versions never share a key in practice.
  let hash = 0x811c9dc5;
  const texts = [older.label, older.manifest?.text ?? '', ...older.files.flatMap((f) => [f.path, f.text])];
  for (const text of texts) {
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    hash = Math.imul(hash ^ 0xff, 0x01000193);
  }
  return `${older.label}|${texts.reduce((n, t) => n + t.length, 0)}|${hash >>> 0}`;
}

/** `texts`: the two versions' sources, to compare every change of text (see docs/changes.md); without them, rules and skills only. */
export function compareWorkingCopy(older: LinkedRulebook, label: string, current: LinkedRulebook, texts?: ComparedTexts): ChangesView {
  const comparison = compareRulebooks(older, current, texts);
  return {
    label,
    summary: comparison.summary,
    entries: comparison.entries.filter((e) => e.type !== 'renumbered' && !(e.type === 'changed' && e.referencesOnly)),
    runs: comparison.renumberRuns,
    skills: comparison.skills,
    impact: changeImpact(older, current, comparison),
    text: shownTextSections(comparison).map(({ section, changes }) => ({ ...section, changes })),
    identical: comparison.text?.identical ?? null,
  };
}

/** A key naming an impact item across re-comparisons (positions move as the person types; these do not). */
export function impactKey(item: ImpactItem): string {
  return `${item.kind}|${item.holder}|${item.target}`;
}

/** One line for a skill change: "Shield Bash: cost 2 SP → 3 SP; prerequisites + Shield Use". */
export function describeSkillChange(change: SkillChange): string {
  if (change.type === 'added') return `${change.new.name} added${change.new.costText ? ` (${change.new.costText})` : ''}`;
  if (change.type === 'removed') return `${change.old.name} removed`;
  return describeChangedSkill(change);
}

function describeChangedSkill(change: ChangedSkill): string {
  const parts: string[] = [];
  if (change.renamed) parts.push(`renamed from ${change.old.name}`);
  if (change.costChanged) parts.push(`cost ${change.old.costText ?? 'none'} → ${change.new.costText ?? 'none'}`);
  if (change.prerequisitesAdded.length) parts.push(`prerequisites + ${change.prerequisitesAdded.join(', ')}`);
  if (change.prerequisitesRemoved.length) parts.push(`prerequisites − ${change.prerequisitesRemoved.join(', ')}`);
  for (const field of change.fields) parts.push(`${field.name} ${field.old ?? 'none'} → ${field.new ?? 'none'}`);
  if (change.words) parts.push('description reworded');
  return `${change.new.name}: ${parts.join('; ') || 'changed'}`;
}
