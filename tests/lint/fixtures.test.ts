/** The fixture corpus: each fixtures/<case>.md is linted with every rule and compared with <case>.expected.txt. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintRulebook } from '../../shared/lint/index.js';
import { at, link, sourceOf } from '../helpers/md.js';

const folder = path.join(import.meta.dirname, 'fixtures');
const cases = readdirSync(folder).filter((f) => f.endsWith('.md')).map((f) => f.replace(/\.md$/, ''));

describe('lint fixtures', () => {
  it('has fixtures', () => expect(cases.length).toBeGreaterThan(5));
  it.each(cases)('%s', (name) => {
    const text = readFileSync(path.join(folder, `${name}.md`), 'utf8');
    const expected = readFileSync(path.join(folder, `${name}.expected.txt`), 'utf8').split('\n').filter((l) => l.trim() !== '');
    const host = { [`${name}.md`]: text };
    // With the source, as the CLI lints: bad settings are reported at their key.
    const findings = lintRulebook(link(host), { source: sourceOf(host) });
    expect(findings.map((f) => `${at(f.range)} ${f.severity} ${f.message} ${f.ruleId}`)).toEqual(expected);
  });
});
