/**
 * The Publish command: publishing works on the files as saved, so unsaved edits are saved first (or the
 * command stops, saying why); the host lints, writes the PDFs, the changelog and the publication record.
 * A refusal lists the errors, each a link to its place.
 */
import type { RulebookBridge } from '../../shared/ipc/contract.js';
import type { Finding } from '../../shared/lint/types.js';
import type { SourceRange } from '../../shared/model/types.js';
import { choose, showDialog } from '../ui/dialogs.js';
import { el, plural } from '../ui/dom.js';
import { openWrittenFile } from './open-file.js';
import type { Workspace } from './workspace.js';

export interface PublishHooks {
  readonly api: RulebookBridge;
  readonly workspace: Workspace;
  /** The editor's current errors (the same linter as the host's, with the same retired numbers). */
  readonly errors: () => readonly Finding[];
  readonly jump: (range: SourceRange) => void;
  readonly notify: (message: string, kind?: 'info' | 'error') => void;
  /** After a publication: the record changed (retired numbers, the base of the Changes panel). */
  readonly published: () => void;
}

export async function publishCommand(hooks: PublishHooks): Promise<void> {
  const { api, workspace } = hooks;
  if (!workspace.opened) return hooks.notify('Open a rulebook to publish it.', 'error');
  const dirty = workspace.dirtyPaths();
  if (dirty.length) {
    const choice = await choose(
      'Save before publishing',
      `Publishing uses the files as saved on disk, and ${dirty.length === 1 ? `${dirty[0]} has` : `${plural(dirty.length, 'file')} have`} unsaved changes. Save ${dirty.length === 1 ? 'it' : 'them'} and publish, or cancel and publish later.`,
      [
        { label: 'Cancel', value: 'cancel' as const },
        { label: 'Save and publish', value: 'save' as const, primary: true },
      ],
      'cancel',
    );
    if (choice === 'cancel') return hooks.notify('Not published: there are unsaved changes.');
    if (!(await workspace.saveAll()) || workspace.dirtyPaths().length) return hooks.notify('Not published: saving did not finish.', 'error');
  }
  hooks.notify('Publishing…');
  const answer = await api.publishRulebook();
  if (!answer.ok) return showRefusal(hooks, answer.error.message);
  const { written, previous, warnings } = answer.value;
  hooks.published();
  hooks.notify(`Published: ${plural(written.length, 'file')} written.`);
  const list = el('ul', { class: 'written-list', 'data-published': '' }, ...written.map((path) =>
    el('li', {}, el('code', {}, path), /\.(pdf|md|json)$/i.test(path) ? el('button', { class: 'small', onclick: () => void openWrittenFile(api, path, hooks.notify) }, 'Open') : null)));
  await showDialog('Published', [
    el('p', {}, previous ? `Compared with ${previous}: the changelog and the players' handout are among the files.` : 'This is the first publication: the next one will be compared with it.'),
    list,
    ...warnings.map((w) => el('p', { class: 'muted' }, w)),
  ], [{ label: 'Close', value: true, primary: true }], true);
}

async function showRefusal(hooks: PublishHooks, message: string): Promise<void> {
  const errors = hooks.errors().filter((f) => f.severity === 'error');
  const list = el('div', { class: 'refusal-list' }, ...errors.slice(0, 100).map((f) =>
    el('button', { class: 'problem error', 'data-refusal': f.ruleId, onclick: () => {
      closeDialog();
      hooks.jump(f.range);
    } },
      el('span', { class: 'severity-dot error', 'aria-label': 'error' }),
      el('span', { class: 'problem-message' }, f.message),
      el('span', { class: 'problem-meta' }, `${f.range.file}:${f.range.start.line} · ${f.ruleId}`))));
  let closeDialog = () => undefined as void;
  const shown = showDialog('Not published', [el('p', { class: 'error-text', 'data-refusal-message': '' }, message), errors.length ? list : el('span')], [{ label: 'Close', value: true, primary: true }], true);
  closeDialog = () => (document.querySelector('.backdrop [data-choice="true"]') as HTMLButtonElement | null)?.click();
  await shown;
}
