/**
 * How well real books read: for each book folder given, the skills (with cost, with prerequisites), numbered
 * rules, references and links resolved, and lint findings by rule. `node --import tsx scripts/wild-report.ts <dir…>`.
 */
import { loadRulebook } from '../main/fs/load-rulebook.js';
import { parseRulebook } from '../shared/parse/index.js';
import { linkRulebook } from '../shared/link/index.js';
import { lintRulebook } from '../shared/lint/index.js';

for (const target of process.argv.slice(2)) {
  try {
    const loaded = await loadRulebook(target);
    const model = parseRulebook(loaded.source);
    const linked = linkRulebook(model);
    const skills = model.skills;
    const withCost = skills.filter((s) => s.cost !== null || s.costDetail !== null).length;
    const withPrereq = skills.filter((s) => s.prerequisites.some((p) => p.requirements.length > 0)).length;
    const rules = linked.numberedEntries.length;
    const refs = model.references.length;
    const resolved = linked.resolvedReferences.length;
    const findings = lintRulebook(linked);
    const byRule = new Map<string, number>();
    for (const f of findings) byRule.set(f.ruleId, (byRule.get(f.ruleId) ?? 0) + 1);
    console.log(`${target}: ${skills.length} skills (${withCost} with cost, ${withPrereq} with prerequisites), ${rules} numbered, ${refs} references (${resolved} resolve), ${model.links.length} links`);
    console.log(`   findings: ${[...byRule].map(([k, v]) => `${k} ${v}`).join(', ')}`);
    if (process.env.SHOW) for (const f of findings.filter((f) => !process.env.SHOW || f.ruleId === process.env.SHOW || process.env.SHOW === 'all').slice(0, Number(process.env.N ?? 30))) console.log(`   ${f.range?.file ?? ''}:${f.range?.start.line ?? ''} ${f.ruleId} ${f.message}`);
  } catch (error) {
    console.log(`${target}: ${error instanceof Error ? error.message : error}`);
  }
}
