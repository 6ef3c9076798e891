/**
 * `<!-- lint disable|enable|ignore … -->` applied after the rules ran, as a filter: rules never see
 * comments, and a suppressed finding costs nothing but a comparison.
 */
import type { LintControl, Skill, SourceRange } from '../model/types.js';
import type { Finding } from './types.js';

/** Rule ids the comments name, with the comment they appear in (for unknown-id reports). */
export function namedRuleIds(controls: readonly LintControl[]): Array<{ id: string; control: LintControl }> {
  return controls.flatMap((control) => control.ruleIds.map((id) => ({ id, control })));
}

/**
 * What an ignore covers: the next block, or the whole entry when that block is the heading of a heading
 * skill. A heading skill's Cost:/Effect: lines are blocks of their own, yet a marshal who writes the
 * comment above `### Familiar` means the Familiar entry, not only its title line.
 */
function ignoredRange(target: SourceRange, headingSkills: ReadonlyMap<string, SourceRange>): SourceRange {
  return headingSkills.get(`${target.file}#${target.start.line}`) ?? target;
}

/** Whether `finding` is silenced by a disable (still in force where it starts) or an ignore covering it. */
function makeIsSilenced(controls: readonly LintControl[], skills: readonly Skill[]): (finding: Finding) => boolean {
  const headingSkills = new Map<string, SourceRange>();
  for (const skill of skills) if (skill.form === 'heading') headingSkills.set(`${skill.range.file}#${skill.range.start.line}`, skill.range);
  const byFile = new Map<string, LintControl[]>();
  for (const control of controls) {
    const list = byFile.get(control.range.file);
    if (list) list.push(control);
    else byFile.set(control.range.file, [control]);
  }
  for (const list of byFile.values()) list.sort((a, b) => a.range.start.offset - b.range.start.offset);
  return (finding) => {
    const list = byFile.get(finding.range.file);
    if (!list) return false;
    const at = finding.range.start.offset;
    let allDisabled = false;
    // Per-rule state set after the last blanket disable/enable; absent means "follow the blanket state".
    let ruleState: boolean | undefined;
    for (const control of list) {
      if (control.kind === 'ignore') {
        const target = control.target && ignoredRange(control.target, headingSkills);
        if (target && at >= target.start.offset && at < Math.max(target.end.offset, target.start.offset + 1)) {
          if (control.ruleIds.length === 0 || control.ruleIds.includes(finding.ruleId)) return true;
        }
        continue;
      }
      if (control.range.start.offset > at) continue;
      const disable = control.kind === 'disable';
      if (control.ruleIds.length === 0) {
        allDisabled = disable;
        ruleState = undefined;
      } else if (control.ruleIds.includes(finding.ruleId)) ruleState = disable;
    }
    return ruleState ?? allDisabled;
  };
}

/** Drops silenced findings. Files without lint comments are passed through untouched. */
export function applySuppressions(findings: readonly Finding[], controls: readonly LintControl[], exempt: ReadonlySet<string>, skills: readonly Skill[] = []): Finding[] {
  if (controls.length === 0) return [...findings];
  const isSilenced = makeIsSilenced(controls, skills);
  return findings.filter((f) => exempt.has(f.ruleId) || !isSilenced(f));
}
