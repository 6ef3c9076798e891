/**
 * The rulebook as a website, planned as data: the publishing model's content blocks (shared/publish/content.ts, the
 * same anchors and links the PDF book has) → pages as HTML strings, the hover previews of every link target and the
 * search documents. Pure: the graph comes in laid out, files are written by main/site.
 */
import type { LinkedRulebook } from '../link/types.js';
import { bookTitle as titleOfBook } from '../model/book-title.js';
import type { RulebookSource, Section, Skill } from '../model/types.js';
import { buildContent, numberDepth, prerequisiteRuns, termKey, skillAnchor, type ContentBlock } from '../publish/content.js';
import type { Run } from '../publish/inline.js';
import type { ProseBlock } from '../publish/prose-blocks.js';
import { graphSvg, type GraphInput, type LaidOutGraph } from './graph.js';
import { IdScope, numberId, skillId } from './ids.js';
import { escapeHtml, renderPage, type NavLink, type PageFrame } from './page.js';
import { inOpenList, proseHtml, runsHtml, type HrefOf, type ListedRule } from './prose-html.js';
import { safeMarkdownProcessor, treeToHtml } from './sanitize.js';
import { fileStem } from '../model/file-stem.js';
import { fill, wordsOfBook, type BookVocabulary, type BookWords } from '../model/book-words.js';

export interface SiteOptions {
  /** One self-contained HTML file (`--kind html`) instead of a folder of pages. */
  readonly single?: { readonly css: string; readonly cssHash: string };
  /** The prerequisite graph, laid out (null: no graph page). */
  readonly graph?: { readonly input: GraphInput; readonly laid: LaidOutGraph } | null;
  /** The last publication's changelog (Markdown written by shared/diff), shown as "What changed". */
  readonly changes?: { readonly label: string; readonly markdown: string } | null;
}

/** What a hover over a link to this target shows. */
export interface Preview {
  readonly title: string;
  readonly text: string;
}

/** One search result: where it goes (page#id), what it is called, the text it is found by. */
export interface SearchDoc {
  readonly id: string;
  readonly kind: 'rule' | 'section' | 'skill';
  readonly title: string;
  readonly text: string;
  /** The start of the text, shown under the title in the results. */
  readonly snippet: string;
}

export interface SitePage {
  readonly file: string;
  readonly title: string;
  readonly html: string;
}

export interface Site {
  readonly title: string;
  readonly pages: readonly SitePage[];
  /** Hover previews by "page.html#id". */
  readonly previews: Readonly<Record<string, Preview>>;
  readonly searchDocs: readonly SearchDoc[];
  readonly warnings: readonly string[];
}

export const SKILLS_PAGE = 'skills.html';
export const GRAPH_PAGE = 'graph.html';
export const CHANGES_PAGE = 'changes.html';
const RESERVED = new Set(['index', 'skills', 'graph', 'changes', 'assets']);
const PREVIEW_LENGTH = 600;

interface Place {
  readonly page: string;
  readonly id: string;
}

interface PageDraft {
  readonly file: string;
  readonly title: string;
  readonly chapter: Section | null;
  readonly blocks: ContentBlock[];
  /** Ids of the blocks, by block (headings: their own id and the number id, if numbered). */
  readonly ids: Map<ContentBlock, { readonly id: string; readonly numberId: string | null }>;
}

const truncate = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_LENGTH ? `${flat.slice(0, PREVIEW_LENGTH - 1)}…` : flat;
};

const snippetOf = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 90 ? `${flat.slice(0, 89)}…` : flat;
};

function costLabel(skill: Skill): string {
  if (skill.costText) return skill.costText;
  if (skill.cost === null) return '';
  return Array.isArray(skill.cost) ? skill.cost.join(' / ') : String(skill.cost);
}

/** A sortable number for the cost column (the first price; none sorts last). */
function costValue(skill: Skill): number | null {
  if (skill.cost === null) return null;
  return Array.isArray(skill.cost) ? (skill.cost[0] ?? null) : (skill.cost as number);
}

function sectionLabel(section: Section): string {
  return section.number ? `${section.number.text.replace(/\.$/, '')} ${section.title}` : section.title;
}

export function buildSite(linked: LinkedRulebook, source: RulebookSource, options: SiteOptions = {}): Site {
  const { model } = linked;
  const single = options.single ?? null;
  const content = buildContent(linked, source);
  const bookTitle = titleOfBook(model);
  const chapters = new Set(content.chapters);
  const topDepth = content.chapterLevel;

  // Pages: the contents (with whatever comes before the first chapter), then one per chapter (all one page when single).
  const fileNames = new IdScope();
  for (const name of RESERVED) fileNames.claim(name);
  // A book titled by the heading of its one chapter ("# Test Book" over everything) shows that heading once in the
  // single file, as the page's h1 and with its own id, instead of the title above it again.
  const first = content.blocks[0];
  const titleChapter =
    single && content.chapters.length === 1 && first?.kind === 'heading' && first.section === content.chapters[0] && first.section.title.trim() === bookTitle.trim() ? first.section : null;
  const index: PageDraft = { file: 'index.html', title: bookTitle, chapter: titleChapter, blocks: [], ids: new Map() };
  const drafts: PageDraft[] = [index];
  let current = index;
  for (const block of content.blocks) {
    if (!single && block.kind === 'heading' && chapters.has(block.section)) {
      const base = fileStem(block.section.slug) || `chapter-${drafts.length}`;
      current = { file: `${fileNames.claim(base)}.html`, title: sectionLabel(block.section), chapter: block.section, blocks: [], ids: new Map() };
      drafts.push(current);
    }
    current.blocks.push(block);
  }

  // Every content anchor's place, and what a hover over a link to it shows.
  const places = new Map<string, Place>();
  const previews: Record<string, Preview> = {};
  const searchDocs: SearchDoc[] = [];
  const singleScope = new IdScope();
  for (const draft of drafts) {
    const scope = single ? singleScope : new IdScope();
    // A section's preview shows the text that opens it (its first rule or paragraph).
    let openingOf: string | null = null;
    for (const block of draft.blocks) {
      const place = (anchor: string, id: string) => places.set(anchor, { page: draft.file, id });
      if (openingOf && block.kind !== 'heading') {
        const opening = block.kind === 'rule' ? `${block.rule.number.text} ${block.rule.text}` : block.kind === 'prose' && block.block.kind === 'paragraph' ? block.block.runs.map((r) => r.text).join('') : '';
        if (opening.trim()) previews[openingOf] = { ...previews[openingOf], text: truncate(opening) };
      }
      openingOf = null;
      if (block.kind === 'heading') {
        const num = block.section.number ? scope.claim(numberId(block.section.number.key)) : null;
        const id = scope.heading(block.section.slug);
        draft.ids.set(block, { id, numberId: num });
        const target = num ?? id;
        for (const anchor of [block.anchor, ...block.also]) place(anchor, target);
        previews[`${draft.file}#${target}`] = { title: sectionLabel(block.section), text: '' };
        openingOf = `${draft.file}#${target}`;
        searchDocs.push({ id: `${draft.file}#${target}`, kind: 'section', title: sectionLabel(block.section), text: '', snippet: '' });
      } else if (block.kind === 'rule') {
        const id = scope.claim(numberId(block.rule.number.key));
        draft.ids.set(block, { id, numberId: id });
        place(block.anchor, id);
        const label = block.rule.number.text.replace(/\.$/, '');
        previews[`${draft.file}#${id}`] = { title: label, text: truncate(block.rule.text) };
        searchDocs.push({ id: `${draft.file}#${id}`, kind: 'rule', title: label, text: block.rule.text, snippet: snippetOf(block.rule.text) });
      } else if (block.kind === 'skill') {
        const id = scope.claim(skillId(block.skill.name));
        draft.ids.set(block, { id, numberId: null });
        place(block.anchor, id);
        previews[`${draft.file}#${id}`] = skillPreview(block.skill);
      } else if (block.kind === 'prose' && block.block.kind === 'table') {
        for (const row of block.block.rows) {
          const anchor = block.rowAnchors.get(row.start);
          if (anchor && content.anchors.has(anchor) && !places.has(anchor)) {
            const skill = linked.skillsById.get(anchor.slice('skill:'.length));
            const id = scope.claim(skillId(skill?.name ?? anchor));
            place(anchor, id);
            if (skill) previews[`${draft.file}#${id}`] = skillPreview(skill);
          }
        }
      }
    }
  }

  // The skills page: one card per skill, in the book's order.
  const skills = model.skills;
  const skillsPage = single ? 'index.html' : SKILLS_PAGE;
  const cardIds = new Map<string, string>();
  const cardScope = single ? singleScope : new IdScope();
  for (const skill of skills) {
    const id = cardScope.claim(single ? `card-${skillId(skill.name)}` : skillId(skill.name));
    cardIds.set(skill.id, id);
    previews[`${skillsPage}#${id}`] = skillPreview(skill);
    searchDocs.push({ id: `${skillsPage}#${id}`, kind: 'skill', title: skill.name, text: [skill.category ?? '', skill.text].join(' '), snippet: snippetOf(skill.text) });
  }

  const hrefFrom = (page: string): HrefOf => (anchor) => {
    const at = places.get(anchor);
    if (!at) return null;
    return at.page === page || single ? `#${at.id}` : `${at.page}#${at.id}`;
  };
  const cardHref = (from: string, skill: Skill) => {
    const id = cardIds.get(skill.id);
    return id ? (from === skillsPage ? `#${id}` : `${skillsPage}#${id}`) : null;
  };

  const hasSkills = skills.length > 0;
  const graph = options.graph && options.graph.input.nodes.length > 0 ? options.graph : null;
  const words = wordsOfBook(model.config);
  const w = words.words;
  const extras: Array<{ file: string; label: string }> = [];
  if (hasSkills) extras.push({ file: SKILLS_PAGE, label: w.skills });
  if (graph) extras.push({ file: GRAPH_PAGE, label: w.prerequisiteGraph });
  if (options.changes) extras.push({ file: CHANGES_PAGE, label: w.whatChanged });

  const navFor = (file: string): NavLink[] =>
    single ? [] : [{ href: 'index.html', label: w.contents, current: file === 'index.html' }, ...extras.map((e) => ({ href: e.file, label: e.label, current: e.file === file }))];
  const edition = model.config.edition ? `, ${escapeHtml(fill(w.edition, { edition: model.config.edition }))}` : '';
  const footer = `${escapeHtml(bookTitle)}${edition}${model.config.date ? ` (${escapeHtml(model.config.date)})` : ''}. ${escapeHtml(w.madeWith)}`;
  const frame = (file: string, title: string, body: string, pager?: PageFrame['pager']): SitePage => ({
    file,
    title,
    html: renderPage({ title, bookTitle, nav: navFor(file), body, mode: single ? { kind: 'single', ...single } : { kind: 'site' }, pager, footer, words }),
  });

  // In a page, the chapter's heading is h1; on the contents page and in the single file the book's title is (the
  // heading of the one chapter it is named after, see titleChapter).
  const levelFor = (draft: PageDraft) => (depth: number) => Math.max(2, Math.min(6, depth - topDepth + (draft.chapter ? 1 : 2)));

  const bodies = new Map<PageDraft, string>();
  for (const draft of drafts) bodies.set(draft, renderBlocks(draft, hrefFrom(draft.file), levelFor(draft), (skill) => cardHref(draft.file, skill), w));

  const pages: SitePage[] = [];
  const contents = contentsHtml(drafts, content.chapters, topDepth, places, extras, single !== null, w);
  const chapterDrafts = drafts.slice(1);
  const indexBody = `${titleChapter ? '' : `<h1>${escapeHtml(bookTitle)}</h1>\n`}${bodies.get(index)}\n${contents}`;
  if (single) {
    let body = indexBody;
    if (hasSkills) body += `\n<section aria-labelledby="skills-heading">${skillsHtml(linked, source, content, 'index.html', hrefFrom('index.html'), cardIds, 'skills-heading', 2, words, graph ? graphSvg(graph.input, graph.laid, (id) => `#${cardIds.get(id)}`, w.graphTitle) : null)}</section>`;
    if (options.changes) body += `\n<section aria-labelledby="changes-heading">${changesHtml(options.changes, 'changes-heading', 2, w)}</section>`;
    pages.push(frame('index.html', bookTitle, body));
  } else {
    pages.push(frame('index.html', bookTitle, indexBody));
    chapterDrafts.forEach((draft, i) => {
      const link = (d: PageDraft | undefined): NavLink | null => (d ? { href: d.file, label: d.title, current: false } : null);
      pages.push(frame(draft.file, draft.title, bodies.get(draft)!, { previous: link(chapterDrafts[i - 1]), next: link(chapterDrafts[i + 1]) }));
    });
    if (hasSkills) pages.push(frame(SKILLS_PAGE, w.skills, skillsHtml(linked, source, content, SKILLS_PAGE, hrefFrom(SKILLS_PAGE), cardIds, 'skills-heading', 1, words, null, graph !== null)));
    if (graph) {
      const svg = graphSvg(graph.input, graph.laid, (id) => cardHref(GRAPH_PAGE, linked.skillsById.get(id)!), w.graphTitle);
      pages.push(frame(GRAPH_PAGE, w.prerequisiteGraph, `<h1>${escapeHtml(w.prerequisiteGraph)}</h1>\n<p>${escapeHtml(w.graphIntro)}</p>\n<div class="graph-scroll">${svg}</div>`));
    }
    if (options.changes) pages.push(frame(CHANGES_PAGE, w.whatChanged, changesHtml(options.changes, 'changes-heading', 1, w)));
  }
  return { title: bookTitle, pages, previews: single ? {} : previews, searchDocs: single ? [] : searchDocs, warnings: content.warnings };
}

function skillPreview(skill: Skill): Preview {
  const cost = costLabel(skill);
  return { title: cost ? `${skill.name} (${cost})` : skill.name, text: truncate(skill.text) };
}

/** A page's blocks as HTML: headings with their number anchors and permalinks, rules, skills, prose. */
function renderBlocks(draft: PageDraft, hrefOf: HrefOf, level: (depth: number) => number, cardHref: (skill: Skill) => string | null, w: BookVocabulary): string {
  const out: string[] = [];
  let prose: Array<ProseBlock | ListedRule> = [];
  let rowIds = new Map<number, string>();
  const flush = () => {
    if (prose.length) out.push(proseHtml(prose, hrefOf, level, rowIds));
    prose = [];
    rowIds = new Map();
  };
  for (const block of draft.blocks) {
    if (block.kind === 'prose') {
      prose.push(block.block);
      if (block.block.kind === 'table') {
        for (const row of block.block.rows) {
          const anchor = block.rowAnchors.get(row.start);
          const href = anchor ? hrefOf(anchor) : null;
          if (href?.startsWith('#')) rowIds.set(row.start, href.slice(1));
        }
      }
      continue;
    }
    const ids = draft.ids.get(block)!;
    // A rule numbered in a list inside a bullet item ("1." under "- Spells you can cast:") is an item of that list,
    // inside its bullet, as Markdown shows it: not a paragraph that closes the list around it. So is a lettered line
    // of such an item ("a) …", a sub-rule the book prints as an item one step further in): a lettered list inside it.
    if (block.kind === 'rule' && block.indent > numberDepth(block.rule) && /^(\d{1,9}|[a-z])[.)]?$/.test(block.rule.number.text) && inOpenList(prose, block.indent)) {
      prose.push({ kind: 'listed-rule', depth: block.indent, bullet: block.rule.number.text, runs: block.runs, id: ids.id });
      continue;
    }
    flush();
    switch (block.kind) {
      case 'heading': {
        const tag = block.section === draft.chapter ? 'h1' : `h${level(block.level)}`;
        const number = block.section.number ? block.section.number.text.replace(/\.$/, '') : null;
        const target = ids.numberId ?? ids.id;
        const label = number ? `<span class="num" id="${ids.numberId}">${escapeHtml(number)}</span> ` : '';
        out.push(`<${tag} id="${ids.id}">${label}${escapeHtml(block.section.title)}<a class="permalink" href="#${target}" aria-label="${escapeHtml(fill(w.permalinkTo, { name: sectionLabel(block.section) }))}">#</a></${tag}>`);
        break;
      }
      case 'rule': {
        const number = block.rule.number.text.replace(/\.$/, '');
        const rule = `<p class="rule indent-${Math.min(block.indent, 4)}" id="${ids.id}"><a class="num permalink-number" href="#${ids.id}" title="${escapeHtml(fill(w.permalinkTo, { name: number }))}">${escapeHtml(number)}</a> ${runsHtml(block.runs, hrefOf)}</p>`;
        // A rule written in a block quote stays in it, as the quote's paragraphs do (each in a blockquote of its own).
        out.push(block.quote ? `<blockquote>${rule}</blockquote>` : rule);
        break;
      }
      case 'skill': {
        const cost = costLabel(block.skill);
        const card = cardHref(block.skill);
        const prerequisites = block.prerequisites.length ? `<p class="prerequisites"><span class="label">${escapeHtml(w.prerequisites + w.colon)}</span> ${runsHtml(block.prerequisites, hrefOf)}</p>` : '';
        out.push(
          `<div class="skill" id="${ids.id}"><p class="skill-head"><strong>${escapeHtml(block.skill.name)}</strong>${cost ? ` <span class="cost">(${escapeHtml(cost)})</span>` : ''}<a class="permalink" href="#${ids.id}" aria-label="${escapeHtml(fill(w.permalinkTo, { name: block.skill.name }))}">#</a>${card ? ` <a class="card-link" href="${card}">${escapeHtml(w.card)}</a>` : ''}</p>${prerequisites}${block.body.length ? proseHtml(block.body, hrefOf, level) : ''}</div>`,
        );
        break;
      }
    }
  }
  flush();
  return out.join('\n');
}

/** The contents: each chapter with its sections (one level down), then the skills, graph and changes pages. */
function contentsHtml(drafts: readonly PageDraft[], chapters: readonly Section[], topDepth: number, places: ReadonlyMap<string, Place>, extras: ReadonlyArray<{ file: string; label: string }>, single: boolean, w: BookVocabulary): string {
  const href = (section: Section) => {
    const at = places.get(`sec:${section.id}`);
    return at ? (single ? `#${at.id}` : `${at.page}#${at.id}`) : null;
  };
  const items: string[] = [];
  for (const draft of drafts.slice(1)) {
    const chapter = draft.chapter!;
    const subs = draft.blocks.filter((b): b is Extract<ContentBlock, { kind: 'heading' }> => b.kind === 'heading' && b.level === topDepth + 1);
    const subList = subs.length ? `<ul>${subs.map((b) => `<li><a href="${href(b.section) ?? draft.file}">${escapeHtml(sectionLabel(b.section))}</a></li>`).join('')}</ul>` : '';
    items.push(`<li><a href="${draft.file}">${escapeHtml(draft.title)}</a>${subList}</li>`);
  }
  if (single) {
    for (const chapter of chapters) {
      const at = href(chapter);
      if (at) items.push(`<li><a href="${at}">${escapeHtml(sectionLabel(chapter))}</a></li>`);
    }
    if (extras.some((e) => e.file === SKILLS_PAGE)) items.push(`<li><a href="#skills-heading">${escapeHtml(w.skills)}</a></li>`);
    if (extras.some((e) => e.file === CHANGES_PAGE)) items.push(`<li><a href="#changes-heading">${escapeHtml(w.whatChanged)}</a></li>`);
  } else {
    for (const extra of extras) items.push(`<li><a href="${extra.file}">${escapeHtml(extra.label)}</a></li>`);
  }
  if (items.length === 0) return '';
  return `<nav class="contents" aria-labelledby="contents-heading"><h2 id="contents-heading">${escapeHtml(w.contents)}</h2><ol class="toc">${items.join('')}</ol></nav>`;
}

/** The skills: a sortable, filterable table (the script adds sorting and filtering), then one card per skill. */
function skillsHtml(
  linked: LinkedRulebook,
  source: RulebookSource,
  content: ReturnType<typeof buildContent>,
  page: string,
  hrefOf: HrefOf,
  cardIds: ReadonlyMap<string, string>,
  headingId: string,
  level: number,
  words: BookWords,
  graphSvgText: string | null,
  hasGraphPage = false,
): string {
  const w = words.words;
  const skills = linked.model.skills;
  const h = (n: number) => `h${Math.min(6, n)}`;
  const cardHref = (skill: Skill) => `#${cardIds.get(skill.id)}`;
  const linkedTerms = new Map<string, string>();
  for (const edge of linked.edges) linkedTerms.set(termKey(edge.term.range.file, edge.term.range.start.offset), skillAnchor(edge.to));
  // A prerequisite on this page goes to its card; a reference in a skill's text goes to the book's page.
  const onThisPage: HrefOf = (anchor) => {
    if (anchor.startsWith('skill:')) {
      const id = cardIds.get(anchor.slice('skill:'.length));
      if (id) return `#${id}`;
    }
    return hrefOf(anchor);
  };
  const bodies = new Map<string, readonly ProseBlock[]>();
  for (const block of content.blocks) if (block.kind === 'skill') bodies.set(block.skill.id, block.body);
  const categories = [...new Set(skills.map((s) => s.category ?? ''))].sort((a, b) => a.localeCompare(b));
  const prereqRuns = new Map<string, Run[]>(skills.map((s) => [s.id, prerequisiteRuns(linked, s, linkedTerms)]));
  const requiredBy = (skill: Skill) => (linked.requiredBy.get(skill.id) ?? []).map((r) => `<a href="${cardHref(r)}">${escapeHtml(r.name)}</a>`).join(', ');

  // A column no skill fills is left out: a book that prices nothing (Razorweave's skills) shows no empty Cost column.
  const columns = [
    { label: w.cost, key: 'cost', type: 'number', shown: skills.some((s) => costLabel(s) !== ''), cell: (s: Skill) => `<td data-value="${costValue(s) ?? ''}">${escapeHtml(costLabel(s))}</td>` },
    { label: w.category, key: 'category', type: 'text', shown: categories.some((c) => c !== ''), cell: (s: Skill) => `<td>${escapeHtml(s.category ?? '')}</td>` },
    { label: w.prerequisites, key: 'prerequisites', type: 'text', shown: [...prereqRuns.values()].some((r) => r.length > 0), cell: (s: Skill) => `<td>${runsHtml(prereqRuns.get(s.id)!, onThisPage)}</td>` },
    { label: w.requiredBy, key: 'required', type: 'text', shown: skills.some((s) => (linked.requiredBy.get(s.id) ?? []).length > 0), cell: (s: Skill) => `<td>${requiredBy(s)}</td>` },
  ].filter((c) => c.shown);
  const rows = skills.map(
    (skill) =>
      `<tr data-name="${escapeHtml(skill.name.toLowerCase())}" data-category="${escapeHtml(skill.category ?? '')}"><th scope="row"><a href="${cardHref(skill)}">${escapeHtml(skill.name)}</a></th>${columns.map((c) => c.cell(skill)).join('')}</tr>`,
  );
  const sortable = (label: string, key: string, type: string) => `<th scope="col" data-sort="${key}" data-type="${type}">${escapeHtml(label)}</th>`;
  const table = `<div class="table-scroll"><table class="skills-table" id="skills-table"><caption>${escapeHtml(words.count(w.skillCount, skills.length))}</caption><thead><tr>${sortable(w.name, 'name', 'text')}${columns.map((c) => sortable(c.label, c.key, c.type)).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
  const filters = page === SKILLS_PAGE
    ? `<div class="skill-filters"><label for="skill-filter">${escapeHtml(w.filterSkills)}</label><input id="skill-filter" type="search" autocomplete="off"><label for="skill-category">${escapeHtml(w.category)}</label><select id="skill-category"><option value="">${escapeHtml(w.allCategories)}</option>${categories.map((c) => `<option value="${escapeHtml(c)}">${escapeHtml(c || w.noCategory)}</option>`).join('')}</select><p id="skill-count" class="muted" aria-live="polite"></p></div>`
    : '';

  const cards = skills.map((skill) => {
    const prereq = prereqRuns.get(skill.id)!;
    const required = requiredBy(skill);
    const book = hrefOf(`skill:${skill.id}`);
    const body = bodies.get(skill.id);
    const text = body && body.length ? proseHtml(body, onThisPage, () => Math.min(6, level + 3)) : skill.text ? `<p>${escapeHtml(skill.text)}</p>` : '';
    return `<article class="card" id="${cardIds.get(skill.id)}" data-category="${escapeHtml(skill.category ?? '')}"><${h(level + 2)}>${escapeHtml(skill.name)}</${h(level + 2)}><dl>${costLabel(skill) ? `<dt>${escapeHtml(w.cost)}</dt><dd>${escapeHtml(costLabel(skill))}</dd>` : ''}${skill.category ? `<dt>${escapeHtml(w.category)}</dt><dd>${escapeHtml(skill.category)}</dd>` : ''}${prereq.length ? `<dt>${escapeHtml(w.prerequisites)}</dt><dd>${runsHtml(prereq, onThisPage)}</dd>` : ''}${required ? `<dt>${escapeHtml(w.requiredBy)}</dt><dd>${required}</dd>` : ''}</dl>${text}${book ? `<p class="in-book"><a href="${book}">${escapeHtml(w.inTheRulebook)}</a></p>` : ''}</article>`;
  });
  const graphPart = graphSvgText ? `<${h(level + 1)}>${escapeHtml(w.prerequisiteGraph)}</${h(level + 1)}><div class="graph-scroll">${graphSvgText}</div>` : '';
  const told = columns.filter((c) => c.key !== 'required').map((c) => words.inSentence(c.label));
  const what = escapeHtml(told.length === 0 ? w.everySkill : fill(w.everySkillWith, { list: words.list(told) }));
  const graphLink = `<a href="${GRAPH_PAGE}">${escapeHtml(w.prerequisiteGraphLink)}</a>`;
  const intro = hasGraphPage ? `<p>${what}${fill(escapeHtml(w.seeAlso), { link: graphLink })}.</p>` : `<p>${what}.</p>`;
  return `<${h(level)} id="${headingId}">${escapeHtml(w.skills)}</${h(level)}>${intro}${filters}${table}${graphPart}<${h(level + 1)} id="cards-heading">${escapeHtml(w.skillCards)}</${h(level + 1)}><div class="cards">${cards.join('\n')}</div>`;
}

/** The changelog (our own Markdown, still put through the same cleaning), its headings below the page's. */
function changesHtml(changes: NonNullable<SiteOptions['changes']>, headingId: string, level: number, w: BookVocabulary): string {
  const processor = safeMarkdownProcessor();
  const tree = processor.runSync(processor.parse(changes.markdown));
  const shift = (node: { children?: unknown[] }) => {
    for (const child of (node.children ?? []) as Array<{ type: string; tagName?: string; children?: unknown[] }>) {
      if (child.type === 'element' && /^h[1-6]$/.test(child.tagName!)) child.tagName = `h${Math.min(6, Number(child.tagName![1]) + level)}`;
      shift(child);
    }
  };
  shift(tree as { children?: unknown[] });
  return `<h${level} id="${headingId}">${escapeHtml(fill(w.whatChangedSince, { label: changes.label }))}</h${level}>\n${treeToHtml(tree as Parameters<typeof treeToHtml>[0])}`;
}
