/**
 * The website's own words in the book's `language:` (shared/model/book-words.ts): counted with the language's plural forms,
 * listed with its conjunction, German nouns kept capitalised in a sentence, an unknown language in English with its
 * own `lang`. The book text is our own.
 */
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../shared/site/build.js';
import { BookWords } from '../../shared/model/book-words.js';
import { load } from '../publish/helpers.js';

const book = (language: string, count: number) => `---
title: Book
${language ? `language: ${language}\n` : ''}costUnits: [XP]
---
# 1. Skills

${Array.from({ length: count }, (_, i) => `- **Skill ${i + 1}** (${i + 1} XP) Does a thing.${i > 0 ? `\n  Prerequisites: Skill ${i}` : ''}`).join('\n')}
`;

const pageOf = (language: string, count: number, file: string) => {
  const { linked, source } = load('book.md', book(language, count));
  return buildSite(linked, source).pages.find((p) => p.file === file)!.html;
};
const caption = (html: string) => /<caption>([^<]*)<\/caption>/.exec(html)![1];

describe('the website’s words in the book’s language', () => {
  it('counts in Russian with its three forms', () => {
    expect([1, 2, 5, 21, 22, 25].map((n) => caption(pageOf('ru', n, 'skills.html')))).toEqual(['1 навык', '2 навыка', '5 навыков', '21 навык', '22 навыка', '25 навыков']);
    const words = new BookWords('ru');
    expect(words.count(words.words.resultCount, 3)).toBe('3 результата');
    expect(words.count(words.words.resultCount, 1_000)).toBe('1\u00a0000 результатов');
  });

  it('names the columns in a sentence as the language writes them, listed with its own “and”', () => {
    expect(pageOf('de', 3, 'skills.html')).toContain('<p>Alle Fertigkeiten mit Kosten, Kategorie und Voraussetzungen.</p>');
    expect(pageOf('fr-CA', 3, 'skills.html')).toContain('<p>Toutes les compétences, avec coût, catégorie et prérequis.</p>');
    expect(pageOf('es', 3, 'skills.html')).toContain('<p>Todas las habilidades, con coste, categoría y requisitos.</p>');
    expect(pageOf('', 3, 'skills.html')).toContain('<p>Every skill with its cost, category and prerequisites.</p>');
  });

  it('keeps the book’s language on the page where it has no words of its own for it', () => {
    const html = pageOf('it', 2, 'skills.html');
    expect(html).toContain('<html lang="it">');
    expect(caption(html)).toBe('2 skills');
    // No language tag at all: English, and the page says so.
    expect(pageOf('Français', 2, 'index.html')).toContain('<html lang="en">');
    expect(pageOf('fr-12', 2, 'index.html')).toContain('<html lang="en">');
    expect(pageOf('FR-ca', 2, 'index.html')).toContain('<html lang="fr-CA">');
  });

  it('hands the site’s script its words, escaped in the page', () => {
    const html = pageOf('fr', 2, 'index.html');
    const json = /<body data-words="([^"]*)">/.exec(html)![1].replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c)));
    expect(JSON.parse(json)).toMatchObject({ lang: 'fr', noResults: 'Aucun résultat', kinds: { rule: 'Règle', section: 'Section', skill: 'Compétence' } });
    expect(html).toContain('<a href="index.html" aria-current="page">Sommaire</a>');
    expect(html).toContain('Réalisé avec Rulebook Studio');
  });
});
