/**
 * A large correct rulebook stays quiet: the Magic Comprehensive Rules, imported into the dialect, whose
 * sub-rule letters skip "l" and "o" and whose chapters 1–9 hold sections 100–905.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importRulebook } from '../../shared/import/index.js';
import { linkRulebook } from '../../shared/link/index.js';
import { lintRulebook } from '../../shared/lint/index.js';
import { parseRulebook } from '../../shared/parse/index.js';

const CR = path.resolve(import.meta.dirname, '../fixtures/corpus/mtg-comprehensive-rules/MagicCompRules-2020-07-03.txt');

describe('Comprehensive Rules', () => {
  it('reports no broken reference and no numbering finding', () => {
    const { markdown } = importRulebook(readFileSync(CR, 'utf8'), { format: 'txt' });
    const linked = linkRulebook(parseRulebook({ files: [{ path: 'comprehensive-rules.md', text: markdown }] }));
    // The rules are really there: thousands of numbered rules and hundreds of references.
    expect(linked.model.rules.length).toBeGreaterThan(2000);
    expect(linked.model.references.length).toBeGreaterThan(500);
    const findings = lintRulebook(linked).map((f) => `${f.range.start.line} ${f.ruleId} ${f.message}`);
    const numbering = ['broken-reference', 'duplicate-number', 'numbering-gap', 'numbering-order', 'misplaced-number'];
    expect(findings.filter((f) => numbering.includes(f.split(' ')[1]))).toEqual([]);
    // What remains is real: section 600 "General" has no rules in this edition.
    expect(findings).toEqual([expect.stringMatching(/empty-section Section `600\. General` is empty$/)]);
  });
});
