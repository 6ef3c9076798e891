/** Export panel: every export kind with its options; writes into the rulebook folder through the host and opens the result. */
import type { ExportRequest } from '../../shared/ipc/contract.js';
import { defaultExportPath } from '../../shared/ipc/export-name.js';
import { plural } from '../../shared/model/plural.js';
import { openWrittenFile } from '../app/open-file.js';
import { choose } from '../ui/dialogs.js';
import { clear, el } from '../ui/dom.js';
import { EXPORT_KINDS as KINDS } from './export-kinds.js';
import type { Panel, PanelContext } from './panel.js';

export interface ExportPanel extends Panel {
  /** Chooses a kind (a value of EXPORT_KINDS) and exports it with the options shown, as the Export button does. */
  exportKind(value: string): Promise<void>;
}

function field(label: string, control: HTMLElement, hint?: string): HTMLElement {
  return el('label', { class: 'field' }, el('span', {}, label), control, hint ? el('small', { class: 'muted' }, hint) : null);
}

/** Warnings shown in full; the rest (a book with many unresolved references) folds under "N more". */
const WARNINGS_SHOWN = 3;

/**
 * What the export itself said, the book's unreadable settings first (main/publish/setting-warnings.ts), as
 * `rulebook export` prints it: a setting left out of a printed book must not go unnoticed.
 */
function exportWarnings(warnings: readonly string[]): HTMLElement | null {
  if (warnings.length === 0) return null;
  const line = (text: string) => el('li', { class: 'export-warning', 'data-export-warning': '' }, text);
  const rest = warnings.slice(WARNINGS_SHOWN);
  return el('div', { class: 'export-warnings' },
    el('p', { class: 'export-warnings-title' }, `Exported with ${plural(warnings.length, 'warning')}:`),
    el('ul', {}, ...warnings.slice(0, WARNINGS_SHOWN).map(line)),
    rest.length ? el('details', {}, el('summary', {}, plural(rest.length, 'more warning')), el('ul', {}, ...rest.map(line))) : null,
  );
}

export function createExportPanel(ctx: PanelContext): ExportPanel {
  const kind = el('select', { 'aria-label': 'What to export' }, ...KINDS.map((k) => el('option', { value: k.value }, k.label)));
  const help = el('p', { class: 'muted' });
  const paper = el('select', { 'aria-label': 'Paper' }, el('option', { value: 'a4' }, 'A4'), el('option', { value: 'letter' }, 'US Letter'), el('option', { value: 'a5' }, 'A5'));
  const fontSize = el('input', { type: 'number', min: '6', max: '16', step: '0.5', value: '10', 'aria-label': 'Font size' });
  const chapters = el('input', { type: 'text', placeholder: 'e.g. 2, 3 or Magic', 'aria-label': 'Chapters' });
  const categories = el('input', { type: 'text', placeholder: 'e.g. General skills', 'aria-label': 'Categories' });
  const output = el('input', { type: 'text', 'aria-label': 'Output file', spellcheck: 'false' });
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
    // The file the host writes when the box is left empty: named by kind, so two kinds never share a file.
    output.placeholder = defaultExportPath(ctx.workspace.opened?.name ?? 'rulebook', info.kind, info.kind === 'pdf' ? info.value : null);
  };
  kind.addEventListener('change', sync);
  sync();

  /** The host refuses to replace a file; the person is asked, and only Replace sends the request again. */
  const exportOnce = async (request: ExportRequest) => {
    const answer = await ctx.api.exportRulebook(request);
    if (answer.ok || answer.error.code !== 'exists') return answer;
    const target = request.output ?? output.placeholder;
    const choice = await choose('Replace export?', `${target} already exists. Replace it with this export?`, [
      { label: 'Cancel', value: 'cancel' as const },
      { label: 'Replace', value: 'replace' as const, primary: true },
    ], 'cancel');
    return choice === 'replace' ? ctx.api.exportRulebook({ ...request, replace: true }) : null;
  };

  const run = async () => {
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
    const answer = await exportOnce({ kind: info.kind, output: output.value.trim() || null, unsaved: ctx.workspace.unsaved(), options }).finally(() => {
      button.disabled = false;
      button.textContent = 'Export';
    });
    if (answer === null) {
      result.appendChild(el('p', { class: 'muted' }, 'Not exported: the existing file was kept.'));
      return;
    }
    if (!answer.ok) {
      result.appendChild(el('p', { class: 'error-text' }, answer.error.message));
      return;
    }
    const { path, bytes, warnings } = answer.value;
    const open = el('button', { onclick: () => void openWrittenFile(ctx.api, path, ctx.notify) }, 'Open');
    result.appendChild(el('div', { class: 'export-done' },
      el('p', {}, 'Written ', el('code', { 'data-export-path': path }, path), ` · ${(bytes / 1024).toFixed(1)} KB in ${((performance.now() - started) / 1000).toFixed(1)} s`),
      el('div', { class: 'actions' }, open),
    ));
    const said = exportWarnings(warnings);
    if (said) result.appendChild(said);
    ctx.notify(warnings.length ? `Exported ${path} with ${plural(warnings.length, 'warning')}` : `Exported ${path}`);
  };
  button.addEventListener('click', () => void run());

  const exportKind = async (value: string) => {
    if (!KINDS.some((k) => k.value === value)) throw new Error(`no export kind ${value}`);
    if (button.disabled) return;
    kind.value = value;
    sync();
    await run();
  };

  // The default name follows the book: another rulebook may have been opened since the panel was made.
  return { id: 'export', title: 'Export', element, show: sync, hide() {}, exportKind };
}
