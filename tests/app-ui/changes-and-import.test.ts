import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importRulebook } from '../../shared/import/index.js';
import { applyEdits } from '../../shared/model/edits.js';
import { OlderVersionCache, compareWorkingCopy, impactKey, linkOlder } from '../../shared/service/changes.js';
import { importFormatOf, rulebookFileName } from '../../shared/service/import.js';
import { RulebookSession } from '../../shared/service/session.js';
import { RulebookService } from '../../shared/service/index.js';
import { answerQuery } from '../../renderer/worker/answer.js';
import { linkRulebook } from '../../shared/link/index.js';
import { parseRulebook } from '../../shared/parse/index.js';

const FUNJERAI = readFileSync(path.resolve(import.meta.dirname, '../fixtures/samples/funjerai.md'), 'utf8');
const PUBLISHED = FUNJERAI.replace('## 3.1 - Offensive Magic\n', '## 3.1 - Offensive Magic\n\nSpells that charm or frighten are described in section 3.4.\n');
let EDITED = PUBLISHED;
for (const [from, to] of [['## 3.5 - Curses', '## 3.6 - Curses'], ['## 3.4 - Mental Magic', '## 3.5 - Mental Magic'], ['## 3.3 - Healing Magic', '## 3.4 - Healing Magic'], ['## 3.2 - Passive Magic', '## 3.3 - Passive Magic']]) EDITED = EDITED.replace(from, to);
EDITED = EDITED.replace('## 3.3 - Passive Magic', '## 3.2 - Elemental Magic\n\nElemental spells call on fire, water, earth and air.\n\n## 3.3 - Passive Magic');

const older = { label: 'edition 2025', manifest: null, files: [{ path: 'funjerai.md', text: PUBLISHED }] };
const link = (text: string) => linkRulebook(parseRulebook({ files: [{ path: 'funjerai.md', text }] }));

describe('the Changes panel data', () => {
  it('collapses renumbered sections into one run and keeps only real changes as entries', () => {
    const view = compareWorkingCopy(linkOlder(older), older.label, link(EDITED));
    expect(view.runs.map((r) => r.label)).toEqual([expect.stringMatching(/^3\.2–3\.5 renumbered \+1/)]);
    expect(view.runs[0].entries.map((e) => `${e.old}→${e.new}`)).toEqual(['3.2→3.3', '3.3→3.4', '3.4→3.5', '3.5→3.6']);
    expect(view.entries.map((e) => e.type)).toEqual(['added']);
    expect(view.entries.some((e) => e.type === 'renumbered')).toBe(false);
  });

  it('gives each broken reference a fix that, applied, clears it', () => {
    const view = compareWorkingCopy(linkOlder(older), older.label, link(EDITED));
    const item = view.impact.find((i) => i.target === '3.4')!;
    expect(item).toMatchObject({ kind: 'now-points-elsewhere', replacement: '3.5' });
    const fixed = applyEdits(EDITED, item.fix);
    expect(fixed).toContain('described in section 3.5.');
    const after = compareWorkingCopy(linkOlder(older), older.label, link(fixed));
    expect(after.impact.map(impactKey)).not.toContain(impactKey(item));
    expect(after.impact.length).toBe(view.impact.length - 1);
  });

  it('parses the older version once while it stays the same', () => {
    const cache = new OlderVersionCache();
    const first = cache.get(older);
    expect(cache.get({ ...older, files: [{ ...older.files[0] }] })).toBe(first);
    expect(cache.get({ ...older, files: [{ path: 'funjerai.md', text: `${PUBLISHED}\nMore.\n` }] })).not.toBe(first);
  });
});

describe('number-reused in the editor', () => {
  it('warns when a rule takes a number the publication record retired, as `rulebook lint` does', () => {
    const session = new RulebookSession();
    session.open({ files: [{ path: 'funjerai.md', text: FUNJERAI }] }, 1);
    expect(session.analyse().findings.some((f) => f.ruleId === 'number-reused')).toBe(false);
    session.setLintRules({ 'number-reused': { retired: [{ number: '3.2', text: 'Old passive magic.', edition: '2024' }] } }, 2);
    const findings = session.analyse().findings.filter((f) => f.ruleId === 'number-reused');
    expect(findings).toHaveLength(1);
    expect(findings[0].range.start.line).toBe(FUNJERAI.split('\n').findIndex((l) => l.startsWith('## 3.2')) + 1);
  });
});

describe('the Import command in the worker', () => {
  it('converts the Amtgard magic seed with a report, named after the file', () => {
    const text = readFileSync(path.resolve(import.meta.dirname, '../fixtures/seeds/amtgard-magic.txt'), 'utf8');
    const service = new RulebookService();
    service.open({ files: [{ path: 'x.md', text: '# X\n' }] });
    const result = answerQuery(service, { kind: 'import', text, format: importFormatOf('text'), name: 'amtgard-magic.txt' });
    // Exactly as `rulebook import` reads it (the importer's own heuristics are tested in tests/import).
    expect(result).toEqual(importRulebook(text, { format: 'txt' }));
    // The seed's facts: its 50 numbered rules, no skills, its title, the short lines read as headings to check.
    expect(result.report.counts).toMatchObject({ rules: 50, skills: 0 });
    expect(result.report.counts.sections).toBeGreaterThanOrEqual(5);
    expect(result.report.unsure.slice(0, 2).map((u) => u.text)).toEqual(['Magic', 'The Rules of Magic']);
    expect(result.markdown).toMatch(/^---\ntitle: "Amtgard Magic 7\.5"\n/);
  });

  it('maps host formats and file names', () => {
    expect([importFormatOf('markdown'), importFormatOf('text'), importFormatOf('html'), importFormatOf('docx')]).toEqual(['md', 'txt', 'html', 'html']);
    expect(rulebookFileName('amtgard-magic.txt')).toBe('amtgard-magic.md');
    expect(rulebookFileName('Règles: v2?.docx')).toBe('Règles- v2.md');
    expect(rulebookFileName('...')).toBe('imported.md');
  });
});
