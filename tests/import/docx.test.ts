// A Word document built here from a known structure (numbered headings, rules, a skill list, a skill table) imports back to exactly that structure.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import { readImportSource } from '../../main/import/read-source.js';
import { importRulebook } from '../../shared/import/index.js';
import { linkRulebook } from '../../shared/link/index.js';
import { parseRulebook } from '../../shared/parse/index.js';

const STRUCTURE = {
  chapters: [
    { heading: '1. Fundamentals', rules: [['1.1', 'Every player is expected to know and understand these rules.'], ['1.2', 'Ignorance is no excuse.'], ['1.2.1', 'Marshals explain a rule when asked.']] },
    { heading: '2. Combat', rules: [['2.1', 'Weapons must be checked before every event.'], ['2.2', 'Blows to the head do not count; see 1.2.1 for who explains.']] },
  ],
  listSkills: [
    { name: 'Ambidexterity', cost: '2 SP', text: 'With this skill a character can fight with two weapons.', prerequisite: 'One Handed Weapons' },
    { name: 'One Handed Weapons', cost: '1 SP', text: 'Use any weapon up to 115 cm.', prerequisite: null },
  ],
  tableSkills: [
    ['Body 1', '1', '--'],
    ['Body 2', '2', 'Body 1'],
  ],
};

function buildDocument(): Document {
  const children: (Paragraph | Table)[] = [];
  for (const chapter of STRUCTURE.chapters) {
    children.push(new Paragraph({ text: chapter.heading, heading: HeadingLevel.HEADING_1 }));
    for (const [number, text] of chapter.rules) children.push(new Paragraph({ text: `${number} ${text}` }));
  }
  children.push(new Paragraph({ text: 'Skills', heading: HeadingLevel.HEADING_2 }));
  for (const skill of STRUCTURE.listSkills) {
    children.push(new Paragraph({ bullet: { level: 0 }, children: [new TextRun({ text: skill.name, bold: true }), new TextRun(` (${skill.cost}) ${skill.text}`)] }));
    if (skill.prerequisite) children.push(new Paragraph({ bullet: { level: 1 }, text: `*${skill.prerequisite} is a prerequisite.` }));
  }
  const row = (cells: string[]): TableRow => new TableRow({ children: cells.map((c) => new TableCell({ children: [new Paragraph(c)] })) });
  children.push(new Paragraph({ text: 'Body skills', heading: HeadingLevel.HEADING_2 }));
  children.push(new Table({ rows: [row(['Skill', 'Cost', 'Prerequisite']), ...STRUCTURE.tableSkills.map(row)] }));
  return new Document({ sections: [{ children }] });
}

/** Writes the document to a fresh temp folder and reads it back as `rulebook import` does; the folder is removed after. */
async function readDocument(document: Document, name: string): Promise<Awaited<ReturnType<typeof readImportSource>>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'import-docx-'));
  try {
    const file = path.join(dir, name);
    writeFileSync(file, await Packer.toBuffer(document));
    return await readImportSource(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('importing a .docx', async () => {
  const source = await readDocument(buildDocument(), 'rules.docx');
  const { markdown, report } = importRulebook(source.text, { format: source.format, name: 'rules' });
  const model = parseRulebook({ files: [{ path: 'rulebook.md', text: markdown }] });

  it('recovers the chapters and the sections as headings', () => {
    expect(model.sections.map((s) => [s.depth, s.number?.key ?? null, s.title])).toEqual([
      [1, '1', 'Fundamentals'],
      [1, '2', 'Combat'],
      [2, null, 'Skills'],
      [2, null, 'Body skills'],
    ]);
  });

  it('recovers every rule with its number and text, nested by number', () => {
    const expected = STRUCTURE.chapters.flatMap((c) => c.rules);
    expect(model.rules.map((r) => [r.number.key, r.text])).toEqual(expected);
    expect(linkRulebook(model).unresolvedReferences).toEqual([]);
  });

  it('recovers the skill list and the skill table with costs and prerequisites', () => {
    const skills = model.skills.map((s) => ({
      name: s.name,
      form: s.form,
      cost: s.cost,
      prerequisites: s.prerequisites.flatMap((p) => p.requirements.map((r) => r.alternatives.map((t) => t.text).join(' or '))),
    }));
    expect(skills).toEqual([
      { name: 'Ambidexterity', form: 'list', cost: 2, prerequisites: ['One Handed Weapons'] },
      { name: 'One Handed Weapons', form: 'list', cost: 1, prerequisites: [] },
      { name: 'Body 1', form: 'table', cost: 1, prerequisites: [] },
      { name: 'Body 2', form: 'table', cost: 2, prerequisites: ['Body 1'] },
    ]);
    expect(model.skills[0].text).toBe(STRUCTURE.listSkills[0].text);
    expect(report.counts).toMatchObject({ sections: 4, rules: 5, skills: 4, tables: 1 });
  });

  it('takes a paragraph in Word\'s Title style for the title, without a warning in the report', async () => {
    const titled = new Document({ sections: [{ children: [
      new Paragraph({ text: 'Funjerai Rulebook 2.1', heading: HeadingLevel.TITLE }),
      new Paragraph({ text: 'Chapter 1. Introductions', heading: HeadingLevel.HEADING_1 }),
      new Paragraph('We want to enforce free play.'),
    ] }] });
    const read = await readDocument(titled, 'titled.docx');
    expect(read.notes).toEqual([]);
    const imported = parseRulebook({ files: [{ path: 'rulebook.md', text: importRulebook(read.text, { format: read.format, name: 'titled' }).markdown }] });
    expect([imported.config.title, imported.config.edition]).toEqual(['Funjerai Rulebook 2.1', '2.1']);
    expect(imported.sections.map((s) => s.title)).toEqual(['Introductions']);
  });
});
