/**
 * Search panel: find (and replace) across every file of the rulebook, results grouped by file, each a link into the
 * text. A replacement is previewed as a rename is (the same dialog), applied through the same multi-file route,
 * and undone in every file at once by Undo replace.
 */
import { applyWorkspaceEdit } from '../editor/features/renumber.js';
import { toWorkspaceEdit } from '../editor/convert.js';
import type { monaco } from '../editor/monaco.js';
import { previewEdits } from '../ui/dialogs.js';
import { clear, debounce, el, plural } from '../ui/dom.js';
import { LazyPanelView, type Panel, type PanelContext } from './panel.js';
import { replacementEdits, searchFiles, type FileMatches, type SearchOutcome } from './search-engine.js';

export interface SearchPanel extends Panel {
  /** Puts the cursor in the search box (Ctrl+Shift+F), with `text` in it when given. */
  focus(text?: string): void;
}

/** One replacement across files: each file's model and its version right after, so Undo replace knows nothing came since. */
interface AppliedReplace {
  readonly files: readonly { readonly path: string; readonly model: monaco.editor.ITextModel; readonly after: number }[];
  readonly count: number;
}

const countMatches = (n: number) => `${n} ${n === 1 ? 'match' : 'matches'}`;

/** Results shown per file before "Show all" (a file with hundreds of hits would bury the next file). */
const SHOWN_PER_FILE = 50;

export function createSearchPanel(ctx: PanelContext): SearchPanel {
  const input = el('input', { type: 'search', placeholder: 'Search all files', 'aria-label': 'Search', spellcheck: 'false' });
  const replaceInput = el('input', { type: 'text', placeholder: 'Replace with', 'aria-label': 'Replace', spellcheck: 'false' });
  const option = (label: string, title: string) => {
    const box = el('input', { type: 'checkbox', 'aria-label': label });
    return { box, element: el('label', { class: 'check', title }, box, label) };
  };
  const matchCase = option('Match case', 'Only where the letters have the same case');
  const wholeWord = option('Whole word', 'Only where the match is a whole word');
  const regex = option('Regex', 'A regular expression; the replacement may use $1, $<name>');
  const replaceAll = el('button', { 'data-action': 'replace-all', disabled: '' }, 'Replace all…');
  const summary = el('p', { class: 'muted search-summary', 'aria-live': 'polite' });
  const undoBar = el('div', { class: 'search-undo', hidden: '' });
  const results = el('div', { class: 'search-results' });
  const element = el('div', { class: 'panel-body search-panel' },
    el('div', { class: 'search-form' },
      input,
      el('div', { class: 'search-replace' }, replaceInput, replaceAll),
      el('div', { class: 'search-options' }, matchCase.element, wholeWord.element, regex.element),
    ),
    summary, undoBar, results,
  );

  let outcome: SearchOutcome = { ok: true, files: [], total: 0, truncated: false };
  let applied: AppliedReplace | null = null;
  const expanded = new Set<string>();

  const query = () => ({ text: input.value, regex: regex.box.checked, matchCase: matchCase.box.checked, wholeWord: wholeWord.box.checked });

  const render = () => {
    outcome = searchFiles(ctx.workspace.source().files, query(), replaceInput.value);
    clear(results);
    replaceAll.toggleAttribute('disabled', !outcome.ok || outcome.total === 0 || outcome.truncated);
    if (!outcome.ok) {
      summary.className = 'error-text search-summary';
      summary.textContent = outcome.message;
      return;
    }
    summary.className = 'muted search-summary';
    summary.textContent = input.value === ''
      ? 'Type to search every file of the rulebook.'
      : outcome.total === 0 ? 'No matches.'
      : `${countMatches(outcome.total)} in ${plural(outcome.files.length, 'file')}${outcome.truncated ? ' (the first ones only: narrow the search to replace)' : ''}`;
    const replacing = replaceInput.value !== '' || document.activeElement === replaceInput;
    for (const file of outcome.files) results.appendChild(fileGroup(file, replacing));
  };

  const fileGroup = (file: FileMatches, replacing: boolean): HTMLElement => {
    const list = el('ul', { class: 'search-hits' });
    const shown = expanded.has(file.file) ? file.matches : file.matches.slice(0, SHOWN_PER_FILE);
    for (const match of shown) {
      const before = match.lineText.slice(0, match.lineStart);
      const hit = match.lineText.slice(match.lineStart, match.lineEnd);
      const after = match.lineText.slice(match.lineEnd);
      // The line around the match, cut to what fits: the match itself is always in view.
      const lead = before.length > 16 ? `…${before.slice(-16).trimStart()}` : before.trimStart();
      list.appendChild(el('li', {}, el('button', { class: 'search-hit', 'data-search-hit': `${file.file}:${match.range.start.line}`, title: `${file.file}, line ${match.range.start.line}`, onclick: () => ctx.jump(match.range) },
        el('span', { class: 'line-no' }, String(match.range.start.line)),
        el('span', { class: 'search-line' }, lead, el(replacing ? 'del' : 'mark', {}, hit), replacing ? el('ins', {}, match.replacement) : null, after.slice(0, 200)),
      )));
    }
    const more = file.matches.length - shown.length;
    if (more > 0) {
      list.appendChild(el('li', {}, el('button', { class: 'link', onclick: () => { expanded.add(file.file); lazy.invalidate(); } }, `Show ${more} more`)));
    }
    return el('section', { class: 'search-file', 'data-search-file': file.file },
      el('h3', {}, el('span', { class: 'name' }, file.file), el('span', { class: 'badge' }, String(file.matches.length))), list);
  };

  const lazy = new LazyPanelView(render);
  const research = debounce(() => lazy.invalidate(), 150);
  for (const control of [input, replaceInput]) control.addEventListener('input', research);
  for (const box of [matchCase.box, wholeWord.box, regex.box]) box.addEventListener('change', () => lazy.invalidate());
  replaceInput.addEventListener('focus', () => lazy.invalidate());
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      const first = outcome.ok ? outcome.files[0]?.matches[0] : undefined;
      if (first) ctx.jump(first.range);
    }
  });
  // The texts change as the person types in the editor: the results follow after a pause.
  ctx.core.onSummary(debounce(() => lazy.invalidate(), 400));

  const showUndo = (done: AppliedReplace) => {
    clear(undoBar);
    undoBar.hidden = false;
    undoBar.appendChild(el('span', {}, `Replaced ${countMatches(done.count)} in ${plural(done.files.length, 'file')}.`));
    undoBar.appendChild(el('button', { 'data-action': 'undo-replace', onclick: undoReplace }, 'Undo replace'));
  };

  replaceAll.addEventListener('click', async () => {
    lazy.invalidate();
    if (!outcome.ok || outcome.total === 0 || outcome.truncated) return;
    const edits = replacementEdits(outcome.files);
    const title = `Replace “${input.value}” with “${replaceInput.value}”`;
    if (!(await previewEdits({ title, edits, notes: [] }, (file) => ctx.workspace.text(file)))) return;
    // The preview was of these texts: a keystroke since would misplace the edits, so plan again and compare.
    const again = searchFiles(ctx.workspace.source().files, query(), replaceInput.value);
    if (!again.ok || JSON.stringify(replacementEdits(again.files)) !== JSON.stringify(edits)) {
      ctx.notify('The text changed while the preview was open; nothing was replaced. Look again and replace.', 'error');
      lazy.invalidate();
      return;
    }
    applyWorkspaceEdit(toWorkspaceEdit(edits));
    const files = outcome.files.flatMap((f) => {
      const model = ctx.workspace.model(f.file);
      return model ? [{ path: f.file, model, after: model.getAlternativeVersionId() }] : [];
    });
    applied = { files, count: edits.length };
    showUndo(applied);
    ctx.notify(`Replaced ${countMatches(edits.length)} in ${plural(files.length, 'file')}. Nothing is saved until you save.`);
    lazy.invalidate();
  });

  /** Undoes the whole replacement in every file, or none of it when a file was edited since (its Ctrl+Z is then the way). */
  function undoReplace(): void {
    const done = applied;
    if (!done) return;
    const changed = done.files.filter((f) => f.model.isDisposed() || f.model.getAlternativeVersionId() !== f.after).map((f) => f.path);
    if (changed.length) {
      ctx.notify(`Not undone: ${changed.join(', ')} changed since the replace. Undo there with Ctrl+Z.`, 'error');
      return;
    }
    for (const f of done.files) void f.model.undo();
    applied = null;
    undoBar.hidden = true;
    ctx.notify(`Undid the replacement in ${plural(done.files.length, 'file')}.`);
    lazy.invalidate();
  }

  return lazy.panel('search', 'Search', element, {
    badge: () => (lazy.visible && outcome.ok && outcome.total ? String(outcome.total) : null),
    focus(text?: string) {
      if (text !== undefined && text !== '') {
        input.value = text;
        lazy.invalidate();
      }
      input.focus();
      input.select();
    },
  });
}
