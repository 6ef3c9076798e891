/** The app shell: toolbar, file list, tabs, editor, side panels, status bar, start page, theme; wires the editor features to the core worker and the host. */
import './styles.css';
import type { OpenedRulebook, Result } from '../shared/ipc/contract.js';
import type { SourceRange } from '../shared/model/types.js';
import { LAYOUT_BANNER, layoutTrigger, offerLayout, type LayoutOfferHooks, type LayoutTrigger } from './app/infer-layout.js';
import { WorkbenchLayout } from './app/layout.js';
import { PanelTabs } from './app/panel-tabs.js';
import { appCommands, registerAppCommands } from './app/commands.js';
import { Presence } from './app/presence.js';
import { keepSession } from './app/session-resume.js';
import { Workspace } from './app/workspace.js';
import { getBridge } from './bridge.js';
import { pageSessions } from './page-session.js';
import { createHttpApi } from '../shared/ipc/http-client.js';
import type { EditorContext } from './editor/context.js';
import { fileOf, toRange } from './editor/convert.js';
import { registerCodeActions } from './editor/features/code-actions.js';
import { registerCompletion } from './editor/features/completion.js';
import { registerDefinition } from './editor/features/definition.js';
import { registerDiagnostics } from './editor/features/diagnostics.js';
import { registerHover } from './editor/features/hover.js';
import { registerReferences } from './editor/features/references.js';
import { registerRename } from './editor/features/rename.js';
import { RENUMBER_ACTION_ID, registerRenumber } from './editor/features/renumber.js';
import { registerTableColours } from './editor/features/table-colours.js';
import { registerLanguage, usePrerequisiteLabels } from './editor/language.js';
import { monaco } from './editor/monaco.js';
import { MONACO_THEME, defineThemes, type ThemeName } from './editor/themes.js';
import { deferredPanel } from './panels/deferred.js';
import type { Panel, PanelContext } from './panels/panel.js';
import type { EditorSync } from './panels/editor-sync.js';
import { createProblemsPanel } from './panels/problems.js';
import { closeBanner as closeBannerIn, showBanner, type BannerAction, type BannerOptions } from './ui/banners.js';
import { choose, previewEdits } from './ui/dialogs.js';
import { clear, el, plural } from './ui/dom.js';
import { FileListView } from './ui/file-list.js';
import { CoreClient } from './worker/client.js';
import CoreWorker from './worker/core.worker.ts?worker';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
// A tab left idle past the browser host's limit goes on in a new session on the same book (app/session-resume.ts).
const api = keepSession(getBridge(), { reopen: (host) => workspace.reopenOnHost(host), banner, closeBanner, notify });
const core = new CoreClient(new CoreWorker({ name: 'rulebook-core' }));

// ---- Theme ---------------------------------------------------------------------------------
const THEME_KEY = 'rulebook-studio.theme';
function initialTheme(): ThemeName {
  const stored = localStorage.getItem(THEME_KEY);
  if (stored === 'light' || stored === 'dark') return stored;
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}
let theme = initialTheme();
function applyTheme(next: ThemeName): void {
  theme = next;
  document.documentElement.dataset.theme = next;
  monaco.editor.setTheme(MONACO_THEME[next]);
  localStorage.setItem(THEME_KEY, next);
}

registerLanguage();
defineThemes();
document.documentElement.dataset.theme = theme;

// ---- Status and banners ---------------------------------------------------------------------
let statusTimer: ReturnType<typeof setTimeout> | null = null;
function notify(message: string, kind: 'info' | 'error' = 'info'): void {
  const status = $('status-message');
  status.textContent = message;
  status.className = `status-item grow${kind === 'error' ? ' error-text' : ''}`;
  if (statusTimer) clearTimeout(statusTimer);
  statusTimer = setTimeout(() => (status.textContent = ''), kind === 'error' ? 12_000 : 5000);
}

function banner(id: string, message: string | readonly Node[], actions: readonly BannerAction[], options?: BannerOptions): void {
  showBanner($('banners'), id, message, actions, options);
}
function closeBanner(id: string): void {
  closeBannerIn($('banners'), id);
}

// ---- Editor ---------------------------------------------------------------------------------
const editor = monaco.editor.create($('editor'), {
  model: null,
  theme: MONACO_THEME[theme],
  automaticLayout: true,
  fontFamily: getComputedStyle(document.documentElement).getPropertyValue('--font-mono').trim(),
  fontSize: 14,
  lineHeight: 22,
  wordWrap: 'on',
  wrappingIndent: 'same',
  minimap: { enabled: false },
  scrollBeyondLastLine: false,
  padding: { top: 12, bottom: 12 },
  renderLineHighlight: 'line',
  // No smooth scrolling: Monaco hides or cancels a hover or rename box anchored on a line still scrolling into view.
  smoothScrolling: false,
  // The skills of skill tables are coloured by semantic tokens (features/table-colours.ts).
  'semanticHighlighting.enabled': true,
  glyphMargin: false,
  folding: true,
  lineNumbersMinChars: 4,
  quickSuggestions: { other: false, comments: false, strings: false },
  suggestOnTriggerCharacters: true,
  wordBasedSuggestions: 'off',
  unicodeHighlight: { ambiguousCharacters: false, invisibleCharacters: false },
  stickyScroll: { enabled: true },
  bracketPairColorization: { enabled: false },
  matchBrackets: 'never',
  fixedOverflowWidgets: true,
  // In a shadow root the context menu sits outside `.monaco-editor`, where the theme's menu colours are set:
  // it was drawn with a transparent background over the text.
  useShadowDOM: false,
});

/** `<body data-recovery-checked="<root>">` once the open book's recovery copies were looked at (tests wait for it). */
function recoveryChecked(root: string | null): void {
  if (root === null) delete document.body.dataset.recoveryChecked;
  else document.body.dataset.recoveryChecked = root;
}

const presence: Presence = new Presence((): string | null => workspace.opened?.root ?? null);
const workspace: Workspace = new Workspace(api, core, { notify, banner, closeBanner, changed: () => renderChrome(), openElsewhere: (root) => presence.openElsewhere(root), showDocument: () => showPanel('characters'), recoveryChecked });
const openTabs: string[] = [];
let activeFile: string | null = null;
const viewStates = new Map<string, monaco.editor.ICodeEditorViewState | null>();

function openTab(path: string): void {
  const model = workspace.model(path);
  if (!model) return;
  if (!openTabs.includes(path)) openTabs.push(path);
  if (activeFile !== path) {
    if (activeFile) viewStates.set(activeFile, editor.saveViewState());
    activeFile = path;
    editor.setModel(model);
    const state = viewStates.get(path);
    if (state) editor.restoreViewState(state);
  }
  renderChrome();
}

function closeTab(path: string): void {
  const index = openTabs.indexOf(path);
  if (index === -1) return;
  openTabs.splice(index, 1);
  viewStates.delete(path);
  if (activeFile === path) {
    activeFile = null;
    const next = openTabs[Math.min(index, openTabs.length - 1)];
    if (next) openTab(next);
    else editor.setModel(null);
  }
  renderChrome();
}

function reveal(file: string, range?: monaco.IRange): void {
  openTab(file);
  if (range) {
    editor.setSelection(range);
    // Immediate, not smooth: Monaco cancels a rename (F2) whose box would open on a line still scrolling
    // into view, so a rename right after a jump from a panel silently did nothing.
    editor.revealRangeInCenterIfOutsideViewport(range, monaco.editor.ScrollType.Immediate);
  }
  editor.focus();
}
const jump = (range: SourceRange) => reveal(range.file, toRange(range));

// Go to definition and the references list may point into another file: switch tabs instead of failing.
monaco.editor.registerEditorOpener({
  openCodeEditor(_source, resource, selectionOrPosition) {
    const file = fileOf(resource);
    if (file === null || !workspace.model(file)) return false;
    const range = selectionOrPosition && 'startLineNumber' in selectionOrPosition
      ? selectionOrPosition
      : selectionOrPosition ? { startLineNumber: selectionOrPosition.lineNumber, startColumn: selectionOrPosition.column, endLineNumber: selectionOrPosition.lineNumber, endColumn: selectionOrPosition.column } : undefined;
    reveal(file, range);
    return true;
  },
});

const editorContext: EditorContext = {
  core,
  reveal,
  confirmEdits: (plan) => previewEdits(plan, (file) => workspace.text(file)),
  textOf: (file) => workspace.text(file),
  notify,
};
registerDiagnostics(editorContext);
registerHover(editorContext);
registerDefinition(editorContext);
registerReferences(editorContext);
registerRename(editorContext);
registerCompletion(editorContext);
registerCodeActions(editorContext);
registerRenumber(editorContext, editor);
registerTableColours(editorContext);

// ---- Panels ---------------------------------------------------------------------------------
const panelContext: PanelContext = { core, api, workspace, jump, notify, inferLayout: () => void inferLayout('asked') };
/** The preview's hold on the editor: where it is scrolled to, and scrolling or jumping it to a line. */
const editorSync: EditorSync = {
  view() {
    const model = editor.getModel();
    const file = model ? fileOf(model.uri) : null;
    const top = editor.getVisibleRanges()[0]?.startLineNumber;
    if (!model || file === null || top === undefined) return null;
    const from = editor.getTopForLineNumber(top);
    const to = top < model.getLineCount() ? editor.getTopForLineNumber(top + 1) : from;
    const past = to > from ? Math.min(1, Math.max(0, (editor.getScrollTop() - from) / (to - from))) : 0;
    return { file, topLine: top + past, cursorLine: editor.getPosition()?.lineNumber ?? top };
  },
  onChange(listener) {
    editor.onDidScrollChange(listener);
    editor.onDidChangeModel(listener);
    editor.onDidChangeCursorPosition(listener);
  },
  scrollTo(file, line) {
    const model = editor.getModel();
    if (!model || fileOf(model.uri) !== file) return;
    const whole = Math.min(model.getLineCount(), Math.max(1, Math.floor(line)));
    const from = editor.getTopForLineNumber(whole);
    const to = whole < model.getLineCount() ? editor.getTopForLineNumber(whole + 1) : from;
    editor.setScrollTop(from + (line - whole) * (to - from), monaco.editor.ScrollType.Immediate);
  },
  jumpTo(file, line) {
    reveal(file, { startLineNumber: line, startColumn: 1, endLineNumber: line, endColumn: 1 });
  },
};
// Problems is seen at start; every other panel's code (and elkjs, the Markdown renderer, the diff) loads when first shown.
const changesPanel = deferredPanel('changes', 'Changes', async () => (await import('./panels/changes.js')).createChangesPanel(panelContext));
const searchPanel = deferredPanel('search', 'Search', async () => (await import('./panels/search.js')).createSearchPanel(panelContext));
const exportPanel = deferredPanel('export', 'Export', async () => (await import('./panels/export.js')).createExportPanel(panelContext));
const panels: Panel[] = [
  createProblemsPanel(panelContext),
  searchPanel,
  deferredPanel('outline', 'Outline', async () => (await import('./panels/outline.js')).createOutlinePanel(panelContext)),
  deferredPanel('skills', 'Skills', async () => (await import('./panels/skills.js')).createSkillsPanel(panelContext)),
  deferredPanel('graph', 'Graph', async () => (await import('./panels/graph.js')).createGraphPanel(panelContext)),
  deferredPanel('preview', 'Preview', async () => (await import('./panels/preview.js')).createPreviewPanel(panelContext, editorSync)),
  changesPanel,
  exportPanel,
  deferredPanel('characters', 'Characters', async () => (await import('./panels/characters.js')).createCharactersPanel(panelContext)),
];
let activePanel = panels[0];
for (const panel of panels) {
  panel.element.hidden = true;
  panel.element.dataset.panel = panel.id;
  $('panel-host').appendChild(panel.element);
}
function showPanel(id: string): void {
  const panel = panels.find((p) => p.id === id);
  if (!panel) return;
  activePanel.hide();
  activePanel.element.hidden = true;
  activePanel = panel;
  panel.element.hidden = false;
  panel.show();
  renderPanelTabs();
}
const panelTabs = new PanelTabs({ host: $('panel-tabs'), panels, active: () => activePanel, show: showPanel, alarming: (panel) => panel.id === 'problems' && core.lastFindings.some((f) => f.severity === 'error') });
function renderPanelTabs(): void {
  panelTabs.render();
}

// ---- Layout: resizable, collapsible side columns --------------------------------------------
new WorkbenchLayout({
  workbench: document.querySelector<HTMLElement>('.workbench')!,
  columns: { files: document.querySelector<HTMLElement>('.sidebar')!, panels: document.querySelector<HTMLElement>('.side')! },
  splitters: { files: $('splitter-files'), panels: $('splitter-panels') },
  toggles: { files: $('btn-toggle-files'), panels: $('btn-toggle-panels') },
});

// ---- Chrome: title, files, tabs, status -----------------------------------------------------
/** The book's own title once the core has read it (the file or folder name until then, never the last book's). */
function bookTitle(): string {
  const opened = workspace.opened;
  if (!opened) return 'Rulebook Studio';
  return core.openBookSummary?.title ?? opened.name;
}

const fileList = new FileListView($('file-list'), () => renderChrome());

function renderChrome(): void {
  const opened = workspace.opened;
  const title = bookTitle();
  $('rulebook-title').textContent = title;
  $('rulebook-title').title = opened ? `${title} (${opened.target})` : '';
  document.title = opened ? `${workspace.dirtyPaths().length ? '● ' : ''}${title} — Rulebook Studio` : 'Rulebook Studio';
  const errorsByFile = new Map<string, number>();
  for (const f of core.lastFindings) if (f.severity === 'error') errorsByFile.set(f.range.file, (errorsByFile.get(f.range.file) ?? 0) + 1);
  fileList.render({ paths: workspace.paths, activeFile, errorsByFile, isDirty: (path) => workspace.isDirty(path), open: openTab });
  const tabs = $('tabs');
  clear(tabs);
  for (const path of openTabs) {
    const dirty = workspace.isDirty(path);
    tabs.appendChild(el('div', { class: `tab${path === activeFile ? ' active' : ''}`, role: 'tab', 'data-tab': path, 'aria-selected': String(path === activeFile), onclick: () => openTab(path) },
      el('span', {}, path.split('/').pop() ?? path),
      el('span', { class: 'close', role: 'button', title: dirty ? 'Unsaved changes (still kept when the tab is closed)' : 'Close', 'aria-label': `Close ${path}`, onclick: (e: Event) => { e.stopPropagation(); closeTab(path); } }, dirty ? '●' : '×'),
    ));
  }
  ($('btn-save') as HTMLButtonElement).disabled = !activeFile || !workspace.isDirty(activeFile);
  ($('btn-save-all') as HTMLButtonElement).disabled = workspace.dirtyPaths().length === 0;
  renderPanelTabs();
}

core.onDiagnostics((event) => {
  const errors = event.findings.filter((f) => f.severity === 'error').length;
  const warnings = event.findings.filter((f) => f.severity === 'warning').length;
  const status = $('status-problems');
  clear(status);
  status.appendChild(el('button', { class: 'link', onclick: () => showPanel('problems') },
    el('span', { class: errors ? 'count-error' : '' }, plural(errors, 'error')), ' · ',
    el('span', { class: warnings ? 'count-warning' : '' }, plural(warnings, 'warning'))));
  $('status-timing').textContent = `checked in ${Math.round(event.latencyMs)} ms`;
  const kept = event.timing.keptChunks ? ` · ${event.timing.keptChunks} parts kept from the last session` : '';
  $('status-timing').title = `parse ${event.timing.parseMs.toFixed(1)} ms · link ${event.timing.linkMs.toFixed(1)} ms · lint ${event.timing.lintMs.toFixed(1)} ms · waited ${(event.timing.waitMs ?? 0).toFixed(1)} ms${kept}`;
  renderChrome();
});
core.onSummary(() => renderChrome());
// The editor colours prerequisites under the labels the open book writes them with.
core.onSummary((summary) => usePrerequisiteLabels(summary.prerequisiteLabels));
/** The cursor of the file shown: kept current when the tab or the rulebook changes, not only when the cursor moves. */
function showPosition(): void {
  const position = editor.getModel() ? editor.getPosition() : null;
  $('status-position').textContent = position ? `Ln ${position.lineNumber}, Col ${position.column}` : '';
}
editor.onDidChangeCursorPosition(showPosition);
editor.onDidChangeModel(showPosition);

// ---- Opening ---------------------------------------------------------------------------------
/** The book just opened, until the core's first reading of it says whether to offer to infer its layout. */
let layoutCheck: { readonly version: number; readonly opened: OpenedRulebook } | null = null;

function loadRulebook(opened: OpenedRulebook, options: { readonly offerLayout?: boolean } = {}): void {
  $('start').hidden = true;
  closeBanner(LAYOUT_BANNER);
  openTabs.length = 0;
  activeFile = null;
  viewStates.clear();
  editor.setModel(null);
  workspace.load(opened);
  layoutCheck = options.offerLayout === false ? null : { version: core.currentVersion, opened };
  changesPanel.loaded?.reset();
  void loadLintRules();
  const first = opened.files[0]?.path;
  if (first) openTab(first);
  notify(`Opened ${opened.name}`);
}

const layoutHooks: LayoutOfferHooks = {
  api, workspace, notify,
  showBanner: banner,
  // Just written and reread: offering again would only say it is up to date.
  reload: (opened) => loadRulebook(opened, { offerLayout: false }),
  applied: () => showPanel('skills'),
};

function inferLayout(trigger: LayoutTrigger): Promise<void> {
  if (!workspace.opened) {
    notify('Open a rulebook to infer its layout.', 'error');
    return Promise.resolve();
  }
  return offerLayout(layoutHooks, trigger);
}

// Once per opened book, on the core's first reading of it: a book it reads nothing (or too little) from gets the offer.
core.onSummary((summary, version) => {
  if (!layoutCheck || version < layoutCheck.version) return;
  const { opened } = layoutCheck;
  layoutCheck = null;
  const trigger = layoutTrigger(summary.counts, opened);
  if (trigger && workspace.opened === opened) void inferLayout(trigger);
});

/** Numbers deleted in earlier publications feed number-reused, as `rulebook lint` does from the publication record. */
async function loadLintRules(): Promise<void> {
  const retired = await api.retiredNumbers();
  if (!retired.ok) return notify(retired.error.message, 'error');
  core.setLintRules(retired.value.length ? { 'number-reused': { retired: retired.value.map((r) => ({ ...r })) } } : {});
}

/**
 * Before another rulebook replaces the open one: unsaved edits are saved (Save), dropped with their recovery copies
 * (Don't save), or kept with the book (Cancel, or a save that failed: the person sees why and stays).
 */
async function mayLeave(): Promise<boolean> {
  const dirty = workspace.dirtyPaths();
  if (dirty.length === 0) return true;
  const files = dirty.length === 1 ? dirty[0] : plural(dirty.length, 'file');
  // A one-file book is named by its file: "funjerai.md of funjerai.md" says nothing more.
  const book = workspace.opened?.isFolder ? ` of ${workspace.opened.name}` : '';
  const choice = await choose('Unsaved changes', `Save your changes to ${files}${book} before leaving? Your changes are lost if you don't save them.`, [
    { label: 'Cancel', value: 'cancel' as const },
    { label: "Don't save", value: 'discard' as const },
    { label: 'Save', value: 'save' as const, primary: true },
  ], 'cancel');
  if (choice === 'cancel') return false;
  if (choice === 'save') return workspace.saveAll();
  await workspace.dropUnsaved();
  return true;
}

/** A command's module, loaded on its first use; one that fails to arrive is said in the status bar. */
function loadCommand<T>(load: () => Promise<T>): Promise<T | null> {
  return load().catch((error: unknown) => {
    notify(`This command could not be loaded: ${error instanceof Error ? error.message : String(error)}`, 'error');
    return null;
  });
}

async function runImport(): Promise<void> {
  const [info, command] = await Promise.all([api.hostInfo(), loadCommand(() => import('./app/import.js'))]);
  if (!command) return;
  await command.importCommand({ api, core, nativeDialogs: info.ok && info.value.nativeDialogs, notify, mayLeave, stayed: () => workspace.resumeBackups(), open: loadRulebook });
}

/** One publication at a time: the button says so and stays disabled until the first has finished. */
async function runPublish(): Promise<void> {
  const button = $('btn-publish') as HTMLButtonElement;
  if (button.disabled) return;
  const label = button.textContent;
  button.disabled = true;
  button.textContent = 'Publishing…';
  try {
    const command = await loadCommand(() => import('./app/publish.js'));
    if (!command) return;
    await command.publishCommand({
      api, workspace, jump, notify,
      errors: () => core.lastFindings,
      published: () => {
        changesPanel.loaded?.reset();
        void loadLintRules();
      },
    });
  } finally {
    button.disabled = false;
    button.textContent = label;
  }
}

/**
 * Every way of opening another rulebook (a sample, a recent one, a path, the Open dialog) comes here: unsaved edits
 * are asked about first, and `open` runs only once they are saved or dropped. Cancel returns to the book.
 */
async function openWith(open: () => Promise<Result<OpenedRulebook | null>>): Promise<void> {
  if (!(await mayLeave())) {
    if (workspace.opened) $('start').hidden = true;
    return;
  }
  const answer = await open();
  if (answer.ok && answer.value) return loadRulebook(answer.value);
  // Not replaced after all (a cancelled dialog, a path that is not a rulebook): edits dropped a moment ago are
  // still on screen, and get their recovery copies again.
  workspace.resumeBackups();
  if (!answer.ok) notify(answer.error.message, 'error');
}

async function showStart(): Promise<void> {
  const start = $('start');
  clear(start);
  start.hidden = false;
  const inner = el('div', { class: 'start-inner' },
    el('h1', {}, 'Rulebook Studio'),
    el('p', { class: 'muted' }, 'Write, check and publish your rulebook. Open your own, or start from a sample.'),
  );
  start.appendChild(inner);
  const back = workspace.opened;
  if (back) inner.prepend(el('button', { class: 'link start-back', 'data-action': 'start-back', onclick: () => (start.hidden = true) }, `← Back to ${back.name}`));
  const [info, samples, recent] = await Promise.all([api.hostInfo(), api.listSamples(), api.recentRulebooks()]);
  if (samples.ok && samples.value.length) {
    inner.appendChild(el('h2', {}, 'Samples'));
    inner.appendChild(el('div', { class: 'cards' }, ...samples.value.map((s) =>
      el('button', { class: 'card', 'data-sample': s.id, onclick: () => openWith(() => api.openSample(s.id)) }, el('strong', {}, s.title), el('span', {}, s.description ?? ''))),
    ));
  }
  if (recent.ok && recent.value.length) {
    inner.appendChild(el('h2', {}, 'Recent'));
    inner.appendChild(el('ul', { class: 'recent' }, ...recent.value.map((r) => el('li', {},
      r.exists ? el('button', { class: 'link', onclick: () => openWith(() => api.openRulebook(r.target)) }, r.name) : el('span', { class: 'gone' }, r.name),
      el('span', { class: 'muted' }, r.target),
    ))));
  }
  inner.appendChild(el('h2', {}, 'Open a rulebook'));
  if (info.ok && info.value.nativeDialogs) {
    inner.appendChild(el('button', { class: 'primary', onclick: () => openWith(() => api.openRulebookDialog()) }, 'Choose a file or folder…'));
  } else {
    const input = el('input', { type: 'text', placeholder: '/path/to/rulebook.md or a folder', 'aria-label': 'Rulebook path', spellcheck: 'false' });
    const go = () => input.value.trim() && openWith(() => api.openRulebook(input.value.trim()));
    input.addEventListener('keydown', (e) => e.key === 'Enter' && go());
    inner.appendChild(el('div', { class: 'open-path' }, input, el('button', { class: 'primary', onclick: go }, 'Open')));
  }
  inner.appendChild(el('p', { class: 'muted import-hint' }, 'Have your rules in a Word file, a web page or plain text? ',
    el('button', { class: 'link', 'data-action': 'start-import', onclick: () => void runImport() }, 'Import a document…')));
}

// ---- Commands --------------------------------------------------------------------------------
async function saveActive(): Promise<void> {
  if (activeFile) await workspace.save(activeFile);
}
function rename(): void {
  editor.focus();
  editor.trigger('toolbar', 'editor.action.rename', null);
}
function renumber(): void {
  editor.focus();
  void editor.getAction(RENUMBER_ACTION_ID)?.run();
}
/** Search across files (Ctrl+Shift+F): the Search panel, its box focused, filled with the editor's selection if any. */
async function showSearch(): Promise<void> {
  const selection = editor.getSelection();
  const selected = selection && !selection.isEmpty() && selection.startLineNumber === selection.endLineNumber ? editor.getModel()?.getValueInRange(selection) : undefined;
  showPanel('search');
  (await searchPanel.load()).focus(selected);
}
function toggleTheme(): void {
  applyTheme(theme === 'dark' ? 'light' : 'dark');
}
$('btn-open').addEventListener('click', () => void showStart());
$('btn-save').addEventListener('click', () => void saveActive());
$('btn-save-all').addEventListener('click', () => void workspace.saveAll());
$('btn-rename').addEventListener('click', rename);
$('btn-renumber').addEventListener('click', renumber);
$('btn-theme').addEventListener('click', toggleTheme);
$('btn-import').addEventListener('click', () => void runImport());
$('btn-publish').addEventListener('click', () => void runPublish());

/** Export of one kind from anywhere (the palette): the Export panel shown, its options as set, its replace prompt. */
async function exportKind(value: string): Promise<void> {
  showPanel('export');
  const panel = await exportPanel.load().catch(() => null);
  await panel?.exportKind(value);
}
// The palette (F1) lists these with their keys; the keys work while the editor has the focus (the window's own
// handler below covers the rest of the page).
registerAppCommands(editor, appCommands({
  open: showStart, save: saveActive, saveAll: () => workspace.saveAll(), exportKind, publish: runPublish, import: runImport,
  rename, search: showSearch, toggleTheme, inferLayout: () => inferLayout('asked'), showPanel, panels,
}));
window.addEventListener('keydown', (e) => {
  const mod = e.ctrlKey || e.metaKey;
  if (mod && e.key.toLowerCase() === 's') {
    e.preventDefault();
    if (e.altKey) void workspace.saveAll();
    else void saveActive();
  } else if (mod && e.shiftKey && e.key.toLowerCase() === 'f') {
    e.preventDefault();
    void showSearch();
  } else if (mod && e.key.toLowerCase() === 'o') {
    e.preventDefault();
    void showStart();
  }
});

api.onMenuCommand((command) => {
  switch (command) {
    case 'open': return void showStart();
    case 'save': return void saveActive();
    case 'save-all': return void workspace.saveAll();
    case 'close-tab': return activeFile ? closeTab(activeFile) : undefined;
    case 'find': return editor.trigger('menu', 'actions.find', null);
    case 'replace': return editor.trigger('menu', 'editor.action.startFindReplaceAction', null);
    case 'toggle-theme': return toggleTheme();
    case 'export': return showPanel('export');
    case 'publish': return void runPublish();
    case 'import': return void runImport();
    case 'show-changes': return showPanel('changes');
    case 'infer-layout': return void inferLayout('asked');
    case 'renumber-section': return renumber();
    case 'rename-symbol': return rename();
    case 'go-to-definition': return editor.trigger('menu', 'editor.action.revealDefinition', null);
    case 'show-outline': return showPanel('outline');
    case 'show-problems': return showPanel('problems');
    case 'show-skills': return showPanel('skills');
    case 'show-graph': return showPanel('graph');
    case 'show-preview': return showPanel('preview');
    case 'save-all-then-close':
      return void workspace.saveAll().then((saved) => (saved ? api.closeWindow() : undefined));
    case 'save-all-then-reload':
      return void workspace.saveAll().then((saved) => (saved ? api.reloadWindow() : undefined));
    default:
      return notify(`${command} is not available yet.`);
  }
});

/**
 * Closing or reloading the browser tab. The browser host cannot show its own Save / Don't save / Cancel there: the
 * browser asks (Leave / Cancel) when there are unsaved edits. Leaving is "Don't save", so the recovery copies of the
 * dropped edits go with the page, by requests that outlive it (keepalive). A crash runs none of this: its copies stay.
 * Electron asks in its own close prompt (main/electron/window.ts), which drops the copies the same way.
 */
function askBeforeUnload(): void {
  const leaving = createHttpApi({ session: pageSessions, fetch: (input, init) => fetch(input, { ...init, keepalive: true }) });
  window.addEventListener('beforeunload', (event) => {
    if (workspace.dirtyPaths().length === 0) return;
    event.preventDefault();
    event.returnValue = '';
  });
  window.addEventListener('pagehide', () => {
    for (const path of workspace.abandon()) void leaving.discardBackup(path);
  });
}

// ---- Start ----------------------------------------------------------------------------------
showPanel('problems');
renderChrome();
const hostInfo = await api.hostInfo();
if (hostInfo.ok && hostInfo.value.kind === 'browser') askBeforeUnload();
// Before the first book opens: its chunks are kept between launches under the build the worker runs.
core.keepChunksFor(hostInfo.ok ? hostInfo.value.coreBuild : null);
const current = await api.currentRulebook();
if (current.ok && current.value) loadRulebook(current.value);
else await showStart();
