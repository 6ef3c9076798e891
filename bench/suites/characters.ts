/**
 * The character check (issue 20), end to end as `rulebook character check <book> roster/` runs it: a roster folder of
 * 1,000 character files of 40 purchases each is read (each file's YAML with the places findings name) and checked
 * against Kingdoms of Novitas (with the tests' `characters:` settings), the book's link included, in under 1 s: an
 * absolute target, the issue's. Each character buys skills in an order its prerequisites allow, over ten events, so
 * every purchase walks the prerequisite, cost, repeat and points checks; the roster must come out clean (a check that
 * found faults here would be measuring the wrong thing). Reading and linking are also printed apart.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { report, sampleInterleaved, timeOnce, type Suite } from '../harness.js';
import { CharacterChecker } from '../../shared/characters/check.js';
import { readCharacterFile } from '../../shared/characters/read.js';
import type { Character } from '../../shared/characters/types.js';
import type { LinkedRulebook } from '../../shared/link/types.js';
import type { RulebookSource } from '../../shared/model/types.js';
import { analyse } from '../../shared/analyse/index.js';
import { loadRulebook } from '../../main/fs/load-rulebook.js';

const CHARACTERS = 1000;
const PURCHASES = 40;

async function novitas(): Promise<RulebookSource> {
  const loaded = await loadRulebook(new URL('../../rulebooks/kingdoms-of-novitas', import.meta.url).pathname);
  const settings = parse(readFileSync(new URL('../../tests/fixtures/characters/kingdoms-of-novitas.settings.yaml', import.meta.url), 'utf8'));
  const manifest = loaded.source.manifest!;
  return { ...loaded.source, manifest: { path: manifest.path, text: `${manifest.text}\n${stringify(settings)}` } };
}

/** Character `n`'s file: skills taken from the book starting at a different place each time, each once its prerequisites are owned. */
function roster(linked: LinkedRulebook): string[] {
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
    const lines = [`name: Character ${n}`, `player: Player ${n}`, 'rulebook: Kingdoms of Novitas', 'startingPoints: 400', `confirmed: ${JSON.stringify(confirmed)}`, 'purchases:'];
    for (const p of purchases) lines.push(`  - { skill: ${JSON.stringify(p.skill)}, ${p.event ? `event: ${p.event}, ` : ''}cost: ${p.cost} }`);
    characters.push(`${lines.join('\n')}\n`);
  }
  return characters;
}

/** Every character of the roster folder, read as main/characters/load.ts reads it (here synchronously: the harness times calls). */
function readRoster(folder: string): Character[] {
  const characters: Character[] = [];
  for (const name of readdirSync(folder).sort()) {
    const file = path.join(folder, name);
    const read = readCharacterFile(file, readFileSync(file, 'utf8'));
    if (read.problem) throw new Error(`${name}: line ${read.problem.line}: ${read.problem.message}`);
    characters.push(...read.characters);
  }
  return characters;
}

const suite: Suite = async () => {
  const source = await novitas();
  const files = roster(analyse(source).linked);
  const folder = mkdtempSync(path.join(tmpdir(), 'rulebook-bench-roster-'));
  try {
    files.forEach((text, n) => writeFileSync(path.join(folder, `character-${String(n).padStart(4, '0')}.yaml`), text));
    const oneFile = files.map((text) => `- ${text.trimEnd().replace(/\n/g, '\n  ')}`).join('\n');
    const megabytes = (files.reduce((sum, text) => sum + text.length, 0) / 1e6).toFixed(1);
    let findings = -1;
    const timed = sampleInterleaved(
      {
        whole: () =>
          timeOnce(() => {
            const characters = readRoster(folder);
            const checker = new CharacterChecker(analyse(source).linked);
            findings = characters.reduce((sum, c) => sum + checker.check(c).findings.length, 0);
          }),
        read: () => timeOnce(() => readRoster(folder)),
        book: () => timeOnce(() => analyse(source).linked),
        oneFile: () => timeOnce(() => readCharacterFile('roster.yaml', oneFile)),
      },
      { runs: 7 },
    );
    if (findings !== 0) throw new Error(`the generated roster should be clean, but the check found ${findings} problems`);
    const ok = report({
      name: `${CHARACTERS} character files × ${PURCHASES} purchases, end to end: read YAML + link + check`,
      value: timed.stats('whole'),
      target: { max: 1000 },
    });
    report({ name: `  of which: reading the files' ${megabytes} MB, with positions (no target)`, value: timed.stats('read') });
    report({ name: '  of which: linking Kingdoms of Novitas (no target)', value: timed.stats('book') });
    report({ name: `  the same roster as one file: reading it (no target)`, value: timed.stats('oneFile') });
    return ok ? 0 : 1;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
};

export default suite;
