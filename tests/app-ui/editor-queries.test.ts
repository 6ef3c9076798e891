import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { skillNameContext } from '../../shared/service/completion.js';
import { answerQuery } from '../../renderer/worker/answer.js';
import type { FilePosition } from '../../shared/service/index.js';
import type { RulebookSource } from '../../shared/model/types.js';
import { RulebookService } from '../../shared/service/index.js';

const TEXT = readFileSync(path.resolve(import.meta.dirname, '../fixtures/samples/funjerai.md'), 'utf8');
const LINES = TEXT.split('\n');
const service = serviceOf({ files: [{ path: 'funjerai.md', text: TEXT }] });
const linked = service.analyse().linked;

function serviceOf(source: RulebookSource): RulebookService {
  const opened = new RulebookService();
  opened.open(source);
  return opened;
}

/** The 1-based place of the `nth` occurrence of `needle` on the line that contains `lineHas`, plus `into` characters. */
function at(lineHas: string, needle: string, into = 1): FilePosition {
  const index = LINES.findIndex((l) => l.includes(lineHas));
  expect(index, `no line contains ${lineHas}`).toBeGreaterThanOrEqual(0);
  return { file: 'funjerai.md', line: index + 1, column: LINES[index].indexOf(needle) + 1 + into };
}

describe('hover cards', () => {
  it("shows a prerequisite's skill card: cost, prerequisites, required by, category, where defined", () => {
    const card = answerQuery(service, { kind: 'hover', at: at('Prerequisite: First Aid', 'First Aid') });
    expect(card).not.toBeNull();
    const md = card!.markdown;
    expect(md).toMatch(/\*\*First Aid\*\*/);
    expect(md).toContain('Required by: Healing');
    // Rulebook text in a card is Markdown-escaped ("funjerai\.md").
    const defined = LINES.findIndex((l) => l.includes('**First Aid**')) + 1;
    expect(md).toContain(`Defined at funjerai\\.md:${defined}`);
    expect(md).toMatch(/— 1 SP/);
    expect(md).toContain('Category: Character Creation › Skills and Descriptions › Profession skills');
    // The card's range is the hovered name, not the whole line.
    expect(card!.range.start.line).toBe(at('Prerequisite: First Aid', 'First Aid').line);
    expect(TEXT.slice(card!.range.start.offset, card!.range.end.offset)).toBe('First Aid');
  });

  it("shows the cost and prerequisites on a skill's own name", () => {
    const md = answerQuery(service, { kind: 'hover', at: at('**Ambidexterity**', 'Ambidexterity', 2) })!.markdown;
    expect(md).toContain('2 SP');
    expect(md).toContain('Prerequisites: One Handed Weapons');
  });

  it('shows a numbered section on its number, and nothing on plain text', () => {
    const md = answerQuery(service, { kind: 'hover', at: at('## 3.2 - Passive Magic', '3.2', 1) })?.markdown;
    expect(md).toMatch(/^\*\*Section 3\\\.2\*\* Passive Magic/);
    expect(answerQuery(service, { kind: 'hover', at: at('can use a Shield.', 'character', 2) })).toBeNull();
  });

  it('shows the rules that explain a table skill (Kingdoms of Novitas: "3.15.12 Estimate Value allows…")', () => {
    const text = readFileSync(path.resolve(import.meta.dirname, '../fixtures/samples/kingdoms-of-novitas/03-character-creation.md'), 'utf8');
    const ls = serviceOf({ files: [{ path: 'kon.md', text }] });
    const l = ls.analyse().linked;
    const row = text.split('\n').findIndex((line) => line.startsWith('| Estimate Value |'));
    const md = answerQuery(ls, { kind: 'hover', at: { file: 'kon.md', line: row + 1, column: 5 } })!.markdown;
    const unescaped = md.replace(/\\(.)/g, '$1');
    expect(unescaped).toContain('**3.15.12** Estimate Value allows the character to appraise the value of any numbered non-magical objects.');
    expect(unescaped).toContain('**3.15.12.1** Estimate Value is required to turn in non-coin treasure');
    // A skill with more rules than the card shows says how many are left out.
    const firstAid = text.split('\n').findIndex((line) => line.startsWith('| First Aid |'));
    expect(answerQuery(ls, { kind: 'hover', at: { file: 'kon.md', line: firstAid + 1, column: 5 } })!.markdown).toMatch(/and 1 more rule$/);
  });

  it('escapes Markdown in rulebook text so a card cannot inject links or HTML', () => {
    const hostile = '- **Evil [x](javascript:alert(1)) <img src=x onerror=alert(1)>** (1 SP) Bad.\n';
    const ls = serviceOf({ files: [{ path: 'h.md', text: `# Skills\n\n${hostile}` }] });
    const l = ls.analyse().linked;
    const skill = l.model.skills[0];
    expect(skill).toBeDefined();
    const card = answerQuery(ls, { kind: 'hover', at: { file: 'h.md', line: skill.nameRange.start.line, column: skill.nameRange.start.column + 1 } })!;
    // Every bracket, parenthesis and angle bracket of the name is escaped: no link, no HTML survives.
    expect(card.markdown).toContain('**Evil \\[x\\]\\(javascript:alert\\(1\\)\\) \\<img src=x onerror=alert\\(1\\)\\>**');
    expect(card.markdown.replace(/\\./g, '')).not.toMatch(/[[\]()<>]/);
  });
});

describe('hover cards: a skill’s fields', () => {
  it('shows its short fields on a line, and not the fields its cost and prerequisites were read from', () => {
    // The Daggerheart SRD's card line (tests/fixtures/wild/daggerheart-srd), and the Miniatures sample's spell.
    const cards = '# Domain Card Reference\n\n## Arcana\n\n### Rune Ward\n\n**_Level 1_** _Arcana Spell._ **_Recall Cost_** _0._\n\nYou have a deeply personal trinket.\n';
    const ls = serviceOf({ files: [{ path: 'cards.md', text: cards }] });
    const ward = ls.analyse().linked.model.skills[0];
    const md = answerQuery(ls, { kind: 'hover', at: { file: 'cards.md', line: ward.nameRange.start.line, column: ward.nameRange.start.column + 1 } })!.markdown;
    expect(md.split('\n').slice(0, 3)).toEqual(['**Rune Ward** — no cost', '', 'Level: 1 · Type: Arcana Spell · Recall Cost: 0']);
    const spell = '# Spells\n\n### Flying fist\n\nCost: 5\nRange: 10 m\nPrerequisites: Fist\nEffect: The caster strikes a foe from afar with a fist of force, and the foe is pushed back a step.\n\n### Fist\n\nCost: 1\n';
    const mini = serviceOf({ files: [{ path: 'spells.md', text: spell }] });
    const fist = mini.analyse().linked.model.skills[0];
    const card = answerQuery(mini, { kind: 'hover', at: { file: 'spells.md', line: fist.nameRange.start.line, column: fist.nameRange.start.column + 1 } })!.markdown;
    // The Effect is a paragraph of rules, which the text stands for; Cost and Prerequisites have lines of their own.
    expect(card.split('\n').slice(0, 5)).toEqual(['**Flying fist** — 5', '', 'Range: 10 m', '', 'Prerequisites: Fist']);
  });
});

describe('definition and references', () => {
  it('goes from a prerequisite to the skill definition', () => {
    const [def] = answerQuery(service, { kind: 'definition', at: at('Prerequisite: Healing', 'Healing') });
    expect(TEXT.slice(def.start.offset, def.end.offset)).toBe('Healing');
    expect(LINES[def.start.line - 1]).toContain('**Healing** (2 SP)');
  });

  it('finds every place a skill is written: its definition and each prerequisite and [[link]]', () => {
    const refs = answerQuery(service, { kind: 'references', at: at('Prerequisite: [[Build and Disarm Traps]]', 'Build') });
    const texts = refs.map((r) => TEXT.slice(r.start.offset, r.end.offset));
    expect(texts.every((t) => t === 'Build and Disarm Traps')).toBe(true);
    const written = LINES.filter((l) => l.includes('[[Build and Disarm Traps]]')).length;
    expect(refs.length).toBe(written + 1);
    expect(new Set(refs.map((r) => r.start.offset)).size).toBe(refs.length);
  });

  it('finds nothing on plain text', () => {
    expect(answerQuery(service, { kind: 'definition', at: at('can use a Shield.', 'character', 2) })).toEqual([]);
  });

  it('goes where the linker resolves a number: a chapter’s list item, a chapter by its place, a list’s own item', () => {
    // The Belegarth Book of War's shape, in our words (tests/core/chapter-lists.test.ts): chapters numbered by their
    // order, their rules numbered lists, "rule 2.2.1.2" the second chapter's item 2.1.2.
    const book = [
      '# The Book of War',
      '## Safety',
      '1. Marshals: Marshals referee the battle.',
      '2. A combatant may call themselves dead at any time, as rule 2.2.1.2 shows, or leave as Section 2 says.',
      '## Combat',
      '1. Weapon to weapon contact is allowed.',
      '2. Hits:',
      '\t1. Death: Combatants lie down at once.',
      '\t\t1. A dead combatant does not speak.',
      '\t\t2. A dead combatant may leave the field calling “DEAD”.',
      '',
    ].join('\n');
    const war = serviceOf({ files: [{ path: 'war.md', text: book }], manifest: { path: 'rulebook.yaml', text: 'layout:\n  numbering:\n    chapterOrder: true\n' } });
    const line = book.split('\n')[3];
    const on = (needle: string, into = 1): FilePosition => ({ file: 'war.md', line: 4, column: line.indexOf(needle) + 1 + into });
    const [item] = answerQuery(war, { kind: 'definition', at: on('2.2.1.2') });
    expect(item.start.line).toBe(10);
    expect(answerQuery(war, { kind: 'hover', at: on('2.2.1.2') })!.markdown).toMatch(/^\*\*Rule 2\\\.2\\\.1\\\.2\*\* A dead combatant may leave the field/);
    const [chapter] = answerQuery(war, { kind: 'definition', at: on('Section 2', 8) });
    expect(chapter.start.line).toBe(5);
    expect(answerQuery(war, { kind: 'hover', at: on('Section 2', 8) })!.markdown).toMatch(/^\*\*Section 2\*\* Combat/);
    // The item's own number is a place too: its card, and the reference that names it.
    const own = answerQuery(war, { kind: 'hover', at: { file: 'war.md', line: 10, column: 4 } })!.markdown;
    expect(own).toMatch(/^\*\*Rule 2\*\* A dead combatant may leave the field.*\n\nReferenced 1 time/s);
    expect(answerQuery(war, { kind: 'references', at: { file: 'war.md', line: 10, column: 4 } }).map((r) => r.start.line)).toEqual([10, 4]);
  });
});

describe('completion: where a skill name is being typed', () => {
  it.each([
    ['  Prerequisite: ', { partial: '', startColumn: 17, inLink: false }],
    ['  Prerequisite: Fir', { partial: 'Fir', startColumn: 17, inLink: false }],
    ['Prerequisites: First Aid, Hea', { partial: 'Hea', startColumn: 27, inLink: false }],
    ['- Requires: Healing or Med', { partial: 'Med', startColumn: 24, inLink: false }],
    ['See [[Shi', { partial: 'Shi', startColumn: 7, inLink: true }],
    ['Prerequisite: [[', { partial: '', startColumn: 17, inLink: true }],
    ['- **Requires:** Heal', { partial: 'Heal', startColumn: 17, inLink: false }],
    ['**Prereqs**: Fi', { partial: 'Fi', startColumn: 14, inLink: false }],
    // The SRD 5.1 and 5.2 write the whole line in italics, the Russian SRD with its own label.
    ['*Prerequisite: 5th level, Pact of the Bl', { partial: 'Pact of the Bl', startColumn: 27, inLink: false }],
    ['_Prerequisite:_ Eld', { partial: 'Eld', startColumn: 17, inLink: false }],
    // The last `[[` left open is the one being typed: the name starts after it, not at an earlier unclosed one.
    ['See [[the ford or [[Sh', { partial: 'Sh', startColumn: 21, inLink: true }],
  ])('%j', (line, expected) => {
    expect(skillNameContext(line)).toEqual(expected);
  });

  it('reads the book’s own prerequisite labels (Crestfallen writes “Restrictions”)', () => {
    expect(skillNameContext('**Restrictions**: Flo')).toBeNull();
    expect(skillNameContext('**Restrictions**: Flo', ['Restrictions'])).toEqual({ partial: 'Flo', startColumn: 19, inLink: false });
    // The service reads them from the book's layout, as the app's editor does from the book's summary.
    const text = '---\nlayout:\n  fields:\n    prerequisites: [Restrictions]\n---\n## Florentine\n\n**CP Cost**: 2\n\n## Alchemy\n\n**CP Cost**: 10\n\n**Restrictions**: Flo\n';
    const crestfallen = serviceOf({ files: [{ path: 'skills.md', text }] });
    const line = text.split('\n').indexOf('**Restrictions**: Flo') + 1;
    const offered = crestfallen.completion({ file: 'skills.md', line, column: '**Restrictions**: Flo'.length + 1 });
    expect(offered?.startColumn).toBe(19);
    expect(offered?.items.map((i) => i.label)).toContain('Florentine');
  });

  it('in a book in another language, starts the name after that language’s “or” as after English’s', () => {
    const text = '---\nlanguage: ru\nlayout:\n  skills:\n    headingLevels: [3]\n---\n### Жаждущий клинок\n\nСтоимость: 2\n\n### Пожирающий клинок\n\nТребование: Колдун 12-го уровня или Жаж\n';
    const russian = serviceOf({ files: [{ path: 'колдун.md', text }] });
    const written = 'Требование: Колдун 12-го уровня или Жаж';
    const offered = russian.completion({ file: 'колдун.md', line: text.split('\n').indexOf(written) + 1, column: written.length + 1 });
    expect(offered?.startColumn).toBe(written.indexOf('Жаж') + 1);
    expect(offered?.items.map((i) => i.label)).toContain('Жаждущий клинок');
    // An English book knows no "или": the name being typed runs from the colon.
    expect(skillNameContext(written, ['Требование'])?.partial).toBe('Колдун 12-го уровня или Жаж');
  });

  // After a link's bar come its shown words, or a picture's size: free text, where no name is offered.
  it.each(['With this skill a character', 'See [[Shield Use]] and', 'Cost: 2 SP', 'See [[Shield Use|the sh', 'See [[Shield Use|', 'Prerequisite: [[Shield Use#Blocking|bl', '![[map.png|30'])('offers nothing in %j', (line) => {
    expect(skillNameContext(line)).toBeNull();
  });

  it('offers every defined skill with its cost and category', () => {
    const names = answerQuery(service, { kind: 'skill-names' });
    expect(names.length).toBe(linked.skillsByKey.size);
    expect(names).toContainEqual(expect.objectContaining({ name: 'First Aid', detail: expect.stringMatching(/SP/) }));
  });
});

describe('table skill colours', () => {
  it('places the name, cost and required skills of every skill-table row (Kingdoms of Novitas)', () => {
    const text = readFileSync(path.resolve(import.meta.dirname, '../fixtures/samples/kingdoms-of-novitas/03-character-creation.md'), 'utf8');
    const ls = serviceOf({ files: [{ path: 'kon.md', text }] });
    const l = ls.analyse().linked;
    const tokens = answerQuery(ls, { kind: 'table-tokens', file: 'kon.md' });
    const lines = text.split('\n');
    const row = lines.findIndex((line) => line.startsWith('| Master Merchant |')) + 1;
    const words = tokens.filter((t) => t.line === row).map((t) => [t.kind, lines[row - 1].slice(t.column - 1, t.column - 1 + t.length)]);
    // "2 Production Points"-style conditions are not skills; "ID Magic" is written as a skill (misspelt).
    expect(words).toEqual([['skill-name', 'Master Merchant'], ['cost', '4'], ['prerequisite', 'Merchant'], ['prerequisite', 'ID Magic'], ['prerequisite', 'Estimate Value'], ['prerequisite', 'Tradesman']]);
    expect(new Set(tokens.filter((t) => t.kind === 'skill-name').map((t) => t.line)).size).toBe(l.model.skills.filter((s) => s.form === 'table').length);
    // List entries are the tokenizer's: none of Funjerai's skills is a table row.
    expect(answerQuery(service, { kind: 'table-tokens', file: 'funjerai.md' })).toEqual([]);
  });
});

describe('rename and renumber plans', () => {
  it("carry the plan's notes to the preview: a reference whose title names another chapter is repaired, and says so", () => {
    // "Chapter 3: Combat" where Combat is chapter 2: renumber gives it Combat's number, and a note says why.
    const book = serviceOf({ files: [{ path: 'book.md', text: '# Chapter 1. Characters\n\n1.1 Pick a name. See Chapter 3: Combat for fights.\n\n# Chapter 2. Combat\n\n2.1 Blows land softly.\n' }] });
    const plan = answerQuery(book, { kind: 'renumber', section: null });
    if (!plan.ok) throw new Error(plan.message);
    expect(plan.edits.map((e) => e.newText)).toEqual(['2']);
    expect(plan.notes.map((n) => [n.range?.start.line, n.message])).toEqual([
      [3, '`See Chapter 3: Combat` gives the wrong number: “Combat” is chapter 2; the reference is rewritten to 2'],
    ]);
    // A rename carries its plan's notes the same way (none here: every file's text was given).
    const rename = answerQuery(service, { kind: 'rename', at: at('**First Aid**', 'First Aid', 2), newName: 'Field Medicine' });
    expect(rename.ok && rename.notes).toEqual([]);
  });
});
