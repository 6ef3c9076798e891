import { describe, expect, it } from 'vitest';
import { plural, thousands } from '../../shared/model/plural.js';

describe('counts in words', () => {
  it('groups thousands exactly as toLocaleString("en") does, without loading its number formats', () => {
    const counts = [0, 1, 9, 10, 999, 1_000, 1_204, 12_345, 999_999, 1_000_000, 1_234_567_890, Number.MAX_SAFE_INTEGER, -1, -1_234];
    for (let k = 0; k < 200; k++) counts.push(Math.floor(Math.random() * 10 ** (k % 16)));
    for (const count of counts) expect(thousands(count), String(count)).toBe(count.toLocaleString('en'));
  });

  it('says one or many', () => {
    expect(plural(1, 'error')).toBe('1 error');
    expect(plural(3, 'warning')).toBe('3 warnings');
    expect(plural(1_204, 'entry', 'entries')).toBe('1,204 entries');
  });
});
