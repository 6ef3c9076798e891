/**
 * Characters panel: the open rulebook's roster (character files under `characters/`), one character at a time with
 * its purchases and every skill of the book to buy next, each judged live by the character check in the core worker
 * (greyed with what is missing). Edits stay in the panel until Save writes the file atomically through the host.
 */
import { CHARACTERS_FOLDER, type FileVersion, type OpenedRulebook } from '../../shared/ipc/contract.js';
import type { Finding } from '../../shared/lint/types.js';
import type { CharacterFileView, PurchaseLine, SkillOption } from '../../shared/service/index.js';
import { clear, debounce, el, plural } from '../ui/dom.js';
import { addPurchase, characterFileName, newCharacterText, removePurchase } from './characters-yaml.js';
import { LazyPanelView, type Panel, type PanelContext } from './panel.js';

/** One character file as the panel holds it: its text now, and what is on disk. */
interface RosterFile {
  readonly path: string;
  text: string;
  /** The text on disk, null for a file not saved yet. */
  saved: string | null;
  version: FileVersion | null;
  /** The check of `text` (the selected character's options included when it is in this file). */
  view: CharacterFileView | null;
}

interface Selection {
  readonly path: string;
  readonly index: number;
}

const dirty = (file: RosterFile) => file.saved === null || file.text !== file.saved;

export function createCharactersPanel(ctx: PanelContext): Panel {
  let files: RosterFile[] = [];
  let loadedFor: OpenedRulebook | null = null;
  let selection: Selection | null = null;
  /** The event new purchases are bought at (null: at creation). */
  let buyAt: string | null = null;
  let loadError: string | null = null;
  let isBrowser = false;

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
    try {
      file.view = await ctx.core.query({ kind: 'character', file: file.path, text: file.text, select });
    } catch (error) {
      file.view = { problem: { message: error instanceof Error ? error.message : String(error), line: 1 }, characters: [], selected: null };
    }
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
    for (const unreadable of roster.value.unreadable) ctx.notify(`${unreadable.path}: ${unreadable.message}`, 'error');
    files = roster.value.files.map((f) => ({ path: f.path, text: f.text, saved: f.text, version: f.version, view: null }));
    await Promise.all(files.map(check));
    const first = files.find((f) => (f.view?.characters.length ?? 0) > 0);
    if (first) {
      selection = { path: first.path, index: 0 };
      await check(first);
    }
  }

  /** Re-checks everything (the book changed) or, after an edit, the file edited. */
  async function refresh(only?: RosterFile): Promise<void> {
    if (ctx.workspace.opened !== loadedFor) await load();
    else await Promise.all((only ? [only] : files).map(check));
    render();
  }

  function edit(change: (text: string, index: number) => string): void {
    const file = selectedFile();
    if (!file || !selection) return;
    try {
      file.text = change(file.text, selection.index);
    } catch (error) {
      ctx.notify(`Could not change ${file.path}: ${error instanceof Error ? error.message : String(error)}`, 'error');
      return;
    }
    void refresh(file);
  }

  function buy(option: SkillOption): void {
    edit((text, index) => addPurchase(text, index, { skill: option.name, tier: option.tier, event: buyAt, cost: option.points }));
  }

  function remove(line: PurchaseLine): void {
    edit((text, index) => removePurchase(text, index, line.index));
  }

  async function save(): Promise<void> {
    const file = selectedFile();
    if (!file || !dirty(file)) return;
    const text = file.text;
    saveButton.disabled = true;
    const result = await ctx.api.saveFile(file.path, text, file.version);
    if (result.ok) {
      file.saved = text;
      file.version = result.value.version;
      ctx.notify(`Saved ${file.path}`);
    } else {
      ctx.notify(`Could not save ${file.path}: ${result.error.message}`, 'error');
    }
    render();
  }

  async function create(): Promise<void> {
    const name = nameInput.value.trim();
    if (!name) return void nameInput.focus();
    const taken = files.map((f) => f.path.slice(CHARACTERS_FOLDER.length + 1));
    const file: RosterFile = { path: `${CHARACTERS_FOLDER}/${characterFileName(name, taken)}`, text: newCharacterText(name, ctx.core.lastSummary?.title ?? null), saved: null, version: null, view: null };
    files.push(file);
    selection = { path: file.path, index: 0 };
    buyAt = null;
    nameInput.value = '';
    newForm.hidden = true;
    await refresh(file);
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
      void refresh(selectedFile() ?? undefined);
    };
    input.addEventListener('keydown', (e) => e.key === 'Enter' && take());
    select.addEventListener('change', () => {
      if (select.value === 'new') {
        input.hidden = false;
        input.focus();
        return;
      }
      buyAt = select.value ? select.value.slice('event:'.length) : null;
      void refresh(selectedFile() ?? undefined);
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
    const file = selectedFile();
    if (file) void refresh(file);
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
  ctx.core.onSummary(debounce(() => lazy.invalidate(), 250));

  // The browser asks before a tab with unsaved characters closes, as it does for unsaved chapters (main.ts). Electron's
  // close prompt knows only the editor's files: its window would be kept open silently by a beforeunload refusal.
  void ctx.api.hostInfo().then((info) => (isBrowser = info.ok && info.value.kind === 'browser'));
  window.addEventListener('beforeunload', (event) => {
    if (!isBrowser || !files.some(dirty)) return;
    event.preventDefault();
    event.returnValue = '';
  });

  return {
    id: 'characters',
    title: 'Characters',
    element,
    show: lazy.show,
    hide: lazy.hide,
  };
}
