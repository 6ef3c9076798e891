/**
 * Gives every node of the numbering tree its number in document order: 1, 2, 3 (or a, b, c, or N00, N01 for
 * hundreds sections), skipping the letters and the gaps the rulebook declares as intentional.
 */
import type { NumberingConfig } from '../model/types.js';
import type { NumberNode, NumberingTree } from './numbering-tree.js';
import type { RefusalReason } from './types.js';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';

export interface Assignment {
  /** The new number of every node that was numbered (the scope's subtree, or every node). */
  readonly newKey: ReadonlyMap<NumberNode, string>;
  /** Sequences that cannot be numbered (too many lettered sub-rules, a chapter with over 100 sections). */
  readonly problems: readonly RefusalReason[];
}

/** The letters sub-rules use, in order, without the ones the rulebook never uses ("l" and "o" in the Comprehensive Rules). */
export function letterSequence(config: NumberingConfig): string {
  const skip = new Set((config.skipLetters ?? []).map((l) => l.toLowerCase()));
  return [...ALPHABET].filter((l) => !skip.has(l)).join('');
}

/**
 * Numbers the children of `scope` (and their subtrees) with `scope` keeping its number, or the whole tree
 * when `scope` is null.
 */
export function assignNumbers(tree: NumberingTree, config: NumberingConfig, scope: NumberNode | null): Assignment {
  const letters = letterSequence(config);
  const gaps = new Set((config.allowGaps ?? []).map((g) => String(g).replace(/\.+$/, '').toLowerCase()));
  const newKey = new Map<NumberNode, string>();
  const problems: RefusalReason[] = [];

  const numberChildren = (parentKey: string | null, children: readonly NumberNode[]) => {
    const next = new Map<string, number>();
    // A lone top-level number ("## 4 Types of Combat") is no sequence: it may be a count, not a chapter (as numbering-gap reads it).
    const lone = parentKey === null ? loneSeries(children) : new Set<string>();
    for (const child of children) {
      if (lone.has(child.series)) {
        newKey.set(child, child.oldKey);
        numberChildren(child.oldKey, child.children);
        continue;
      }
      let value = next.get(child.series);
      if (value === undefined) {
        if (child.lettered) value = 0;
        else if (child.hundreds) value = Number(parentKey ?? '0') * 100;
        else value = lastSegment(child.oldKey) === '0' ? 0 : 1;
      }
      let key: string | null = null;
      for (;;) {
        if (child.lettered && value >= letters.length) {
          problems.push({
            message: `${parentKey ?? 'the top level'} would need more than ${letters.length} lettered sub-rules; split it or number some of them differently`,
            range: child.anchor.number.range,
          });
          break;
        }
        if (child.hundreds && value >= (Number(parentKey ?? '0') + 1) * 100) {
          problems.push({ message: `chapter ${parentKey} would need more than 100 sections (${parentKey}00–${parentKey}99)`, range: child.anchor.number.range });
          break;
        }
        const candidate = compose(parentKey, child, value, letters);
        value++;
        // A gap declared intentional stays open, unless this very entry already carries that number.
        if (gaps.has(candidate) && candidate !== child.oldKey) continue;
        key = candidate;
        break;
      }
      next.set(child.series, value);
      const assigned = key ?? child.oldKey;
      newKey.set(child, assigned);
      numberChildren(assigned, child.children);
    }
  };

  if (scope) {
    newKey.set(scope, scope.oldKey);
    numberChildren(scope.oldKey, scope.children);
  } else numberChildren(null, tree.roots);
  return { newKey, problems };
}

function loneSeries(nodes: readonly NumberNode[]): Set<string> {
  const count = new Map<string, number>();
  for (const node of nodes) count.set(node.series, (count.get(node.series) ?? 0) + 1);
  return new Set([...count].filter(([, n]) => n === 1).map(([series]) => series));
}

function lastSegment(key: string): string {
  const m = /(\d+|[a-z])$/i.exec(key);
  return m ? m[1] : '';
}

function compose(parentKey: string | null, child: NumberNode, value: number, letters: string): string {
  if (child.lettered) return `${parentKey ?? ''}${letters[value]}`;
  if (child.hundreds) return String(value);
  return parentKey ? `${parentKey}.${value}` : String(value);
}
