/** Problems panel: every finding, filtered by severity and rule, grouped by file; click one to jump to it. */
import type { Finding } from '../../shared/lint/types.js';
import type { Severity } from '../../shared/model/types.js';
import { clear, el, plural } from '../ui/dom.js';
import { LazyPanelView, type Panel, type PanelContext } from './panel.js';

const MAX_ROWS = 1000;
const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];
const LABEL: Record<Severity, string> = { error: 'Errors', warning: 'Warnings', info: 'Info' };

export function createProblemsPanel(ctx: PanelContext): Panel {
  const shown = new Set<Severity>(SEVERITIES);
  const severityButtons = new Map<Severity, HTMLButtonElement>();
  const ruleSelect = el('select', { 'aria-label': 'Filter by rule' }, el('option', { value: '' }, 'All rules'));
  const toolbar = el('div', { class: 'panel-toolbar' });
  for (const severity of SEVERITIES) {
    const button = el('button', { class: `chip ${severity} on`, 'aria-pressed': 'true', onclick: () => {
      if (shown.has(severity)) shown.delete(severity);
      else shown.add(severity);
      button.classList.toggle('on', shown.has(severity));
      button.setAttribute('aria-pressed', String(shown.has(severity)));
      lazy.invalidate();
    } });
    severityButtons.set(severity, button);
    toolbar.appendChild(button);
  }
  toolbar.appendChild(ruleSelect);
  const list = el('div', { class: 'problem-list', role: 'list' });
  const element = el('div', { class: 'panel-body' }, toolbar, list);
  let findings: readonly Finding[] = [];

  const updateRules = () => {
    const rules = [...new Set(findings.map((f) => f.ruleId))].sort();
    const current = ruleSelect.value;
    clear(ruleSelect);
    ruleSelect.appendChild(el('option', { value: '' }, 'All rules'));
    for (const rule of rules) ruleSelect.appendChild(el('option', { value: rule }, `${rule} (${findings.filter((f) => f.ruleId === rule).length})`));
    ruleSelect.value = rules.includes(current) ? current : '';
  };

  const lazy = new LazyPanelView(() => {
    for (const severity of SEVERITIES) {
      const n = findings.filter((f) => f.severity === severity).length;
      severityButtons.get(severity)!.textContent = `${LABEL[severity]} ${n}`;
    }
    updateRules();
    clear(list);
    const rule = ruleSelect.value;
    const selected = findings.filter((f) => shown.has(f.severity) && (!rule || f.ruleId === rule));
    if (findings.length === 0) {
      list.appendChild(el('p', { class: 'empty good' }, 'No problems found. The rulebook reads cleanly.'));
      return;
    }
    if (selected.length === 0) {
      list.appendChild(el('p', { class: 'empty' }, 'No problems match the filter.'));
      return;
    }
    let file = '';
    for (const finding of selected.slice(0, MAX_ROWS)) {
      if (finding.range.file !== file) {
        file = finding.range.file;
        list.appendChild(el('h3', { class: 'problem-file' }, file));
      }
      list.appendChild(
        el('button', { class: `problem ${finding.severity}`, role: 'listitem', 'data-rule': finding.ruleId, onclick: () => ctx.jump(finding.range) },
          el('span', { class: `severity-dot ${finding.severity}`, title: finding.severity, 'aria-label': finding.severity }),
          el('span', { class: 'problem-message' }, finding.message),
          el('span', { class: 'problem-meta' }, `${finding.ruleId} · ${finding.range.start.line}:${finding.range.start.column}`),
        ),
      );
    }
    if (selected.length > MAX_ROWS) list.appendChild(el('p', { class: 'empty' }, `…and ${plural(selected.length - MAX_ROWS, 'more problem')}. Filter to see them.`));
  });
  ruleSelect.addEventListener('change', () => lazy.invalidate());
  ctx.core.onDiagnostics((event) => {
    findings = event.findings;
    lazy.invalidate();
  });

  return lazy.panel('problems', 'Problems', element, {
    badge: () => (findings.length ? String(findings.length) : null),
  });
}
