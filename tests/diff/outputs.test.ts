import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { buildChangesPdf } from '../../main/publish/index.js';
import { planHandout } from '../../shared/diff/handout-plan.js';
import { changeImpact, changelogMarkdown, compareRulebooks, toJsonComparison } from '../../shared/diff/index.js';
import { pdfPageTexts } from '../publish/poppler.js';
import { linked, md } from './helpers.js';

const BEFORE = md`
  ---
  title: Kingdoms
  edition: "2024"
  ---
  # 1 Combat

  1.1 A hit to a limb disables it; see 1.2.

  1.2 A hit to the torso removes one body point.

  ## Warrior skills

  - **Shield Bash** (2 SP) Knock a foe back three paces with your shield.
  - **Parry** (2 SP) Call parry to stop one melee blow per fight.

  # 2 Magic

  2.1 Spells must be said loudly and clearly.
`;
const AFTER = BEFORE.replace('edition: "2024"', 'edition: "2025"')
  .replace('1.2 A hit to the torso', '1.2 Kneeling players may not be struck.\n\n1.3 A hit to the torso')
  .replace('(2 SP) Knock', '(3 SP) Knock')
  .replace('loudly and clearly', 'loudly, clearly and in full');
const oldLinked = linked(BEFORE);
const newLinked = linked(AFTER);
const comparison = compareRulebooks(oldLinked, newLinked);
const impact = changeImpact(oldLinked, newLinked, comparison);

describe('comparison outputs', () => {
  it('JSON: plain data with positions, documented shape, no internal ids', () => {
    const json = toJsonComparison(comparison, impact);
    const text = JSON.stringify(json);
    expect(text).not.toMatch(/"id"|#\d/);
    expect(json.entries.map((e) => e.type)).toEqual(['added', 'renumbered', 'changed']);
    expect(json.entries[0]).toEqual({ type: 'added', new: { kind: 'rule', number: '1.2', text: 'Kneeling players may not be struck.', chapter: '1 Combat', file: 'rulebook.md', line: 9, column: 1, endLine: 9, endColumn: 40 } });
    expect(json.skills).toEqual([expect.objectContaining({ type: 'changed', costChanged: true, old: expect.objectContaining({ costText: '2 SP' }), new: expect.objectContaining({ costText: '3 SP' }) })]);
    expect(json.impact).toEqual([expect.objectContaining({ kind: 'now-points-elsewhere', holder: '1.1', target: '1.2', replacement: '1.3', line: 7 })]);
  });

  it('markdown changelog: grouped by chapter, costs old → new', () => {
    expect(changelogMarkdown(comparison)).toBe(
      [
        '# What changed in Kingdoms, edition 2025',
        '',
        'Compared with edition 2024.',
        '',
        '**At a glance:** Rules: 1 new, 1 changed, 1 only renumbered. Skills: 1 changed.',
        '',
        'In changed rules, ~~struck text~~ was removed and **bold text** was added.',
        '',
        '## 1 Combat',
        '',
        '### New rules',
        '',
        '- **1.2** Kneeling players may not be struck.',
        '',
        '### Skills',
        '',
        '- **Shield Bash**: cost 2 SP → 3 SP.',
        '',
        '### Renumbered rules',
        '',
        '- 1.2 is now 1.3.',
        '',
        '## 2 Magic',
        '',
        '### Changed rules',
        '',
        // Whole words: "loudly**, clearly**" was shown to players with its asterisks, as Markdown does not embolden it.
        '- **2.1** Spells must be said ~~loudly~~ **loudly, clearly** and ~~clearly.~~ **in full.**',
        '',
      ].join('\n'),
    );
  });

  it('PDF handout: drawn with the book fonts, its words read back out of the file', async () => {
    const blocks = planHandout(comparison, 'edition 2024');
    expect(blocks.filter((b) => b.kind === 'chapter').map((b) => b.spans[0].text)).toEqual(['1 Combat', '2 Magic']);
    const pdf = buildChangesPdf(blocks, { compress: false });
    const doc = await getDocument({ data: new Uint8Array(pdf), disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
    expect(doc.numPages).toBe(1);
    const page = await doc.getPage(1);
    const text = (await page.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join('').replace(/\s+/g, '');
    for (const expected of ['WhatchangedinKingdoms', 'Edition2025,comparedwithedition2024', '1Combat', 'Newrules', '1.2Kneelingplayersmaynotbestruck.', 'ShieldBash', 'cost2SP→3SP', '1.2isnow1.3', '2Magic']) {
      expect(text).toContain(expected);
    }
    expect(pdf.toString('latin1')).toMatch(/SourceSerif4/);
  });

  it('PDF handout: a replacement is two words, never glued together on paper', () => {
    const spans = planHandout(comparison, 'edition 2024').flatMap((b) => b.spans);
    const k = spans.findIndex((x) => x.style === 'removed' && x.text === 'clearly');
    expect(spans.slice(k, k + 3)).toEqual([
      { text: 'clearly', style: 'removed' },
      { text: ' ', style: 'normal' },
      { text: 'in full', style: 'added' },
    ]);
  });

  it('PDF handout: every page numbered, and no heading left as the last line of a page (read back with pdftotext)', () => {
    // Two dozen chapters, each with new and changed rules of varied length: headings fall at every height of a page.
    const words = (n: number) => Array.from({ length: n }, (_, i) => ['strike', 'limb', 'shield', 'parry', 'torso', 'call'][i % 6]).join(' ');
    const chapters = (changed: boolean) =>
      Array.from({ length: 24 }, (_, c) => {
        const rules = Array.from({ length: 2 + (c % 4) }, (_, r) => `${c + 1}.${r + 1} A ${changed && r % 2 ? 'heavy' : 'light'} ${words(6 + ((c * 7 + r * 5) % 40))}.`);
        if (changed) rules.push(`${c + 1}.${rules.length + 1} New: ${words(5 + ((c * 3) % 30))}.`);
        return `# ${c + 1} Chapter ${c + 1}\n\n${rules.join('\n\n')}\n`;
      }).join('\n');
    const blocks = planHandout(compareRulebooks(linked(chapters(false)), linked(chapters(true))), 'the last edition');
    const headings = new Set(blocks.filter((b) => b.kind === 'chapter' || b.kind === 'heading').map((b) => b.spans.map((x) => x.text).join('')));
    expect(headings).toContain('New rules');
    const dir = mkdtempSync(path.join(tmpdir(), 'rulebook-changes-'));
    try {
      const file = path.join(dir, 'changes.pdf');
      writeFileSync(file, buildChangesPdf(blocks, { compress: false }));
      const pages = pdfPageTexts(file, 'layout');
      expect(pages.length).toBeGreaterThan(4);
      pages.forEach((page, i) => {
        const lines = page.split('\n').map((l) => l.trim()).filter(Boolean);
        // The foot of every page: the handout's title and "n / N".
        expect(lines.at(-1)).toMatch(new RegExp(`^What changed in the rulebook\\s+${i + 1} ?/ ?${pages.length}$`));
        expect(headings.has(lines.at(-2)!), `page ${i + 1} ends with the heading "${lines.at(-2)}"`).toBe(false);
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
