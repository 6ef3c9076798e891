/**
 * Printing a book kept as a site's pages (Crestfallen LARP, a Hugo site: tests/fixtures/wild/crestfallen-larp) and
 * skills written as headings over their fields (Miniatures skirmish): chapters are the pages, shortcodes never print,
 * a heading skill prints once.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRulebook } from '../../main/fs/load-rulebook.js';
import { planInit } from '../../main/layout/init-plan.js';
import { writeInitPlan } from '../../main/layout/init-run.js';
import { linkRulebook } from '../../shared/link/index.js';
import { bookTitle } from '../../shared/model/book-title.js';
import type { Rulebook } from '../../shared/model/types.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { planExport } from '../../shared/publish/index.js';
import { plainText } from '../../shared/publish/inline.js';
import { FileProse } from '../../shared/publish/prose-blocks.js';
import { blockShortcodeMasks } from '../../shared/publish/shortcodes.js';
import type { DrawOp, Plan } from '../../shared/publish/types.js';
import { siteOrder } from '../../shared/layout/site-order.js';
import { buildSite } from '../../shared/site/build.js';
import { load, measure } from './helpers.js';

const textOps = (plan: Plan, from = 1, to = plan.pages.length) =>
  plan.pages.slice(from - 1, to).flatMap((p) => p.ops.filter((op): op is Extract<DrawOp, { kind: 'text' }> => op.kind === 'text'));

describe('a Hugo site printed as a book (Crestfallen LARP)', async () => {
  // The copy is read once, here, while the suite is collected: removed right after, even when no test of it runs.
  const root = mkdtempSync(path.join(tmpdir(), 'crestfallen-'));
  const loaded = await (async () => {
    try {
      const folder = path.join(root, 'book');
      cpSync(path.resolve('tests/fixtures/wild/crestfallen-larp/book'), folder, { recursive: true });
      await writeInitPlan(await planInit(folder));
      return await loadRulebook(folder);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  })();
  const linked = linkRulebook(parseRulebook(loaded.source));
  const plan = planExport(linked, loaded.source, { kind: 'book', paper: 'a4' }, measure);
  const all = textOps(plan);

  it('reads the pages in the order the site shows them, and makes each page a chapter named by its title', () => {
    expect(loaded.files.map((f) => f.path.split('/').slice(-2).join('/'))).toEqual([
      'rules/_index.md',
      'lineage_skill_categories/_index.md',
      'skill_categories/_index.md',
      'skills/_index.md',
      'conditions/_index.md',
    ]);
    expect(plan.toc.filter((e) => e.level === 1).map((e) => e.title)).toEqual(['Rules', 'Lineage Skill Categories', 'Skill Categories', 'Skills', 'Conditions', 'Index of skills']);
    // The skills are no chapters, nor contents lines: the index lists them.
    expect(plan.toc.some((e) => e.title === 'Assassinate')).toBe(false);
    expect(plan.index.some((e) => e.name === 'Assassinate')).toBe(true);
  });

  it('names the book by its first page, and never prints a file path in a running header', () => {
    expect(bookTitle(linked.model)).toBe('Rules');
    expect(textOps(plan, 1, 1).map((t) => t.text)).toContain('Rules');
    expect(all.some((t) => t.text.includes('content/') || t.text.includes('_index'))).toBe(false);
    const skillsPage = plan.toc.find((e) => e.title === 'Skills')!.page;
    expect(textOps(plan, skillsPage + 2, skillsPage + 2).map((t) => t.text)).toContain('Skills');
  });

  it('prints a shortcode link as its text, and drops block shortcodes but keeps a tab header', () => {
    expect(all.some((t) => t.text.includes('{{') || t.text.includes('}}'))).toBe(false);
    // `[berserk condition]({{< ref "/rules/conditions/#berserk" >}})`, in a field value and in a cost.
    expect(all.map((t) => t.text).join(' ')).toContain('berserk condition');
    const alchemy = linked.model.skills.find((s) => s.name === 'Alchemy')!;
    expect(alchemy.costText).toContain('{{< ref');
    expect(all.some((t) => t.text === '10 (Craftsman) or 8 (Kinfolk Lineage, Hauflin Lineage)')).toBe(true);
    expect(all.some((t) => t.text.startsWith('Danger Level'))).toBe(true);
  });

  it('makes the same chapters of the website: one page per site page, named by its title', () => {
    const site = buildSite(linked, loaded.source);
    // "Skills" meets the site's own skills.html and takes the next free name.
    const chapterPages = ['rules.html', 'lineage-skill-categories.html', 'skill-categories.html', 'skills-2.html', 'conditions.html'];
    expect(site.pages.map((p) => p.file).filter((f) => chapterPages.includes(f))).toEqual(chapterPages);
  });

  it('prints a skill written as a heading once, as the skill, with its cost in its head and not again as a field', () => {
    const body = textOps(plan, plan.toc[0].page, plan.pages.length - 3);
    expect(body.filter((t) => t.text === 'Berserk Augmentation').length).toBe(1);
    expect(body.some((t) => t.text === 'CP Cost:')).toBe(false);
    expect(body.some((t) => t.text === 'ST Cost:')).toBe(true);
  });
});

describe('skills written as headings over their fields (Miniatures skirmish)', () => {
  const { linked, source } = load('miniatures-skirmish.md', readFileSync(path.resolve('tests/fixtures/samples/miniatures-skirmish.md'), 'utf8'));
  const plan = planExport(linked, source, { kind: 'book', paper: 'a4' }, measure);

  it('prints each spell once, and a link to its heading lands on the spell', () => {
    const fist = linked.model.skills.find((s) => s.name === 'Flying fist')!;
    const heading = linked.model.sections.find((s) => s.title === 'Flying fist')!;
    const first = plan.toc[0].page;
    expect(textOps(plan, first).filter((t) => t.text === 'Flying fist').length).toBe(2); // the spell, and its index line
    expect(plan.anchors.get(`sec:${heading.id}`)?.page).toBe(plan.anchors.get(`skill:${fist.id}`)?.page);
    expect(textOps(plan, first).some((t) => /^Cost: ?5/.test(t.text))).toBe(false);
  });
});

describe('book titles, block shortcodes and site order', () => {
  const model = (files: { path: string; text: string }[]): Rulebook => parseRulebook({ files });

  it('names a book by its setting, a first page title, its one # heading, or its file', () => {
    expect(bookTitle(model([{ path: 'a.md', text: '---\ntitle: Valley Rules\n---\n# Other\n' }]))).toBe('Valley Rules');
    expect(bookTitle(model([{ path: 'rules.md', text: '# The Valley\n\nText.\n' }]))).toBe('The Valley');
    expect(bookTitle(model([{ path: 'rules.md', text: '# One\n\n# Two\n' }]))).toBe('rules');
    // A lone `#` heading that comes after the book's first chapter is that chapter's, not the book's (Razorweave's
    // chapters are `##` headings, its acknowledgments a `#` one).
    const chapters = [
      { path: '14-skills.md', text: '## 14. Skills System Overview\n\nText.\n' },
      { path: '30-credits.md', text: '# Chapter 30: Inspirations and Acknowledgments\n\nText.\n' },
    ];
    expect(bookTitle(model(chapters))).toBe('14-skills');
    expect(bookTitle(model([{ path: 'docs/_index.md', text: 'Text.\n' }]))).toBe('Rulebook');
  });

  it('masks block shortcodes, prints a tab header in its place and leaves shortcode links to the link reader', () => {
    const text = '{{< tabpane text=true >}}\n{{% tab header="1" %}}\nSee [Heal]({{< ref "#heal" >}}).\n{{< /tab >}}\n';
    const masks = blockShortcodeMasks(text);
    expect(masks.map((m) => text.slice(m.start, m.end))).toEqual(['{{< tabpane text=true >}}', '{{% tab header="1" %}}', '{{< /tab >}}']);
    expect(masks[1].label).toEqual([{ text: '1', bold: true }]);
    const [block, ...rest] = new FileProse(text, masks).read(0, text.length);
    expect(rest).toEqual([]);
    expect(block.kind === 'paragraph' && block.runs).toEqual([{ text: '1', bold: true }, { text: ' See ', start: text.indexOf('\nSee') }, { text: 'Heal', start: text.indexOf('Heal') }, { text: '.', start: text.indexOf(').') + 1 }]);
    expect(block.kind === 'paragraph' && plainText(block.runs)).toBe('1 See Heal.');
  });

  it('orders pages by weight or nav_order, a folder by its index page, unweighted pages last; null without weights', () => {
    const page = (p: string, weight?: number, key = 'weight') => ({ path: p, text: weight === undefined ? 'x\n' : `---\n${key}: ${weight}\n---\nx\n` });
    expect(siteOrder([page('rules/_index.md', 20), page('rules/b/_index.md', 4), page('rules/a/_index.md', 2), page('rules/z.md', 1), page('rules/y.md')])).toEqual([
      'rules/_index.md',
      'rules/z.md',
      'rules/a/_index.md',
      'rules/b/_index.md',
      'rules/y.md',
    ]);
    expect(siteOrder([page('b.md', 1, 'nav_order'), page('a.md', 2, 'nav_order')])).toEqual(['b.md', 'a.md']);
    // Docusaurus's `sidebar_position`, and Astro Starlight's `sidebar:` with its `order` (the Year Zero Engine SRD's).
    expect(siteOrder([page('b.md', 1, 'sidebar_position'), page('a.md', 2, 'sidebar_position')])).toEqual(['b.md', 'a.md']);
    expect(siteOrder([page('c.md'), page('b.md', 1, 'sidebar:\n  order'), page('a.md', 0, 'sidebar:\n  label: A\n  order')])).toEqual(['a.md', 'b.md', 'c.md']);
    expect(siteOrder([page('b.md'), page('a.md')])).toBeNull();
  });
});
