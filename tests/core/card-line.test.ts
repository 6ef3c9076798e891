/**
 * A card line: Daggerheart's domain cards write a heading, then one line of emphasised parts and no label's colon,
 * `**_Level 1_** _Arcana Spell._ **_Recall Cost_** _0._`. Before, that line was prose and the SRD read no skill. The
 * line is real text of the Daggerheart SRD 1.0 (DPCGL; tests/fixtures/wild/daggerheart-srd, which
 * tests/wild/wild-books.test.ts reads whole) and of its Russian translation (the same repository, src/daggerheart/srd-1.0/ru).
 */
import { describe, expect, it } from 'vitest';
import { analyse } from '../../shared/analyse/index.js';
import { DEFAULT_RECOGNISERS } from '../../shared/parse/recognisers.js';

const read = (text: string, settings = '') => analyse({ files: [{ path: 'book.md', text }], manifest: { path: 'rulebook.yaml', text: settings } }).model;
const fieldsOf = (line: string) => DEFAULT_RECOGNISERS.fields(line)?.map((p) => [p.field.name, p.field.value, line.slice(p.start, p.end)]) ?? null;

const CARDS = `# Domain Card Reference

## Arcana

### Rune Ward

**_Level 1_** _Arcana Spell._ **_Recall Cost_** _0._

You have a deeply personal trinket that can be infused with protective magic and held as a ward by you or an ally.

---

### Counterspell

**_Level 3_** _Arcana Spell._ **_Recall Cost_** _2._

You can interrupt a magical effect taking place by making a reaction roll using your Spellcast trait.
`;

describe('a card line', () => {
  it('reads a bold label holding its number, a bold label with its value in italics after it, and the kind alone', () => {
    const line = '**_Level 1_** _Arcana Spell._ **_Recall Cost_** _0._';
    expect(fieldsOf(line)).toEqual([
      ['Level', '1', '**_Level 1_**'],
      ['Type', 'Arcana Spell', '_Arcana Spell._'],
      ['Recall Cost', '0', '**_Recall Cost_** _0._'],
    ]);
    // Any emphasis, and any alphabet: `***…***`, `*…*`, the Russian translation's labels.
    expect(fieldsOf('***Level 9*** *Codex Grimoire.* ***Recall Cost*** *4.*')?.map(([name, value]) => `${name}=${value}`)).toEqual(['Level=9', 'Type=Codex Grimoire', 'Recall Cost=4']);
    expect(fieldsOf('**_Уровень 1_** _Заклинание Арканы._ **_Стоимость Отзыва_** _0._')?.map(([name, value]) => `${name}=${value}`)).toEqual([
      'Уровень=1',
      'Type=Заклинание Арканы',
      'Стоимость Отзыва=0',
    ]);
  });

  it('names a skill under its heading, its value ranges on the values as written', () => {
    const model = read(CARDS);
    expect(model.skills.map((s) => [s.name, s.cost, s.category, s.fields.map((f) => `${f.name}: ${f.value}`)])).toEqual([
      ['Rune Ward', null, 'Arcana', ['Level: 1', 'Type: Arcana Spell', 'Recall Cost: 0']],
      ['Counterspell', null, 'Arcana', ['Level: 3', 'Type: Arcana Spell', 'Recall Cost: 2']],
    ]);
    const ward = model.skills[0];
    expect(ward.text).toMatch(/^You have a deeply personal trinket/);
    const line = CARDS.split('\n')[6];
    expect(ward.fields.map((f) => line.slice(f.valueRange.start.column - 1, f.valueRange.end.column - 1))).toEqual(['1', 'Arcana Spell', '0']);
  });

  it('keeps the kind under the book language’s word for a type', () => {
    const model = read(CARDS, 'language: ru\n');
    expect(model.skills[0].fields.map((f) => f.name)).toEqual(['Level', 'Тип', 'Recall Cost']);
  });

  it('is no card line with fewer than two labelled fields, text between its parts, or a label that is a sentence', () => {
    expect(fieldsOf('**_Level 1_** _Arcana Spell._')).toBeNull();
    expect(fieldsOf('**_Level 1_** _Arcana Spell._ then **_Recall Cost_** _0._')).toBeNull();
    expect(fieldsOf('**_Level 1_** _Arcana Spell._ **_Recall Cost_**')).toBeNull();
    // The Daggerheart SRD's own first line, and a bold run over a line of prose.
    expect(fieldsOf('**Welcome to DAGGERHEART,** *a collaborative fantasy tabletop roleplaying game of incredible magic and heroic, heartfelt adventure.*')).toBeNull();
    expect(fieldsOf('**Spend a Hope** to allow a creature you can touch to climb on walls')).toBeNull();
    // Labels with their colons are ordinary field lines, one to a line.
    expect(fieldsOf('**Skills:** *Animal Whisperer, Barter, Deadly Aim*')).toEqual([['Skills', '*Animal Whisperer, Barter, Deadly Aim*', '**Skills:** *Animal Whisperer, Barter, Deadly Aim*']]);
  });

  it('under a numbered heading names no skill', () => {
    expect(read('# 3. Magic\n\n**_Level 1_** _Arcana Spell._ **_Recall Cost_** _0._\n\nText.\n').skills).toEqual([]);
  });
});
