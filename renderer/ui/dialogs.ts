/** Modal dialogs: a choice between buttons, a text prompt, and the preview of edits before a rename or renumbering. */
import type { TextEdit } from '../../shared/model/edits.js';
import { noteLine } from '../../shared/refactor/notes.js';
import type { PlanNote } from '../../shared/refactor/types.js';
import type { PlannedEdits } from '../../shared/service/index.js';
import { el, plural } from './dom.js';

export interface Choice<T> {
  readonly label: string;
  readonly value: T;
  readonly primary?: boolean;
}

function modal(title: string, body: Node[], buttons: HTMLButtonElement[], onEscape: () => void): { close(): void; dialog: HTMLElement } {
  const dialog = el('div', { class: 'dialog', role: 'dialog', 'aria-modal': 'true', 'aria-label': title }, el('h2', {}, title), ...body, el('div', { class: 'dialog-buttons' }, ...buttons));
  const backdrop = el('div', { class: 'backdrop' }, dialog);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onEscape();
    }
  };
  document.addEventListener('keydown', onKey, true);
  document.body.appendChild(backdrop);
  (buttons.find((b) => b.classList.contains('primary')) ?? buttons[0])?.focus();
  return {
    dialog,
    close() {
      document.removeEventListener('keydown', onKey, true);
      backdrop.remove();
    },
  };
}

/**
 * A dialog with any content and a row of buttons; resolves to the value of the button pressed (or
 * `cancelValue` on Escape). A button's `run` may keep the dialog open by returning false.
 */
export function showDialog<T>(
  title: string,
  body: Node[],
  choices: readonly (Choice<T> & { readonly run?: () => boolean | Promise<boolean> })[],
  cancelValue: T,
  options: { readonly wide?: boolean } = {},
): Promise<T> {
  return new Promise((resolve) => {
    let handle: { close(): void; dialog: HTMLElement };
    const finish = (value: T) => {
      handle.close();
      resolve(value);
    };
    const buttons = choices.map((c) =>
      el('button', { class: c.primary ? 'primary' : '', 'data-choice': String(c.value), onclick: async () => {
        if (c.run && !(await c.run())) return;
        finish(c.value);
      } }, c.label),
    );
    handle = modal(title, body, buttons, () => finish(cancelValue));
    if (options.wide) handle.dialog.classList.add('wide');
  });
}

export function choose<T>(title: string, message: string, choices: readonly Choice<T>[], cancelValue: T): Promise<T> {
  return new Promise((resolve) => {
    let handle: { close(): void };
    const finish = (value: T) => {
      handle.close();
      resolve(value);
    };
    const buttons = choices.map((c) => el('button', { class: c.primary ? 'primary' : '', onclick: () => finish(c.value) }, c.label));
    handle = modal(title, [el('p', {}, message)], buttons, () => finish(cancelValue));
  });
}

export function prompt(title: string, label: string, initial = ''): Promise<string | null> {
  return new Promise((resolve) => {
    let handle: { close(): void };
    const input = el('input', { type: 'text', value: initial, 'aria-label': label, spellcheck: 'false' });
    const finish = (value: string | null) => {
      handle.close();
      resolve(value);
    };
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') finish(input.value);
    });
    const ok = el('button', { class: 'primary', onclick: () => finish(input.value) }, 'OK');
    const cancel = el('button', { onclick: () => finish(null) }, 'Cancel');
    handle = modal(title, [el('label', { class: 'field' }, el('span', {}, label), input)], [cancel, ok], () => finish(null));
    input.focus();
    input.select();
  });
}

/**
 * Shows every edit as its line before and after, grouped by file, under the plan's notes (what to check: a reference's
 * wrong number repaired, say); resolves true when the person applies them.
 */
export function previewEdits({ title, edits, notes }: PlannedEdits, textOf: (file: string) => string | null): Promise<boolean> {
  return new Promise((resolve) => {
    let handle: { close(): void };
    const finish = (value: boolean) => {
      handle.close();
      resolve(value);
    };
    const byFile = new Map<string, TextEdit[]>();
    for (const edit of edits) byFile.set(edit.range.file, [...(byFile.get(edit.range.file) ?? []), edit]);
    const list = el('div', { class: 'edit-preview' });
    for (const [file, fileEdits] of byFile) {
      const text = textOf(file) ?? '';
      const section = el('section', {}, el('h3', {}, file, el('span', { class: 'muted' }, ` · ${plural(fileEdits.length, 'change')}`)));
      for (const edit of [...fileEdits].sort((a, b) => a.range.start.offset - b.range.start.offset).slice(0, 200)) {
        const lineStart = text.lastIndexOf('\n', edit.range.start.offset - 1) + 1;
        const lineEndAt = text.indexOf('\n', edit.range.end.offset);
        const lineEnd = lineEndAt === -1 ? text.length : lineEndAt;
        const before = text.slice(lineStart, edit.range.start.offset);
        const old = text.slice(edit.range.start.offset, edit.range.end.offset);
        const after = text.slice(edit.range.end.offset, lineEnd);
        section.appendChild(
          el('div', { class: 'edit-line' },
            el('span', { class: 'line-no' }, String(edit.range.start.line)),
            el('code', {}, clip(before, 'start'), el('del', {}, old), el('ins', {}, edit.newText), clip(after, 'end')),
          ),
        );
      }
      list.appendChild(section);
    }
    const apply = el('button', { class: 'primary', onclick: () => finish(true) }, `Apply ${plural(edits.length, 'change')}`);
    const cancel = el('button', { onclick: () => finish(false) }, 'Cancel');
    const summary = el('p', {}, `${plural(edits.length, 'change')} in ${plural(byFile.size, 'file')}. Nothing is saved until you save.`);
    handle = modal(title, [summary, ...(notes.length ? [notesBox(notes)] : []), list], [cancel, apply], () => finish(false));
  });
}

/** What a plan asks a person to check, each note at its place ("rules.md:11: …"), worded as the CLI's `note:` lines. */
function notesBox(notes: readonly PlanNote[]): HTMLElement {
  const heading = el('div', { class: 'plan-notes-title' }, notes.length === 1 ? 'Check this' : `Check these ${notes.length}`);
  return el('div', { class: 'plan-notes', role: 'note' }, heading, el('ul', {}, ...notes.map((note) => el('li', { class: 'plan-note' }, noteLine(note)))));
}

function clip(text: string, keep: 'start' | 'end'): string {
  const max = 60;
  if (text.length <= max) return text;
  return keep === 'start' ? `…${text.slice(-max)}` : `${text.slice(0, max)}…`;
}
