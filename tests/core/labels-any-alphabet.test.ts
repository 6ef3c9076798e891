/**
 * A book's own labels in any alphabet. `layout.fields` names the labels a book writes its costs and prerequisites
 * under, but a label had to be written in ASCII letters to be read as one at all: `Coût`, `Ausrüstung`, `Требование`
 * were never fields, whatever the settings said. Our own words, in French, German and Russian.
 */
import { describe, expect, it } from 'vitest';
import { analyse } from '../../shared/analyse/index.js';

const read = (text: string, settings: string) => analyse({ files: [{ path: 'book.md', text }], manifest: { path: 'rulebook.yaml', text: settings } }).model.skills;
const requirements = (skill: { prerequisites: readonly { requirements: readonly { alternatives: readonly { text: string }[] }[] }[] }) =>
  skill.prerequisites.flatMap((p) => p.requirements.map((r) => r.alternatives.map((a) => a.text)));

describe('labels a book declares, in any alphabet', () => {
  it('French: a cost under `Coût`, written with the space French puts before a colon', () => {
    const skills = read('# Escrime\n\n### Parade\n\n**Coût :** 2 PX\n\n### Botte secrète\n\n**Coût :** 4 PX\n**Prérequis :** Parade\n', 'layout:\n  skills:\n    headingLevels: [3]\n  fields:\n    cost: [Coût]\n    prerequisites: [Prérequis]\ncostUnits: [PX]\n');
    expect(skills.map((s) => [s.name, s.costText])).toEqual([['Parade', '2 PX'], ['Botte secrète', '4 PX']]);
    expect(requirements(skills[1])).toEqual([['Parade']]);
  });

  it('German: umlauts inside a label', () => {
    const skills = read('# Fertigkeiten\n\n### Schildwall\n\n**Kosten:** 5 EP\n**Voraussetzungen:** Schildkampf\n**Ausrüstung:** Schild\n\n### Schildkampf\n\n**Kosten:** 3 EP\n', 'layout:\n  skills:\n    headingLevels: [3]\n  fields:\n    cost: [Kosten]\n    prerequisites: [Voraussetzungen]\ncostUnits: [EP]\n');
    expect(skills.map((s) => s.name)).toEqual(['Schildwall', 'Schildkampf']);
    expect(skills[0].fields.map((f) => [f.name, f.value])).toContainEqual(['Ausrüstung', 'Schild']);
    expect(requirements(skills[0])).toEqual([['Schildkampf']]);
  });

  it('Russian: a whole line in italics under a Cyrillic label', () => {
    const skills = read('# Воззвания\n\n### Жаждущий клинок\n\n*Требование: Клинок договора*\n\nСтоимость: 2\n\n### Клинок договора\n\nСтоимость: 1\n', 'layout:\n  skills:\n    headingLevels: [3]\n  fields:\n    cost: [Стоимость]\n    prerequisites: [Требование]\n');
    expect(skills.map((s) => [s.name, s.cost])).toEqual([['Жаждущий клинок', 2], ['Клинок договора', 1]]);
    expect(requirements(skills[0])).toEqual([['Клинок договора']]);
  });
});
