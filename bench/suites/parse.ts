/**
 * Parse and link speed: each sample rulebook, both Comprehensive Rules editions, the 1 MB generated rulebook and a
 * 1 MB generated book of long nested lists, against a bare remark-parse + remark-gfm parse of the same text,
 * interleaved round by round (target ≤ 1.3×).
 * Also checks, on the Comprehensive Rules, that every numbered rule is in the model and every
 * "rule 702.19b"-style reference resolves.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRulebook } from '../../main/fs/load-rulebook.js';
import { importRulebook } from '../../shared/import/index.js';
import { linkRulebook } from '../../shared/link/index.js';
import type { RulebookSource } from '../../shared/model/types.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { generateLongLists, generateRulebook } from '../generate.js';
import { report, timeInterleaved, type Suite } from '../harness.js';
import { BASELINES } from '../texts.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CORPUS = path.resolve(ROOT, 'tests/fixtures/corpus/mtg-comprehensive-rules');
const TARGET = 1.3;

/** Parse and link of `source` against remark over each file whole, or over `baseline`'s texts (named so on the row). */
function compare(name: string, source: RulebookSource, runs: number, baseline?: { readonly texts: readonly string[]; readonly name: string }): boolean {
  const texts = baseline?.texts ?? source.files.map((f) => f.text);
  const timed = timeInterleaved(
    {
      baseline: () => texts.forEach((t) => BASELINES.remarkGfm.parse(t)),
      figure: () => linkRulebook(parseRulebook(source)),
    },
    { runs },
  );
  return report({
    name: `parse + link: ${name}`,
    value: timed.stats('figure'),
    ratio: timed.ratio('figure', 'baseline'),
    baseline: { name: `${BASELINES.remarkGfm.name}, ${baseline?.name ?? 'each file whole'}`, ms: timed.stats('baseline') },
    target: { ratio: TARGET },
  });
}

/** Every numbered rule of the source text is in the model, and every rule reference resolves. */
function checkComprehensiveRules(file: string, markdown: string): boolean {
  const text = readFileSync(file, 'utf8');
  const numbered = new Set<string>();
  // Rules stand indented at the start of a line: "    100.1a A two-player game…".
  for (const m of text.matchAll(/^[ \t]*(\d{3}\.\d+[a-z]?)\.? /gm)) numbered.add(m[1]);
  const linked = linkRulebook(parseRulebook({ files: [{ path: 'rules.md', text: markdown }] }));
  const inModel = new Set(linked.model.rules.filter((r) => r.scope === 'global').map((r) => r.number.key));
  const missing = [...numbered].filter((n) => !inModel.has(n));
  const ruleReferences = linked.model.references.filter((r) => r.kind === 'rule' && /^rules?$/.test(r.keyword));
  const unresolved = linked.unresolvedReferences.filter((u) => /^rules?$/.test(u.reference.keyword));
  const ok = missing.length === 0 && unresolved.length === 0;
  console.log(
    `  ${path.basename(file)}: ${inModel.size} numbered rules in the model, ${numbered.size} in the source text, ` +
      `${missing.length} missing; ${ruleReferences.length} "rule N" references, ${unresolved.length} unresolved ${ok ? 'ok' : 'FAIL'}`,
  );
  for (const u of unresolved.slice(0, 5)) console.log(`    unresolved: ${u.reference.text} (line ${u.reference.range.start.line})`);
  return ok;
}

const suite: Suite = async () => {
  let missed = 0;
  const samples = path.join(ROOT, 'rulebooks');
  for (const entry of readdirSync(samples, { withFileTypes: true })) {
    if (!(entry.isDirectory() || entry.name.endsWith('.md')) || entry.name === 'README.md') continue;
    const loaded = await loadRulebook(path.join(samples, entry.name));
    const chars = loaded.files.reduce((n, f) => n + f.text.length, 0);
    // Small books parse in milliseconds: more rounds, so the ratio's median is not one scheduler hiccup.
    if (!compare(`${entry.name} (${(chars / 1000).toFixed(0)} KB)`, loaded.source, chars < 60_000 ? 41 : 15)) missed++;
  }
  for (const edition of ['MagicCompRules-2020-06-01.txt', 'MagicCompRules-2020-07-03.txt']) {
    const file = path.join(CORPUS, edition);
    const { markdown } = importRulebook(readFileSync(file, 'utf8'), { format: 'txt', name: edition });
    if (!compare(`Comprehensive Rules ${edition.slice(15, 25)} (${(markdown.length / 1e6).toFixed(2)} MB)`, { files: [{ path: 'rules.md', text: markdown }] }, 5)) missed++;
    if (!checkComprehensiveRules(file, markdown)) missed++;
  }
  const { text } = generateRulebook(1_100_000);
  if (!compare(`generated rulebook (${(text.length / 1e6).toFixed(2)} MB)`, { files: [{ path: 'generated.md', text }] }, 5)) missed++;
  // Indexes of 200 to 2,500 lines without a blank line, most read in pieces continued from one another. remark reads
  // the book a chapter at a time: whole, it takes 25 times as long (105 s for this megabyte, against 4 s for ours).
  const lists = generateLongLists(1_000_000);
  const chapters = { texts: lists.split(/\n(?=# )/), name: 'each chapter whole' };
  if (!compare(`generated long nested lists (${(lists.length / 1e6).toFixed(2)} MB)`, { files: [{ path: 'lists.md', text: lists }] }, 5, chapters)) missed++;
  return missed;
};

export default suite;
