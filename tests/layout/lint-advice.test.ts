/** The lint settings init proposes from what a book reads as: conventions, not slips, are turned off. */
import { describe, expect, it } from 'vitest';
import { lintAdvice } from '../../shared/layout/lint-advice.js';
import { link } from '../helpers/md.js';

/** A module of a card game's rules, numbered as Tragedy's modules are: `.0` for interpreting, no `.1`. */
const moduleRules = (n: string, gapTo = 3) =>
  `# ${n} Module\n\n## ${n}.0 Interpreting Rules\n* **${n}.0.1** On this page, a card is the module's card.\n\n## ${n}.2 Properties\n* **${n}.2.1** Cards have a Value.\n\n## ${n}.${gapTo} Rules\n* **${n}.${gapTo}.1** The active player acts.\n`;

describe('lint advice', () => {
  it('turns numbering-gap off where the same place is skipped under several numbers, and says where', () => {
    const advice = lintAdvice(link({ 'a.md': moduleRules('1001'), 'b.md': moduleRules('1002'), 'c.md': moduleRules('1003') }));
    expect(advice.settings).toEqual({ lint: { 'numbering-gap': 'off' } });
    expect(advice.reasons).toEqual([
      'Under 4 different numbers the sequence skips the same place (1 to 1000 missing before 1001, 1001.1 missing before 1001.2…): the book leaves gaps by design, so `numbering-gap` is off (remove it from `lint:` to hear about gaps again).',
    ]);
  });

  it('keeps numbering-gap for a gap or two that differ: those are slips', () => {
    const text = '# 1. Rules\n\n1.1 One.\n\n1.3 Three.\n\n# 2. More\n\n2.1 One.\n\n2.2 Two.\n\n2.5 Five.\n';
    expect(lintAdvice(link(text))).toEqual({ settings: {}, reasons: [] });
  });
});
