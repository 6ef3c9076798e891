/** One page of the website: the document around a page's content (head, CSP, header, search, navigation, footer). */
import type { BookWords } from '../model/book-words.js';

/** Escapes text for HTML text and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Nothing inline runs and nothing leaves the site's folder: scripts, styles, fonts and images only from the site
 * itself, no requests (`connect-src 'none'`), no forms, no frames, no <base>. 'self' covers the folder when the
 * site is opened as file:// too (Chromium and Firefox treat a file page's own scheme as 'self').
 */
export const SITE_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; font-src 'self'; img-src 'self' data:; connect-src 'none'; base-uri 'none'; form-action 'none'; frame-src 'none'; object-src 'none'";

/** The single-file export carries its stylesheet inline, allowed by its hash only; it has no script at all. */
export function singleFileCsp(styleHash: string): string {
  return `default-src 'none'; script-src 'none'; style-src 'sha256-${styleHash}'; img-src data:; connect-src 'none'; base-uri 'none'; form-action 'none'; frame-src 'none'; object-src 'none'`;
}

export interface NavLink {
  readonly href: string;
  readonly label: string;
  readonly current: boolean;
}

export interface PageFrame {
  readonly title: string;
  readonly bookTitle: string;
  readonly nav: readonly NavLink[];
  readonly body: string;
  /** A web site's pages load the stylesheet and script from assets/; the single file has its style inline. */
  readonly mode: { readonly kind: 'site' } | { readonly kind: 'single'; readonly css: string; readonly cssHash: string };
  readonly pager?: { readonly previous: NavLink | null; readonly next: NavLink | null };
  readonly footer: string;
  /** The site's own words in the book's language, and the language itself (`<html lang>`). */
  readonly words: BookWords;
}

export function renderPage(frame: PageFrame): string {
  const site = frame.mode.kind === 'site';
  const head = site
    ? `<meta http-equiv="Content-Security-Policy" content="${SITE_CSP}">
<link rel="stylesheet" href="assets/site.css">
<script src="assets/site.js" defer></script>`
    : `<meta http-equiv="Content-Security-Policy" content="${singleFileCsp(frame.mode.cssHash)}">
<style>${frame.mode.css}</style>`;
  const w = frame.words.words;
  const nav = frame.nav.map((l) => `<li><a href="${escapeHtml(l.href)}"${l.current ? ' aria-current="page"' : ''}>${escapeHtml(l.label)}</a></li>`).join('');
  const search = site
    ? `<div class="search" role="search">
<label for="site-search">${escapeHtml(w.searchLabel)}</label>
<input id="site-search" type="search" autocomplete="off" spellcheck="false" placeholder="${escapeHtml(w.searchPlaceholder)}" aria-controls="search-results" aria-describedby="search-status">
<p id="search-status" class="visually-hidden" aria-live="polite"></p>
<ol id="search-results" class="search-results" hidden></ol>
</div>`
    : '';
  const pager = frame.pager && (frame.pager.previous || frame.pager.next)
    ? `<nav class="pager" aria-label="${escapeHtml(w.chapters)}">${frame.pager.previous ? `<a rel="prev" href="${escapeHtml(frame.pager.previous.href)}">← ${escapeHtml(frame.pager.previous.label)}</a>` : '<span></span>'}${frame.pager.next ? `<a rel="next" href="${escapeHtml(frame.pager.next.href)}">${escapeHtml(frame.pager.next.label)} →</a>` : ''}</nav>`
    : '';
  return `<!doctype html>
<html lang="${escapeHtml(frame.words.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${head}
<meta name="color-scheme" content="light dark">
<meta name="generator" content="Rulebook Studio">
<title>${escapeHtml(frame.title === frame.bookTitle ? frame.title : `${frame.title} · ${frame.bookTitle}`)}</title>
</head>
<body${site ? ` data-words="${escapeHtml(JSON.stringify(frame.words.scriptWords()))}"` : ''}>
<a class="skip-link" href="#main">${escapeHtml(w.skipToText)}</a>
<header class="site-header">
<p class="book-title"><a href="${site ? 'index.html' : '#main'}">${escapeHtml(frame.bookTitle)}</a></p>
${nav ? `<nav class="site-nav" aria-label="${escapeHtml(w.siteNavigation)}"><ul>${nav}</ul></nav>` : ''}
${search}
</header>
<main id="main" tabindex="-1">
${frame.body}
${pager}
</main>
<footer class="site-footer"><p>${frame.footer}</p></footer>
</body>
</html>
`;
}
