/**
 * Where the skills of skill tables sit in a file: name, cost and the skills each requires. The Monarch
 * tokenizer colours a list entry ("- **Energy Ball** (4 SP)") by its shape, but a table row is a row
 * like any other; only the parsed model knows which rows are skills, so the editor asks for these places.
 */
import type { LinkedRulebook } from '../link/types.js';
import type { SourceRange } from '../model/types.js';

export type TableTokenKind = 'skill-name' | 'cost' | 'prerequisite';

/** 1-based line and column, length in UTF-16 units (as Monaco counts), on one line. */
export interface TableToken {
  readonly line: number;
  readonly column: number;
  readonly length: number;
  readonly kind: TableTokenKind;
}

export function tableTokensIn(linked: LinkedRulebook, file: string): TableToken[] {
  const tokens: TableToken[] = [];
  const seen = new Set<number>();
  const add = (range: SourceRange, kind: TableTokenKind) => {
    // Semantic tokens live on one line; a name never spans two.
    if (range.start.line !== range.end.line || range.end.offset <= range.start.offset) return;
    // The rows a heading prices ("### Tier 1 — 5 CP each") share its cost: one token for it.
    if (seen.has(range.start.offset)) return;
    seen.add(range.start.offset);
    tokens.push({ line: range.start.line, column: range.start.column, length: range.end.offset - range.start.offset, kind });
  };
  for (const skill of linked.model.skills) {
    if (skill.form !== 'table' || skill.range.file !== file) continue;
    add(skill.nameRange, 'skill-name');
    if (skill.costRange) add(skill.costRange, 'cost');
    for (const list of skill.prerequisites) {
      if (list.origin !== 'table') continue;
      for (const requirement of list.requirements) for (const term of requirement.alternatives) if (term.kind === 'skill') add(term.range, 'prerequisite');
    }
  }
  return tokens.sort((a, b) => a.line - b.line || a.column - b.column);
}
