/**
 * A book read in its `language:`: the labels of a cost and of prerequisites, the words that join, widen and level
 * requirements, and the ways another language names an entry (its kind first, in another case; quoted after its kind;
 * only its first word capitalised). Before, `language:` changed nothing a book read: `**Coût :**` was no field unless
 * `layout.fields` named it, "Parade ou Esquive" was one unknown skill, "Колдун 5-го уровня или выше" another. The
 * Russian SRD 5.2 (tests/fixtures/wild/dnd-srd52-ru) is held in tests/wild/wild-books.test.ts; the text here is our own.
 */
import { describe, expect, it } from 'vitest';
import { analyse } from '../../shared/analyse/index.js';
import { inferLayout } from '../../shared/layout/infer.js';
import { requirementText } from '../../shared/model/prerequisite-tiers.js';
import { alternativesWord } from '../../shared/model/book-language.js';
import type { Skill } from '../../shared/model/types.js';
import { prerequisiteRuns } from '../../shared/publish/content.js';

const read = (text: string, settings: string) => analyse({ files: [{ path: 'book.md', text }], manifest: { path: 'rulebook.yaml', text: settings } });
const requirements = (skill: Skill) => skill.prerequisites.flatMap((p) => p.requirements.map((r) => r.alternatives.map((a) => `${a.kind}:${a.text}`)));
const skill = (analysis: ReturnType<typeof read>, name: string) => analysis.model.skills.find((s) => s.name === name)!;
const findings = (analysis: ReturnType<typeof read>) => analysis.findings().map((f) => `${f.ruleId}: ${f.message}`);

const FRENCH = `# Escrime

### Parade

**Coût :** 2 PX
**Prérequis :** Aucun

### Esquive

**Coût :** Gratuit

### Botte secrète

**Coût :** 4 PX
**Prérequis :** Parade ou Esquive, et Niveau 3
`;

const ITALIAN = `# Talenti

### Parata

**Costo:** 2 PE
**Prerequisiti:** Nessuno

### Schivata

**Costo:** Gratuito

### Colpo segreto

**Costo:** 4 PE
**Prerequisiti:** Parata o Schivata, e Livello 3
`;

/** The same three skills in each language's words: one needing nothing, a free one, one needing either of them and a level. */
const FENCING = [
  { language: 'fr', name: 'French', text: FRENCH, unit: 'PX', skills: ['Parade', 'Esquive', 'Botte secrète'], free: 'Gratuit', level: 'Niveau 3' },
  { language: 'it', name: 'Italian', text: ITALIAN, unit: 'PE', skills: ['Parata', 'Schivata', 'Colpo segreto'], free: 'Gratuito', level: 'Livello 3' },
];

describe('a book read in its language', () => {
  it.each(FENCING)('$name: its labels, its "or" and "and" between requirements, nothing required, a free cost, a level', ({ language, text, unit, skills, free, level }) => {
    const book = read(text, `language: ${language}\nlayout:\n  skills:\n    headingLevels: [3]\ncostUnits: [${unit}]\n`);
    const [first, second, third] = skills;
    expect(book.model.skills.map((s) => [s.name, s.costText, s.cost])).toEqual([
      [first, `2 ${unit}`, 2],
      [second, free, 0],
      [third, `4 ${unit}`, 4],
    ]);
    expect(requirements(skill(book, first))).toEqual([]);
    expect(requirements(skill(book, third))).toEqual([[`skill:${first}`, `skill:${second}`], [`condition:${level}`]]);
    expect(findings(book)).toEqual([]);
  });

  it('the same book without `language:` reads neither cost nor prerequisites: the words are the language’s, not guessed', () => {
    const book = read(FRENCH, 'layout:\n  skills:\n    headingLevels: [3]\ncostUnits: [PX]\n');
    expect(book.model.skills.map((s) => [s.costText, s.prerequisites.length])).toEqual(book.model.skills.map(() => [null, 0]));
  });

  it('Italian: a chapter named in its words for a kind holds entries by their text alone, as `## Special abilities` does in English', () => {
    const powers = ['Volo', 'Forza', 'Velocità', 'Invisibilità', 'Telepatia'].map((n) => `### ${n}\n\nCiò che fa.\n`).join('\n');
    const { settings } = inferLayout({ files: [{ path: 'poteri.md', text: `---\nlanguage: it\n---\n# Regole\n\nIl gioco.\n\n## Poteri\n\n${powers}` }] });
    expect(settings.layout).toMatchObject({ skills: { headingLevels: [3], headings: 'all', sections: ['Poteri'] } });
  });

  it('German and Spanish: "oder", a level written "Stufe 5", a score widened by "o superior"', () => {
    const german = read('# Fertigkeiten\n\n### Schildwall\n\n**Kosten:** 5 EP\n**Voraussetzungen:** Schildkampf oder Stufe 5\n\n### Schildkampf\n\n**Kosten:** 3 EP\n', 'language: de\nlayout:\n  skills:\n    headingLevels: [3]\ncostUnits: [EP]\n');
    expect(requirements(skill(german, 'Schildwall'))).toEqual([['skill:Schildkampf', 'condition:Stufe 5']]);
    const spanish = read('# Dotes\n\n### Golpe poderoso\n\n**Requisito:** Fuerza 13 o superior\n', 'language: es\nlayout:\n  skills:\n    headingLevels: [3]\n');
    expect(requirements(skill(spanish, 'Golpe poderoso'))).toEqual([['condition:Fuerza 13 o superior']]);
  });

  const RUSSIAN = `# Колдун

## Умения колдуна

#### Уровень 1: Магия договора

Вы творите заклинания колдуна.

## Опции таинственных воззваний

#### Договор клинка

*Требование: Колдун 1-го уровня или выше*

Вы создаёте оружие договора.

#### Жаждущий клинок

*Требование: Колдун 5-го уровня или выше, воззвание Договор клинка*

Вы атакуете дважды.

#### Пожирающий клинок

*Требование: Колдун 12-го уровня или выше, воззвание «Жаждущий клинок»*

Вы атакуете трижды.

#### Мистическое копьё

*Требование: Колдун 2-го уровня или выше, заговор колдуна, наносящий урон, умение «Магия договора»*

Дальность заговора растёт.

#### Мучительный заряд

*Требование: Колдун 2-го уровня или выше, воззвание Жаждуший клинок*

Заговор бьёт сильнее.
${['Дьявольское зрение', 'Маска многих лиц', 'Туманные видения', 'Уроки первых', 'Единение с тенями', 'Потусторонний прыжок']
  .map((name) => `\n#### ${name}\n\n*Требование: Колдун 2-го уровня или выше*\n\nВы видите больше.\n`)
  .join('')}`;
  // Ten names of several words, each opening with a capital: the book names its skills so.
  const RUSSIAN_SETTINGS = 'language: ru\nlayout:\n  skills:\n    headingLevels: [4]\n';

  it('Russian: an invocation named kind first in the singular under a heading in the genitive plural, or quoted', () => {
    const book = read(RUSSIAN, RUSSIAN_SETTINGS);
    const edges = book.linked.edges.map((e) => `${e.from.name} → ${e.to.name}`);
    expect(edges).toContain('Жаждущий клинок → Договор клинка');
    expect(edges).toContain('Пожирающий клинок → Жаждущий клинок');
    expect(requirements(skill(book, 'Жаждущий клинок'))).toEqual([['condition:Колдун 5-го уровня или выше'], ['skill:воззвание Договор клинка']]);
  });

  it('Russian: a feature quoted after its kind names a heading, a lower-case phrase describes; a misspelt name is still found', () => {
    const book = read(RUSSIAN, RUSSIAN_SETTINGS);
    // "заговор колдуна", "наносящий урон" and «Магия договора» (a feature, not a skill) are no unknown prerequisites,
    // but "Жаждуший" for Жаждущий is.
    expect(findings(book)).toEqual(['unknown-prerequisite: Unknown prerequisite `воззвание Жаждуший клинок` of `Мучительный заряд`, did you mean `воззвание Жаждущий клинок`?']);
  });

  it('prints requirements in the book’s own words: its “or”, and a widened level whole', () => {
    const book = read('# Черты\n\n### Общие черты\n\n#### Борец\n\n*Общая черта (Требование: Уровень 4+, Сила или Ловкость 13+)*\n\n' + RUSSIAN, RUSSIAN_SETTINGS);
    const or = alternativesWord(book.model.config);
    const printed = (name: string) => prerequisiteRuns(book.linked, skill(book, name), new Map()).map((r) => r.text).join('');
    // The book, the website (prerequisiteRuns), the cards and the quick reference (requirementText) alike.
    expect(printed('Борец')).toBe('Уровень 4+, Сила или Ловкость 13+');
    expect(requirementText(skill(book, 'Борец'), or)).toBe('Уровень 4+, Сила или Ловкость 13+');
    expect(printed('Жаждущий клинок')).toBe('Колдун 5-го уровня или выше, воззвание Договор клинка');
  });

  it('takes a heading’s original name in brackets for no price, though it is a currency’s (the Russian Daggerheart’s glossary)', () => {
    const book = read('# Глоссарий\n\n### Золото (Gold)\n\n**Золото** (Gold) — это валюта.\n\n### Огненный шар (20 XP)\n\nШар огня.\n', 'language: ru\n');
    expect(book.model.skills.map((s) => [s.name, s.costText])).toEqual([['Огненный шар', '20 XP']]);
  });

  it('reads a price in a unit of another alphabet, and init finds the units in the forms a count takes', () => {
    // A Russian LARP's list skills in experience points (ОП), read before as no skills at all.
    const larp = read('# Навыки\n\n- **Фехтование** (2 ОП) Бой на мечах.\n- **Лекарство** (3 ОП) Лечение ран.\n', 'language: ru\ncostUnits: [ОП]\n');
    expect(larp.model.skills.map((s) => [s.name, s.cost, s.costUnit])).toEqual([['Фехтование', 2, 'ОП'], ['Лекарство', 3, 'ОП']]);
    // The SRD 5.2's metamagic: "1 очко чародейства", "2 очка чародейства", "5 очков чародейства".
    const prose = 'Чародей тратит очки чародейства, чтобы изменять свои заклинания прямо во время их сотворения. ';
    const options = ['Осторожное заклинание', 'Дальнее заклинание', 'Тонкое заклинание', 'Усиленное заклинание', 'Ускоренное заклинание']
      .map((name, i) => `### ${name}\n\n*Стоимость: ${[1, 1, 1, 2, 5][i]} ${['очко', 'очко', 'очко', 'очка', 'очков'][i]} чародейства*\n\n${prose.repeat(2)}\n`)
      .join('\n');
    const { settings } = inferLayout({ files: [{ path: 'метамагия.md', text: `# Метамагия\n\n${prose.repeat(4)}\n\n${options}` }], manifest: null });
    expect(settings.costUnits).toEqual(['очко чародейства', 'очка чародейства', 'очков чародейства']);
    // No form three times (очка 2, очко 2, очков 1): the forms of one unit count together, by their stems.
    const even = options.replace('*Стоимость: 1 очко', '*Стоимость: 2 очка');
    expect(even.match(/\d (?:очко|очка|очков) /g)).toEqual(['2 очка ', '1 очко ', '1 очко ', '2 очка ', '5 очков ']);
    const both = inferLayout({ files: [{ path: 'метамагия.md', text: `# Метамагия\n\n${prose.repeat(4)}\n\n${even}` }], manifest: null });
    expect(both.settings.costUnits).toEqual(['очка чародейства', 'очко чародейства', 'очков чародейства']);
  });

  it('an English book reads "или" and "ou" as part of a name, as before', () => {
    const book = read('# Skills\n\n### Riposte\n\n**Prerequisite:** Parade ou Esquive\n\n### Parade ou Esquive\n\n**Cost:** 1\n', 'layout:\n  skills:\n    headingLevels: [3]\n');
    expect(requirements(skill(book, 'Riposte'))).toEqual([['skill:Parade ou Esquive']]);
  });

  it('init reads the labels of the language it finds, and proposes that language instead of the labels', () => {
    const prose = 'Le personnage apprend une compétence en dépensant des points d’expérience gagnés pendant les parties. ';
    const entries = ['Parade', 'Esquive', 'Riposte', 'Feinte', 'Désarmement', 'Contre-attaque']
      .map((name, i) => `### ${name}\n\n**Coût :** ${i + 1} PX\n**Prérequis :** ${i === 0 ? 'Aucun' : 'Parade'}\n\n${prose.repeat(3)}\n`)
      .join('\n');
    const { settings } = inferLayout({ files: [{ path: 'escrime.md', text: `# Escrime\n\n${prose.repeat(4)}\n\n${entries}` }], manifest: null });
    expect(settings.language).toBe('fr');
    expect(settings.layout).toEqual({ skills: { headingLevels: [3] } });
  });

  it('init takes no label of another language for a price or requirements by its values alone', () => {
    // The Russian Daggerheart's environments: a difficulty to beat and the adversaries met there, under every heading.
    // English's labels of such numbers and names (Difficulty, Potential Adversaries) are known to be none; Russian's are not.
    const prose = 'Окружение описывает место, где разворачивается сцена, и опасности, которые там ждут героев. ';
    const places = ['Разрушенный храм', 'Тёмный лес', 'Горный перевал', 'Подземное озеро', 'Шумный рынок', 'Старый мост']
      .map((name, i) => `### ${name}\n\n**Сложность:** ${10 + i}\n\n**Возможные противники:** Разбойник, Волк, Тень\n\n${prose.repeat(3)}\n`)
      .join('\n');
    const { settings } = inferLayout({ files: [{ path: 'места.md', text: `# Окружения\n\n${prose.repeat(4)}\n\n${places}` }], manifest: null });
    expect(settings.language).toBe('ru');
    expect(settings.layout).toBeUndefined();
  });
  it('a skill table headed in the language: `Навык` and `Стоимость`, `Fertigkeit` and `Kosten`, `Compétence` and `Coût`', () => {
    const russian = read('## Навыки лекаря\n\n| Навык | Стоимость | Требования |\n|---|---|---|\n| Лечение | 2 | нет |\n| Хирургия | 3 | Лечение |\n', 'language: ru\n');
    expect(russian.model.skills.map((s) => [s.name, s.cost])).toEqual([
      ['Лечение', 2],
      ['Хирургия', 3],
    ]);
    expect(requirements(skill(russian, 'Хирургия'))).toEqual([['skill:Лечение']]);
    const german = read('| Fertigkeit | Kosten |\n|---|---|\n| Schildkampf | 3 |\n', 'language: de\n');
    expect(german.model.skills.map((s) => [s.name, s.cost])).toEqual([['Schildkampf', 3]]);
    const french = read('| Compétence | Coût |\n|---|---|\n| Parade | 2 |\n', 'language: fr\n');
    expect(french.model.skills.map((s) => [s.name, s.cost])).toEqual([['Parade', 2]]);
    // Without `language:` the headers are words like any other; a table of gear named in the language is no skill table.
    expect(read('| Навык | Стоимость |\n|---|---|\n| Лечение | 2 |\n', '').model.skills).toEqual([]);
    expect(read('| Название | Стоимость | Вес |\n|---|---|---|\n| Меч | 10 | 3 |\n', 'language: ru\n').model.skills).toEqual([]);
  });

  it('tables priced by their headings, named in the language: init counts their `Навык` rows as the parser reads them', () => {
    const prose = 'Каждый игрок управляет персонажем, который путешествует по Туманным землям. Персонажи встречают странных существ, торгуют в деревнях и раскрывают тайны забытых предков. ';
    const tier = (n: number, names: string[]) => `### Круг ${n} — ${n * 5} CP\n\n| Навык | Описание |\n|---|---|\n${names.map((name) => `| ${name} | ${prose} |`).join('\n')}\n`;
    const text = `# Навыки лекаря\n\n${prose.repeat(6)}\n\n${tier(1, ['Лечение', 'Перевязка'])}\n${tier(2, ['Хирургия', 'Противоядие'])}`;
    const { settings, reasons } = inferLayout({ files: [{ path: 'лекарь.md', text }], manifest: null });
    expect(settings.language).toBe('ru');
    expect(reasons).toContainEqual(expect.stringMatching(/^2 tables list 4 entries under headings that state their price/));
    expect(read(text, 'language: ru\n').model.skills.map((s) => [s.name, s.costText])).toEqual([
      ['Лечение', '5 CP'],
      ['Перевязка', '5 CP'],
      ['Хирургия', '10 CP'],
      ['Противоядие', '10 CP'],
    ]);
    // A table with a price column of its own, named in the language, is priced by it and not by its heading.
    expect(read('### Круг 1 — 5 CP\n\n| Ability | Стоимость |\n|---|---|\n| Лечение | 2 |\n', 'language: ru\n').model.skills).toEqual([]);
  });
});
