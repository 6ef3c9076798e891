/**
 * Change impact: references and prerequisites that worked in the old version and, after renumbering,
 * removals or renames, are broken or name a different rule in the new one, each with the edit that
 * points it back at what it meant.
 */
import type { LinkedRulebook, MisnumberedReference, ResolvedReference } from '../link/types.js';
import type { TextEdit } from '../model/edits.js';
import { SpanIndex } from '../model/span-index.js';
import type { NumberedEntry, Reference, SourceRange } from '../model/types.js';
import { rewriteTarget } from '../refactor/reference-target.js';
import { comparedEntries } from './compare-entries.js';
import { entryName, entryNameOpening, entryNoun } from './entry-names.js';
import type { ImpactItem, ReferenceCounts, RulebookComparison } from './types.js';

interface Container {
  /** The container's identity in the new version's terms, so old and new references can be paired. */
  readonly key: string;
  readonly label: string;
  /** How a message names it, at the start of a sentence: "1.1.1", "Chapter 2", "Section 2.1", "Shield Bash". */
  readonly name: string;
}

interface Span {
  readonly id: string;
  readonly label: string;
  readonly kind: 'entry' | 'skill';
}

/** Finds the innermost rule or skill whose text holds a position; falls back to the enclosing heading. */
function containerFinder(linked: LinkedRulebook, mapId: (kind: 'entry' | 'skill' | 'section', id: string) => string | null) {
  const spans = new SpanIndex<Span>();
  const add = (range: SourceRange, span: Span) => spans.add(range, span);
  for (const rule of linked.model.rules) add(rule.range, { id: rule.id, label: rule.number.key.slice(rule.number.key.lastIndexOf(':') + 1), kind: 'entry' });
  for (const skill of linked.model.skills) add(skill.range, { id: skill.id, label: skill.name, kind: 'skill' });
  const chapters = new Set(linked.chaptersByOrder.map((c) => c.id));

  return (reference: Reference): Container | null => {
    // Nesting is shallow (a list item and its lettered sub-items): eight ranges back is far enough to look.
    const span = spans.innermost(reference.range.file, reference.range.start.offset, 8);
    if (span) {
      const key = mapId(span.kind, span.id);
      return key ? { key: `${span.kind}:${key}`, label: span.label, name: span.label } : null;
    }
    const section = reference.sectionId ? linked.sectionsById.get(reference.sectionId) : undefined;
    if (!section) return { key: 'top', label: 'the introduction', name: 'the introduction' };
    if (section.number) {
      const key = mapId('section', section.id);
      return key ? { key: `entry:${key}`, label: section.number.key, name: entryNameOpening({ ...section, number: section.number }) } : null;
    }
    // A chapter numbered by its place is matched as the numbered entries are (it keeps its partner when renamed).
    if (chapters.has(section.id)) {
      const key = mapId('section', section.id);
      return key ? { key: `entry:${key}`, label: section.title, name: section.title } : null;
    }
    // Other unnumbered headings are not matched between versions; their titles are.
    return { key: `title:${section.title}`, label: section.title, name: section.title };
  };
}

export function referenceCounts(impact: readonly ImpactItem[]): ReferenceCounts {
  return { brokenReferences: impact.length, fixableReferences: impact.filter((i) => i.replacement !== null).length };
}

export function changeImpact(oldLinked: LinkedRulebook, newLinked: LinkedRulebook, comparison: RulebookComparison): ImpactItem[] {
  const { entryMatches, skillMatches } = comparison;
  const oldContainer = containerFinder(oldLinked, (kind, id) => (kind === 'skill' ? skillMatches.get(id) ?? null : entryMatches.get(id) ?? null));
  const newContainer = containerFinder(newLinked, (_, id) => id);
  const newEntryById = new Map(comparedEntries(newLinked).map((e) => [e.id, e]));

  const oldResolution = new Map(oldLinked.resolvedReferences.map((r) => [r.reference.id, r]));
  const oldByPair = new Map(pairedReferences(oldLinked.model.references, oldContainer).map(({ reference, pair }) => [pair, reference]));

  const items: ImpactItem[] = [];
  const newResolution = new Map(newLinked.resolvedReferences.map((r) => [r.reference.id, r]));
  for (const { reference, container, pair } of pairedReferences(newLinked.model.references, newContainer)) {
    const before = oldByPair.get(pair);
    // A reference the author wrote or rewrote in this version is the linter's business, not the change's.
    if (!before) continue;
    const was = oldResolution.get(before.id);
    if (!was) continue;
    const now = newResolution.get(reference.id) ?? null;
    if (reference.kind === 'skill') {
      const item = skillReferenceImpact(reference, container, was.skill!.id, skillMatches, newLinked);
      if (item) items.push(item);
      continue;
    }
    const item = was.misnumbered
      ? titledReferenceImpact(reference, container, was.misnumbered, was.entries[0], entryMatches, newEntryById, now)
      : ruleReferenceImpact(reference, container, was.entries, now?.entries ?? null, entryMatches, newEntryById);
    if (item) items.push(item);
  }
  items.push(...prerequisiteImpact(oldLinked, newLinked, skillMatches));
  return items.sort((a, b) => (a.range.file < b.range.file ? -1 : a.range.file > b.range.file ? 1 : a.range.start.offset - b.range.start.offset));
}

/**
 * The references that have a container, each with its pair key: container, target and its ordinal among the references
 * with both the same, so that the n-th "see 201.3" in a rule of one version pairs with the n-th in the other.
 */
function pairedReferences(references: readonly Reference[], containerOf: (reference: Reference) => Container | null) {
  const pairKey = (container: Container, reference: Reference, ordinal: number) => `${container.key}\u0000${reference.kind}\u0000${reference.target}\u0000${reference.targetEnd ?? ''}\u0000${ordinal}`;
  const seen = new Map<string, number>();
  const paired: { readonly reference: Reference; readonly container: Container; readonly pair: string }[] = [];
  for (const reference of references) {
    const container = containerOf(reference);
    if (!container) continue;
    const base = pairKey(container, reference, 0);
    const ordinal = seen.get(base) ?? 0;
    seen.set(base, ordinal + 1);
    paired.push({ reference, container, pair: pairKey(container, reference, ordinal) });
  }
  return paired;
}

function ruleReferenceImpact(
  reference: Reference,
  holder: Container,
  oldEntries: readonly NumberedEntry[],
  newEntries: readonly NumberedEntry[] | null,
  entryMatches: ReadonlyMap<string, string>,
  newEntryById: ReadonlyMap<string, NumberedEntry>,
): ImpactItem | null {
  const first = oldEntries[0];
  const last = oldEntries[oldEntries.length - 1];
  const firstNow = newEntryById.get(entryMatches.get(first.id) ?? '');
  const lastNow = reference.targetEnd ? newEntryById.get(entryMatches.get(last.id) ?? '') : firstNow;
  const says = `${holder.name} says "${reference.text}"`;
  const base = { range: reference.targetRange, target: reference.targetText, holder: holder.label };
  // Each entry is named as what it is: "chapter 3", "section 2.2", a rule by its number alone.
  if (!firstNow || !lastNow) {
    const gone = !firstNow ? first : last;
    if (newEntries) {
      const reused = `the number now belongs to a different ${entryNoun(newEntries[0])}`;
      return { ...base, kind: 'target-removed-number-reused', message: `${says}, but the old ${entryName(gone)} was removed and ${reused}`, fix: [], replacement: null };
    }
    return { ...base, kind: 'target-removed', message: `${says}, but ${entryName(gone)} was removed`, fix: [], replacement: null };
  }
  const startKey = firstNow.number.key;
  const endKey = lastNow.number.key;
  if (startKey === reference.target && (!reference.targetEnd || endKey === reference.targetEnd)) return null;
  const replacement = rewriteTarget(reference, startKey, reference.targetEnd ? endKey : null);
  const fix: TextEdit[] = [{ range: reference.targetRange, newText: replacement }];
  const movedTo = entryName(firstNow, reference.targetEnd ? `${startKey}–${endKey}` : startKey);
  const oldName = entryName(first, reference.targetEnd ? `${reference.target}–${reference.targetEnd}` : reference.target);
  if (newEntries) {
    return { ...base, kind: 'now-points-elsewhere', message: `${says}, which is now a different ${entryNoun(newEntries[0])}; the old ${oldName} is now ${movedTo}`, fix, replacement };
  }
  return { ...base, kind: 'renumbered-target-missing', message: `${says}, but ${oldName} no longer exists; the old ${oldName} is now ${movedTo}`, fix, replacement };
}

/**
 * A reference the old version resolved by its title ("Chapter 4: Running the Game" where Running the Game was chapter
 * 3): it meant the titled heading, and the number it gives was wrong before this change (broken-reference says so). The
 * change broke it only by renumbering or removing that heading; the fix gives the heading's new number, as renumber does.
 */
function titledReferenceImpact(
  reference: Reference,
  container: Container,
  misnumbered: MisnumberedReference,
  oldEntry: NumberedEntry,
  entryMatches: ReadonlyMap<string, string>,
  newEntryById: ReadonlyMap<string, NumberedEntry>,
  now: ResolvedReference | null,
): ImpactItem | null {
  const { title, number, written } = misnumbered;
  const holder = container.name;
  const heading = `“${title}”, ${reference.keyword} ${number} before this change`;
  const base = { range: reference.targetRange, target: reference.targetText, holder: container.label };
  const titled = newEntryById.get(entryMatches.get(oldEntry.id) ?? '');
  if (!titled) return { ...base, kind: 'target-removed', message: `${holder} says "${written}", but ${heading}, was removed`, fix: [], replacement: null };
  const newNumber = titled.number.key;
  if (newNumber === number || newNumber === reference.target) return null;
  const replacement = rewriteTarget(reference, newNumber, null);
  // Whether the number names something in the new version (a chapter by its place included), as its linker found.
  const numberNames = now !== null && (now.misnumbered?.numberNames ?? true);
  return {
    ...base,
    kind: numberNames ? 'now-points-elsewhere' : 'renumbered-target-missing',
    message: `${holder} says "${written}", but ${heading}, is now ${reference.keyword} ${newNumber}; the ${reference.targetText} it gives was wrong already`,
    fix: [{ range: reference.targetRange, newText: replacement }],
    replacement,
  };
}

function skillReferenceImpact(
  reference: Reference,
  container: Container,
  oldSkillId: string,
  skillMatches: ReadonlyMap<string, string>,
  newLinked: LinkedRulebook,
): ImpactItem | null {
  if (newLinked.skillsByKey.has(reference.target)) return null;
  const now = newLinked.skillsById.get(skillMatches.get(oldSkillId) ?? '');
  const holder = container.name;
  const base = { range: reference.targetRange, target: reference.targetText, holder: container.label };
  if (!now) return { ...base, kind: 'prerequisite-removed', message: `${holder} links to "${reference.targetText}", which was removed`, fix: [], replacement: null };
  return {
    ...base,
    kind: 'prerequisite-renamed',
    message: `${holder} links to "${reference.targetText}", which was renamed to "${now.name}"`,
    fix: [{ range: reference.targetRange, newText: now.name }],
    replacement: now.name,
  };
}

/** Prerequisites of a skill present in both versions, naming a skill the old version had and the new one does not. */
function prerequisiteImpact(oldLinked: LinkedRulebook, newLinked: LinkedRulebook, skillMatches: ReadonlyMap<string, string>): ImpactItem[] {
  const items: ImpactItem[] = [];
  const oldIdByNew = new Map([...skillMatches].map(([o, n]) => [n, o]));
  for (const miss of newLinked.unresolvedPrerequisites) {
    const oldHolder = oldLinked.skillsById.get(oldIdByNew.get(miss.skill.id) ?? '');
    if (!oldHolder) continue;
    const hadIt = oldHolder.prerequisites.some((list) => list.requirements.some((r) => r.alternatives.some((t) => t.key === miss.term.key)));
    const oldTarget = oldLinked.skillsByKey.get(miss.term.key)?.[0];
    if (!hadIt || !oldTarget) continue;
    const now = newLinked.skillsById.get(skillMatches.get(oldTarget.id) ?? '');
    const base = { range: miss.term.range, target: miss.term.text, holder: miss.skill.name };
    if (now) {
      items.push({
        ...base,
        kind: 'prerequisite-renamed',
        message: `${miss.skill.name} requires "${miss.term.text}", which was renamed to "${now.name}"`,
        fix: [{ range: miss.term.range, newText: now.name }],
        replacement: now.name,
      });
    } else {
      items.push({ ...base, kind: 'prerequisite-removed', message: `${miss.skill.name} requires "${miss.term.text}", which was removed`, fix: [], replacement: null });
    }
  }
  return items;
}
