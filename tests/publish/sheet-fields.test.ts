/** The character sheet's fields come from the rulebook (`sheet.fields`), blank and filled, read back with pdftotext. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli-in-process.js';
import { pdfText, words } from './pdf-read.js';

const SKILLS = `# Chapter 1. Units

## Command

- **Rally** (2 pts) The general steadies one unit.
- **Forced March** (3 pts) One unit moves twice. Prerequisite: Rally
`;

const work = mkdtempSync(path.join(tmpdir(), 'rulebook-sheet-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const rulebook = (...args: string[]) => runInProcess(args, work);
/** The sheet's text with runs of spaces made one (pdftotext lays out columns with many). */
const sheetText = (file: string) => pdfText(readFileSync(path.join(work, file))).replace(/[ \t]+/g, ' ');

describe('character sheet fields', () => {
  it('asks only what every game asks by default: no species, no guild', async () => {
    writeFileSync(path.join(work, 'plain.md'), `---\ntitle: Field Marshals\n---\n${SKILLS}`);
    const { code, stderr } = await rulebook('export', 'plain.md', '--out', 'plain.pdf', '--kind', 'sheet');
    expect(code, stderr).toBe(0);
    const text = sheetText('plain.pdf');
    expect(text).toMatch(/Character/);
    expect(text).toMatch(/Player/);
    expect(text).not.toMatch(/Species|Guild/);
    expect(text).toMatch(/Forced March/);
  });

  it('prints the fields rulebook.yaml names, and fills the same fields on a character’s sheet', async () => {
    writeFileSync(path.join(work, 'army.md'), `---\ntitle: Field Marshals\nsheet:\n  fields: [Character, Player, Army, Faction, Starting equipment and heirlooms]\n---\n${SKILLS}`);
    expect((await rulebook('export', 'army.md', '--out', 'army.pdf', '--kind', 'sheet')).code).toBe(0);
    const blank = sheetText('army.pdf');
    for (const label of ['Character', 'Player', 'Army', 'Faction', 'Starting equipment and heirlooms']) expect(blank, label).toContain(label);
    expect(blank).not.toMatch(/Species|Guild/);

    writeFileSync(path.join(work, 'hilde.yaml'), 'name: Hilde Strand\nplayer: Jo\npurchases:\n  - { skill: Rally, cost: 2 }\n');
    const { code, stderr } = await rulebook('character', 'sheet', 'army.md', 'hilde.yaml', '--out', 'hilde.pdf');
    expect(code, stderr).toBe(0);
    const filled = sheetText('hilde.pdf');
    // Each value on its label's line, right of it.
    const placed = words(readFileSync(path.join(work, 'hilde.pdf')));
    for (const [label, value] of [['Character', 'Hilde'], ['Player', 'Jo']]) {
      const l = placed.find((w) => w.text === label && w.page === 1)!;
      const v = placed.find((w) => w.text === value && w.page === 1)!;
      expect(Math.abs(l.y + l.h - (v.y + v.h)), `${value} on the ${label} line`).toBeLessThan(3);
      expect(v.x, `${value} right of ${label}`).toBeGreaterThan(l.x + l.w);
    }
    for (const label of ['Army', 'Faction', 'Events']) expect(filled, label).toContain(label);
    expect(filled).toMatch(/Rally/);
  });

  it('reports a sheet.fields that is not a list of names as a settings problem, naming the key', async () => {
    writeFileSync(path.join(work, 'bad.md'), `---\ntitle: Field Marshals\nsheet:\n  fields: 3\n---\n${SKILLS}`);
    const { stdout } = await rulebook('lint', 'bad.md');
    expect(stdout).toMatch(/`sheet\.fields` must be a list of field names/);
  });
});
