/**
 * The website's page names, in any alphabet a book is written in: a chapter's page is named by its title written in
 * ASCII letters ("Règles de base" → regles-de-base.html, "Основы магии" → osnovy-magii.html), never by the Latin
 * letters alone left in it ("r-gles-de-base") nor by its number only ("chapter-3" for every Cyrillic title).
 * The book text is our own.
 */
import { describe, expect, it } from 'vitest';
import { fileStem } from '../../shared/model/file-stem.js';
import { buildSite } from '../../shared/site/build.js';
import { load } from '../publish/helpers.js';

const BOOK = `---
title: Livre des règles
---
# Règles de base

Le jeu se joue à la lumière des torches.

# Équipement

Une épée, un bouclier.

# Ausrüstung für Größere

Ein Schwert.

# Основы магии

Магия требует сосредоточенности.

# 第三章

Chapter in a script with no Latin writing of its own here.

# Основы магии

Один и тот же заголовок дважды.
`;

describe('page names in any alphabet', () => {
  it('names each chapter page by its title in ASCII letters, unique, with the number only when nothing can be written', () => {
    const { linked, source } = load('livre.md', BOOK);
    const files = buildSite(linked, source).pages.map((p) => p.file);
    // A title with nothing to write in ASCII ("第三章") is named by its place; the same title twice, once each.
    expect(files).toEqual(['index.html', 'regles-de-base.html', 'equipement.html', 'ausruestung-fuer-groessere.html', 'osnovy-magii.html', 'chapter-5.html', 'osnovy-magii-2.html']);
  });

  it('keeps digits, joins the rest with single hyphens, and cuts at the length asked without a trailing hyphen', () => {
    expect(fileStem('Chapter 3: Magic & Mayhem!')).toBe('chapter-3-magic-mayhem');
    expect(fileStem('  Œuvre — Ærø  ')).toBe('oeuvre-aero');
    expect(fileStem('Zbroja łuczników')).toBe('zbroja-lucznikow');
    expect(fileStem('aaaa bbbb', 5)).toBe('aaaa');
    expect(fileStem('???')).toBe('');
  });
});
