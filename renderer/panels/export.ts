/** Export panel: every export kind with its options; writes into the rulebook folder through the host and opens the result. */
import type { ExportKind } from '../../shared/ipc/contract.js';
import { openWrittenFile } from '../app/open-file.js';
import { clear, el } from '../ui/dom.js';
import type { Panel, PanelContext } from './panel.js';

interface KindInfo {
  readonly value: string;
  readonly label: string;
  readonly kind: ExportKind;
  readonly help: string;
}

/** The publishing issue's PDF kinds, plus the website, the single HTML page and the JSON model. */
const KINDS: readonly KindInfo[] = [
  { value: 'book', label: 'PDF book', kind: 'pdf', help: 'The whole rulebook with title page, contents, index and working links.' },
  { value: 'cards', label: 'PDF skill cards', kind: 'pdf', help: 'One card per skill (63 × 88 mm), nine to an A4 page.' },
  { value: 'reference', label: 'PDF quick reference', kind: 'pdf', help: 'Every skill on a few pages: name, cost, prerequisites.' },
  { value: 'sheet', label: 'PDF character sheet', kind: 'pdf', help: 'A sheet listing skills with boxes to tick.' },
  { value: 'extract', label: 'PDF chapter extract', kind: 'pdf', help: 'Only the chapters you name.' },
  { value: 'site', label: 'Website', kind: 'site', help: 'A folder of web pages: contents, one page per chapter, searchable skills, permalinks for every rule. Works offline and on any static host.' },
  { value: 'html', label: 'HTML page', kind: 'html', help: 'The same as one self-contained web page, for e-mail or a forum post.' },
  { value: 'json', label: 'JSON model', kind: 'json', help: 'The parsed model, for other tools.' },
];

function field(label: string, control: HTMLElement, hint?: string): HTMLElement {
  return el('label', { class: 'field' }, el('span', {}, label), control, hint ? el('small', { class: 'muted' }, hint) : null);
}

export function createExportPanel(ctx: PanelContext): Panel {
  const kind = el('select', { 'aria-label': 'What to export' }, ...KINDS.map((k) => el('option', { value: k.value }, k.label)));
  const help = el('p', { class: 'muted' });
  const paper = el('select', { 'aria-label': 'Paper' }, el('option', { value: 'a4' }, 'A4'), el('option', { value: 'letter' }, 'US Letter'), el('option', { value: 'a5' }, 'A5'));
  const fontSize = el('input', { type: 'number', min: '6', max: '16', step: '0.5', value: '10', 'aria-label': 'Font size' });
  const chapters = el('input', { type: 'text', placeholder: 'e.g. 2, 3 or Magic', 'aria-label': 'Chapters' });
  const categories = el('input', { type: 'text', placeholder: 'e.g. General skills', 'aria-label': 'Categories' });
  const output = el('input', { type: 'text', placeholder: 'export/<name>.pdf', 'aria-label': 'Output file', spellcheck: 'false' });
  const pdfOptions = el('div', { class: 'option-group' }, field('Paper', paper), field('Font size (pt)', fontSize));
  const chapterField = field('Chapters', chapters, 'Comma-separated numbers or titles; empty for all.');
  const categoryField = field('Skill categories', categories, 'Comma-separated; empty for all.');
  const button = el('button', { class: 'primary', 'data-action': 'export' }, 'Export');
  const result = el('div', { class: 'export-result', 'aria-live': 'polite' });
  const element = el('div', { class: 'panel-body padded' },
    field('Export', kind), help, pdfOptions, chapterField, categoryField, field('Save as', output, 'Inside the rulebook folder; empty for the default.'),
    el('div', { class: 'actions' }, button), result,
  );

  const sync = () => {
    const info = KINDS.find((k) => k.value === kind.value)!;
    help.textContent = info.help;
    pdfOptions.hidden = info.kind !== 'pdf';
    chapterField.hidden = !(info.value === 'book' || info.value === 'extract');
    categoryField.hidden = !(info.value === 'cards' || info.value === 'reference' || info.value === 'sheet');
    output.placeholder = info.kind === 'site' ? 'export/<name>-site' : `export/<name>.${info.kind}`;
  };
  kind.addEventListener('change', sync);
  sync();

  button.addEventListener('click', async () => {
    const info = KINDS.find((k) => k.value === kind.value)!;
    const options: Record<string, string | number | boolean | null> = {};
    if (info.kind === 'pdf') {
      options.kind = info.value;
      options.paper = paper.value;
      const size = Number(fontSize.value);
      if (Number.isFinite(size) && size > 0) options.fontSize = size;
      if (!chapterField.hidden && chapters.value.trim()) options.chapters = chapters.value.trim();
      if (!categoryField.hidden && categories.value.trim()) options.categories = categories.value.trim();
    }
    button.disabled = true;
    button.textContent = 'Exporting…';
    clear(result);
    const started = performance.now();
    const answer = await ctx.api.exportRulebook({ kind: info.kind, output: output.value.trim() || null, unsaved: ctx.workspace.unsaved(), options });
    button.disabled = false;
    button.textContent = 'Export';
    if (!answer.ok) {
      result.appendChild(el('p', { class: 'error-text' }, answer.error.message));
      return;
    }
    const { path, bytes } = answer.value;
    const open = el('button', { onclick: () => void openWrittenFile(ctx.api, path, ctx.notify) }, 'Open');
    result.appendChild(el('div', { class: 'export-done' },
      el('p', {}, 'Written ', el('code', { 'data-export-path': path }, path), ` · ${(bytes / 1024).toFixed(1)} KB in ${((performance.now() - started) / 1000).toFixed(1)} s`),
      el('div', { class: 'actions' }, open),
    ));
    ctx.notify(`Exported ${path}`);
  });

  return { id: 'export', title: 'Export', element, show() {}, hide() {} };
}
