// A wiki page saved from the browser (MediaWiki's markup around a part of the Amtgard rules): the rules, lists and tables come through, the page furniture does not.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPageFurniture } from '../../shared/import/html-furniture.js';
import { importRulebook } from '../../shared/import/index.js';
import { parseRulebook } from '../../shared/parse/index.js';

const page = readFileSync(path.join(__dirname, 'fixtures/amtwiki-magic.html'), 'utf8');

describe('importing a saved wiki page', () => {
  const { markdown, report } = importRulebook(page, { format: 'html', name: 'amtwiki-magic' });
  const model = parseRulebook({ files: [{ path: 'rulebook.md', text: markdown }] });

  it('names the rulebook after the page\'s title heading rather than the file, and keeps the heading', () => {
    expect(model.config.title).toBe('Magic');
    expect(markdown).toMatch(/^# Magic$/m);
    // A page with several top headings has no one title: the file name stays.
    const chapters = importRulebook('<h1>Combat</h1><p>Hit softly.</p><h1>Magic</h1><p>Speak loudly.</p>', { format: 'html', name: 'rules' });
    expect(chapters.markdown).toMatch(/^title: "rules"$/m);
  });

  it('makes headings of the page title and its sections only, without "[edit]" and without the contents box', () => {
    expect(model.sections.map((s) => s.title)).toEqual(['Magic', 'The Rules of Magic', 'Magic Costs']);
    expect(report.unsure).toEqual([]);
  });

  it('leaves out the navigation, the footnote calls and arrows, the categories and the footer, and keeps the footnote text', () => {
    for (const furniture of ['edit', 'Jump to', 'Navigation menu', 'Main page', 'Log in', 'Retrieved from', 'Category', 'last edited', 'Privacy', '[1]', '↑', 'From AmtWiki', 'Contents']) {
      expect(markdown).not.toContain(furniture);
    }
    expect(markdown).toContain('Or by the recipient, whichever is closer.');
    expect(markdown).toContain('Magic must be said loudly and clearly enough to be heard within 100 feet.\n');
  });

  it('reads the skill table into skills', () => {
    expect(model.skills.map((s) => [s.name, s.cost])).toEqual([['Heat Weapon', 2], ['Flame Blade', 3]]);
  });

  it('tells furniture by MediaWiki ids and classes and by ARIA roles, whole class names only', () => {
    expect(isPageFurniture({ class: 'mw-editsection' })).toBe(true);
    expect(isPageFurniture({ id: 'toc', class: 'toc' })).toBe(true);
    expect(isPageFurniture({ role: 'Navigation' })).toBe(true);
    expect(isPageFurniture({ class: 'reference' })).toBe(true);
    expect(isPageFurniture({ class: 'reference-text' })).toBe(false);
    expect(isPageFurniture({ 'data-id': 'toc', class: 'mw-parser-output' })).toBe(false);
    expect(isPageFurniture({})).toBe(false);
  });
});
