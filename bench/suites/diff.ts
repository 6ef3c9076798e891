/**
 * Comparing two versions of the 1 MB generated rulebook with a few hundred edits between them: rules
 * reworded, inserted and deleted (each section renumbered after, as an editor would), skill costs changed
 * and skills renamed. The target is for comparison plus change impact: at most 2.0× a bare remark+GFM parse of
 * one version (it was "under 2 s", about two such parses here), interleaved round by round with that parse.
 * Reading a version (parse + link) is the core's cost and is printed apart.
 */
import { generateRulebook, random } from '../generate.js';
import { report, timeInterleaved, type Suite } from '../harness.js';
import { BASELINES, size } from '../texts.js';
import { changeImpact, compareRulebooks } from '../../shared/diff/index.js';
import { linkRulebook } from '../../shared/link/index.js';
import { parseRulebook } from '../../shared/parse/index.js';

/** A new edition: the same book with `edits` changes spread through it, sections renumbered afterwards. */
export function nextEdition(text: string, edits: number, seed = 7): { text: string; made: Record<string, number> } {
  const next = random(seed);
  const lines = text.split('\n');
  const made = { reworded: 0, inserted: 0, deleted: 0, costs: 0, renamed: 0 };
  const ruleLines = lines.map((l, i) => (/^\d+\.\d+\.\d+ /.test(l) ? i : -1)).filter((i) => i >= 0);
  const skillLines = lines.map((l, i) => (/^- \*\*[^*]+\*\* \(\d+ SP\)/.test(l) ? i : -1)).filter((i) => i >= 0);
  for (let k = 0; k < edits; k++) {
    const kind = next();
    if (kind < 0.4) {
      const i = ruleLines[Math.floor(next() * ruleLines.length)];
      lines[i] = lines[i].replace(/ (\w+)\.$/, ' $1 and shouts.');
      made.reworded++;
    } else if (kind < 0.55) {
      const i = ruleLines[Math.floor(next() * ruleLines.length)];
      lines[i] = `${lines[i].split(' ')[0]} A brand new rule number ${k} about marshal calls and safety.\n\n${lines[i]}`;
      made.inserted++;
    } else if (kind < 0.7) {
      const i = ruleLines[Math.floor(next() * ruleLines.length)];
      lines[i] = '';
      made.deleted++;
    } else if (kind < 0.9) {
      const i = skillLines[Math.floor(next() * skillLines.length)];
      lines[i] = lines[i].replace(/\((\d+) SP\)/, (_, n: string) => `(${Number(n) + 1} SP)`);
      made.costs++;
    } else {
      const i = skillLines[Math.floor(next() * skillLines.length)];
      lines[i] = lines[i].replace(/^- \*\*([^*]+)\*\*/, `- **$1 Renamed${k}**`);
      made.renamed++;
    }
  }
  // Renumber each section's rules in order, as an editor's renumber command would.
  const out = lines.join('\n').split('\n');
  let section = '';
  let n = 0;
  for (let i = 0; i < out.length; i++) {
    const heading = /^## (\d+\.\d+) /.exec(out[i]);
    if (heading) {
      section = heading[1];
      n = 0;
      continue;
    }
    if (/^\d+\.\d+\.\d+ /.test(out[i]) && section) out[i] = out[i].replace(/^\d+\.\d+\.\d+/, `${section}.${++n}`);
  }
  return { text: out.join('\n'), made };
}

const suite: Suite = async () => {
  const { text: before } = generateRulebook(1_100_000);
  const { text: after, made } = nextEdition(before, 300);
  const oldSource = { files: [{ path: 'rulebook.md', text: before }] };
  const newSource = { files: [{ path: 'rulebook.md', text: after }] };
  const oldLinked = linkRulebook(parseRulebook(oldSource));
  const newLinked = linkRulebook(parseRulebook(newSource));
  let summary = '';
  const timed = timeInterleaved(
    {
      parse: () => BASELINES.remarkGfm.parse(after),
      read: () => linkRulebook(parseRulebook({ files: [{ path: 'rulebook.md', text: after }] })),
      step: () => {
        // With the texts, as every command compares: unnumbered paragraphs, lists and tables too.
        const comparison = compareRulebooks(oldLinked, newLinked, { old: oldSource, new: newSource });
        const impact = changeImpact(oldLinked, newLinked, comparison);
        const s = comparison.summary;
        summary = `${s.added} added, ${s.removed} removed, ${s.changed} changed, ${s.renumbered} renumbered in ${s.renumberRuns} runs, ${s.skillsChanged + s.skillsRenamed} skills changed, ${impact.length} impacts; text ${s.textAdded} added, ${s.textChanged} changed, ${s.textReferencesUpdated} references updated`;
      },
    },
    { runs: 3 },
  );
  const baseline = { name: `${BASELINES.remarkGfm.name} of the new version`, ms: timed.stats('parse') };
  report({ name: `read one ${size(after)} version: parse + link (no target)`, value: timed.stats('read'), ratio: timed.ratio('read', 'parse'), baseline });
  const ok = report({
    name: `compare + impact, ${Object.values(made).reduce((a, b) => a + b, 0)} edits`,
    value: timed.stats('step'),
    ratio: timed.ratio('step', 'parse'),
    baseline,
    target: { ratio: 2.0 },
    extra: summary,
  });
  return ok ? 0 : 1;
};

export default suite;
