/**
 * A large, realistic, deterministic rulebook for benchmarks and property tests: chapters of numbered
 * sections and rules with cross references, skill lists with costs and prerequisites, and skill tables.
 */

/** Small deterministic PRNG (mulberry32): the same seed gives the same rulebook on every machine. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'player character skill weapon armour spell ritual guild mentor event marshal damage healing ' +
  'shield bow arrow potion alchemy poison trap lore merchant body point call effect target range ' +
  'duration round combat initiative sneak strike parry dodge resist magic ward curse blessing ' +
  'herb craft forge leather metal wood stone rune sigil circle barrier strength agility courage'
).split(' ');

const SKILL_WORDS = (
  'Arcane Battle Blade Blood Bone Chain Cleansing Crushing Dark Dire Eagle Fire Frost Ghost Grim ' +
  'Guardian Hammer Holy Iron Lesser Greater Lightning Mind Night Quick Rune Shadow Silver Spirit ' +
  'Stone Storm Swift Thunder True Venom War Wild Wind Wolf'
).split(' ');
const SKILL_NOUNS = 'Ball Bolt Blow Cry Edge Fist Gaze Grip Guard Lance Mark Nova Pact Rite Shout Sight Step Strike Touch Ward Wave'.split(' ');

export interface GeneratedRulebook {
  readonly text: string;
  readonly skillNames: readonly string[];
  readonly ruleNumbers: readonly string[];
}

/** Generates a rulebook of about `targetBytes` characters. */
export function generateRulebook(targetBytes: number, seed = 1): GeneratedRulebook {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const sentence = (min: number, max: number) => {
    const length = min + Math.floor(next() * (max - min));
    const words = Array.from({ length }, () => pick(WORDS));
    words[0] = words[0].charAt(0).toUpperCase() + words[0].slice(1);
    return `${words.join(' ')}.`;
  };
  const out: string[] = ['---', 'title: Generated Chronicle', 'edition: "1.0"', 'costUnits: [SP]', 'conditions: [GM permission]', '---', ''];
  const skillNames: string[] = [];
  const ruleNumbers: string[] = [];
  const used = new Set<string>();
  let size = out.join('\n').length;
  let chapter = 0;
  while (size < targetBytes) {
    chapter++;
    const chapterLines: string[] = [`# Chapter ${chapter}. ${pick(SKILL_WORDS)} ${pick(WORDS)}`, ''];
    ruleNumbers.push(String(chapter));
    for (let s = 1; s <= 8; s++) {
      const section = `${chapter}.${s}`;
      ruleNumbers.push(section);
      chapterLines.push(`## ${section} ${pick(SKILL_WORDS)} ${pick(WORDS)}s`, '');
      const rules = 4 + Math.floor(next() * 8);
      for (let r = 1; r <= rules; r++) {
        const number = `${section}.${r}`;
        ruleNumbers.push(number);
        let text = sentence(8, 30);
        if (next() < 0.25 && ruleNumbers.length > 3) text += ` See ${ruleNumbers[Math.floor(next() * (ruleNumbers.length - 1))]}.`;
        chapterLines.push(`${number} ${text}`, '');
      }
      chapterLines.push(`### ${pick(SKILL_WORDS)} skills`, '');
      const skills = 3 + Math.floor(next() * 5);
      for (let k = 0; k < skills; k++) {
        let name = `${pick(SKILL_WORDS)} ${pick(SKILL_NOUNS)}`;
        if (used.has(name)) name = `${name} ${chapter}${String.fromCharCode(97 + s)}${k}`;
        used.add(name);
        const cost = 1 + Math.floor(next() * 6);
        chapterLines.push(`- **${name}** (${next() < 0.1 ? `${cost}/${cost + 1}` : cost} SP) ${sentence(10, 40)}`);
        if (skillNames.length > 0 && next() < 0.6) {
          const prerequisite = skillNames[Math.floor(next() * skillNames.length)];
          const alternative = next() < 0.2 ? ' or GM permission' : '';
          chapterLines.push(`  Prerequisite: ${prerequisite}${alternative}`);
        }
        skillNames.push(name);
      }
      chapterLines.push('');
      if (s % 4 === 0) {
        chapterLines.push('| Skill | Cost | Prerequisite | Notes |', '| --- | --- | --- | --- |');
        for (let k = 0; k < 4; k++) {
          const name = `${pick(SKILL_WORDS)} Training ${chapter}.${s}.${k}`;
          const prerequisite = skillNames.length > 0 ? skillNames[Math.floor(next() * skillNames.length)] : '--';
          chapterLines.push(`| ${name} | ${1 + Math.floor(next() * 4)} | ${prerequisite} | ${sentence(3, 8)} |`);
          skillNames.push(name);
        }
        chapterLines.push('');
      }
    }
    const block = chapterLines.join('\n');
    out.push(block);
    size += block.length + 1;
  }
  return { text: `${out.join('\n')}\n`, skillNames, ruleNumbers };
}

/**
 * A rulebook of long nested lists, as Obsidian vaults keep their indexes: each chapter an index of 200 to 2,500 lines
 * without a blank line (so most are read in pieces, see boundedPieces), three to five levels deep, indented with tabs,
 * two or four spaces, its items wiki links to the chapter's skills, links to its sections and numbered notes with
 * references, followed by those sections and skills. About `targetBytes` characters.
 */
export function generateLongLists(targetBytes: number, seed = 1): string {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const out: string[] = [];
  let size = 0;
  for (let chapter = 1; size < targetBytes; chapter++) {
    const indent = pick(['\t', '\t', '  ', '    ']);
    const names = Array.from({ length: 12 }, (_, k) => `${pick(SKILL_WORDS)} ${pick(SKILL_NOUNS)} ${chapter}${String.fromCharCode(97 + k)}`);
    const lines = [`# ${chapter} Index ${chapter}`, '', `The ${pick(WORDS)} index of chapter ${chapter}.`, ''];
    const length = 200 + Math.floor(next() * 2300);
    for (let kind = 1; lines.length < length; kind++) {
      lines.push(`- ${pick(SKILL_WORDS)} ${pick(WORDS)}s`);
      for (let tier = 1; tier <= 3; tier++) {
        lines.push(`${indent}- Tier ${tier} (see [the ${pick(WORDS)}](#${chapter}1-${chapter}-rules))`);
        for (let m = 0; m < 3; m++) {
          lines.push(`${indent.repeat(2)}- [[${pick(names)}]]`);
          if (next() < 0.3) lines.push(`${indent.repeat(3)}1. ${pick(WORDS)}: see ${chapter}.1`, `${indent.repeat(3)}2. ${pick(WORDS)} and ${pick(WORDS)}`);
          if (next() < 0.15) lines.push(`${indent.repeat(3)}- **${pick(WORDS)}** ${pick(WORDS)}`, `${indent.repeat(4)}- ${pick(WORDS)} ${pick(WORDS)}`);
        }
      }
    }
    lines.push('', `## ${chapter}.1 ${chapter} rules`, '', `${pick(WORDS)} ${pick(WORDS)} ${pick(WORDS)}.`, '');
    for (const name of names) lines.push(`- **${name}** (${1 + Math.floor(next() * 5)} SP) ${pick(WORDS)} ${pick(WORDS)}.`);
    const block = `${lines.join('\n')}\n`;
    out.push(block);
    size += block.length + 1;
  }
  return out.join('\n');
}
