/**
 * The Import command: pick a document (a native dialog in Electron; a file input in the browser, the
 * host converting the bytes, .docx included), convert it in the worker with shared/import, preview the
 * Markdown and the report (counts, the lines to check), and on confirm save it as a new rulebook and open it.
 */
import type { ImportSource, OpenedRulebook, RulebookBridge } from '../../shared/ipc/contract.js';
import type { ImportResult } from '../../shared/import/index.js';
import { showDialog } from '../ui/dialogs.js';
import { el, plural } from '../ui/dom.js';
import type { CoreClient } from '../worker/client.js';
import { importFormatOf, rulebookFileName } from '../../shared/service/index.js';

export interface ImportHooks {
  readonly api: RulebookBridge;
  readonly core: CoreClient;
  readonly nativeDialogs: boolean;
  readonly notify: (message: string, kind?: 'info' | 'error') => void;
  /** Asks about unsaved work before another rulebook replaces the open one; false stops the import. */
  readonly mayLeave: () => Promise<boolean>;
  /** The open rulebook stays after all (a failed or cancelled create): edits dropped on leaving get their recovery copies again. */
  readonly stayed: () => void;
  readonly open: (opened: OpenedRulebook) => void;
}

const ACCEPT = '.txt,.md,.markdown,.html,.htm,.docx';
const PREVIEW_LINES = 400;

export async function importCommand(hooks: ImportHooks): Promise<void> {
  const source = hooks.nativeDialogs ? await chooseNative(hooks) : await chooseInBrowser(hooks);
  if (!source) return;
  hooks.notify(`Converting ${source.name}…`);
  let result: ImportResult | null;
  try {
    result = await hooks.core.query({ kind: 'import', text: source.text, format: importFormatOf(source.format), name: source.name });
  } catch (error) {
    return hooks.notify(`Could not convert ${source.name}: ${(error as Error).message}`, 'error');
  }
  if (!result) return;
  const fileName = el('input', { type: 'text', value: rulebookFileName(source.name), 'aria-label': 'New rulebook file name', spellcheck: 'false' });
  const problem = el('p', { class: 'error-text', hidden: true });
  const confirmed = await showDialog(`Import ${source.name}`, [...describe(result, source.notes), el('label', { class: 'field' }, el('span', {}, 'Save as'), fileName), problem], [
    { label: 'Cancel', value: false },
    { label: 'Create rulebook', value: true, primary: true, run: async () => {
      let name = fileName.value.trim();
      if (!/\.md$/i.test(name)) name += '.md';
      if (!(await hooks.mayLeave())) return false;
      const created = await hooks.api.createRulebook(name, result.markdown);
      if (!created.ok || !created.value) hooks.stayed();
      if (!created.ok) {
        problem.textContent = created.error.message;
        problem.hidden = false;
        return false;
      }
      if (created.value) {
        hooks.open(created.value);
        hooks.notify(`Imported ${source.name} as ${created.value.target}`);
      }
      return true;
    } },
  ], false, { wide: true });
  if (!confirmed) hooks.notify('Import cancelled.');
}

/** The preview: counts, what was recognised, the lines to check (with their line numbers), then the Markdown itself. */
export function describe(result: ImportResult, notes: readonly string[] = []): HTMLElement[] {
  const { counts, recognised, unsure } = result.report;
  const summary = el('p', { 'data-import-counts': '' },
    `${plural(counts.sections, 'section')}, ${plural(counts.rules, 'numbered rule')}, ${plural(counts.skills, 'skill')}, ${plural(counts.tables, 'table')}` +
      (counts.glossaryTerms ? `, ${plural(counts.glossaryTerms, 'glossary term')}` : '') + '.');
  const parts: HTMLElement[] = [summary];
  if (recognised.length) parts.push(el('p', { class: 'muted' }, `Read as: ${recognised.join(', ')}.`));
  for (const note of notes) parts.push(el('p', { class: 'error-text', 'data-import-note': '' }, `Note: ${note}.`));
  if (unsure.length) {
    parts.push(el('details', { class: 'import-unsure', open: unsure.length <= 12 },
      el('summary', {}, `${plural(unsure.length, 'line')} to check after importing`),
      el('ul', {}, ...unsure.slice(0, 200).map((u) => el('li', { 'data-unsure-line': String(u.line) }, el('span', { class: 'line-no' }, `line ${u.line}`), ` ${u.reason}: `, el('code', {}, u.text))))));
  } else parts.push(el('p', { class: 'good-text' }, 'No unsure lines.'));
  const unknown = result.report.unknownPrerequisites;
  if (unknown.length) {
    parts.push(el('details', { class: 'import-unsure', 'data-import-unknown': '', open: unknown.length <= 12 },
      el('summary', {}, `${plural(unknown.length, 'prerequisite')} name no skill of the rulebook`),
      el('p', { class: 'muted' }, 'List the ones that are not skills (a permission, a spell level) under conditions: in the front matter; correct the others.'),
      el('ul', {}, ...unknown.slice(0, 200).map((u) => el('li', {}, el('code', {}, u.name), u.places > 1 ? ` ×${u.places}` : '')))));
  }
  const lines = result.markdown.split('\n');
  const shown = lines.slice(0, PREVIEW_LINES).join('\n') + (lines.length > PREVIEW_LINES ? `\n… ${lines.length - PREVIEW_LINES} more lines` : '');
  parts.push(el('pre', { class: 'import-markdown', 'data-import-markdown': '' }, shown));
  return parts;
}

async function chooseNative(hooks: ImportHooks): Promise<ImportSource | null> {
  const answer = await hooks.api.chooseImportFile();
  if (!answer.ok) {
    hooks.notify(answer.error.message, 'error');
    return null;
  }
  return answer.value;
}

/** A file input; the host decodes the bytes (strict UTF-8, .docx through mammoth) so both hosts read documents alike. */
function chooseInBrowser(hooks: ImportHooks): Promise<ImportSource | null> {
  return new Promise((resolve) => {
    const input = el('input', { type: 'file', accept: ACCEPT, hidden: true, 'data-import-input': '' });
    document.body.appendChild(input);
    input.addEventListener('cancel', () => {
      input.remove();
      resolve(null);
    });
    input.addEventListener('change', async () => {
      const file = input.files?.[0];
      input.remove();
      if (!file) return resolve(null);
      const answer = await hooks.api.convertImportFile(file.name, toBase64(new Uint8Array(await file.arrayBuffer())));
      if (!answer.ok) {
        hooks.notify(answer.error.message, 'error');
        return resolve(null);
      }
      resolve(answer.value);
    });
    input.click();
  });
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode with millions of arguments overflows the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
