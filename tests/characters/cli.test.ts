/** `rulebook character check` and `character sheet` as a user runs them: formats, exit codes, bad input, `--since`, the PDF read back. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { runInProcess } from '../helpers/cli-in-process.js';
import { FIXTURES, REPO, useBooks } from './books.js';

const books = useBooks();

const fj = (file: string) => path.join(FIXTURES, 'funjerai', file);
const kon = (file: string) => path.join(FIXTURES, 'kingdoms-of-novitas', file);

describe('rulebook character check', () => {
  it('exits 0 with nothing to say on valid characters', async () => {
    const out = await runInProcess(['character', 'check', books.funjerai, fj('sigrun-valid-healer.yaml')], REPO);
    expect(out).toEqual({ code: 0, stdout: '', stderr: '' });
    const novitas = await runInProcess(['character', 'check', books.novitas, kon('aldric-valid-warrior.yaml'), kon('mirela-valid-mage.yaml')], REPO);
    expect(novitas.code).toBe(0);
  });

  it('checks a roster folder, exits 1 on errors, in every format', async () => {
    const stylish = await runInProcess(['character', 'check', books.novitas, path.join(FIXTURES, 'kingdoms-of-novitas')], REPO);
    expect(stylish.code).toBe(1);
    expect(stylish.stdout).toContain('tests/fixtures/characters/kingdoms-of-novitas/bram-unknown-skill-and-cost.yaml\n  6:14  error  Unknown skill `Melee Trainig`, did you mean `Melee Training`?  character/unknown-skill');
    expect(stylish.stdout).toContain('✖ 7 problems (6 errors, 1 warning)');
    const json = JSON.parse((await runInProcess(['character', 'check', books.novitas, path.join(FIXTURES, 'kingdoms-of-novitas'), '--format', 'json'], REPO)).stdout);
    expect(json).toHaveLength(7);
    expect(json[0]).toMatchObject({ file: 'tests/fixtures/characters/kingdoms-of-novitas/bram-unknown-skill-and-cost.yaml', line: 6, column: 14, ruleId: 'character/unknown-skill', severity: 'error' });
    expect(json[0].suggestions[0].edits[0]).toMatchObject({ newText: 'Melee Training', line: 6, column: 14 });
    const github = await runInProcess(['character', 'check', books.funjerai, fj('guild-roster.yaml'), '--format', 'github'], REPO);
    expect(github.stdout.split('\n').filter(Boolean)).toEqual([
      '::error file=tests/fixtures/characters/funjerai/guild-roster.yaml,line=23,col=16,endLine=23,endColumn=22,title=character/missing-prerequisite::`Cleave` needs `two handed weapons` or `polearm`, not owned when it was bought',
      '::error file=tests/fixtures/characters/funjerai/guild-roster.yaml,line=25,col=16,endLine=25,endColumn=27,title=character/missing-prerequisite::`Energy ball` needs `Lesser Energy Ball`, not owned when it was bought at `Funjerai I 2025`',
    ]);
    const sarif = JSON.parse((await runInProcess(['character', 'check', books.funjerai, fj('guild-roster.yaml'), '--format', 'sarif'], REPO)).stdout);
    expect(sarif.runs[0].results.map((r: { ruleId: string; locations: { physicalLocation: { region: { startLine: number } } }[] }) => [r.ruleId, r.locations[0].physicalLocation.region.startLine])).toEqual([
      ['character/missing-prerequisite', 23],
      ['character/missing-prerequisite', 25],
    ]);
  });

  it('bad input: one line naming the file, exit 2', async () => {
    const dir = path.join(books.dir, 'bad');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'broken.yaml'), 'name: A\npurchases:\n  - { skill: Cleave, cost: three }\n');
    writeFileSync(path.join(dir, 'other-book.yaml'), 'name: B\nrulebook: Kingdoms of Novitas\npurchases: []\n');
    const broken = await runCli(['character', 'check', books.funjerai, path.join(dir, 'broken.yaml')], books.dir);
    expect(broken).toEqual({ code: 2, stdout: '', stderr: 'rulebook: bad/broken.yaml: line 3: character `A`, purchase of `Cleave`: `cost` must be a number of 0 or more\n' });
    const other = await runInProcess(['character', 'check', books.funjerai, path.join(dir, 'other-book.yaml')], books.dir);
    expect(other).toMatchObject({ code: 2, stderr: 'rulebook: bad/other-book.yaml: line 1: `B` is a character of `Kingdoms of Novitas`, not of `Funjerai`\n' });
    const missing = await runInProcess(['character', 'check', books.funjerai, 'nowhere.yaml'], books.dir);
    expect(missing).toMatchObject({ code: 2, stderr: 'rulebook: nowhere.yaml: no such file or folder\n' });
    const settings = books.funjeraiEdition('bad-settings', (t) => t.replace('startingPoints: 15', 'startingPoints: fifteen'));
    const badSettings = await runInProcess(['character', 'check', settings, fj('sigrun-valid-healer.yaml')], books.dir);
    expect(badSettings).toMatchObject({ code: 2, stderr: 'rulebook: bad-settings/funjerai.md: line 3: `characters.startingPoints` must be a number of 0 or more\n' });
    const format = await runInProcess(['character', 'check', books.funjerai, fj('guild-roster.yaml'), '--format', 'xml'], REPO);
    expect(format).toMatchObject({ code: 2, stderr: 'rulebook: --format must be one of stylish, json, sarif, github, not `xml`\n' });
  });

  it('--since lists exactly the characters a renamed skill, a re-priced one and a new prerequisite break', async () => {
    const renamed = books.funjeraiEdition('renamed', (t) => t.replace('- **First Aid** (1 SP)', '- **First Aid Training** (1 SP)'));
    const repriced = books.funjeraiEdition('repriced', (t) => t.replace('- **Shield Use** (3 SP)', '- **Shield Use** (4 SP)'));
    const roster = path.join(FIXTURES, 'funjerai');
    const brokenBy = async (edition: string) => {
      const out = await runInProcess(['character', 'check', edition, roster, '--since', books.funjerai], REPO);
      return { code: out.code, summary: out.stdout.split('\n').filter(Boolean).at(-1), rules: [...out.stdout.matchAll(/character\/[a-z-]+/g)].map((m) => m[0]) };
    };
    expect(await brokenBy(renamed)).toEqual({ code: 1, summary: '1 of 5 characters broken by this edition: Sigrun Hallsdottir', rules: ['character/unknown-skill', 'character/unconfirmed-condition'] });
    expect(await brokenBy(repriced)).toEqual({
      code: 1,
      summary: '2 of 5 characters broken by this edition: Astrid Vang, Leif Brandt',
      rules: ['character/wrong-cost', 'character/wrong-cost', 'character/wrong-cost'],
    });
    const required = books.funjeraiEdition('new-prerequisite', (t) => t.replace('Movement, beyond weak crawling, is not possible.\n', 'Movement, beyond weak crawling, is not possible.\n  Prerequisite: Body Regeneration\n'));
    expect(await brokenBy(required)).toEqual({ code: 1, summary: '1 of 5 characters broken by this edition: Astrid Vang', rules: ['character/missing-prerequisite'] });
    // The same edition as the old one breaks nothing, and the faults the old edition had are not reported again.
    expect(await brokenBy(books.funjerai)).toEqual({ code: 0, summary: 'no character of 5 broken by this edition', rules: [] });
  });
});

describe('rulebook character sheet', () => {
  it('prints one filled sheet per character, its skills read back with pdftotext', async () => {
    const out = path.join(books.dir, 'roster.pdf');
    const made = await runInProcess(['character', 'sheet', books.funjerai, path.join(FIXTURES, 'funjerai'), '--out', out], REPO);
    expect(made).toMatchObject({ code: 0, stderr: `rulebook: wrote ${out} (5 characters, 5 pages)\n` });
    const pages = execFileSync('pdftotext', ['-layout', out, '-'], { encoding: 'utf8' }).split('\f').filter((p) => p.trim());
    expect(pages).toHaveLength(5);
    const sigrun = pages.find((p) => p.includes('Sigrun Hallsdottir'))!;
    // A row per purchase: name, event, cost; a long name wraps onto the next line, under itself.
    const skills: Array<[string, string, number]> = [];
    let indent = -1;
    for (const line of sigrun.split('\n')) {
      const row = /^(\s*)(\S.*?)\s{2,}(creation|Funjerai I 2025)\s+(\d+)\s/.exec(line);
      if (row) {
        skills.push([row[2], row[3], Number(row[4])]);
        indent = row[1].length;
      } else if (indent >= 0 && line.length - line.trimStart().length === indent && /^\s*\S+( \S+)*(\s{2,}|$)/.test(line)) {
        skills[skills.length - 1][0] += ` ${line.trim().split(/\s{2,}/)[0]}`;
      } else if (!line.trim() || !/^\s{20,}/.test(line)) indent = -1;
    }
    expect(skills).toEqual([
      ['First Aid', 'creation', 1],
      ['Healing', 'creation', 2],
      ['Medicine', 'creation', 4],
      ['Herbalism and Animal Husbandry', 'creation', 1],
      ['One Handed Weapons', 'creation', 1],
      ['Read/Write', 'creation', 1],
      ['Life Rescuer', 'Funjerai I 2025', 2],
      ['Additional Health Points', 'Funjerai I 2025', 4],
    ]);
    expect(sigrun).toMatch(/Points spent: 16 SP\s+·\s+earned: 17 SP\s+·\s+left: 1 SP/);
    expect(sigrun).toContain('Checked against Funjerai: no problems.');
    const knut = pages.find((p) => p.includes('Knut Ironside'))!;
    expect(knut).toContain('Checked against Funjerai: 2 errors, 0 warnings.');
    expect(knut).not.toContain('Class');
  });

  it('refuses an output that is not a .pdf', async () => {
    const out = await runInProcess(['character', 'sheet', books.funjerai, fj('sigrun-valid-healer.yaml'), '--out', 'x.png'], REPO);
    expect(out).toMatchObject({ code: 2, stderr: 'rulebook: x.png: the output file must end in .pdf\n' });
  });
});
