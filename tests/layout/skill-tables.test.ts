/**
 * Skill tables with no price (`layout.skills.tables`): Basic Roleplaying lists its 56 skills as `| # | Skill | Base
 * Chance | Category | Description |` under `## Complete Skill List` and prices none of them (tests/fixtures/wild/brp-srd,
 * BRP Open Game License: its glossary files, read here as they are). The parser reads such a table's rows in the
 * sections the setting lists; `init` proposes the setting for the book's own list of skills, not for the glossary's
 * shorter copy nor the professions' lists of the same skills, and only in a book that prices nothing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inferLayout } from '../../shared/layout/infer.js';
import { readLayout } from '../../shared/layout/read.js';
import { DEFAULT_LAYOUT } from '../../shared/model/layout.js';
import { selectSkills } from '../../shared/publish/handouts.js';
import { stringify as yamlOf } from 'yaml';
import { link, parse } from '../helpers/md.js';

const glossary = path.resolve(import.meta.dirname, '../fixtures/wild/brp-srd/book/09_Glossary');
const FILES = ['00_Glossary.md', '01_Skills.md', '04_Professions.md'];
const files = () => Object.fromEntries(FILES.map((f) => [f, readFileSync(path.join(glossary, f), 'utf8')]));
const manifest = (layout: string) => `files: [${FILES.join(', ')}]\n${layout}`;

describe('skill tables with no price', () => {
  it('reads the rows of the sections `skills.tables` lists, unpriced, with their columns as fields', () => {
    const model = parse({ ...files(), 'rulebook.yaml': manifest('layout:\n  skills:\n    tables: [Complete Skill List]\n') });
    expect(model.skills).toHaveLength(56);
    expect(new Set(model.skills.map((s) => s.nameRange.file))).toEqual(new Set(['01_Skills.md']));
    const appraise = model.skills.find((s) => s.name === 'Appraise')!;
    expect(appraise).toMatchObject({ form: 'table', cost: null, costText: null, text: 'Estimate the value, quality, age, or authenticity of an object' });
    // The row's number is the table's, not a field of the skill; its category column is its category.
    expect(appraise.fields.map((f) => [f.name, f.value])).toEqual([['Base Chance', '15%']]);
    expect([appraise.category, appraise.categoryPath]).toEqual(['Mental', ['Skills Reference', 'Complete Skill List', 'Mental']]);
    expect(model.skills.map((s) => s.name)).toContain('Art (specialty)');
  });

  it('takes a category column for the row’s category in a priced table too, and hands it out by it', () => {
    const text = '## Guild Skills\n\n| Skill | Cost | Category |\n|---|---|---|\n| Herbalism | 2 | Craft |\n| Sword | 3 | Combat |\n| Shield | 2 | Combat |\n';
    const linked = link(text);
    expect(linked.model.skills.map((s) => [s.name, s.cost, s.category])).toEqual([
      ['Herbalism', 2, 'Craft'],
      ['Sword', 3, 'Combat'],
      ['Shield', 2, 'Combat'],
    ]);
    expect(selectSkills(linked, ['combat']).map((s) => s.name)).toEqual(['Sword', 'Shield']);
  });

  it('reads none of them without the setting, as before', () => {
    expect(parse({ ...files(), 'rulebook.yaml': manifest('') }).skills).toEqual([]);
  });

  it('has init propose the section of the book’s own list, and say why', () => {
    const { settings, reasons } = inferLayout({ files: Object.entries(files()).map(([p, text]) => ({ path: p, text })) });
    expect(settings.layout).toMatchObject({ skills: { tables: ['Complete Skill List'] } });
    expect(reasons).toContainEqual(
      'A table under `Complete Skill List` names 56 skills (`Appraise`…, first at 01_Skills.md:16, `| # | Skill | Base Chance | Category | Description |`) with no cost column, and the book prices nothing: each row is a skill without a price.',
    );
  });

  it('reads the tables where init also names the sections skills are read in', () => {
    const leads = ['Brawl', 'Dodge', 'Grapple', 'Throw', 'Climb'].map((n) => `**${n}:** Used in a fight, as the chapter explains.\n`).join('\n');
    const book = { ...files(), 'special.md': `# Special Skills\n\n${leads}` };
    const { settings } = inferLayout({ files: Object.entries(book).map(([p, text]) => ({ path: p, text })) });
    expect(settings.layout).toMatchObject({ skills: { boldNames: 'all', sections: ['Special Skills', 'Complete Skill List'], tables: ['Complete Skill List'] } });
  });

  it('reads a table whose names head the skills’ descriptions in a book that prices other things (Fate Core)', () => {
    // The Fate Core SRD (CC BY 3.0, Evil Hat Productions): its skill list, the headings that describe its skills, and
    // extras priced in refresh. The headings explain the rows; the extras stay the priced skills they are.
    const names = ['Athletics', 'Burglary', 'Contacts', 'Crafts', 'Deceive', 'Drive', 'Empathy', 'Fight'];
    const table = `| Skill | Overcome | Create an Advantage | Attack | Defend |\n| --- | --- | --- | --- | --- |\n${names.map((n) => `| ${n} | X | X | | X |`).join('\n')}\n`;
    const described = names.map((n) => `##### ${n}\nThe ${n} skill is how good your character is at it.\n\n**Overcome**: ${n} lets you get past obstacles.\n`).join('\n');
    const extra = (n: string) => `###### **Extra**: ${n}\n**Costs**: 2 points of refresh\n\nA power of the Chrome City supers.\n`;
    const text = `# Skills and Stunts\n\n##### Skill List\n\n${table}\n#### SKILLS AND GEAR\n\n${described}\n# Extras\n\n${['Energy Blast', 'Flight', 'Super Strength'].map(extra).join('\n')}`;
    const { settings, reasons } = inferLayout({ files: [{ path: 'fate-core.md', text }] });
    expect(settings.layout).toMatchObject({ skills: { tables: ['Skill List'] } });
    expect(reasons).toContainEqual(expect.stringMatching(/^A table under `Skill List` names 8 skills \(`Athletics`….*and headings of their names describe them: each row is a skill without a price\.$/));
    const linked = link(`---\n${yamlOf(settings)}---\n${text}`);
    expect(linked.model.skills.filter((s) => s.form === 'table').map((s) => s.name)).toEqual(names);
    expect(linked.model.skills.filter((s) => s.form === 'heading').map((s) => [s.name, s.costText])).toEqual([
      ['Extra: Energy Blast', '2 points of refresh'],
      ['Extra: Flight', '2 points of refresh'],
      ['Extra: Super Strength', '2 points of refresh'],
    ]);
  });

  it('takes no summary of skills the headings are for a list of them', () => {
    const names = ['Athletics', 'Burglary', 'Contacts', 'Crafts', 'Deceive', 'Drive', 'Empathy', 'Fight'];
    const table = `| Skill | Summary |\n| --- | --- |\n${names.map((n) => `| ${n} | What ${n} does. |`).join('\n')}\n`;
    const entries = names.map((n, i) => `### ${n}\n\n**Cost:** ${i + 1} CP\n\nThe ${n} skill.\n`).join('\n');
    const { settings } = inferLayout({ files: [{ path: 'skills.md', text: `# Skills\n\n## At a Glance\n\n${table}\n## The Skills\n\n${entries}` }] });
    expect(JSON.stringify(settings)).not.toContain('tables');
  });

  it('proposes nothing where the book prices its skills some other way', () => {
    const feat = (name: string, cost: number) => `## ${name}\n\n**Cost:** ${cost} CP\n\nA feat of the house rules.\n\n`;
    const priced = { ...files(), 'feats.md': `# Feats\n\n${feat('Ambidexterity', 2)}${feat('Florentine', 4)}${feat('Shield Wall', 3)}` };
    const { settings } = inferLayout({ files: Object.entries(priced).map(([p, text]) => ({ path: p, text })) });
    expect(JSON.stringify(settings)).not.toContain('tables');
  });

  it('takes a list of section titles, or one, and nothing else', () => {
    expect(readLayout({ skills: { tables: ['Complete Skill List'] } }, DEFAULT_LAYOUT).layout.skills.tables).toEqual(['Complete Skill List']);
    expect(readLayout({ skills: { tables: 'Complete Skill List' } }, DEFAULT_LAYOUT).layout.skills.tables).toEqual(['Complete Skill List']);
    expect(readLayout({ skills: { tables: { Skills: true } } }, DEFAULT_LAYOUT).problems.map((p) => p.key)).toEqual(['layout.skills.tables']);
  });
});
