/**
 * Characters panel: the open rulebook's roster (character files under `characters/`), one character at a time with
 * its purchases and every skill of the book to buy next, each judged live by the character check in the core worker
 * (greyed with what is missing). The texts are held by the workspace (renderer/app/workspace.ts, its documents), so
 * unsaved characters follow the app's rules for unsaved work: asked about on leaving, saved by Save all, reported to
 * the host's close prompt, kept in recovery copies. Save writes the file atomically through the host.
 */
import { CHARACTERS_FOLDER, type OpenedRulebook } from '../../shared/ipc/contract.js';
import type { Finding } from '../../shared/lint/types.js';
import type { CharacterFileView, PurchaseLine, SkillOption } from '../../shared/service/index.js';
import { clear, debounce, el, plural } from '../ui/dom.js';
import { isDocumentPath } from '../app/workspace.js';
import { addPurchase, characterFileName, newCharacterText, removePurchase } from './characters-yaml.js';
import { LazyPanelView, type Panel, type PanelContext } from './panel.js';

/** One character file as the panel shows it (its text is the workspace's). */
interface RosterFile {
  readonly path: string;
  /** The check of the text (the selected character's options included when it is in this file). */
  view: CharacterFileView | null;
  /** What `view` was checked for: the text and selection, so an unchanged file is not checked again. */
  checked: string | null;
}

interface Selection {
  readonly path: string;
  readonly index: number;
}

export function createCharactersPanel(ctx: PanelContext): Panel {
  const textOf = (file: RosterFile) => ctx.workspace.text(file.path) ?? '';
  const dirty = (file: RosterFile) => ctx.workspace.isDirty(file.path);
  let files: RosterFile[] = [];
  let loadedFor: OpenedRulebook | null = null;
  let selection: Selection | null = null;
  /** The event new purchases are bought at (null: at creation). */
  let buyAt: string | null = null;
  let loadError: string | null = null;
  /** The book changed since the last check: every file is judged again. */
  let bookChanged = false;

  const picker = el('select', { 'aria-label': 'Character', class: 'character-picker', 'data-role': 'character-picker' });
  const newButton = el('button', { 'data-action': 'new-character', title: 'Create a character in the roster' }, 'New…');
  const saveButton = el('button', { class: 'primary', 'data-action': 'save-character', disabled: true }, 'Save');
  const unsavedMark = el('span', { class: 'character-unsaved', 'data-role': 'unsaved', hidden: true, title: 'This character file has unsaved changes' }, '● Unsaved');
  const nameInput = el('input', { type: 'text', placeholder: 'Character name', 'aria-label': 'New character name', spellcheck: 'false' });
  const createButton = el('button', { class: 'primary', 'data-action': 'create-character' }, 'Create');
  const newForm = el('div', { class: 'character-new', hidden: true }, nameInput, createButton, el('button', { onclick: () => (newForm.hidden = true) }, 'Cancel'));
  const filter = el('input', { type: 'search', placeholder: 'Filter skills', 'aria-label': 'Filter skills', class: 'panel-filter' });
  const content = el('div', { class: 'character-content' });
  const element = el('div', { class: 'panel-body characters-panel' },
    el('div', { class: 'panel-toolbar' }, picker, newButton, saveButton),
    newForm,
    content,
  );

  const selectedFile = () => (selection ? files.find((f) => f.path === selection!.path) ?? null : null);

  /** Checks one file in the worker: the roster's names and counts, and the options when the selection is in it. */
  async function check(file: RosterFile): Promise<void> {
    const select = selection?.path === file.path ? { index: selection.index, event: buyAt } : null;
    const text = textOf(file);
    const key = JSON.stringify([text, select]);
    if (!bookChanged && file.view && file.checked === key) return;
    try {
      file.view = await ctx.core.query({ kind: 'character', file: file.path, text, select });
      file.checked = key;
    } catch (error) {
      file.view = { problem: { message: error instanceof Error ? error.message : String(error), line: 1 }, characters: [], selected: null };
      file.checked = null;
    }
  }

  /**
   * The files the workspace holds that the list lacks (a character recovered after a crash, perhaps a new file never
   * saved): added, and the first of them selected when nothing is.
   */
  function adoptHeld(): void {
    const added: RosterFile[] = [];
    for (const doc of ctx.workspace.documents()) {
      if (!isDocumentPath(doc.path) || files.some((f) => f.path === doc.path)) continue;
      const file: RosterFile = { path: doc.path, view: null, checked: null };
      files.push(file);
      added.push(file);
    }
    // Documents dropped by the workspace (another book opened meanwhile) leave the list.
    files = files.filter((f) => ctx.workspace.document(f.path));
    if (selection && !files.some((f) => f.path === selection!.path)) selection = null;
    const recovered = added.find(dirty);
    if (recovered && !selection) selection = { path: recovered.path, index: 0 };
  }

  async function load(): Promise<void> {
    loadedFor = ctx.workspace.opened;
    files = [];
    selection = null;
    buyAt = null;
    loadError = null;
    if (!loadedFor) return;
    const roster = await ctx.api.listCharacters();
    if (!roster.ok) {
      loadError = roster.error.message;
      return;
    }
    // Another book opened while the roster was read: that book's load has the say.
    if (ctx.workspace.opened !== loadedFor) return;
    for (const unreadable of roster.value.unreadable) ctx.notify(`${unreadable.path}: ${unreadable.message}`, 'error');
    // The workspace keeps a text it holds already (recovered, or edited): the disk's reading never replaces it.
    for (const f of roster.value.files) ctx.workspace.adoptDocument(f);
    files = roster.value.files.map((f) => ({ path: f.path, view: null, checked: null }));
    adoptHeld();
    bookChanged = true;
    await Promise.all(files.map(check));
    bookChanged = false;
    const first = selection ? null : files.find((f) => (f.view?.characters.length ?? 0) > 0);
    if (first) selection = { path: first.path, index: 0 };
    const selected = selectedFile();
    if (selected) await check(selected);
  }

  /** Checks what changed: every file when the book did, else the files whose text or selection did. */
  async function update(): Promise<void> {
    if (ctx.workspace.opened !== loadedFor) await load();
    else {
      adoptHeld();
      await Promise.all(files.map(check));
      bookChanged = false;
    }
    render();
  }
  /** One update at a time: a second asked for while one runs follows it (a roster read must not interleave). */
  let running: Promise<void> = Promise.resolve();
  function refresh(): Promise<void> {
    running = running.then(update, update);
    return running;
  }

  function edit(change: (text: string, index: number) => string): void {
    const file = selectedFile();
    if (!file || !selection) return;
    try {
      ctx.workspace.setDocumentText(file.path, change(textOf(file), selection.index));
    } catch (error) {
      ctx.notify(`Could not change ${file.path}: ${error instanceof Error ? error.message : String(error)}`, 'error');
      return;
    }
    void refresh();
  }

  function buy(option: SkillOption): void {
    edit((text, index) => addPurchase(text, index, { skill: option.name, tier: option.tier, event: buyAt, cost: option.points }));
  }

  function remove(line: PurchaseLine): void {
    edit((text, index) => removePurchase(text, index, line.index));
  }

  /** Saved by the workspace, as a chapter is: conflicts asked about, the recovery copy dropped, the host told. */
  async function save(): Promise<void> {
    const file = selectedFile();
    if (!file || !dirty(file)) return;
    saveButton.disabled = true;
    await ctx.workspace.save(file.path);
    render();
  }

  async function create(): Promise<void> {
    const name = nameInput.value.trim();
    if (!name) return void nameInput.focus();
    const taken = files.map((f) => f.path.slice(CHARACTERS_FOLDER.length + 1));
    const file: RosterFile = { path: `${CHARACTERS_FOLDER}/${characterFileName(name, taken)}`, view: null, checked: null };
    // The title the check compares `rulebook:` with: the book's first analysis may still be on its way.
    const { title } = await ctx.core.bookSummary();
    ctx.workspace.createDocument(file.path, newCharacterText(name, title ?? null));
    files.push(file);
    selection = { path: file.path, index: 0 };
    buyAt = null;
    nameInput.value = '';
    newForm.hidden = true;
    await refresh();
  }

  function renderPicker(): void {
    clear(picker);
    for (const file of files) {
      const characters = file.view?.characters ?? [];
      if (characters.length === 0) {
        picker.appendChild(el('option', { value: `${file.path}#0` }, `${file.path} (unreadable)`));
        continue;
      }
      characters.forEach((c, index) => {
        const counts = c.errors ? ` · ${plural(c.errors, 'error')}` : '';
        picker.appendChild(el('option', { value: `${file.path}#${index}` }, `${dirty(file) ? '● ' : ''}${c.name}${counts}`));
      });
    }
    picker.disabled = files.length === 0;
    if (selection) picker.value = `${selection.path}#${selection.index}`;
  }

  function findingLines(findings: readonly Finding[]): HTMLElement[] {
    return findings.map((f) => el('div', { class: `character-finding ${f.severity}`, 'data-rule': f.ruleId }, f.message.replace(/`/g, '')));
  }

  function renderPoints(view: CharacterFileView, index: number): HTMLElement {
    const c = view.characters[index];
    if (c.earned === null) return el('p', { class: 'muted character-points' }, `${c.spent} points spent. Points are not counted: the book's characters: settings (or the file) give no startingPoints.`);
    const left = c.earned - c.spent;
    return el('p', { class: 'character-points', 'data-role': 'points' },
      el('strong', {}, String(c.spent)), ' spent · ', el('strong', {}, String(c.earned)), ' earned · ',
      el('strong', { class: left < 0 ? 'error-text' : '', 'data-role': 'points-left' }, String(left)), ' left');
  }

  function renderPurchases(lines: readonly PurchaseLine[]): HTMLElement {
    if (lines.length === 0) return el('p', { class: 'muted character-none' }, 'Nothing bought yet: pick skills below.');
    return el('ul', { class: 'character-purchases' }, ...lines.map((line) => el('li', { 'data-purchase': line.label },
      el('div', { class: 'purchase-row' },
        el('span', { class: `purchase-name${line.known ? '' : ' error-text'}` }, line.label),
        el('span', { class: 'muted purchase-event' }, line.event ?? 'creation'),
        el('span', { class: 'num' }, String(line.points)),
        el('button', { class: 'icon-button', title: `Remove ${line.label}`, 'aria-label': `Remove ${line.label}`, 'data-action': 'remove-purchase', onclick: () => remove(line) }, '×')),
      ...findingLines(line.findings),
    )));
  }

  function renderBuyAt(events: readonly string[]): HTMLElement {
    const known = buyAt && !events.includes(buyAt) ? [...events, buyAt] : events;
    const select = el('select', { 'aria-label': 'Buy at', 'data-role': 'buy-at' },
      el('option', { value: '' }, 'At creation'),
      ...known.map((e) => el('option', { value: `event:${e}` }, e)),
      el('option', { value: 'new' }, 'New event…'));
    select.value = buyAt ? `event:${buyAt}` : '';
    const input = el('input', { type: 'text', placeholder: 'Event name', 'aria-label': 'New event name', hidden: true });
    const take = () => {
      const name = input.value.trim();
      if (!name) return;
      buyAt = name;
      void refresh();
    };
    input.addEventListener('keydown', (e) => e.key === 'Enter' && take());
    select.addEventListener('change', () => {
      if (select.value === 'new') {
        input.hidden = false;
        input.focus();
        return;
      }
      buyAt = select.value ? select.value.slice('event:'.length) : null;
      void refresh();
    });
    return el('div', { class: 'character-buy-at' }, el('span', {}, 'Buy at'), select, input);
  }

  function renderOption(option: SkillOption): HTMLElement {
    const label = option.tier ? `${option.name} ${option.tier}` : option.name;
    const cost = option.points !== null ? String(option.points) : option.costText ?? '—';
    const why = option.state === 'owned' ? ['owned'] : option.reasons;
    const button = el('button', {
      class: `skill-option ${option.state}`,
      'data-skill': label,
      'data-state': option.state,
      disabled: option.state !== 'available',
      title: [label, option.costText, ...why, ...option.notes].filter(Boolean).join('\n').replace(/`/g, ''),
      onclick: () => buy(option),
    },
      el('span', { class: 'skill-option-name' }, label, option.owned > 0 && option.state !== 'owned' ? el('span', { class: 'muted' }, ` ×${option.owned}`) : null),
      el('span', { class: 'num' }, cost),
      why.length ? el('span', { class: 'skill-option-why' }, why.join('; ').replace(/`/g, '')) : null,
      option.notes.length && option.state === 'available' ? el('span', { class: 'skill-option-note' }, option.notes.join('; ').replace(/`/g, '')) : null,
    );
    return button;
  }

  function renderOptions(options: readonly SkillOption[]): HTMLElement {
    const query = filter.value.trim().toLowerCase();
    const shown = options.filter((o) => !query || `${o.name}\n${o.category ?? ''}`.toLowerCase().includes(query));
    const list = el('div', { class: 'skill-options', role: 'list' });
    let category: string | null | undefined;
    for (const option of shown) {
      if (option.category !== category) {
        category = option.category;
        list.appendChild(el('div', { class: 'skill-category' }, category ?? 'Other skills'));
      }
      list.appendChild(renderOption(option));
    }
    if (shown.length === 0) list.appendChild(el('p', { class: 'empty' }, options.length ? 'No skill matches the filter.' : 'The book defines no skills.'));
    const available = options.filter((o) => o.state === 'available').length;
    return el('section', {}, el('h3', {}, 'Skills ', el('span', { class: 'muted' }, `${available} of ${options.length} available`)), filter, list);
  }

  function render(): void {
    renderPicker();
    const file = selectedFile();
    const unsaved = !!file && dirty(file);
    saveButton.disabled = !unsaved;
    unsavedMark.hidden = !unsaved;
    element.dataset.unsaved = String(unsaved);
    const scroll = content.scrollTop;
    // The filter is re-placed with the list: typing in it must not lose the focus.
    const typing = document.activeElement === filter;
    clear(content);
    if (!ctx.workspace.opened) return void content.appendChild(el('p', { class: 'empty' }, 'Open a rulebook to see its characters.'));
    if (loadError) return void content.appendChild(el('p', { class: 'empty error-text' }, loadError));
    if (!file || !selection) {
      content.appendChild(el('p', { class: 'empty' }, `No characters yet. Character files (YAML) live in the rulebook's ${CHARACTERS_FOLDER}/ folder: create one with New….`));
      return;
    }
    const view = file.view;
    if (!view) return void content.appendChild(el('p', { class: 'empty' }, 'Checking…'));
    if (view.problem) return void content.appendChild(el('p', { class: 'empty error-text' }, `${file.path}: line ${view.problem.line}: ${view.problem.message}`));
    const character = view.characters[selection.index];
    const selected = view.selected;
    if (!character || !selected) return void content.appendChild(el('p', { class: 'empty' }, 'Checking…'));
    content.append(
      el('header', { class: 'character-head' },
        el('h2', { 'data-role': 'character-name' }, character.name),
        el('span', { class: 'character-file' }, el('span', { class: 'muted' }, [character.player, character.class, file.path].filter(Boolean).join(' · ')), unsavedMark)),
      renderPoints(view, selection.index),
      ...findingLines(character.findings),
      el('section', {}, el('h3', {}, 'Bought ', el('span', { class: 'muted' }, plural(selected.purchases.length, 'purchase'))), renderPurchases(selected.purchases)),
      renderBuyAt(character.events),
      renderOptions(selected.options),
    );
    content.scrollTop = scroll;
    if (typing) filter.focus();
  }

  const lazy = new LazyPanelView(() => void refresh());
  picker.addEventListener('change', () => {
    const [path, index] = [picker.value.slice(0, picker.value.lastIndexOf('#')), Number(picker.value.slice(picker.value.lastIndexOf('#') + 1))];
    selection = { path, index };
    buyAt = null;
    filter.value = '';
    if (selectedFile()) void refresh();
  });
  newButton.addEventListener('click', () => {
    newForm.hidden = !newForm.hidden;
    if (!newForm.hidden) nameInput.focus();
  });
  createButton.addEventListener('click', () => void create());
  nameInput.addEventListener('keydown', (e) => e.key === 'Enter' && void create());
  saveButton.addEventListener('click', () => void save());
  filter.addEventListener('input', debounce(() => render(), 120));
  // The book changed (an edit, another book opened): every character is judged again.
  ctx.core.onSummary(debounce(() => {
    bookChanged = true;
    lazy.invalidate();
  }, 250));
  // Saved (here or by Save all), recovered, reloaded from disk, dropped with the book: shown as the workspace has it.
  ctx.workspace.onDocumentsChanged(() => lazy.invalidate());

  return lazy.panel('characters', 'Characters', element);
}
