/**
 * The exported website in chromium, opened from the file system as a player would: Funjerai, Kingdoms of Novitas
 * and the CR. Search, prerequisite links, reference previews, permalinks, the phone viewport, no request leaving
 * the site's folder, and axe-core on the contents, a chapter and the skills page. Targets are picked from the pages
 * themselves (a skill's own description word, a reference found in the text), never from our own link lists.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSites, type Exported } from '../site/exported.js';
import { launchBrowser } from './harness.js';

const BOOKS = ['funjerai.md', 'kingdoms-of-novitas', 'cr'] as const;
const AXE = path.resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js');

let browser: Browser;
let exported: Exported;

beforeAll(async () => {
  [browser, exported] = await Promise.all([launchBrowser(), exportSites([...BOOKS])]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await exported?.dispose();
});

/** A context that fails on any request outside the site's folder and on any script error. */
async function siteContext(site: string, viewport = { width: 1280, height: 860 }, options: { bypassCSP?: boolean } = {}) {
  const context = await browser.newContext({ viewport, bypassCSP: options.bypassCSP });
  const folder = pathToFileURL(site).href + '/';
  const outside: string[] = [];
  const errors: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(folder)) return route.continue();
    outside.push(url);
    return route.abort();
  });
  context.on('page', (page) => {
    page.on('pageerror', (e) => errors.push(e.message));
    // axe-core (injected past the CSP) reads stylesheets with XMLHttpRequest, which file:// refuses: its noise, not ours.
    if (!options.bypassCSP) {
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
    }
  });
  const url = (file: string) => folder + file;
  return {
    context,
    url,
    /** A new page on the site's contents, and the chapter pages the contents list. */
    async contents(): Promise<{ page: Page; chapters: string[] }> {
      const page = await context.newPage();
      await page.goto(url('index.html'));
      return { page, chapters: await chapterPages(page) };
    },
    async close() {
      await context.close();
      expect(outside, 'requests leaving the site folder').toEqual([]);
      expect(errors, 'errors in the page (CSP violations included)').toEqual([]);
    },
  };
}

async function chapterPages(page: Page): Promise<string[]> {
  return page.$$eval('nav.contents .toc > li > a', (links) => links.map((a) => a.getAttribute('href')!).filter((h) => !['skills.html', 'graph.html', 'changes.html'].includes(h)));
}

/**
 * Opens the chapters on `page` in turn and gives what `look` finds on the first that has it (`look` gives undefined
 * where a chapter has none); fails the test when no chapter has it: a site without one must not pass by checking nothing.
 */
async function onFirstChapterWith<T>(page: Page, url: (file: string) => string, chapters: readonly string[], look: (chapter: string) => Promise<T | undefined>): Promise<T> {
  for (const chapter of chapters) {
    await page.goto(url(chapter));
    const found = await look(chapter);
    if (found !== undefined) return found;
  }
  throw new Error(`none of the ${chapters.length} chapters has what the test looks for`);
}

async function inViewport(page: Page, id: string): Promise<boolean> {
  return page.evaluate((id) => {
    const el = document.getElementById(id);
    if (!el) return false;
    const box = el.getBoundingClientRect();
    return box.top >= -2 && box.top < window.innerHeight && box.bottom > 0;
  }, id);
}

describe.each(BOOKS)('website of %s', (book) => {
  const site = () => exported.sites.get(book)!;
  const hasSkills = book !== 'cr';

  it('search finds an entry by a word of its text and jumps to it', async () => {
    const s = await siteContext(site());
    const page = await s.context.newPage();
    // The target: a skill card (or, in the CR, a rule) and a long word from its own description.
    let targetId: string;
    let word: string;
    if (hasSkills) {
      await page.goto(s.url('skills.html'));
      ({ targetId, word } = await page.$$eval('article.card', (cards) => {
        for (const card of cards.slice(5)) {
          const text = [...card.querySelectorAll(':scope > p:not(.in-book), :scope li')].map((p) => p.textContent).join(' ');
          const words = text.match(/[A-Za-z]{9,}/g);
          if (words) return { targetId: card.id, word: words[0] };
        }
        throw new Error('no card with a description');
      }));
    } else {
      // A rule with a word found nowhere else on its page.
      await page.goto(s.url('5-turn-structure.html'));
      ({ targetId, word } = await page.$$eval('p.rule', (rules) => {
        const all = (document.querySelector('main')!.textContent ?? '').toLowerCase();
        for (const rule of rules.slice(Math.floor(rules.length / 2))) {
          for (const w of rule.textContent!.match(/[A-Za-z]{8,}/g) ?? []) if (all.split(w.toLowerCase()).length === 2) return { targetId: rule.id, word: w };
        }
        throw new Error('no rule with a word of its own');
      }));
    }
    await page.goto(s.url('index.html'));
    await page.fill('#site-search', word);
    const hit = page.locator(`#search-results a[href$="#${targetId}"]`);
    await hit.waitFor({ timeout: 15_000 });
    await hit.click();
    await page.waitForURL((u) => u.hash === `#${targetId}`);
    expect(await inViewport(page, targetId)).toBe(true);
    await s.close();
  });

  it.runIf(hasSkills)('a prerequisite link lands on the skill', async () => {
    const s = await siteContext(site());
    const page = await s.context.newPage();
    await page.goto(s.url('skills.html'));
    // The last card whose prerequisites link somewhere: the page has to scroll to reach its target.
    const link = page.locator('article.card dd a[href^="#skill-"]').last();
    const href = (await link.getAttribute('href'))!;
    const name = (await link.textContent())!;
    await link.click();
    await page.waitForURL((u) => u.hash === href);
    expect(await inViewport(page, href.slice(1))).toBe(true);
    expect(await page.locator(`${href} h3`).textContent()).toBe(name);
    // And from the book's own text: a skill's prerequisite in a chapter goes to that skill there.
    await page.goto(s.url('index.html'));
    await onFirstChapterWith(page, s.url, await chapterPages(page), async () => {
      // A skill's prerequisite line, or the prerequisite column of a skill table.
      const prereq = page.locator('.skill .prerequisites a, main td a[href*="#skill-"]').first();
      if ((await prereq.count()) === 0) return undefined;
      const target = (await prereq.getAttribute('href'))!;
      const targetName = (await prereq.textContent())!.trim().toLowerCase();
      await prereq.click();
      await page.waitForURL((u) => u.href.endsWith(target.startsWith('#') ? target : target.slice(target.indexOf('#'))));
      const id = target.slice(target.indexOf('#') + 1);
      expect(await inViewport(page, id)).toBe(true);
      expect((await page.locator(`[id="${id}"]`).textContent())!.toLowerCase()).toContain(targetName);
      return true;
    });
    await s.close();
  });

  it("hovering a reference shows the target rule's text", async () => {
    const s = await siteContext(site());
    const { page, chapters } = await s.contents();
    await onFirstChapterWith(page, s.url, chapters, async () => {
      const refs = page.locator('main p a[href*="#r"]:not(.permalink-number):not(.permalink)');
      // The first reference to a rule (a link to a bare chapter heading has only a title to show).
      let ref = refs.first();
      let shown = '';
      const tip = page.locator('.ref-preview');
      for (let k = 0; k < Math.min(20, await refs.count()) && !shown; k++) {
        ref = refs.nth(k);
        await ref.scrollIntoViewIfNeeded();
        // The previews' data loads after the page: hover again until it has (waitForFunction would need eval, which the CSP forbids).
        // Bounded by attempts, not by a deadline: a loaded CI machine takes longer, and a reference without a
        // preview moves on to the next one.
        for (let attempt = 0; attempt < 150 && !(await tip.isVisible()); attempt++) {
          await page.mouse.move(0, 0);
          await ref.hover();
          await page.waitForTimeout(100);
        }
        if (!(await tip.isVisible())) continue;
        shown = ((await tip.locator('p:not(.ref-title)').allTextContents())[0] ?? '').replace(/…$/, '');
      }
      if (!shown) return undefined;
      const href = (await ref.getAttribute('href'))!;
      expect(await ref.getAttribute('aria-describedby')).toBe('ref-preview');
      // The target, read from its own page: its text is what the preview showed.
      const target = await s.context.newPage();
      await target.goto(new URL(href, page.url()).href);
      const id = href.slice(href.indexOf('#') + 1);
      // A rule's own text, or for a section its heading and the text that opens it.
      const targetText = (await target.locator(`[id="${id}"]`).evaluate((el) => {
        const heading = el.closest('h1,h2,h3,h4,h5,h6');
        if (!heading) return el.textContent;
        let next = heading.nextElementSibling;
        while (next && !next.textContent!.trim()) next = next.nextElementSibling;
        return `${heading.textContent} ${next?.textContent ?? ''}`;
      }))!.replace(/\s+/g, ' ');
      expect(targetText).toContain(shown.slice(0, 40).replace(/\s+/g, ' ').trim().replace(/^\S+ /, ''));
      await target.close();
      return true;
    });
    await s.close();
  });

  it("a rule's permalink opens the page scrolled to that rule", async () => {
    const s = await siteContext(site());
    const { page, chapters } = await s.contents();
    const target = await onFirstChapterWith(page, s.url, chapters, async (chapter) => {
      const ids = await page.$$eval('main [id^="r"]', (els) => els.map((e) => e.id));
      return ids.length > 3 ? { chapter, id: ids[ids.length - 1] } : undefined;
    });
    // The permalink is what a player copies: the link's own href.
    const permalink = await page.locator(`a[href="#${target.id}"]`).first().getAttribute('href');
    expect(permalink).toBe(`#${target.id}`);
    const fresh = await s.context.newPage();
    await fresh.goto(s.url(`${target.chapter}#${target.id}`));
    expect(await fresh.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await inViewport(fresh, target.id)).toBe(true);
    await s.close();
  });

  it('a 360×740 phone never scrolls sideways', async () => {
    const s = await siteContext(site(), { width: 360, height: 740 });
    const { page, chapters } = await s.contents();
    const pages = ['index.html', ...chapters, ...(hasSkills ? ['skills.html', 'graph.html'] : [])];
    const wide: string[] = [];
    for (const file of pages) {
      await page.goto(s.url(file));
      const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
      if (scroll > client) wide.push(`${file}: ${scroll} > ${client}`);
    }
    expect(wide).toEqual([]);
    await s.close();
  });

  it('axe-core finds no serious or critical violation on the contents, a chapter and the skills page', async () => {
    // The pages allow no inline script: axe is injected past the CSP for this check only.
    const s = await siteContext(site(), undefined, { bypassCSP: true });
    const { page, chapters } = await s.contents();
    const chapter = chapters[1];
    const found: string[] = [];
    for (const file of ['index.html', chapter, ...(hasSkills ? ['skills.html'] : [])]) {
      await page.goto(s.url(file));
      await page.addScriptTag({ path: AXE });
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run(): Promise<{ violations: Array<{ id: string; impact: string; nodes: unknown[] }> }> } }).axe;
        return (await axe.run()).violations.map((v) => ({ id: v.id, impact: v.impact, count: v.nodes.length }));
      });
      for (const v of violations) if (v.impact === 'serious' || v.impact === 'critical') found.push(`${file}: ${v.id} (${v.impact}, ${v.count})`);
    }
    expect(found).toEqual([]);
    await s.close();
  });
});
