/**
 * "Infer this book's layout", the app's `rulebook init`: when a book opens and the core reads no skills and no
 * numbered rules from it, lines that look like skill fields or rule numbers go unread, or its folder's subfolders hold
 * pages it does not read (no `files:` list), a banner shows what init
 * would write (the host plans it from the book as saved) beside what the book would then read as. Apply writes it and
 * reopens the book; Not now leaves everything as it is. Nothing is written without the marshal's word.
 */
import type { LayoutProposal, OpenedRulebook, RulebookBridge } from '../../shared/ipc/contract.js';
import { isMarkdownFile } from '../../shared/model/markdown-files.js';
import type { BannerAction, BannerOptions } from '../ui/banners.js';
import { choose } from '../ui/dialogs.js';
import { el, plural } from '../ui/dom.js';
import type { RulebookSummary } from '../../shared/service/index.js';
import type { Workspace } from './workspace.js';

/** Why the offer is made: nothing read, lines or pages left unread, or the marshal asked for it. */
export type LayoutTrigger = 'nothing-read' | 'unread' | 'unlisted' | 'asked';

export const LAYOUT_BANNER = 'layout';

/** Whether to offer, judged on what the core read from the book as opened; null when it reads the book well. */
export function layoutTrigger(counts: RulebookSummary['counts'], opened: Pick<OpenedRulebook, 'unlistedPages'>): LayoutTrigger | null {
  if (counts.skills === 0 && counts.numbered === 0) return 'nothing-read';
  if (counts.unread > 0) return 'unread';
  // A site's folder opened at its root: its pages below are read only once listed.
  if (opened.unlistedPages > 0) return 'unlisted';
  return null;
}

export interface LayoutOfferHooks {
  readonly api: RulebookBridge;
  readonly workspace: Workspace;
  readonly notify: (message: string, kind?: 'info' | 'error') => void;
  readonly showBanner: (id: string, body: readonly Node[], actions: readonly BannerAction[], options?: BannerOptions) => void;
  /** Loads the reopened book into the editor, without offering again. */
  readonly reload: (opened: OpenedRulebook) => void;
  /** After the settings were written and the book reloaded (the shell shows the Skills panel). */
  readonly applied: () => void;
}

const REASONS: Record<LayoutTrigger, string> = {
  'nothing-read': 'Rulebook Studio reads no skills and no numbered rules from it as it is written.',
  unread: 'Some lines look like skill costs, prerequisites or rule numbers but are not read.',
  unlisted: 'Its subfolders hold pages that are not read until rulebook.yaml lists them.',
  asked: '',
};

/** Asks the host what init would write and shows it; a book already set up, or one init cannot read, gets one line. */
export async function offerLayout(hooks: LayoutOfferHooks, trigger: LayoutTrigger): Promise<void> {
  const book = hooks.workspace.opened;
  const answer = await hooks.api.proposeLayout();
  // Another book was opened while the host was planning: this answer is about the old one.
  if (hooks.workspace.opened !== book) return;
  if (!answer.ok) return hooks.notify(`Could not infer this book's layout: ${answer.error.message}`, 'error');
  const proposal = answer.value;
  if (proposal.status !== 'proposed') {
    hooks.showBanner(LAYOUT_BANNER, [el('p', { 'data-layout-status': proposal.status }, proposal.message)], [{ label: 'OK', run: () => undefined }]);
    return;
  }
  showProposal(hooks, proposal, trigger);
}

function showProposal(hooks: LayoutOfferHooks, proposal: Proposal, trigger: LayoutTrigger): void {
  const problem = el('p', { class: 'error-text', hidden: true, 'data-layout-error': '' });
  const why = [...proposal.reasons, ...proposal.kept];
  const header = [el('p', { class: 'layout-offer-head' }, el('strong', {}, 'Infer this book’s layout?'), REASONS[trigger] ? ` ${REASONS[trigger]}` : '')];
  const body: Node[] = [
    el('p', { class: 'muted' }, ...whatItWrites(proposal)),
    el('div', { class: 'layout-preview' },
      el('section', { 'aria-label': 'What the book would read as' },
        el('h3', {}, 'The book would read as'),
        el('ul', { 'data-layout-reads': '' }, ...proposal.readsAs.map((line) => el('li', {}, ...withCode(line))))),
      el('section', { 'aria-label': `What would be written to ${proposal.path}` },
        el('h3', {}, el('code', {}, proposal.path), proposal.isNew ? ' · new file' : frontMatter(proposal) ? ' · its front matter' : ' · with the new settings'),
        el('pre', { 'data-layout-settings': '' }, proposal.settings.trimEnd()))),
    ...(why.length ? [el('details', { class: 'layout-why' }, el('summary', {}, `Why these settings (${plural(why.length, 'reason')})`), el('ul', {}, ...why.map((r) => el('li', {}, ...withCode(r)))))] : []),
    problem,
  ];
  hooks.showBanner(LAYOUT_BANNER, body, [
    { label: 'Not now', run: () => undefined },
    { label: 'Apply', primary: true, busyLabel: 'Applying…', run: () => apply(hooks, proposal, trigger, problem) },
  ], { className: 'layout-offer', header });
}

type Proposal = Extract<LayoutProposal, { status: 'proposed' }>;

/** A one-file book keeps its settings in its own front matter. */
const frontMatter = (proposal: Proposal) => isMarkdownFile(proposal.path);

/** Where the settings go and what stays untouched, in one sentence. */
function whatItWrites(proposal: Proposal): (string | HTMLElement)[] {
  const file = el('code', {}, proposal.path);
  const how = [', as ', el('code', {}, 'rulebook init'), ' does'];
  if (proposal.isNew) return ['Writes a new ', file, ' in the book’s folder', ...how, '; not a word of your text changes.'];
  if (frontMatter(proposal)) return ['Adds settings to the front matter of ', file, ...how, '; the rest of the file stays exactly as it is.'];
  return ['Adds settings to ', file, ...how, '; your own settings and comments stay, and not a word of your text changes.'];
}

/** Writes the proposal; false keeps the banner open with the reason. */
async function apply(hooks: LayoutOfferHooks, proposal: Proposal, trigger: LayoutTrigger, problem: HTMLElement): Promise<boolean> {
  const dirty = hooks.workspace.dirtyPaths();
  if (dirty.length) {
    // The layout is inferred from the files as saved, and reloading the book would drop unsaved edits.
    const choice = await choose('Save before inferring the layout',
      `The layout is inferred from the book as saved, and ${dirty.length === 1 ? `${dirty[0]} has` : `${plural(dirty.length, 'file')} have`} unsaved changes. Save and look at the proposal again, or cancel.`,
      [{ label: 'Cancel', value: false }, { label: 'Save and review', value: true, primary: true }], false);
    if (!choice) return false;
    if (!(await hooks.workspace.saveAll()) || hooks.workspace.dirtyPaths().length) return false;
    await offerLayout(hooks, trigger);
    return true;
  }
  const answer = await hooks.api.applyLayout(proposal.id);
  if (answer.ok) {
    hooks.reload(answer.value.rulebook);
    // The status bar is plain text: the sentence's code marks (`##`) would show as backticks.
    hooks.notify(`Wrote ${answer.value.path}. ${(answer.value.readsAs[0] ?? '').replace(/`/g, '')}`);
    hooks.applied();
    return true;
  }
  if (answer.error.code === 'conflict') {
    // The book changed on disk since the proposal: show the new one rather than apply what was not seen.
    hooks.notify(answer.error.message);
    await offerLayout(hooks, trigger);
    return true;
  }
  problem.textContent = `Nothing was written: ${answer.error.message}`;
  problem.hidden = false;
  return false;
}

/** A sentence with `code` spans (heading marks, labels, keys) as code elements; the text stays text. */
function withCode(text: string): (string | HTMLElement)[] {
  return text.split('`').map((part, i) => (i % 2 === 1 ? el('code', {}, part) : part)).filter((p) => p !== '');
}
