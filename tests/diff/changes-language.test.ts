/**
 * The changelog and the "What changed" handout are for the book's players: a Russian book's say what changed in
 * Russian, as its website and cards do. The book is the Russian translation of the SRD 5.2's feats
 * (tests/fixtures/wild/dnd-srd52-ru, CC BY 4.0), read as `rulebook init` proposes, then edited as a marshal would.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planHandout } from '../../shared/diff/handout-plan.js';
import { changelogMarkdown, compareRulebooks } from '../../shared/diff/index.js';
import { oldVersionName } from '../../shared/diff/format-text.js';
import { linkRulebook } from '../../shared/link/index.js';
import { bookLanguage } from '../../shared/model/book-language.js';
import { BookWords, fill, wordsOfBook } from '../../shared/model/book-words.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { initialised, oneFileBook } from '../helpers/init.js';

const FEATS = readFileSync(path.join(import.meta.dirname, '../fixtures/wild/dnd-srd52-ru/book/05_Feats.md'), 'utf8');

const before = initialised(FEATS);
const editedText = before.source.files[0].text
  .replace(/^---\n/, '---\nedition: "2"\n')
  // A feat's requirement raised, one feat renamed, one removed, a paragraph added and one reworded.
  .replace('*Общая черта (Требование: Уровень 4+, Сила или Ловкость 13+)*', '*Общая черта (Требование: Уровень 4+, Сила 13+)*')
  .replace('#### Мастер на все руки', '#### Мастер на все руки и ноги')
  .replace(/#### Дикий боец[^#]*/, '')
  .replace('Вы получаете следующие преимущества.\n\n**Владение', 'Вы получаете следующие преимущества.\n\nЭта черта не складывается с умением «Готовность».\n\n**Владение')
  .replace('поменяться инициативой с одним согласным союзником', 'поменяться инициативой с любым согласным союзником');
const oldLinked = linkRulebook(before.model);
const newLinked = linkRulebook(parseRulebook(oneFileBook(editedText)));

describe('what changed, in the book’s language', () => {
  it('init reads the feats as a Russian book', () => {
    expect(bookLanguage(oldLinked.model.config)).toBe('ru');
    expect(oldLinked.model.skills.length).toBeGreaterThan(10);
  });

  const comparison = compareRulebooks(oldLinked, newLinked);
  const words = wordsOfBook(newLinked.model.config);
  const w = words.words.changes;
  /** Latin words of a text that neither version of the book has: the product's English left in a Russian page. */
  const english = (text: string) => [...new Set(text.match(/[A-Za-z]{2,}/g) ?? [])].filter((word) => !FEATS.includes(word) && !editedText.includes(word));

  it('the changelog speaks Russian around the book’s words', () => {
    const markdown = changelogMarkdown(comparison, undefined, words);
    expect(english(markdown)).toEqual([]);
    expect(markdown).toContain(`### ${w.skills}`);
    expect(markdown).toContain(`**${w.atAGlance}**`);
    // Counts take Russian's plural forms.
    expect(words.count(w.ruleCount, 1)).not.toBe(words.count(w.ruleCount, 2).replace('2', '1'));
  });

  it('the handout too', () => {
    const blocks = planHandout(comparison, oldVersionName(comparison, w.previousVersion, words), words);
    const text = blocks.flatMap((b) => b.spans.map((s) => s.text)).join(' ');
    expect(english(text)).toEqual([]);
    expect(blocks[0].spans.map((s) => s.text).join('')).toBe(fill(w.handoutTitle, { title: w.theRulebook }));
    expect(text).toContain('Мастер на все руки и ноги');
  });

  it('an English book, and a book in a language without words of its own, keep the English', () => {
    const english = new BookWords('en');
    expect(changelogMarkdown(comparison, 'the first draft', english)).toContain('**At a glance:**');
    expect(new BookWords('pl').words.changes.newRules).toBe('New rules');
  });
});
