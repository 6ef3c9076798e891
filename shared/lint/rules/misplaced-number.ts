/**
 * misplaced-number: a number written under a heading or rule that is not its parent (1.3.3 under 1.4),
 * usually a copy-paste or a renumbering that missed a line.
 *   Bad:  ## 1.4 Game Holds   …   1.3.3 Characters are assumed to be in game at all times.
 *   Good: ## 1.3 In game      …   1.3.3 Characters are assumed to be in game at all times.
 */
import { defineRule } from '../define-rule.js';
import { labelOfPath, type PlacedEntry } from '../numbering.js';

export default defineRule({
  id: 'misplaced-number',
  meta: {
    description: 'Each number stands under its parent number (1.3.3 under 1.3)',
    defaultSeverity: 'warning',
    messages: {
      misplaced: '{number} is written under {container}; it belongs under {parent}',
    },
  },
  check({ linked, report, numbering }) {
    const config = linked.model.config.numbering;
    // The latest global entry seen at each depth of the hierarchy; deeper ones are forgotten when a shallower one appears.
    const latest: Array<PlacedEntry | undefined> = [];
    const placed = numbering().placed;
    // A number whose parent the book numbers nowhere ("0002-1001.2.1" under "1001.10 Compatibility") follows a scheme
    // of its own: it is misplaced only where its parent stands elsewhere.
    // Each number's first entry, whose label names the parent as the book writes it ("2g1", not "2g.1").
    const numbered = new Map<string, PlacedEntry>();
    for (const p of placed) if (!p.scope && !numbered.has(pathKey(p.path))) numbered.set(pathKey(p.path), p);
    for (const item of placed) {
      if (item.scope) continue;
      const depth = item.path.length;
      for (let k = depth - 1; k >= 1; k--) {
        const container = latest[k];
        if (!container) continue;
        const matches = container.path.length === k && container.path.every((s, i) => sameSegment(s, item.path[i]));
        if (!matches && numbered.has(pathKey(item.path.slice(0, k)))) {
          report({
            messageId: 'misplaced',
            data: { number: item.label, container: container.label, parent: numbered.get(pathKey(item.path.slice(0, k)))?.label ?? labelOfPath(item.path.slice(0, k), config) },
            at: item.entry.number.range,
            related: [{ message: `${container.label} starts here`, range: container.entry.number.range }],
          });
        }
        break;
      }
      latest.length = depth + 1;
      latest[depth] = item;
    }
  },
});

/** "0" and "0000" are one number: a title written `# 0 Tragedy Rules` over `0000.1`. */
function sameSegment(a: string, b: string): boolean {
  return a === b || (/^\d+$/.test(a) && /^\d+$/.test(b) && Number(a) === Number(b));
}

function pathKey(path: readonly string[]): string {
  return path.map((s) => (/^\d+$/.test(s) ? String(Number(s)) : s)).join('.');
}
