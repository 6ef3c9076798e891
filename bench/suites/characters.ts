/**
 * The character check (issue 20): a roster of 1,000 characters of 40 purchases each checked against Kingdoms of
 * Novitas (with the tests' `characters:` settings), the book's link included, in under 1 s: an absolute target, the
 * issue's. Each character buys skills in an order its prerequisites allow, over ten events, so every purchase walks
 * the prerequisite, cost, repeat and points checks; the roster must come out clean (a check that found faults here
 * would be measuring the wrong thing). Reading the roster's YAML is printed apart, without a target.
 */
import { readFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';
import { report, sampleInterleaved, timeOnce, type Suite } from '../harness.js';
import { CharacterChecker } from '../../shared/characters/check.js';
import { readCharacterFile } from '../../shared/characters/read.js';
import type { LinkedRulebook } from '../../shared/link/types.js';
import type { RulebookSource } from '../../shared/model/types.js';
import { linkSource } from '../../main/diff/load-version.js';
import { loadRulebook } from '../../main/fs/load-rulebook.js';

const CHARACTERS = 1000;
const PURCHASES = 40;

async function novitas(): Promise<RulebookSource> {
  const loaded = await loadRulebook(new URL('../../rulebooks/kingdoms-of-novitas', import.meta.url).pathname);
  const settings = parse(readFileSync(new URL('../../tests/fixtures/characters/kingdoms-of-novitas.settings.yaml', import.meta.url), 'utf8'));
  const manifest = loaded.source.manifest!;
  return { ...loaded.source, manifest: { path: manifest.path, text: `${manifest.text}\n${stringify(settings)}` } };
}

/** Character `n`: skills taken from the book starting at a different place each time, each once its prerequisites are owned. */
function roster(linked: LinkedRulebook): string {
  const targets = new Map(linked.edges.map((e) => [e.term, e.to.key]));
  const priced = linked.model.skills.filter((s, i, all) => typeof s.cost === 'number' && all.findIndex((o) => o.key === s.key) === i);
  const conditions = new Set<string>();
  const needs = new Map<string, Set<string>>();
  for (const skill of priced) {
    const mine = new Set<string>();
    for (const list of skill.prerequisites) for (const r of list.requirements) for (const t of r.alternatives) if (!targets.has(t)) mine.add(t.text);
    for (const c of mine) conditions.add(c);
    needs.set(skill.name, mine);
  }
  const characters = [];
  for (let n = 0; n < CHARACTERS; n++) {
    const owned = new Set<string>();
    const purchases: Array<{ skill: string; event?: string; cost: number }> = [];
    for (let pass = 0; pass < 6 && purchases.length < PURCHASES; pass++) {
      for (let k = 0; k < priced.length && purchases.length < PURCHASES; k++) {
        const skill = priced[(k + n * 7) % priced.length];
        if (owned.has(skill.key)) continue;
        const ready = skill.prerequisites.every((list) => list.requirements.every((r) => r.alternatives.some((t) => !targets.has(t) || owned.has(targets.get(t)!))));
        if (!ready) continue;
        owned.add(skill.key);
        const index = purchases.length;
        purchases.push({ skill: skill.name, ...(index >= 10 ? { event: `Event ${Math.floor(index / 3)}` } : {}), cost: skill.cost as number });
      }
    }
    if (purchases.length < PURCHASES) throw new Error(`character ${n}: only ${purchases.length} purchases found`);
    const confirmed = [...conditions].filter((c) => purchases.some((p) => needs.get(p.skill)?.has(c)));
    // Written as a marshal would: one line per purchase, in flow style (as docs/characters.md shows).
    const lines = [`- name: Character ${n}`, `  player: Player ${n}`, '  rulebook: Kingdoms of Novitas', '  startingPoints: 400', `  confirmed: ${JSON.stringify(confirmed)}`, '  purchases:'];
    for (const p of purchases) lines.push(`    - { skill: ${JSON.stringify(p.skill)}, ${p.event ? `event: ${p.event}, ` : ''}cost: ${p.cost} }`);
    characters.push(lines.join('\n'));
  }
  return `${characters.join('\n')}\n`;
}

const suite: Suite = async () => {
  const source = await novitas();
  const linked = linkSource(source);
  const text = roster(linked);
  const read = readCharacterFile('roster.yaml', text);
  if (read.problem) throw new Error(`roster: line ${read.problem.line}: ${read.problem.message}`);
  let findings = -1;
  const timed = sampleInterleaved(
    {
      book: () => timeOnce(() => linkSource(source)),
      read: () => timeOnce(() => readCharacterFile('roster.yaml', text)),
      check: () =>
        timeOnce(() => {
          const checker = new CharacterChecker(linkSource(source));
          findings = read.characters.reduce((sum, c) => sum + checker.check(c).findings.length, 0);
        }),
    },
    { runs: 7 },
  );
  if (findings !== 0) throw new Error(`the generated roster should be clean, but the check found ${findings} problems`);
  const ok = report({ name: `check ${CHARACTERS} characters × ${PURCHASES} purchases: link the book + check`, value: timed.stats('check'), target: { max: 1000 } });
  report({ name: '  of which: linking Kingdoms of Novitas (no target)', value: timed.stats('book') });
  // The yaml package reads about 2 MB a second here: for a roster this size, reading the files costs more than checking them.
  report({ name: `read the roster's ${(text.length / 1e6).toFixed(1)} MB of YAML with positions (no target)`, value: timed.stats('read') });
  return ok ? 0 : 1;
};

export default suite;
