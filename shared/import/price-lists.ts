/**
 * Price lists are not definitions: a run of bare entries like "Blindness (2 SP)" (no text, no
 * prerequisite, no field), some of which carry the name of a skill described elsewhere, lists names
 * with a price (Funjerai's effect resistances, after the spells of the same names); it does not define
 * those skills a second time. The whole run is kept as a plain list, which the dialect does not read
 * as skills, and reported once, so a rulebook that really sells them separately is one edit away.
 */
import type { Block, ListItem, SkillBlock } from './blocks.js';
import type { ReportBuilder } from './report.js';

function isBare(block: Block): block is SkillBlock {
  return block.kind === 'skill' && block.form === 'list' && !block.text && block.prerequisites.length === 0 && block.fields.length === 0 && block.details.length === 0;
}

export function keepPriceListsAsLists(blocks: readonly Block[], report: ReportBuilder): Block[] {
  const described = new Set(blocks.filter((b): b is SkillBlock => b.kind === 'skill' && !isBare(b)).map((b) => b.name.toLowerCase()));
  const out: Block[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const first = blocks[i];
    if (!isBare(first)) {
      out.push(first);
      continue;
    }
    const run: SkillBlock[] = [];
    for (let k = i; k < blocks.length; k++) {
      const block = blocks[k];
      if (!isBare(block)) break;
      run.push(block);
    }
    const repeated = run.filter((s) => described.has(s.name.toLowerCase())).length;
    if (repeated === 0) {
      out.push(...run);
    } else {
      const items: ListItem[] = run.map((s) => ({ line: s.line, level: 0, text: `${s.name}${s.cost ? ` (${s.cost})` : ''}`, ordered: false }));
      out.push({ kind: 'list', line: first.line, ordered: false, items });
      report.unsure(first.line, items[0].text, `a list of ${run.length} names with prices, ${repeated} of them skills described elsewhere: kept as a list, not as skills`);
    }
    i += run.length - 1;
  }
  return out;
}
