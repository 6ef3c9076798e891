// Property tests: random generated rulebooks with rules inserted (as duplicates of the rule they go before) and deleted.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateRulebook } from '../../bench/generate.js';
import type { TextEdit } from '../../shared/model/edits.js';
import type { Rule } from '../../shared/model/types.js';
import { lintRulebook } from '../../shared/lint/index.js';
import { planRenumber } from '../../shared/refactor/index.js';
import { applyEdits, entryText, link, numberingProblems, referenceTargets } from './numbering-invariants.js';

const RUNS = Number(process.env.REFACTOR_PROPERTY_RUNS ?? 15);
const NUMBERING_RULES = new Set(['numbering-gap', 'numbering-order', 'duplicate-number', 'misplaced-number']);

function at(offset: number, file: string) {
  return { line: 1, column: 1, offset, file };
}

/** Inserts a new rule before each chosen rule (with that rule's number) and deletes others, whole paragraphs. */
function mutate(text: string, rules: readonly Rule[], inserts: number[], deletes: number[]): { text: string; deleted: Rule[] } {
  const edits: TextEdit[] = [];
  const deleted: Rule[] = [];
  const used = new Set<number>();
  inserts.forEach((pick, k) => {
    const rule = rules[pick % rules.length];
    if (used.has(rule.range.start.offset)) return;
    used.add(rule.range.start.offset);
    const offset = rule.range.start.offset;
    const position = { ...at(offset, rule.range.file), line: rule.range.start.line };
    edits.push({ range: { file: rule.range.file, start: position, end: position }, newText: `${rule.number.text} Inserted rule number ${k} says something new.\n\n` });
  });
  for (const pick of deletes) {
    const rule = rules[pick % rules.length];
    if (used.has(rule.range.start.offset)) continue;
    used.add(rule.range.start.offset);
    let end = rule.range.end.offset;
    while (text[end] === '\n') end++;
    edits.push({ range: { file: rule.range.file, start: at(rule.range.start.offset, rule.range.file), end: at(end, rule.range.file) }, newText: '' });
    deleted.push(rule);
  }
  return { text: applyEdits(text, edits), deleted };
}

describe('renumber on generated rulebooks', { timeout: 120_000 }, () => {
  it('leaves no numbering findings, keeps every reference on its text, and is idempotent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1_500, max: 6_000 }),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 4 }),
        fc.array(fc.nat(), { maxLength: 3 }),
        (seed, size, trailingDots, inserts, deletes) => {
          let original = generateRulebook(size, seed).text;
          // Half the books write rule numbers with a trailing dot, Comprehensive Rules style.
          if (trailingDots) original = original.replace(/^(\d+\.\d+\.\d+) /gm, '$1. ');
          const before = link(original);
          const expected = referenceTargets(before);
          const rules = before.model.rules;
          const { text: mutated, deleted } = mutate(original, rules, inserts, deletes);
          const deletedTexts = new Set(deleted.map((r) => entryText(r)));

          const linked = link(mutated);
          const plan = planRenumber(linked, { source: { files: [{ path: 'rules.md', text: mutated }] } });
          if (plan.kind === 'refused') throw new Error(plan.reasons.map((r) => r.message).join('\n'));
          const renumbered = applyEdits(mutated, plan.edits);
          const after = link(renumbered);

          expect(numberingProblems(after)).toEqual([]);
          expect(lintRulebook(after).filter((f) => NUMBERING_RULES.has(f.ruleId)).map((f) => f.message)).toEqual([]);
          if (trailingDots) expect(after.model.rules.every((r) => r.number.text.endsWith('.'))).toBe(true);

          // References, in order: the mutated book's are the original's minus those inside deleted rules.
          const survivors = [...expected].filter(([ref]) => !deleted.some((r) => ref.range.start.offset >= r.range.start.offset && ref.range.end.offset <= r.range.end.offset));
          const targets = [...referenceTargets(after)];
          expect(targets.length).toBe(survivors.length);
          survivors.forEach(([, text], i) => {
            if (text === null || [...deletedTexts].some((d) => text.includes(d))) return;
            expect(targets[i][1]).toBe(text);
          });

          // Renumbering twice equals renumbering once.
          const again = planRenumber(after, { source: { files: [{ path: 'rules.md', text: renumbered }] } });
          expect(again.kind).toBe('renumber');
          if (again.kind === 'renumber') expect(applyEdits(renumbered, again.edits)).toBe(renumbered);
        },
      ),
      { numRuns: RUNS },
    );
    // Each run parses three small books; the machine is shared, so allow for a slow one.
  }, 60_000 + RUNS * 3_000);
});
