/**
 * Changes panel: the working copy compared with the last publication or a git revision (shared/diff, in
 * the worker). Renumbered rules collapse into runs ("201.3–201.5 renumbered +1"), each expandable to its
 * full list; the impact list offers each sure fix as a button that edits the open files (unsaved, undoable).
 * Review asks the host for what `rulebook review` reports on the same comparison (findings the change
 * introduces and fixes), and copies its Markdown for a pull request or an e-mail to the other marshals.
 */
import type { EntryChange, EntrySummary, ImpactItem, TextChange, WordPart } from '../../shared/diff/types.js';
import { condenseWords } from '../../shared/diff/format-text.js';
import { quietTextDifferences, textChangeName, textCounts, textSectionLabel } from '../../shared/diff/text-notes.js';
import type { ChangeReview, ReviewFinding, RulebookTexts } from '../../shared/ipc/contract.js';
import { toWorkspaceEdit } from '../editor/convert.js';
import { applyWorkspaceEdit } from '../editor/features/renumber.js';
import { clear, debounce, el, plural, thousands } from '../ui/dom.js';
import { describeSkillChange, impactKey, type ChangesView } from '../../shared/service/index.js';
import { LazyPanelView, type Panel, type PanelContext } from './panel.js';

const PUBLICATION = 'publication';
const MAX_ENTRIES = 300;

export interface ChangesPanel extends Panel {
  /** Forgets the older version (a new rulebook was opened, or one was just published) and reloads the choices. */
  reset(): void;
}

export function createChangesPanel(ctx: PanelContext): ChangesPanel {
  const base = el('select', { 'aria-label': 'Compare with', 'data-changes-base': '' });
  const refresh = el('button', { title: 'Compare again' }, 'Refresh');
  const reviewButton = el('button', { title: 'What `rulebook review` reports: the findings this change introduces and fixes, as Markdown to copy', 'data-action': 'review' }, 'Review');
  const toolbar = el('div', { class: 'panel-toolbar' }, el('span', { class: 'muted' }, 'Compare with'), base, refresh, reviewButton);
  const reviewBox = el('div', { class: 'changes-review', 'data-review': '', 'aria-live': 'polite' });
  const body = el('div', { class: 'changes-list', 'aria-live': 'polite' });
  const element = el('div', { class: 'panel-body' }, toolbar, reviewBox, body);
  let choicesLoaded = false;
  let older: RulebookTexts | null = null;
  let olderFor = '';
  let view: ChangesView | null = null;
  let generation = 0;

  const message = (text: string, kind = '') => {
    clear(body);
    body.appendChild(el('p', { class: `empty ${kind}` }, text));
  };

  async function loadChoices(): Promise<void> {
    choicesLoaded = true;
    const current = base.value;
    clear(base);
    base.appendChild(el('option', { value: PUBLICATION }, 'Last publication'));
    const revisions = await ctx.api.listRevisions();
    if (revisions.ok) {
      for (const r of revisions.value.slice(0, 50)) {
        base.appendChild(el('option', { value: r.hash }, `${r.hash.slice(0, 7)} · ${r.date.slice(0, 10)} · ${r.subject.slice(0, 60)}`));
      }
    }
    if ([...base.options].some((o) => o.value === current)) base.value = current;
  }

  /** The older version's texts, read from the host once per choice. */
  async function readOlder(): Promise<RulebookTexts | null | string> {
    if (older && olderFor === base.value) return older;
    const answer = base.value === PUBLICATION ? await ctx.api.readLastPublication() : await ctx.api.readRevision(base.value);
    if (!answer.ok) return answer.error.message;
    older = answer.value;
    olderFor = base.value;
    return older;
  }

  async function compare(): Promise<void> {
    if (!ctx.workspace.opened) return message('Open a rulebook to see what changed.');
    const mine = ++generation;
    if (!choicesLoaded) await loadChoices();
    const texts = await readOlder();
    if (mine !== generation) return;
    if (typeof texts === 'string') return message(texts, 'error-text');
    if (texts === null) {
      return message(base.options.length > 1
        ? 'This rulebook was never published. Choose a git revision above, or publish it to compare later editions with this one.'
        : 'This rulebook was never published and is not in a git repository. Publish it, and the next edition will be compared with this one.');
    }
    const answer = await ctx.core.query({ kind: 'compare', older: texts });
    if (mine !== generation || answer === null) return; // the text changed meanwhile: a newer comparison follows
    view = answer;
    render(answer);
  }

  const lazy = new LazyPanelView(() => void compare().catch((error: Error) => message(`Could not compare: ${error.message}`, 'error-text')));

  function render(v: ChangesView): void {
    clear(body);
    const s = v.summary;
    const parts = [
      s.added && plural(s.added, 'addition'), s.removed && plural(s.removed, 'removal'), s.changed && `${s.changed} changed`,
      s.moved && `${s.moved} moved`, s.renumbered && `${s.renumbered} renumbered`, s.referencesUpdated && `${plural(s.referencesUpdated, 'reference')} updated`,
      (s.skillsAdded + s.skillsRemoved + s.skillsRenamed + s.skillsChanged) && plural(s.skillsAdded + s.skillsRemoved + s.skillsRenamed + s.skillsChanged, 'skill change'),
      textCounts(s) && `other text: ${textCounts(s)}`,
    ].filter(Boolean) as string[];
    // "No changes" only of equal texts; a difference no list shows (formatting, followed references) is named.
    const quiet = quietTextDifferences(s);
    const nothing = v.identical === null ? 'No changes to rules, headings or skills.' : v.identical ? 'No changes.' : quiet ?? 'No changes in the words.';
    body.appendChild(el('div', { class: 'changes-summary' },
      el('p', {}, 'Since ', el('strong', {}, v.label)),
      el('p', { class: 'muted', 'data-changes-summary': '' }, parts.length ? parts.join(' · ') : nothing),
    ));
    if (v.impact.length) {
      const section = group('Needs attention', v.impact.length, 'impact');
      for (const item of v.impact) section.appendChild(impactRow(item));
      body.appendChild(section);
    }
    if (v.runs.length) {
      const section = group('Renumbered', v.runs.length, 'runs');
      for (const run of v.runs) {
        const list = el('ol', { class: 'run-list' }, ...run.entries.map((e) => el('li', {}, el('span', { class: 'old-number' }, e.old), ' → ', el('span', { class: 'new-number' }, e.new))));
        section.appendChild(el('details', { class: 'run', 'data-run': run.label }, el('summary', {}, run.label, el('span', { class: 'muted' }, ` · ${run.count} ${run.count === 1 ? 'entry' : 'entries'}`)), list));
      }
      body.appendChild(section);
    }
    if (v.entries.length) {
      const section = group('Rules and headings', v.entries.length, 'entries');
      for (const change of v.entries.slice(0, MAX_ENTRIES)) section.appendChild(entryRow(change));
      if (v.entries.length > MAX_ENTRIES) section.appendChild(el('p', { class: 'empty' }, `…and ${v.entries.length - MAX_ENTRIES} more. The changelog from Publish lists them all.`));
      body.appendChild(section);
    }
    if (v.skills.length) {
      const section = group('Skills', v.skills.length, 'skills');
      for (const change of v.skills) {
        const at = change.type === 'removed' ? null : change.new.range;
        section.appendChild(el('button', { class: `change-row ${change.type}`, 'data-skill-change': change.type, disabled: at === null, onclick: () => at && ctx.jump(at) },
          el('span', { class: `change-kind ${change.type}` }, change.type), el('span', { class: 'change-text' }, describeSkillChange(change))));
      }
      body.appendChild(section);
    }
    if (v.text.length) body.appendChild(textGroup(v));
  }

  function textGroup(v: ChangesView): HTMLElement {
    const count = v.text.reduce((n, t) => n + t.changes.length, 0);
    const section = group('Other text', count, 'text');
    let shown = 0;
    for (const t of v.text) {
      if (shown >= MAX_ENTRIES) break;
      section.appendChild(el('h4', { class: 'changes-section muted', 'data-text-section': t.path.join(' › ') }, textSectionLabel(t)));
      for (const change of t.changes.slice(0, MAX_ENTRIES - shown)) section.appendChild(textRow(change));
      shown += t.changes.length;
    }
    if (count > MAX_ENTRIES) section.appendChild(el('p', { class: 'empty' }, `…and ${count - MAX_ENTRIES} more. \`rulebook diff\` lists them all.`));
    return section;
  }

  function textRow(change: TextChange): HTMLElement {
    const at = change.type === 'removed' ? null : change.new.range;
    const row = el('button', { class: `change-row ${change.type}`, 'data-text-change': change.type, disabled: at === null, onclick: () => at && ctx.jump(at) },
      el('span', { class: `change-kind ${change.type}` }, change.type),
      el('span', { class: 'change-number' }, textChangeName(change).replace(/^(New|Removed|Moved) /, '')));
    const text = el('span', { class: 'change-text' });
    if (change.type === 'changed') appendWords(text, condenseWords(change.words, 10));
    else text.append(excerpt(change.type === 'removed' ? change.old.text : change.new.text));
    row.appendChild(text);
    return row;
  }

  function group(title: string, count: number, id: string): HTMLElement {
    return el('section', { class: 'changes-group', 'data-group': id }, el('h3', { class: 'panel-title' }, `${title} (${count})`));
  }

  function impactRow(item: ImpactItem): HTMLElement {
    const row = el('div', { class: 'impact', 'data-impact': item.kind },
      el('button', { class: 'link impact-message', onclick: () => ctx.jump(item.range) }, item.message),
      el('span', { class: 'muted impact-where' }, `${item.range.file}:${item.range.start.line}`));
    if (item.fix.length && item.replacement !== null) {
      row.appendChild(el('button', { class: 'primary small', 'data-action': 'apply-fix', onclick: () => void applyFix(item) }, `Change to ${item.replacement}`));
    }
    return row;
  }

  /** Applies an impact fix to the open files. The fix is re-planned on the current text first, so typing since the comparison cannot misplace it. */
  async function applyFix(item: ImpactItem): Promise<void> {
    if (!older) return;
    const fresh = await ctx.core.query({ kind: 'compare', older });
    if (!fresh) return ctx.notify('The text changed while checking the fix; try again.', 'error');
    const same = fresh.impact.find((i) => impactKey(i) === impactKey(item) && i.fix.length);
    if (!same) {
      view = fresh;
      render(fresh);
      return ctx.notify('That reference was already changed.');
    }
    applyWorkspaceEdit(toWorkspaceEdit(same.fix));
    ctx.notify(`${same.holder}: now refers to ${same.replacement}. Not saved yet; Undo reverts it.`);
    ctx.jump(same.range);
  }

  function entryRow(change: EntryChange): HTMLElement {
    const entry: EntrySummary = change.type === 'removed' ? change.old : change.new;
    const label = change.type === 'removed' || change.type === 'added' ? entry.number
      : change.old.number === change.new.number ? entry.number : `${change.old.number} → ${change.new.number}`;
    const row = el('button', { class: `change-row ${change.type}`, 'data-entry-change': change.type, disabled: change.type === 'removed', onclick: () => change.type !== 'removed' && ctx.jump(change.new.range) },
      el('span', { class: `change-kind ${change.type}` }, change.type),
      el('span', { class: 'change-number' }, label));
    const text = el('span', { class: 'change-text' });
    if (change.type === 'changed') appendWords(text, change.words);
    else if (change.type === 'moved') text.append(`${excerpt(entry.text)} (from ${change.fromParent ?? 'top level'} to ${change.toParent ?? 'top level'})`);
    else text.append(excerpt(entry.text));
    row.appendChild(text);
    return row;
  }

  /** Asks the host for the review of the open texts (unsaved ones included) against the chosen version. */
  async function review(): Promise<void> {
    if (!ctx.workspace.opened) return;
    if (!choicesLoaded) await loadChoices();
    clear(reviewBox);
    reviewBox.appendChild(el('p', { class: 'muted' }, 'Reviewing…'));
    const answer = await ctx.api.reviewChanges(base.value === PUBLICATION ? 'publication' : base.value, ctx.workspace.unsaved());
    clear(reviewBox);
    if (!answer.ok) {
      reviewBox.appendChild(el('p', { class: 'empty error-text' }, answer.error.message));
      return;
    }
    renderReview(answer.value);
  }

  function renderReview(r: ChangeReview): void {
    const verdict = r.failed
      ? `This change introduces ${plural(r.introduced.filter((f) => f.severity === 'error').length, 'error')}.`
      : r.introduced.length ? `No new errors; ${plural(r.introduced.length, 'new finding')}.` : 'This change introduces no findings.';
    const copy = el('button', { class: 'primary small', 'data-action': 'copy-review', onclick: () => void copyMarkdown(r.markdown) }, 'Copy Markdown');
    reviewBox.append(
      el('p', { class: r.failed ? 'error-text' : '', 'data-review-verdict': r.failed ? 'failed' : 'passed' }, el('strong', {}, verdict), ` Since ${r.label}.`),
      el('p', { class: 'muted' }, [
        plural(r.fixed.length, 'finding') + ' fixed',
        plural(r.brokenReferences, 'broken reference') + (r.brokenReferences ? ` (${r.fixableReferences} with a sure fix)` : ''),
      ].join(' · ')),
    );
    if (r.introduced.length) reviewBox.appendChild(findingList('New findings', r.introduced, 'introduced'));
    if (r.fixed.length) reviewBox.appendChild(findingList('Fixed', r.fixed, 'fixed'));
    reviewBox.appendChild(el('div', { class: 'panel-toolbar' }, copy, el('button', { class: 'small', onclick: () => clear(reviewBox) }, 'Close')));
  }

  function findingList(title: string, findings: readonly ReviewFinding[], id: string): HTMLElement {
    return el('section', { class: 'changes-group', 'data-review-group': id },
      el('h3', { class: 'panel-title' }, `${title} (${findings.length})`),
      el('ul', { class: 'review-findings' }, ...findings.map((f) => el('li', { class: `severity-${f.severity}` },
        el('span', { class: 'muted' }, `${f.file}:${f.line} `), f.message, el('span', { class: 'muted' }, ` ${f.ruleId}`)))));
  }

  async function copyMarkdown(markdown: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(markdown);
      ctx.notify(`Review copied as Markdown (${thousands(markdown.length)} characters).`);
    } catch (error) {
      ctx.notify(`Could not copy the review: ${(error as Error).message}`, 'error');
    }
  }

  reviewButton.addEventListener('click', () => void review().catch((error: Error) => ctx.notify(`Could not review: ${error.message}`, 'error')));

  const again = debounce(() => lazy.invalidate(), 700);
  ctx.core.onSummary(() => {
    if (older !== null || lazy.visible) again();
  });
  base.addEventListener('change', () => lazy.invalidate());
  refresh.addEventListener('click', () => {
    older = null;
    choicesLoaded = false;
    lazy.invalidate();
  });

  return lazy.panel('changes', 'Changes', element, {
    badge: () => (view?.impact.length ? String(view.impact.length) : null),
    reset() {
      older = null;
      olderFor = '';
      view = null;
      choicesLoaded = false;
      clear(reviewBox);
      lazy.invalidate();
    },
  });
}

function excerpt(text: string, max = 140): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function appendWords(into: HTMLElement, words: readonly WordPart[]): void {
  for (const part of words) {
    if (part.op === 'same') into.append(part.text);
    else into.appendChild(el(part.op === 'added' ? 'ins' : 'del', {}, part.text));
  }
}
