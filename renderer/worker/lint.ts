/**
 * Findings for the editor. Until the linter's engine (shared/lint/index.ts) lands, a minimal stand-in
 * turns the linker's facts into findings so squiggles and quick fixes work; replaced by lintRulebook.
 */
import type { LinkedRulebook } from '../../shared/link/types.js';
import type { Finding } from '../../shared/lint/types.js';

export function lintForEditor(linked: LinkedRulebook): Finding[] {
  const findings: Finding[] = [];
  for (const d of linked.model.diagnostics) {
    findings.push({ ruleId: 'parse-problem', severity: d.code === 'lint-control-invalid' ? 'warning' : 'error', message: d.message, range: d.range });
  }
  for (const miss of linked.unresolvedPrerequisites) {
    const best = miss.suggestions[0];
    findings.push({
      ruleId: 'unknown-prerequisite',
      severity: 'error',
      message: best ? `Unknown prerequisite \`${miss.term.text}\`, did you mean \`${best}\`?` : `Unknown prerequisite \`${miss.term.text}\``,
      range: miss.term.range,
      suggestions: miss.suggestions.map((name) => ({ title: `Change to \`${name}\``, edits: [{ range: miss.term.range, newText: name }] })),
    });
  }
  for (const miss of linked.unresolvedReferences) {
    const ref = miss.reference;
    findings.push({
      ruleId: 'unknown-reference',
      severity: 'warning',
      message: `\`${ref.text}\` names no ${ref.kind === 'skill' ? 'skill' : 'section or rule'}`,
      range: ref.targetRange,
      suggestions: miss.suggestions.map((s) => ({ title: `Change to \`${s}\``, edits: [{ range: ref.targetRange, newText: s }] })),
    });
  }
  for (const dup of linked.duplicateSkills) {
    for (const skill of dup.definitions.slice(1)) {
      findings.push({ ruleId: 'duplicate-skill', severity: dup.agree ? 'info' : 'warning', message: `\`${skill.name}\` is defined more than once`, range: skill.nameRange });
    }
  }
  for (const cycle of linked.cycles) {
    const first = cycle.skills[0];
    findings.push({ ruleId: 'prerequisite-cycle', severity: 'error', message: `Prerequisite cycle: ${[...cycle.skills, first].map((s) => s.name).join(' → ')}`, range: first.nameRange });
  }
  return findings;
}
