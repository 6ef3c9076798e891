/**
 * Field lines inside a paragraph, as the Vitality System writes its upgrades: `**Extended Range**`, then `Cost: 2p`,
 * `Effect: …`, `Restriction: …`, one a line with no blank line between. Markdown joins those lines into one ("Effect:
 * Attacks reach 30 spaces Restriction: Ranged attacks only"); a card sets each field on a line of its own, its label
 * bold, as it sets a heading skill's fields.
 */
import type { Field } from '../model/types.js';
import type { Run } from './inline.js';
import type { ProseBlock } from './prose-blocks.js';

/** `blocks` with each paragraph cut where one of `fields` opens a line inside it. */
export function fieldLinesApart(blocks: readonly ProseBlock[], fields: readonly Field[], text: string): ProseBlock[] {
  if (fields.length === 0) return [...blocks];
  return blocks.flatMap((block) => {
    if (block.kind !== 'paragraph' || block.picture) return [block];
    const cuts = fields.filter((f) => f.range.start.offset > block.start && opensLine(text, f.range.start.offset));
    return cuts.length ? cutAt(block, cuts) : [block];
  });
}

/** Whether only spaces, a list marker or emphasis marks stand before `at` on its line. */
function opensLine(text: string, at: number): boolean {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  return /^[ \t]*(?:[-*+][ \t]+)?[*_]*$/.test(text.slice(lineStart, at));
}

function cutAt(block: Extract<ProseBlock, { kind: 'paragraph' }>, cuts: readonly Field[]): ProseBlock[] {
  const pieces: Run[][] = [[]];
  let next = 0;
  const sorted = [...cuts].sort((a, b) => a.range.start.offset - b.range.start.offset);
  for (const run of block.runs) {
    let rest = run;
    while (next < sorted.length && rest.start !== undefined && sorted[next].range.start.offset < rest.start + rest.text.length) {
      const field = sorted[next++];
      const at = Math.max(0, field.range.start.offset - rest.start);
      if (at > 0) pieces[pieces.length - 1].push({ ...rest, text: rest.text.slice(0, at) });
      pieces.push([]);
      rest = { ...rest, text: rest.text.slice(at), start: rest.start + at };
    }
    pieces[pieces.length - 1].push(rest);
  }
  const labelEnds = sorted.map((f) => f.valueRange.start.offset);
  return pieces
    .map((runs, i) => (i === 0 ? runs : boldLabel(runs, labelEnds[i - 1])))
    .map((runs) => trimEnd(runs))
    .filter((runs) => runs.some((r) => r.text.trim()))
    .map((runs, i) => ({ ...block, runs, bullet: i === 0 ? block.bullet : null }));
}

/** The runs with what stands before `valueStart` (the field's label and colon) bold. */
function boldLabel(runs: readonly Run[], valueStart: number): Run[] {
  return runs.flatMap((run) => {
    if (run.start === undefined || run.start >= valueStart) return [run];
    const cut = valueStart - run.start;
    if (cut >= run.text.length) return [{ ...run, bold: true }];
    return [
      { ...run, text: run.text.slice(0, cut), bold: true },
      { ...run, text: run.text.slice(cut), start: valueStart },
    ];
  });
}

/** The soft line break (a space) before the next field, off the end. */
function trimEnd(runs: readonly Run[]): Run[] {
  const out = [...runs];
  while (out.length && !out[out.length - 1].text.trim()) out.pop();
  if (out.length) out[out.length - 1] = { ...out[out.length - 1], text: out[out.length - 1].text.trimEnd() };
  return out;
}
