/**
 * A French book's website in chromium: its own words (navigation, headings, columns, search, the skills table's count)
 * are French, counted as French counts, and its skills sort as French sorts ("Écoute" between "Armes" and "Zèle", not
 * after "Zèle" as code points put it). The book text is our own.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli-in-process.js';
import { launchBrowser } from './harness.js';

const BOOK = `---
title: Les Terres de Brume
language: fr
costUnits: [PX]
---
# Chapitre 1. Le jeu

Chaque joueur incarne un personnage des Terres de Brume.

# Chapitre 2. Compétences

- **Zèle** (2 PX) Le personnage résiste une fois par combat à la peur.
- **Armes** (1 PX) Le personnage manie les armes courtes sans pénalité.
- **Écoute** (1 PX) Le personnage entend les conversations à travers une porte.
`;

let browser: Browser;
let dir: string;
let site: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rulebook-site-fr-'));
  await writeFile(path.join(dir, 'brume.md'), BOOK);
  site = path.join(dir, 'site');
  const run = await runInProcess(['export', path.join(dir, 'brume.md'), '--kind', 'site', '--out', site, '--quiet'], path.resolve(import.meta.dirname, '../..'));
  if (run.code !== 0) throw new Error(`export failed (${run.code}): ${run.stderr}`);
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the website of a book in French', () => {
  it('speaks French around the book’s text, and sorts and counts as French does', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const errors: string[] = [];
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(pathToFileURL(path.join(site, 'skills.html')).href);
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    expect(await page.locator('.site-nav a').allTextContents()).toEqual(['Sommaire', 'Compétences']);
    expect(await page.locator('main h1').textContent()).toBe('Compétences');
    expect(await page.locator('#skills-table caption').textContent()).toBe('3 compétences');
    expect(await page.locator('#skills-table thead th').allTextContents()).toEqual(['Nom', 'Coût', 'Catégorie']);
    expect(await page.getAttribute('#site-search', 'placeholder')).toBe('Rechercher…');

    // Sorted by name: French order.
    await page.locator('#skills-table thead th[data-sort="name"] button').click();
    expect(await page.locator('#skills-table tbody th').allTextContents()).toEqual(['Armes', 'Écoute', 'Zèle']);
    // Filtered: the count says how many are shown, in French.
    await page.locator('#skill-filter').fill('éco');
    await expect.poll(() => page.locator('#skill-count').textContent()).toBe('1 sur 3 compétences');

    // Search: the results' kinds and the status are French too.
    await page.locator('#site-search').fill('personnage');
    await expect.poll(() => page.locator('#search-status').textContent(), { timeout: 15_000 }).toMatch(/^\d+ résultats?$/);
    expect(await page.locator('#search-results .kind').first().textContent()).toMatch(/^(Compétence|Section|Règle)$/);
    await page.locator('#site-search').fill('xylophone');
    await expect.poll(() => page.locator('#search-status').textContent()).toBe('Aucun résultat');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
