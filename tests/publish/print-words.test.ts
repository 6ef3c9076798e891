/**
 * The PDFs' own words in the book's `language:` (shared/model/book-words.ts), read back with pdftotext: a French
 * book's contents, index, cover, cards, quick reference and sheet say "Sommaire", "Index des compétences",
 * "Prérequis", "Fiche de personnage", not their English. The book text is our own.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli-in-process.js';
import { pdfText } from './pdf-read.js';

const BOOK = `---
title: Les Terres de Brume
language: fr
edition: "2026"
costUnits: [PX]
---
# 1. Le jeu

Chaque joueur incarne un personnage des Terres de Brume.

# 2. Compétences

- **Armes** (1 PX) Le personnage manie les armes courtes sans pénalité.
- **Écoute** (1 PX) Le personnage entend à travers une porte.
- **Zèle** (2 PX) Le personnage résiste une fois par combat à la peur.
  Prerequisites: Armes
- **Endurance** (3 PX) ${'Le personnage tient une nuit de garde sans dormir et marche un jour de plus que les autres. '.repeat(14)}
`;

const work = mkdtempSync(path.join(tmpdir(), 'rulebook-print-words-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
writeFileSync(path.join(work, 'brume.md'), BOOK);
writeFileSync(path.join(work, 'mist.md'), BOOK.replace('language: fr\n', ''));

/** The text of `kind`'s PDF of the book, runs of spaces made one (pdftotext lays out columns with many). */
async function printed(kind: string, book = 'brume.md'): Promise<string> {
  const out = `${book}-${kind}.pdf`;
  const run = await runInProcess(['export', book, '--kind', kind, '--out', out, '--quiet'], work);
  expect(run.code, run.stderr).toBe(0);
  return pdfText(readFileSync(path.join(work, out))).replace(/[ \t]+/g, ' ');
}

describe('the PDFs’ words in the book’s language', () => {
  it('prints the book’s cover, contents, chapter labels, requirements and index in French', async () => {
    const text = await printed('book');
    for (const word of ['Livre de règles', 'Édition 2026', 'Sommaire', 'CHAPITRE 1', 'Prérequis : Armes', 'Index des compétences']) expect(text, word).toContain(word);
    for (const word of ['Rulebook', 'Contents', 'CHAPTER', 'Requires', 'Index of skills']) expect(text, word).not.toContain(word);
    // The index puts Écoute under E with Endurance, as a French index does, not under a letter É of its own.
    expect(text).toMatch(/^E$/m);
    expect(text).not.toMatch(/^É$/m);
  }, 60_000);

  it('prints the cards, the quick reference and the sheet in French', async () => {
    const cards = await printed('cards');
    expect(cards).toContain('Prérequis : Armes');
    // A text too long for one card goes on on the next, each saying so.
    expect(cards).toMatch(/suite →/);
    expect(cards).toMatch(/SUITE · 2\/2/);
    const reference = await printed('reference');
    for (const word of ['Aide-mémoire', 'Compétence', 'Coût', 'Prérequis', 'Résumé', 'Les Terres de Brume · aide-mémoire']) expect(reference, word).toContain(word);
    const sheet = await printed('sheet');
    for (const word of ['Fiche de personnage', 'Personnage', 'Joueur', 'Points dépensés (PX)', 'Points disponibles', 'exige Armes']) expect(sheet, word).toContain(word);
    expect(sheet).not.toMatch(/Character|Player|needs/);
  }, 60_000);

  it('fills a character’s sheet of a French book, in English as a filled sheet is printed', async () => {
    mkdirSync(path.join(work, 'characters'), { recursive: true });
    writeFileSync(path.join(work, 'characters', 'aude.yaml'), 'name: Aude\nplayer: Marie\npurchases:\n  - skill: Armes\n');
    const run = await runInProcess(['character', 'sheet', 'brume.md', 'characters/aude.yaml', '--out', 'aude.pdf'], work);
    expect(run.code, run.stderr).toBe(0);
    const text = pdfText(readFileSync(path.join(work, 'aude.pdf'))).replace(/[ \t]+/g, ' ');
    // The sheet's fields are the ones it fills: not "Personnage" and "Joueur" left blank.
    for (const word of ['Character', 'Aude', 'Player', 'Marie']) expect(text, word).toContain(word);
    expect(text).not.toMatch(/Personnage|Joueur/);
  }, 60_000);

  it('prints a book without a language in English, as before', async () => {
    const text = await printed('book', 'mist.md');
    for (const word of ['Rulebook', 'Edition 2026', 'Contents', 'CHAPTER 1', 'Requires: Armes', 'Index of skills']) expect(text, word).toContain(word);
    expect(await printed('sheet', 'mist.md')).toContain('Les Terres de Brume · character sheet');
  }, 60_000);
});
