import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRulebook } from '../../main/fs/load-rulebook.js';
import { rulesDescribing } from '../../shared/link/descriptions.js';
import { linkRulebook } from '../../shared/link/index.js';
import type { LinkedRulebook } from '../../shared/link/types.js';
import type { RulebookSource, Skill } from '../../shared/model/types.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { planExport } from '../../shared/publish/index.js';
import { skillSummary, withoutAsides, withoutBoilerplate } from '../../shared/publish/summaries.js';
import { skillCard } from '../../shared/service/hover.js';
import { funjerai, load, measure } from './helpers.js';

const RULEBOOKS = path.resolve(import.meta.dirname, '../fixtures/samples');

function skill(linked: LinkedRulebook, name: string): Skill {
  const found = linked.model.skills.find((s) => s.name === name);
  if (!found) throw new Error(`no skill ${name}`);
  return found;
}

/** The quick-reference summary of the skill named `name`, with the sections' prose of `source` when given. */
const summaryOf = (linked: LinkedRulebook, name: string, source?: RulebookSource) => skillSummary(linked, skill(linked, name), source);

/** A sample rulebook of tests/fixtures/samples, read from disk, parsed and linked. */
async function linkedSample(name: string): Promise<LinkedRulebook> {
  return linkRulebook(parseRulebook((await loadRulebook(path.join(RULEBOOKS, name))).source));
}

describe('the rules that describe a table skill (Kingdoms of Novitas)', () => {
  let linked: LinkedRulebook;
  let source: RulebookSource;
  beforeAll(async () => {
    source = (await loadRulebook(path.join(RULEBOOKS, 'kingdoms-of-novitas'))).source;
    linked = linkRulebook(parseRulebook(source));
  });

  it('finds every numbered rule that opens with the skill name, in order', () => {
    const firstAid = rulesDescribing(linked, skill(linked, 'First Aid')).map((r) => r.number.key);
    expect(firstAid).toEqual(['3.15.14', '3.15.15', '3.15.16', '3.15.17']);
    expect(rulesDescribing(linked, skill(linked, 'Estimate Value')).map((r) => r.number.key)).toEqual(['3.15.12', '3.15.12.1']);
  });

  it('gives the ranks of a series the rules that open with the series name', () => {
    // "3.15.28 Alchemy permits the creation of certain Alchemical goods per rank."
    for (const rank of ['Alchemy 1', 'Alchemy 5']) expect(rulesDescribing(linked, skill(linked, rank)).map((r) => r.number.key)).toContain('3.15.28');
    expect(rulesDescribing(linked, skill(linked, 'Craft Points (2)')).map((r) => r.number.key)).toEqual(['3.15.35']);
    // One rule describes every rank: each rank's summary says which it is.
    expect(summaryOf(linked, 'Tinker 2')).toBe('Rank 2: Permits the creation of magical housewares, traps, and nonmagical locks.');
    // "Druid is a roleplaying skill…" keeps its subject: "Is a roleplaying skill" would not read.
    expect(summaryOf(linked, 'Druid 3')).toBe('Rank 3: Druid is a roleplaying skill related to Nature.');
  });

  it('takes no rule where the name is only the start of another name, a list, a heading or a different case', () => {
    // "Lore" and "Advanced Lore" are different skills: the longer name wins.
    const lore = rulesDescribing(linked, skill(linked, 'Lore')).map((r) => r.text);
    expect(lore.length).toBeGreaterThan(0);
    for (const text of lore) expect(text.startsWith('Lore ')).toBe(true);
    const small = linkRulebook(parseRulebook({ files: [{ path: 's.md', text: [
      '# 1 Skills', '', '| Skill | Cost |', '| --- | --- |', '| Lore | 2 |', '| Lore 2 | 3 |', '',
      '1.1 lore matters to everyone.', '', '1.2 Lore, Lore 2 and Tracking are taught by the guild.', '', '1.3 Lore.', '', '1.4 Lore lets you ask a question.', '',
    ].join('\n') }] }));
    expect(rulesDescribing(small, skill(small, 'Lore')).map((r) => r.number.key)).toEqual(['1.4']);
    // "Lore" is a skill of its own, so it is no series name for "Lore 2".
    expect(rulesDescribing(small, skill(small, 'Lore 2'))).toEqual([]);
  });

  it('gives table skills without a description the summary their rule gives, without repeating the name', () => {
    expect(skill(linked, 'Estimate Value').text).toBe('');
    expect(summaryOf(linked, 'Estimate Value')).toBe('Appraise the value of any numbered non-magical objects.');
    expect(summaryOf(linked, 'Racial Languages')).toBe('Read, speak, and write in that language.');
    // A row with its own description keeps it.
    expect(summaryOf(linked, 'Melee Training')).toBe('Use weapons 30” to 42”');
  });

  it('prints those rules on the skill’s card', () => {
    const plan = planExport(linked, source, { kind: 'cards', paper: 'card', categories: ['Character Creation'] }, measure);
    const pageOf = (name: string) => plan.pages.find((p) => p.ops.some((op) => op.kind === 'text' && op.text === name));
    const words = (page: ReturnType<typeof pageOf>) => page!.ops.flatMap((op) => (op.kind === 'text' ? op.text.split(/\s+/) : []));
    expect(words(pageOf('Estimate Value'))).toEqual(expect.arrayContaining(['appraise', 'non-coin', 'treasure']));
  });
});

describe('the section that explains a table skill under its name', () => {
  // The shape of Chronicles LARP (larpchronicles/rules, read by hand; no licence, so our own words): the skillset's
  // table gives the prices, and a heading of each skill's name below it says what the skill does.
  const BOOK = [
    '---',
    'layout:',
    '  costs:',
    '    columns: [Primary, Secondary]',
    '---',
    '# Rogue Skillset',
    '',
    '| Skill | Primary | Secondary |',
    '| --- | --- | --- |',
    '| Pickpocket | 10+5 | 10+7 |',
    '| Lockwork | 3+1 | 3+3 |',
    '',
    '## Pickpocket',
    'The rogue lifts one item from a pouch the player can touch unseen. A marshal confirms the lift.',
    '',
    '## Lockwork',
    'Each purchase opens a harder lock: a lock of tier 3 needs three purchases.',
    '',
    '### Lock tiers',
    'Tiers are painted on the lock.',
    '',
  ].join('\n');
  const source: RulebookSource = { files: [{ path: 'rogue.md', text: BOOK }] };
  const linked = linkRulebook(parseRulebook(source));

  it('sums the skill up from that section', () => {
    expect(summaryOf(linked, 'Pickpocket', source)).toBe('The rogue lifts one item from a pouch the player can touch unseen.');
  });

  it('names it in the editor’s hover card', () => {
    const pickpocket = skill(linked, 'Pickpocket');
    expect(skillCard(linked, pickpocket.key, pickpocket.nameRange, 'Pickpocket').markdown).toContain('Explained at rogue\\.md:13');
  });

  it('prints the section’s words on the card, and not its subsections’', () => {
    const plan = planExport(linked, source, { kind: 'cards', paper: 'card' }, measure);
    const page = plan.pages.find((p) => p.ops.some((op) => op.kind === 'text' && op.text === 'Lockwork'))!;
    const words = page.ops.flatMap((op) => (op.kind === 'text' ? op.text.split(/\s+/) : []));
    expect(words).toEqual(expect.arrayContaining(['harder', 'purchases.']));
    expect(words).not.toContain('painted');
  });
});

describe('quick-reference summaries', () => {
  it('takes the boilerplate every entry repeats off the front', () => {
    const { linked } = funjerai();
    expect(summaryOf(linked, 'One Handed Weapons')).toBe('Use any weapon with a maximum length of 115cm.');
    // Asides in parentheses stay in the book.
    expect(summaryOf(linked, 'Light Armor')).toBe('Don Light armor.');
    expect(summaryOf(linked, 'Body Regeneration')).toBe('Takes longer to bleed to death, the time is increased from 10 minutes to 20 minutes.');
    expect(summaryOf(linked, 'Additional Health Points')).toBe('Gives the character 1 additional Health Point.');
    // "the character is able – within the scope… – to" is not cut into "Is able…".
    expect(summaryOf(linked, 'Raise Undead')).toMatch(/^With the acquisition of this Guild skill/);
    expect(withoutBoilerplate('With this skill and lockpicking tools, characters can pick locks.')).toBe('Pick locks.');
    expect(withoutBoilerplate('With the acquisition of this Guild skill, the character can arm traps.')).toBe('Arm traps.');
    expect(withoutBoilerplate('This skill allows a character to read.')).toBe('Read.');
    // Nothing of substance after the boilerplate: the sentence stays whole.
    expect(withoutBoilerplate('With this skill a character can.')).toBe('With this skill a character can.');
    // Sentences that say something else are left as written.
    expect(withoutBoilerplate('This spell only affects single targets.')).toBe('This spell only affects single targets.');
  });

  it('ends the first sentence at its full stop, not at an abbreviation or inside parentheses', () => {
    const { linked } = funjerai();
    // The sentence runs to "Polyurethane)." (not "(I.E."), and then its aside is left out.
    expect(summaryOf(linked, 'Fake Armor')).toBe('Don armor made from modern materials.');
    const { linked: small } = load('s.md', '# Skills\n\n- **Sneak** (1 SP) Move e.g. Past guards (see 3.1. Then more). Second sentence.\n');
    expect(summaryOf(small, 'Sneak')).toBe('Move e.g. Past guards.');
    expect(withoutAsides('(Only in daylight.)')).toBe('(Only in daylight.)');
  });

  it('keeps each summary to two lines, cut after a whole word with an ellipsis', () => {
    const { linked, source } = funjerai();
    const plan = planExport(linked, source, { kind: 'reference', paper: 'a4' }, measure);
    const ops = plan.pages.flatMap((p) => p.ops).flatMap((op) => (op.kind === 'text' ? [op] : []));
    const clipped = ops.filter((op) => op.text.endsWith('…'));
    expect(clipped.length).toBeGreaterThan(0);
    // It ends after a whole word of some skill's text, with no stray comma or space before the ellipsis.
    const words = new Set(linked.model.skills.flatMap((s) => s.text.split(/\s+/).map((w) => w.replace(/[,;:.]$/, ''))));
    for (const op of clipped) {
      expect(op.text).toMatch(/[^\s,;:]…$/);
      expect(words, op.text).toContain(op.text.slice(0, -1).split(' ').at(-1));
    }
    // Two lines: Body Regeneration's summary continues on its second line, whole.
    expect(ops.some((op) => op.text.startsWith('Takes longer to bleed to death'))).toBe(true);
    expect(ops.some((op) => op.text === 'from 10 minutes to 20 minutes.')).toBe(true);
    // With this skill, bandages and some harmless herbs, powders, salves or liquids, a character can stabilize…: cut.
    expect(ops.some((op) => /^powders, salves or liquids, a character can stabilize.*…$/.test(op.text))).toBe(true);
  });
});

describe('summaries that tell skills apart', () => {
  it('gives no two skills of a sample the same summary', async () => {
    for (const name of ['funjerai.md', 'miniatures-skirmish.md', 'kingdoms-of-novitas']) {
      const linked = await linkedSample(name);
      const summaries = linked.model.skills.map((s) => skillSummary(linked, s)).filter((s) => s !== '');
      expect(summaries.length, name).toBeGreaterThan(linked.model.skills.length * 0.8);
      expect(new Set(summaries).size, name).toBe(summaries.length);
    }
  });

  it('tells apart skills the book describes in the very same words by the words of their names that differ', async () => {
    const kon = await linkedSample('kingdoms-of-novitas');
    // Both rows read "3 points damage total", and no rule says more.
    expect(skill(kon, 'Melee Expert').text).toBe(skill(kon, 'Missile Expert').text);
    expect(summaryOf(kon, 'Melee Expert')).toBe('Melee: 3 points damage total');
    expect(summaryOf(kon, 'Missile Expert')).toBe('Missile: 3 points damage total');
    expect(summaryOf(kon, 'Thrown Weapon Master')).toBe('Thrown Weapon Master: 2 point damage total');
  });

  it('passes over the sentence siblings share for the one that is the skill’s own, or a field that says what it does', async () => {
    const linked = await linkedSample('funjerai.md');
    // The three Energy Balls all open "This spell only affects single targets."
    expect(summaryOf(linked, 'Energy ball')).toBe('If the softball hits a character this character suffers 3 damage.');
    const mini = await linkedSample('miniatures-skirmish.md');
    // Written as fields only; Lightning bolt's Effect is Flying fist's too, its Special is its own.
    expect(summaryOf(mini, 'Flying fist')).toBe("6 damage + caster's level");
    expect(summaryOf(mini, 'Lightning bolt')).toBe('Special: All non-magical metal armor offers no protection from a lightning bolt');
  });
});
