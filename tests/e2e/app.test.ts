import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildGraph } from '../../shared/service/summaries.js';
import { linkRulebook } from '../../shared/link/index.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { copyBook, cursor, goTo, openPanel, useApp, useBench } from './harness.js';

const FUNJERAI = path.resolve('tests/fixtures/samples/funjerai.md');

const bench = useBench('app');

describe('the Funjerai sample in the browser host', () => {
  let file: string;

  const opened = useApp(bench, async (work) => {
    file = await copyBook(FUNJERAI, work);
    return file;
  });

  it('shows the linter findings in Problems', async () => {
    const { page } = opened.app;
    const linked = linkRulebook(parseRulebook({ files: [{ path: 'funjerai.md', text: await readFile(file, 'utf8') }] }));
    const unknown = linked.unresolvedPrerequisites[0];
    await openPanel(page, 'problems');
    await expect.poll(() => page.locator('.problem').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const rules = await page.locator('.problem').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-rule')));
    expect(rules).toContain('unknown-prerequisite');
    await expect.poll(() => page.locator('.problem', { hasText: unknown.term.text }).count()).toBeGreaterThan(0);
  });

  it('draws the prerequisite graph with every linked skill, and jumps to a skill from its node', async () => {
    const { page } = opened.app;
    const graph = buildGraph(linkRulebook(parseRulebook({ files: [{ path: 'funjerai.md', text: await readFile(file, 'utf8') }] })));
    expect(graph.nodes.length).toBeGreaterThan(10);
    await openPanel(page, 'graph');
    const nodes = page.locator('svg.graph g.node');
    await expect.poll(() => nodes.count(), { timeout: 30_000 }).toBe(graph.nodes.length);
    // Every edge is drawn: elkjs routes each as one or more path sections.
    expect(await page.locator('svg.graph path.edge').count()).toBeGreaterThanOrEqual(graph.edges.length);
    const target = graph.nodes.at(-1)!;
    await page.locator('svg.graph g.node', { has: page.locator('text', { hasText: target.name }) }).first().click();
    await expect.poll(async () => (await cursor(page)).line, { timeout: 10_000 }).toBe(target.range.start.line);
  });

  it('squiggles a misspelt prerequisite as it is typed, and fixes it with the quick fix', async () => {
    const { page } = opened.app;
    const text = await readFile(file, 'utf8');
    const lines = text.split('\n');
    // Under the first skill with a prerequisite line, add a second, misspelt one.
    const at = lines.findIndex((l) => /^\s*Prerequisites?:/.test(l));
    expect(at).toBeGreaterThan(0);
    const linked = linkRulebook(parseRulebook({ files: [{ path: 'funjerai.md', text }] }));
    const target = linked.model.skills.find((s) => s.name.length > 8 && s.key !== linked.edges[0]?.to.key)!;
    const misspelt = `${target.name.slice(0, -2)}${target.name.slice(-1)}`; // drop the second-to-last letter
    await openPanel(page, 'problems');
    await goTo(page, at + 1, lines[at].length + 1);
    await page.keyboard.insertText(`, ${misspelt}`);
    await page.keyboard.press('Escape');
    const squiggles = page.locator('.monaco-editor .squiggly-error');
    await expect.poll(async () => page.locator('.problem', { hasText: misspelt }).count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => squiggles.count(), { timeout: 10_000 }).toBeGreaterThan(0);

    // Jump from Problems to it, then Ctrl+. and the first (preferred) fix.
    await page.locator('.problem', { hasText: misspelt }).click();
    await page.keyboard.press('Control+.');
    const action = page.locator('.action-widget .action-item, .context-view .monaco-list-row').filter({ hasText: target.name }).first();
    await action.waitFor({ timeout: 10_000 });
    await action.click();
    await expect.poll(() => page.locator('.problem', { hasText: misspelt }).count(), { timeout: 20_000 }).toBe(0);
    const line = await page.locator('.monaco-editor .view-line').filter({ hasText: /Prerequisites?:/ }).first().textContent();
    expect(line?.replace(/\u00a0/g, ' ')).toContain(`, ${target.name}`);
  });

  it('goes to the definition of a prerequisite (F12)', async () => {
    const { page } = opened.app;
    const text = await readFile(file, 'utf8');
    const linked = linkRulebook(parseRulebook({ files: [{ path: 'funjerai.md', text }] }));
    // A prerequisite far from its definition, so that the jump is visible.
    const edge = [...linked.edges].sort((a, b) => Math.abs(b.term.range.start.line - b.to.nameRange.start.line) - Math.abs(a.term.range.start.line - a.to.nameRange.start.line))[0];
    await goTo(page, edge.term.range.start.line, edge.term.range.start.column + 1);
    expect((await cursor(page)).line).toBe(edge.term.range.start.line);
    await page.keyboard.press('F12');
    await expect.poll(async () => (await cursor(page)).line, { timeout: 10_000 }).toBe(edge.to.nameRange.start.line);
  });

  it('shows a prerequisite’s skill card on hover, and completes skill names after Prerequisite:', async () => {
    const { page } = opened.app;
    const lines = (await readFile(file, 'utf8')).split('\n');
    const at = lines.findIndex((l) => l.trim() === 'Prerequisite: First Aid');
    expect(at).toBeGreaterThan(0);
    await goTo(page, at + 1, lines[at].indexOf('First Aid') + 3);
    await page.keyboard.press('Control+k');
    await page.keyboard.press('Control+i');
    const card = page.locator('.monaco-hover-content', { hasText: 'Required by' });
    // Right after Go to Line: with smooth scrolling, Monaco hid a hover opened on a line still scrolling into view.
    await card.first().waitFor({ timeout: 10_000 });
    expect(await card.first().textContent()).toMatch(/First Aid.*1 SP.*Required by: Healing/s);
    await page.keyboard.press('Escape');

    // A new prerequisite line under the same skill: the completion list offers the skill by its name.
    // (The quick fix above may have lengthened this line in the editor: End, not a column from the file.)
    await goTo(page, at + 1, 1);
    // End again until the cursor has moved: a key that reached the editor, so the Enter after it does too (on CI's
    // loaded machine an Enter once went nowhere and the new line was never made).
    await expect.poll(async () => { await page.keyboard.press('End'); return (await cursor(page)).column; }, { timeout: 10_000 }).toBeGreaterThan(1);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await cursor(page)).line, { timeout: 10_000 }).toBe(at + 2);
    await page.keyboard.insertText('Prerequisite: Medi');
    await page.keyboard.press('Control+Space');
    const suggestion = page.locator('.suggest-widget .monaco-list-row', { hasText: 'Medicine' });
    await suggestion.first().waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');
    // Leave the text as it was for the tests after this one.
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
  });

  it('exports a PDF book from the Export panel', async () => {
    const { page } = opened.app;
    await openPanel(page, 'export');
    await page.locator('[data-panel="export"] select').first().selectOption('book');
    await page.locator('[data-action="export"]').click();
    const written = page.locator('[data-export-path]');
    await written.waitFor({ timeout: 90_000 });
    const relative = (await written.textContent())!;
    expect(relative).toMatch(/\.pdf$/);
    const bytes = await readFile(path.join(bench.work, relative));
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(20_000);
    // The PDF's own text holds the rulebook's title.
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: true }).promise;
    const first = await (await pdf.getPage(1)).getTextContent();
    expect(first.items.map((i) => ('str' in i ? i.str : '')).join(' ')).toContain('Funjerai');
  }, 120_000);

  it('draws the context menu on an opaque background, not over the text', async () => {
    const { page } = opened.app;
    // The earlier tests may leave a widget open or the focus in a panel: back to the text, then the menu's key.
    await page.keyboard.press('Escape');
    await goTo(page, 11, 5);
    await page.keyboard.press('Shift+F10');
    // Monaco paints the menu's background on the scrollable element that holds its items.
    const menu = page.locator('.monaco-menu-container .monaco-scrollable-element').first();
    await menu.waitFor({ timeout: 10_000 });
    const background = await menu.evaluate((node) => getComputedStyle(node).backgroundColor);
    expect(background).not.toMatch(/^(transparent|rgba\(\d+, \d+, \d+, 0\))$/);
    await page.keyboard.press('Escape');
  });
});

describe('renaming a skill in a two-file rulebook', () => {
  let folder: string;
  let skill: string;
  let definitionLine: number;

  const opened = useApp(bench, async () => {
    // Funjerai split in two chapter files at a heading, so that a skill defined in the first is a prerequisite in the second.
    const text = await readFile(FUNJERAI, 'utf8');
    const linked = linkRulebook(parseRulebook({ files: [{ path: 'funjerai.md', text }] }));
    const lines = text.split('\n');
    let split = -1;
    for (const edge of linked.edges) {
      const from = edge.to.nameRange.start.line;
      const to = edge.term.range.start.line;
      const heading = lines.findIndex((l, i) => i + 1 > from && i + 1 < to && /^#{1,3} /.test(l));
      if (heading > 0) {
        split = heading;
        skill = edge.to.name;
        definitionLine = edge.to.nameRange.start.line;
        break;
      }
    }
    expect(split).toBeGreaterThan(0);
    folder = path.join(bench.work, 'funjerai-folder');
    await import('node:fs/promises').then((fs) => fs.mkdir(folder));
    await writeFile(path.join(folder, '01-first.md'), `${lines.slice(0, split).join('\n')}\n`);
    await writeFile(path.join(folder, '02-second.md'), lines.slice(split).join('\n'));
    return folder;
  });

  it('renames it in every file after a preview, and saves both', async () => {
    const { page } = opened.app;
    const renamed = `${skill} Renamed`;
    await openPanel(page, 'skills');
    // The side panel at its usual width shows every column but the category, which stands under each name.
    await page.locator('[data-panel="skills"] .skills-table td.col-category').first().waitFor({ state: 'attached' });
    const fit = await page.evaluate(() => {
      const table = document.querySelector<HTMLElement>('[data-panel="skills"] .skills-table')!;
      const category = document.querySelector<HTMLElement>('[data-panel="skills"] .skills-table td.col-category');
      const under = document.querySelector<HTMLElement>('[data-panel="skills"] .skills-table .under-name');
      return { table: table.scrollWidth, box: table.parentElement!.clientWidth, categoryShown: !!category && category.offsetParent !== null, underShown: !!under && under.offsetParent !== null };
    });
    expect(fit.table).toBeLessThanOrEqual(fit.box);
    expect([fit.categoryShown, fit.underShown]).toEqual([false, true]);
    await page.locator('.skills-table button.link', { hasText: new RegExp(`^${skill.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).first().click();
    // F2 must wait until the editor is at the definition (the click lands, the editor takes the focus).
    await expect.poll(() => page.locator('#status-position').textContent(), { timeout: 15_000 }).toMatch(new RegExp(`^Ln ${definitionLine},`));
    await page.waitForFunction(() => document.activeElement?.closest('.monaco-editor') !== null, undefined, { timeout: 15_000 });
    await page.keyboard.press('F2');
    // Every Monaco editor on the page has its own (hidden) rename box: take the one F2 showed.
    const input = page.locator('.rename-box:visible input');
    await input.waitFor({ timeout: 10_000 }).catch(async (error: Error) => {
      // Monaco shows a refused rename as a message over the editor: say what it said, and where things stood.
      const refusal = await page.locator('.monaco-editor-overlaymessage').allTextContents();
      const state = await page.evaluate(() => ({
        focus: document.activeElement?.className,
        editors: document.querySelectorAll('.monaco-editor').length,
        renameBoxes: document.querySelectorAll('.rename-box').length,
        position: document.querySelector('#status-position')?.textContent,
        status: document.querySelector('#status-message')?.textContent,
      }));
      throw new Error(`no rename box after F2 (editor said: ${JSON.stringify(refusal)}; ${JSON.stringify(state)}): ${error.message}`);
    });
    await input.fill(renamed);
    await page.keyboard.press('Enter');
    const dialog = page.locator('.dialog');
    await dialog.waitFor({ timeout: 10_000 });
    expect(await dialog.locator('.edit-preview h3').count()).toBe(2);
    await dialog.locator('button.primary').click();
    await page.locator('#btn-save-all').click();
    const expectRenamed = async (name: string) => {
      const content = await readFile(path.join(folder, name), 'utf8');
      expect(content).toContain(renamed);
    };
    await expect.poll(async () => (await readFile(path.join(folder, '02-second.md'), 'utf8')).includes(renamed), { timeout: 15_000 }).toBe(true);
    await expectRenamed('01-first.md');
    await expectRenamed('02-second.md');
    // No stray temp files from the atomic writes.
    expect((await readdir(folder)).sort()).toEqual(['01-first.md', '02-second.md']);
  }, 60_000);
});

describe('a rulebook of skill tables (Kingdoms of Novitas)', () => {
  const opened = useApp(bench, (work) => copyBook(path.resolve('tests/fixtures/samples/kingdoms-of-novitas'), work));

  it('colours a table row that is a skill the way it colours a list entry: the name bold', async () => {
    const { page } = opened.app;
    const text = await readFile(path.resolve('tests/fixtures/samples/kingdoms-of-novitas/03-character-creation.md'), 'utf8');
    const row = text.split('\n').findIndex((line) => line.startsWith('| Master Merchant |')) + 1;
    await page.locator('#file-list button[data-file="03-character-creation.md"]').click();
    await goTo(page, row, 3);
    const name = page.locator('.monaco-editor .view-line span', { hasText: /^Master\sMerchant$/ });
    // Semantic tokens arrive after the analysis: Monaco then renders the name in its own bold token.
    await expect.poll(async () => (await name.count()) > 0 && /\bmtkb\b/.test((await name.first().getAttribute('class')) ?? ''), { timeout: 20_000 }).toBe(true);
    // The table's header row is no skill: nothing in it is bold.
    const header = page.locator('.monaco-editor .view-line', { hasText: /Skill\sPoint\sCost/ }).first();
    expect(await header.locator('span.mtkb').count()).toBe(0);
  });
});

describe('a rulebook written its own way: prerequisites under its own label (Crestfallen’s “Restrictions”), prices in cost columns (Chronicles’)', () => {
  const text =
    '---\ntitle: Restrictions\nlayout:\n  fields:\n    prerequisites: [Restrictions]\n  costs:\n    columns: [Primary, Secondary, Tertiary]\n---\n# Skills\n\n## Florentine\n\n**CP Cost**: 2\n\n## Alchemy\n\n**CP Cost**: 10\n\n**Restrictions**: Florentine\n\n' +
    '## Rogue Skillset\n\n| Skill | Primary | Secondary | Tertiary |\n| --- | --- | --- | --- |\n| Pickpocket | 10+5 | 10+7 | 10+10 |\n';
  const opened = useApp(bench, async (work) => {
    const file = path.join(work, 'restrictions.md');
    await writeFile(file, text);
    return file;
  });

  it('colours the label and the skill after it as a prerequisite, once the book is read', async () => {
    const { page } = opened.app;
    const line = page.locator('.monaco-editor .view-line', { hasText: /Restrictions\*\*:\s+Florentine/ }).first();
    // The label takes the prerequisite keyword's colour once the book's labels are known (bold plain text before).
    const token = (within: ReturnType<Page['locator']>, text: RegExp) => within.locator('span[class^="mtk"]', { hasText: text }).first();
    const colour = (span: ReturnType<Page['locator']>) => span.evaluate((element) => getComputedStyle(element).color);
    const plain = () => colour(token(page.locator('.monaco-editor .view-line', { hasText: /CP\sCost\*\*:\s+10/ }).first(), /10/));
    // Both colours read afresh each time: Monaco draws the lines again when the tokens arrive, and a span read as it is
    // replaced has no colour at all ("" for both would look alike).
    const standsOut = async (text: RegExp) => {
      const [own, usual] = [await colour(token(line, text)), await plain()];
      return own !== '' && usual !== '' && own !== usual;
    };
    await expect.poll(() => standsOut(/^Restrictions$/), { timeout: 20_000 }).toBe(true);
    // The skill after it is a prerequisite's colour too.
    await expect.poll(() => standsOut(/Florentine/), { timeout: 20_000 }).toBe(true);
  });

  it('shows every cost column’s price in the Skills panel, wrapped between the columns, none cut off', async () => {
    const { page } = opened.app;
    await openPanel(page, 'skills');
    const cell = page.locator('[data-panel="skills"] .skills-table tr', { hasText: 'Pickpocket' }).locator('td.num');
    await expect.poll(() => cell.textContent(), { timeout: 20_000 }).toBe('Primary 10+5, Secondary 10+7, Tertiary 10+10');
    // It was cut to "Primary 10+5, Seco…" on one line: now each column's name and price stand whole on a line.
    const lines = await cell.locator('.kept').evaluateAll((spans) => spans.map((span) => ({ text: span.textContent, lines: span.getClientRects().length })));
    expect(lines).toEqual(['Primary 10+5,', 'Secondary 10+7,', 'Tertiary 10+10'].map((text) => ({ text, lines: 1 })));
    expect(await cell.evaluate((td) => td.scrollWidth <= td.clientWidth)).toBe(true);
  });
});

describe('bold as the book prints it (Razorweave’s `**Description:**Text`)', () => {
  const opened = useApp(bench, async (work) => {
    const file = path.join(work, 'glued.md');
    await writeFile(file, '# Skills\n\n- **Tracking** (2 SP)\n- **Description:**Follows marks across any ground.\n\nThe **Ranger** reads signs; a **Warning:**label prints its asterisks.\n');
    return file;
  });

  it('draws bold only where remark reads bold: marks that print as written stay plain text', async () => {
    const { page } = opened.app;
    const bold = (text: RegExp) => page.locator('.monaco-editor .view-line span.mtkb', { hasText: text });
    // Monaco tokenizes in the background, a few lines at a time on a slow machine, and draws each line again as its
    // tokens arrive: wait for the last line's bold, and the lines above it have theirs.
    await expect.poll(() => bold(/^Tracking$/).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => bold(/^Ranger$/).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await bold(/Description/).count()).toBe(0);
    expect(await bold(/Warning/).count()).toBe(0);
  });
});
