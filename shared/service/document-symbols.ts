/** A file's symbols for an editor's outline and breadcrumbs: its sections as a tree, their numbered rules and skills inside. */
import type { LinkedRulebook } from '../link/types.js';
import type { SourceRange } from '../model/types.js';
import { excerpt } from './hover.js';

export interface DocumentSymbol {
  readonly name: string;
  readonly detail: string;
  readonly kind: 'section' | 'rule' | 'skill';
  /** The whole entry. */
  readonly range: SourceRange;
  /** What to select when the symbol is picked: the heading, the rule's number, the skill's name. */
  readonly selectionRange: SourceRange;
  readonly children: DocumentSymbol[];
}

export function documentSymbols(linked: LinkedRulebook, file: string): DocumentSymbol[] {
  const roots: DocumentSymbol[] = [];
  const byId = new Map<string, DocumentSymbol>();
  const place = (symbol: DocumentSymbol, parentId: string | null) => {
    const parent = parentId ? byId.get(parentId) : undefined;
    (parent ? parent.children : roots).push(symbol);
  };
  for (const section of linked.model.sections) {
    if (section.range.file !== file) continue;
    const symbol: DocumentSymbol = {
      name: section.title || '(untitled)',
      detail: section.number?.key ?? '',
      kind: 'section',
      range: section.range,
      selectionRange: section.headingRange,
      children: [],
    };
    byId.set(section.id, symbol);
    place(symbol, section.parentId);
  }
  for (const rule of linked.model.rules) {
    // Local list items ("1. Draw a card") are steps inside a rule, not the rulebook's numbering.
    if (rule.scope !== 'global' || rule.range.file !== file) continue;
    place({ name: `${rule.number.key} ${excerpt(rule.text, 60)}`, detail: '', kind: 'rule', range: rule.range, selectionRange: rule.number.range, children: [] }, rule.sectionId);
  }
  for (const skill of linked.model.skills) {
    if (skill.range.file !== file) continue;
    place({ name: skill.name, detail: skill.costText ?? '', kind: 'skill', range: skill.range, selectionRange: skill.nameRange, children: [] }, skill.sectionId);
  }
  // Rules and skills were appended after subsections: put every level back in document order.
  const sort = (symbols: DocumentSymbol[]) => {
    symbols.sort((a, b) => a.range.start.offset - b.range.start.offset);
    for (const s of symbols) sort(s.children);
  };
  sort(roots);
  return roots;
}
