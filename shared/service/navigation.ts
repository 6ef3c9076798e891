/**
 * Go to definition and find references, for skills, numbered sections and rules, and headings (with the Markdown and
 * wiki links that land on them), across every file of the rulebook.
 */
import type { LinkedRulebook } from '../link/types.js';
import type { SourceRange } from '../model/types.js';
import { landings } from './landings.js';
import { skillOccurrences, symbolAt } from './symbols.js';
import type { FilePosition } from './types.js';

export function definitionAt(linked: LinkedRulebook, at: FilePosition): SourceRange[] {
  const target = symbolAt(linked, at);
  if (!target) return [];
  if (target.kind === 'skill') return (linked.skillsByKey.get(target.key) ?? []).map((s) => s.nameRange);
  // A link goes where the linker says it lands: the heading it names, or its page's first heading.
  if (target.kind === 'heading') return [linked.sectionsById.get(target.sectionId)!.headingRange];
  return target.entries.map((entry) => entry.number.range);
}

/**
 * The definitions and every use: a skill's prerequisite terms and [[links]]; a number's cross references and the
 * links that land on its heading; a heading's (on it, or on a link to it) likewise.
 */
export function referencesAt(linked: LinkedRulebook, at: FilePosition): SourceRange[] {
  const target = symbolAt(linked, at);
  if (!target) return [];
  if (target.kind === 'skill') return skillOccurrences(linked, target.key);
  const { linksTo } = landings(linked);
  const uses = (id: string) => [...(linked.referencedBy.get(id) ?? []).map((ref) => ref.targetRange), ...(linksTo.get(id) ?? []).map((link) => link.range)];
  if (target.kind === 'heading') return [linked.sectionsById.get(target.sectionId)!.headingRange, ...uses(target.sectionId)];
  return [...target.entries.map((entry) => entry.number.range), ...target.entries.flatMap((entry) => uses(entry.id))];
}
