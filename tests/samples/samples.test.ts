/** The five sample rulebooks in rulebooks/: exact facts, each checked by hand against the seed texts. */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRulebook } from '../../main/fs/load-rulebook.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { linkRulebook } from '../../shared/link/index.js';
import type { LinkedRulebook } from '../../shared/link/types.js';
import type { Section, Skill } from '../../shared/model/types.js';
import { KON_TABLE_SKILLS } from './kon-table-skills.js';

const ROOT = path.resolve(__dirname, '../fixtures/samples');

async function load(name: string): Promise<LinkedRulebook> {
  const loaded = await loadRulebook(path.join(ROOT, name));
  return linkRulebook(parseRulebook(loaded.source));
}

/** Prerequisites as text: one string per requirement, alternatives joined by " or ". */
const reqs = (skill: Skill) => skill.prerequisites.flatMap((p) => p.requirements.map((r) => r.alternatives.map((a) => a.text).join(' or ')));
const skill = (linked: LinkedRulebook, name: string) => {
  const found = linked.model.skills.filter((s) => s.name === name);
  expect(found, name).toHaveLength(1);
  return found[0];
};
const unresolvedPrereqs = (linked: LinkedRulebook) =>
  linked.unresolvedPrerequisites.map((u) => [u.skill.name, u.term.text, [...u.suggestions], u.term.range.file, u.term.range.start.line]);
const unresolvedRefs = (linked: LinkedRulebook) =>
  linked.unresolvedReferences.map((u) => [u.reference.targetText, u.reference.range.file, u.reference.range.start.line]);
const heading = (s: Section) => [s.depth, s.number?.key ?? null, s.title];

describe('Funjerai (rulebooks/funjerai.md)', () => {
  let fj: LinkedRulebook;
  beforeAll(async () => {
    fj = await load('funjerai.md');
  });

  it('reads the front matter', () => {
    expect(fj.model.config.title).toBe('Funjerai');
    expect(fj.model.config.edition).toBe('2025');
    expect(fj.model.config.costUnits).toEqual(['SP']);
    expect(fj.model.config.conditions).toEqual(['The ability to use the corresponding weapon']);
  });

  it('has every skill of chapters 2, 3 and 12, in order (98 "(N SP)" bullets in the seed minus the 13 effect resistances of chapter 6)', () => {
    expect(fj.model.skills.map((s) => s.name)).toEqual([
      'One Handed Weapons', 'Two Handed Weapons', 'Pole Weapons', 'Ballistic Weapons', 'Siege Weapons', 'Ambidexterity', 'Shield Use',
      'Body Regeneration', 'Toughness', 'Read/Write', 'Basic Mathematics', 'Pick Locks', 'Access to Magic', 'Access to Simple Alchemy',
      'Access to Advanced Alchemy', 'Additional Health Points',
      'Woodworking and Shield Repair', 'Leatherwork and Repair', 'Metalwork and Repair', 'Herbalism and Animal Husbandry', 'First Aid',
      'Healing', 'Medicine', 'Build and Disarm Traps',
      'Light Armor', 'Medium Armor', 'Heavy Armor', 'Fake Armor',
      'Gust of wind', 'Lesser Energy Ball', 'Energy ball', 'Greater Energy ball', 'Root',
      'Dispel Magic', 'Light', 'Energy field', 'Identify Magic', 'Ritual magic',
      'Magic Healing', 'Prevent Undead Blessing', 'Speak with Dead',
      'Foresight', 'Confusion', 'Truth', 'Heavy Weapon', 'Fear', 'Berserker Rage', 'Friendship',
      'Blindness', 'Mute', 'Deafness', 'Sleep', 'Mad Dance', 'Empty Mind',
      'Raise Undead', 'Channel Magical Healing', 'Regrow Limb', 'Protective Aura', 'Magical Armor', 'Create Magic Scroll',
      'Ritual Master', 'Casting Master', 'Balanced Casting',
      'Investigation of Alchemy', 'Master of Alchemy', 'Master of Herbs',
      'Master Lock Picker', 'Pickpocketing', 'Mangle Limb',
      'Knock Down', 'Cleave', 'Direct Hit', 'Mangle Limb',
      'Master Smith', 'Master Locksmith',
      'Master of healing', 'Life Rescuer', 'Battle Healer',
      'Master of Traps', 'Advanced Trap', 'Dust Trap', 'Bear Trap', 'Net Trap', 'Knockout Trap', 'Alchemical Trap',
    ]);
    expect(fj.model.skills).toHaveLength(85);
    expect(fj.model.skills.every((s) => s.form === 'list' && s.costUnit === 'SP')).toBe(true);
  });

  it('reads Energy Ball: 4 SP, requires Lesser Energy Ball', () => {
    const s = skill(fj, 'Energy ball');
    expect([s.cost, s.costText, s.costUnit, s.category]).toEqual([4, '4 SP', 'SP', 'Offensive Magic']);
    expect(reqs(s)).toEqual(['Lesser Energy Ball']);
    expect(fj.edges.filter((e) => e.from === s).map((e) => e.to.name)).toEqual(['Lesser Energy Ball']);
  });

  it('reads Additional Health Points as 4/5 SP', () => {
    const s = skill(fj, 'Additional Health Points');
    expect([s.cost, s.costText, s.costUnit, s.category]).toEqual([[4, 5], '4/5 SP', 'SP', 'General skills']);
  });

  it('reads the other prerequisites as the seed writes them', () => {
    const withPrereqs = fj.model.skills.filter((s) => s.prerequisites.length > 0).map((s) => [s.name, reqs(s)]);
    const curses = ['Blindness', 'Mute', 'Deafness', 'Sleep', 'Mad Dance', 'Empty Mind'].map((n) => [n, ['Ritual Magic']]);
    const traps = ['Master of Traps', 'Advanced Trap', 'Dust Trap', 'Bear Trap', 'Net Trap', 'Knockout Trap', 'Alchemical Trap'].map((n) => [n, ['Build and Disarm Traps']]);
    expect(withPrereqs).toEqual([
      ['Ambidexterity', ['One Handed Weapons']],
      ['Access to Advanced Alchemy', ['Access to Simple Alchemy']],
      ['Healing', ['First Aid']],
      ['Medicine', ['Healing']],
      ['Energy ball', ['Lesser Energy Ball']],
      ['Greater Energy ball', ['Energy Ball']],
      ...curses,
      ['Channel Magical Healing', ['Magical Healing']],
      ['Regrow Limb', ['Magical Healing']],
      ['Ritual Master', ['Ritual Magic']],
      ['Knock Down', ['The ability to use the corresponding weapon']],
      ['Cleave', ['two handed weapons or polearm']],
      ['Master Smith', ['leather work or metal work']],
      ['Master of healing', ['Medicine']],
      ['Life Rescuer', ['Medicine']],
      ['Battle Healer', ['Medicine']],
      ...traps,
    ]);
    // The curses take theirs from the section-wide line under "3.5 - Curses".
    expect(skill(fj, 'Blindness').prerequisites.map((p) => p.origin)).toEqual(['section']);
    expect(skill(fj, 'Knock Down').prerequisites[0].requirements[0].alternatives[0].kind).toBe('condition');
  });

  it('keeps the real defects: Mangle Limb twice, the misnamed prerequisites, chapter 12.7', () => {
    expect(fj.duplicateSkills.map((d) => [d.key, d.agree, d.definitions.map((s) => [s.category, s.nameRange.start.line])])).toEqual([
      ['mangle limb', true, [['The Thieves Guild', 626], ['The Warrior’s Guild', 652]]],
    ]);
    expect(unresolvedPrereqs(fj)).toEqual([
      ['Channel Magical Healing', 'Magical Healing', ['Magic Healing'], 'funjerai.md', 554],
      ['Regrow Limb', 'Magical Healing', ['Magic Healing'], 'funjerai.md', 559],
      ['Cleave', 'polearm', [], 'funjerai.md', 640],
      ['Master Smith', 'leather work', [], 'funjerai.md', 662],
      ['Master Smith', 'metal work', [], 'funjerai.md', 662],
    ]);
    expect(unresolvedRefs(fj)).toEqual([['12.7', 'funjerai.md', 129]]);
    expect(fj.model.references.map((r) => r.target)).toEqual(['3', '3', '4', '4', '6', '6', '12.7', '8', '8', '8', '3.3']);
    expect(fj.cycles).toEqual([]);
    expect(fj.model.diagnostics).toEqual([]);
  });

  it('reads the chapters and numbered sections', () => {
    const numbered = fj.model.sections.filter((s) => s.number).map((s) => [s.number!.key, s.title]);
    expect(numbered).toEqual([
      ['1', 'Introductions'], ['2', 'Character Creation'], ['2.1', 'Character Skills'], ['2.2', 'Skills and Descriptions'],
      ['3', 'Magic'], ['3.1', 'Offensive Magic'], ['3.2', 'Passive Magic'], ['3.3', 'Healing Magic'], ['3.4', 'Mental Magic'], ['3.5', 'Curses'],
      ['4', 'Alchemy'], ['5', 'The People of Urð'], ['6', 'Effect Resistances & healing'], ['7', 'Weapons'], ['8', 'Armor'], ['9', 'Shields'],
      ['10', 'Fighting'], ['11', 'Dying'], ['12', 'Guilds'], ['12.5', 'Non Player Character Skills'], ['13', 'Stealing/Looting'], ['14', 'The Calls'],
    ]);
    expect(fj.model.sections).toHaveLength(46);
    expect(fj.model.rules).toEqual([]);
  });
});

describe('Kingdoms of Novitas (rulebooks/kingdoms-of-novitas/)', () => {
  let kon: LinkedRulebook;
  beforeAll(async () => {
    kon = await load('kingdoms-of-novitas');
  });

  it('reads rulebook.yaml and the thirteen chapter files in order', () => {
    expect(kon.model.config.title).toBe('Kingdoms of Novitas');
    expect(kon.model.config.costUnits).toEqual(['SP']);
    expect(kon.model.config.conditions.slice(0, 6)).toEqual(['GM permission', 'Any level 1 spell', 'Mirror of Sophistry', 'Hermetic Rod', 'Thaumaturgist’s Mortar', 'Philosopher’s Stone']);
    expect(kon.model.config.conditions).toHaveLength(34);
    expect(kon.model.files.map((f) => f.path)).toEqual([
      '01-fundamentals.md', '02-races-of-novitas.md', '03-character-creation.md', '04-magic-and-spells.md', '05-roleplaying-skills.md',
      '06-production-skills.md', '07-combat.md', '08-positions.md', '09-traps.md', '10-loot.md', '11-crime-and-punishment.md',
      '12-appendix-a.md', '13-appendix-b.md',
    ]);
  });

  it('reads every row of the skill tables as a skill with its cost and prerequisites', () => {
    expect(kon.model.skills.map((s) => [s.name, s.cost, reqs(s)])).toEqual(KON_TABLE_SKILLS.map(([n, c, p]) => [n, c, [...p]]));
    expect(kon.model.skills).toHaveLength(153);
    expect(kon.model.skills.every((s) => s.form === 'table' && s.category === 'Character Creation' && s.sectionId !== null)).toBe(true);
    expect(new Set(kon.model.skills.map((s) => s.nameRange.file))).toEqual(new Set(['03-character-creation.md']));
  });

  it('tells conditions from skills', () => {
    const kinds = (name: string) => skill(kon, name).prerequisites.flatMap((p) => p.requirements.flatMap((r) => r.alternatives.map((a) => [a.text, a.kind])));
    expect(kinds('Alchemy 2')).toEqual([['Alchemy 1', 'skill'], ['Mirror of Sophistry', 'condition']]);
    expect(kinds('Scribe Scroll')).toEqual([['Any level 1 spell', 'condition'], ['Read Magic', 'skill'], ['2 Production Points', 'condition']]);
    expect(kinds('Druid 2')).toEqual([['Druid 1', 'skill'], ['GM permission', 'condition']]);
    expect(kinds('Spirit Shield')).toEqual([['Level 1 Aegis Spell', 'condition']]);
    expect(kinds('Magic Armor')).toEqual([['1 Magic Power Point', 'condition']]);
  });

  it('keeps the real defects: "ID Magic" and "see section 8.6"', () => {
    expect(unresolvedPrereqs(kon)).toEqual([['Master Merchant', 'ID Magic', ['Identify Magic'], '03-character-creation.md', 199]]);
    expect(unresolvedRefs(kon)).toEqual([['8.6', '06-production-skills.md', 527]]);
    expect(kon.duplicateSkills).toEqual([]);
    expect(kon.duplicateNumbers).toEqual([]);
    expect(kon.cycles).toEqual([]);
    expect(kon.model.diagnostics).toEqual([]);
  });

  it('reads the chapters, the deep rule numbers, and the empty appendices', () => {
    expect(kon.model.sections.map((s) => [s.number?.key, s.title, s.isEmpty])).toEqual([
      ['1', 'Fundamentals', false], ['2', 'Races of Novitas', false], ['3', 'Character Creation', false], ['4', 'Magic & Spells', false],
      ['5', 'Roleplaying Skills', false], ['6', 'Production Skills', false], ['7', 'Combat', false],
      ['8', 'Positions at Kingdoms of Novitas', false], ['9', 'Traps', false], ['10', 'Loot!', false], ['11', 'Crime & Punishment', false],
      ['12', 'Appendix A: Spell List (Kon Spell List 4.0.doc)', true], ['13', 'Appendix B: Alchemy List (KoN Alchemy List 4.0.doc)', true],
    ]);
    expect(kon.model.rules).toHaveLength(1252);
    expect(kon.model.rules.every((r) => r.scope === 'global')).toBe(true);
    const rule = (key: string) => kon.model.rules.find((r) => r.number.key === key)!;
    expect(rule('1.3.2').text).toBe('Players who are in game should react as their character would.');
    expect(rule('1.3.20').number.segments).toEqual(['1', '3', '20']);
    expect(rule('11.4.3.1').number.segments).toEqual(['11', '4', '3', '1']);
    // Hard-wrapped lines joined back into one paragraph.
    expect(rule('1.3.14').text).toBe('Out of game areas marked with orange tape or flags should be completely avoided by players. The instant you see orange tape on an area, you should turn around and leave. The area is either hazardous, or is being prepared for something by a Game Master.');
  });
});

describe('Miniatures skirmish (rulebooks/miniatures-skirmish.md)', () => {
  let mini: LinkedRulebook;
  beforeAll(async () => {
    mini = await load('miniatures-skirmish.md');
  });

  it('reads the spells and resistances as heading skills with their fields', () => {
    expect(mini.model.skills.map((s) => [s.name, s.cost, s.form, s.category])).toEqual([
      ['Non magic weapons', 75, 'heading', 'RESISTANCES'],
      ['Fire, Electricity, or Posion', 50, 'heading', 'RESISTANCES'],
      ['Spells', 75, 'heading', 'RESISTANCES'],
      ...[
        ['Flying fist', 5], ['Lightning bolt', 10], ['Magic shield', 10], ['Statue', 20], ['Speed', 5], ['Heal', 10], ['Fear', 10],
        ['Protection', 20], ['Fireball', 20], ['Command', 20], ['Golem', 40], ['Familiar', 25], ['Slow', 5], ['Teleport', 50], ['Water walk', 10],
      ].map(([n, c]) => [n, c, 'heading', 'SPELL DESCRIPTIONS']),
    ]);
    const fireball = skill(mini, 'Fireball');
    expect(fireball.fields.map((f) => [f.name, f.value])).toEqual([
      ['Cost', '20'], ['Range', '12" + mini\'s level'], ['Duration', 'Immediate'],
      ['Effect', 'Every mini (roll separately for each), within the path of the fireball receives 8 damage + caster\'s level'],
      ['Special', 'Non-magical non-metal armor offers no protection'],
    ]);
  });

  it('keeps the Familiar spell\'s empty Effect', () => {
    const familiar = skill(mini, 'Familiar');
    expect(familiar.fields.map((f) => [f.name, f.value])).toEqual([['Cost', '25'], ['Range', '12" + mini\'s level'], ['Duration', '1 turn + caster\'s level'], ['Effect', '']]);
    const effect = familiar.fields.find((f) => f.name === 'Effect')!;
    expect(effect.range.start.line).toBe(236);
  });

  it('reads the run-together headings, and the empty MAGIC ARMOR AND WEAPONS section', () => {
    const top = mini.model.sections.filter((s) => s.depth === 2);
    expect(top.map((s) => [s.number?.key ?? null, s.title, s.isEmpty])).toEqual([
      [null, 'TURN', false], [null, 'INITIATIVE', false], [null, 'RUNNING', false], [null, 'ROAD BONUS', false], [null, 'CROSSING WATER', false],
      [null, 'NON MEDIUM SIZED MINI\'S', false], [null, 'RANGE OR SPELL ATTACKS ON A FLANKED MINI', false],
      ['4', 'TYPES OF NON MAGIC COMBAT', false], [null, 'RESISTANCES', false], [null, 'MAGIC ARMOR AND WEAPONS', true], [null, 'SPELL DESCRIPTIONS', false],
    ]);
    expect(mini.model.sections).toHaveLength(33);
    expect(mini.unresolvedPrerequisites).toEqual([]);
    expect(mini.unresolvedReferences).toEqual([]);
    expect(mini.duplicateSkills).toEqual([]);
    expect(mini.model.diagnostics).toEqual([]);
  });
});

describe('Amtgard magic (rulebooks/amtgard-magic.md)', () => {
  let amt: LinkedRulebook;
  beforeAll(async () => {
    amt = await load('amtgard-magic.md');
  });

  it('numbers the ordered lists locally, with lettered sub-rules', () => {
    const letters = (n: number, last: string) => 'abcdefghijkl'.slice(0, 'abcdefghijkl'.indexOf(last) + 1).split('').map((l) => `${n}.${l}`);
    const rules = (title: string) => {
      const section = amt.model.sections.find((s) => s.title === title)!;
      return amt.model.rules.filter((r) => r.sectionId === section.id).map((r) => r.number.segments.join('.'));
    };
    expect(rules('The Rules of Magic')).toEqual([
      '1', '2', '3', '4', '5', '6', '7', '8', '9', ...letters(9, 'l'), '10', ...letters(10, 'c'), '11', ...letters(11, 'h'),
      '12', '13', '14', '15', '16', '17', '18', '19', '20', '21',
    ]);
    expect(rules('Magic Clarifications')).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(amt.model.rules).toHaveLength(50);
    expect(amt.model.rules.every((r) => r.scope === 'local')).toBe(true);
    expect(amt.duplicateNumbers).toEqual([]);
    const l = amt.model.rules.find((r) => r.number.segments.join('.') === '9.l')!;
    expect(l.text).toBe('May be dispelled.');
  });

  it('keeps "Relics include:" followed by nothing, and the headings', () => {
    expect(amt.model.sections.map(heading)).toEqual([
      [1, null, 'Amtgard Magic 7.5'], [2, null, 'Magic'], [3, null, 'The Rules of Magic'], [3, null, 'Magic Clarifications'],
      [3, null, 'Magic Relics'], [3, null, 'Schools of Magic'], [2, null, 'External Links'],
    ]);
    const relics = amt.model.sections.find((s) => s.title === 'Magic Relics')!;
    expect(relics.hasContent).toBe(true);
    expect(amt.model.sections.find((s) => s.title === 'External Links')!.isEmpty).toBe(true);
    expect(amt.model.skills).toEqual([]);
    expect(amt.unresolvedReferences).toEqual([]);
    expect(amt.model.diagnostics).toEqual([]);
  });
});

describe('Ars Magica combat (rulebooks/ars-magica-combat.md)', () => {
  type MdNode = { type: string; value?: string; children?: MdNode[]; position?: { start: { line: number } } };
  let ars: LinkedRulebook;
  let text: string;
  let tree: MdNode;
  beforeAll(async () => {
    ars = await load('ars-magica-combat.md');
    // The model keeps no tables or plain lists, so those are read from the Markdown itself, with GFM tables.
    const [{ readFile }, { unified }, { default: remarkParse }, { default: remarkGfm }] = await Promise.all([
      import('node:fs/promises'), import('unified'), import('remark-parse'), import('remark-gfm'),
    ]);
    text = await readFile(path.join(ROOT, 'ars-magica-combat.md'), 'utf8');
    tree = unified().use(remarkParse).use(remarkGfm).parse(text) as MdNode;
  });
  const all = (node: MdNode, type: string): MdNode[] =>
    [...(node.type === type ? [node] : []), ...(node.children ?? []).flatMap((c) => all(c, type))];
  const plain = (node: MdNode): string => node.value ?? (node.children ?? []).map(plain).join('');
  const tables = () => all(tree, 'table').map((t) => ({ header: t.children![0].children!.map(plain), rows: t.children!.slice(1).map((r) => r.children!.map(plain)) }));

  it('turns ==Heading== into ## and the twelve ===…=== that are titles into ###, in the seed\'s order', () => {
    const h2 = (title: string) => [2, null, title];
    const h3 = (title: string) => [3, null, title];
    expect(ars.model.sections.map(heading)).toEqual([
      h2('The Combat Round'), h2('When to Use Combat Rounds'), h2('Initiative'), h2('Actions in Combat'), h2('Delaying Actions'),
      h2('Tactical Movement'), h2('Moving in Combat'), h2('Movement and Groups'), h2('Obstacles, Barriers, and Movement'), h2('Terrain Examples'),
      h2('Engaging and Disengaging'), h2('Engaging in Combat'), h2('Disengaging'), h2('Attacking and Defending'), h2('Attacking'),
      h2('Option: Condensed Notation for Combat Scores'), h2('Defending'), h2('Mounted Combat'), h2('Untrained Mounts'), h2('Mounted Movement'),
      h2('Charging on Horseback'), h2('Suggestions for Combat Botches'),
      h3('Option: Shock of the Charge'), h3('Shooting Missiles From Horseback'), h3('Actions Taken By Horses'), h3('Effects of Mounted Movement'),
      h2('Attacking Horses'), h2('Mounting and Dismounting'), h2('Story Seed: The Wounded Steed'), h2('Falling from Horseback'),
      h2('Battlefield Situations'), h2('General Situational Modifiers'), h2('Light Sources and Range of Visibility'), h2('Non-Lethal Damage: Bruises'),
      h2('Bruise Table'), h2('Special Effects'), h2('Your Arms are Too Short to Box with that Giant'), h2('Morale and Discipline'),
      h3('Example Discipline Ease Factors'), h3('Example Morale Ease Factors'),
      h2('Story Seed: The Greatest Weapon'), h2('Equipment Availability'), h2('Quality of Arms and Armor'), h2('Primitive and Blunted Weapons'),
      h2('Option: Try Using the Other End'), h2('Option: The Clash of Weapons'), h2('Using Crossbows'), h2('Missile Weapon Table'),
      h3('Inexpensive Materials'), h3('Standard Materials'), h3('Expensive Materials'), h3('Body Armors'), h3('Surcoats and Greaves'), h3('Helmets'),
      h2('Lords of Men Option: Complex Armor Design'), h2('Complex Armor Design Table'),
    ]);
    expect(ars.model.sections.filter((s) => s.depth === 2)).toHaveLength(44);
    expect(ars.model.sections.filter((s) => s.depth === 3)).toHaveLength(12);
    // The giant sidebar's heading comes first in its box (the extraction put it after the text).
    expect(ars.model.sections.find((s) => s.title.startsWith('Your Arms'))!.headingRange.start.line).toBe(577);
  });

  it('keeps the formulas that the seed made headings as paragraphs of their own', () => {
    for (const formula of [
      'Resist Charge While Mounted: Dexterity + Ride + Saddle Modifier + Stress Die Vs. Damage Total (Before Soak) + Size of Attacker’s Horse',
      'Resist Charge While On Foot: Str + Size + Combat Ability + Stress Die Vs. Damage Total (Before Soak) + Size of Attacker’s Horse',
      'Shorten Training Time: Communication\u00a0+ Leadership + Stress Die',
      'Assume Leadership in Combat: Presence + Leadership + Stress Die Vs. Ease Factor 9',
      'Maintain or Regain Control of Panicked Horse: Presence + Ride vs. Ease Factor 6 – horse’s total Wound Penalties',
    ]) expect(text.split('\n'), formula).toContain(`*${formula}*`);
    // No extraction debris left: bullet glyphs, wiki headings or box marks.
    expect(text).not.toMatch(/•|^=|\[\||\|\]|''/m);
  });

  it('rebuilds all 18 tables with their columns and every row', () => {
    const t = tables();
    expect(t.map((x) => [x.header, x.rows.length])).toEqual([
      [['Action', 'Action Type', 'Stress Roll', 'Ease Factor'], 4],
      [['Gait', '–3 Or Less', '–2 To –1', '0', '+1 To +2', '+3 To +4', '+5'], 4],
      [['Gait', 'Penalty To Missile Attacks', 'Falling Damage', 'Extended Action Ease Factor', 'Defensive Bonus (Optional)'], 4],
      [['Amount of Cover', 'Defense Bonus', 'Example'], 4],
      [['Concealment', 'Examples', 'Melee Attack Bonus', 'Defense Bonus'], 4],
      [['Conditions', 'None', 'Light', 'Medium', 'Heavy', 'Total'], 5],
      [['Bruise Level', 'Penalty', 'Recovery Interval', 'Improvement Ease Factor', 'Residual Wound'], 5],
      [['Training Time', 'Ease Factor'], 5],
      [['Example Maneuver', 'Attack Total', 'Defense Choices', 'Advantage Required'], 8],
      [['Event', 'Ease Factor'], 6],
      [['Event', 'Ease Factor'], 6],
      [['Situation', 'Rally Ease Factor'], 6],
      [['Item', 'Ability', 'Init', 'Atk', 'Dfn', 'Dam', 'Str', 'Load', 'Cost', 'Avail', 'Types', 'Damage Levels', 'Notes'], 34],
      [['Item', 'Ability', 'Init', 'Atk', 'Dfn', 'Dam', 'Range', 'Str', 'Load', 'Cost', 'Avail', 'Types', 'Damage Levels', 'Notes'], 13],
      [['Armor', 'Cuirass/jerkin Prot', 'Cuirass/jerkin Load', 'Haubergeon Prot', 'Haubergeon Load', 'Hauberk Prot', 'Hauberk Load', 'Full* Prot', 'Full* Load'], 8],
      [['Surcoat and Greaves', 'Prot', 'Load', 'Cost'], 5],
      [['Helmet', 'Prot', 'Load', 'Perception Penalty', 'Cost'], 5],
      [['Type', 'Torso', 'Hips and Thighs', 'Shins', 'Upper Arms', 'Forearms', 'Load Factor'], 8],
    ]);
    for (const table of t) for (const row of table.rows) expect(row).toHaveLength(table.header.length);
    const [obstacles, , effects, , , , , , maneuvers, discipline, morale, , melee, missile] = t;
    expect(obstacles.rows[3]).toEqual(['Pick a lock', '5-rd. Ext.', 'Dex + Legerdemain', '12*']);
    expect(effects.rows[3][1]).toBe('−6 –6');
    expect(maneuvers.rows.map((r) => [r[0], r[3]])).toEqual([
      ['Trip or Throw', '3'], ['Grapple', '1'], ['Pin', ''], ['Tackle', '1'], ['Disarm', '9'], ['Grab Worn Item', '6'], ['Unseat Rider', '6'], ['Wrest Weapon', '12'],
    ]);
    expect(discipline.rows.at(-1)).toEqual(['Group changes between melee and missile combat', '']);
    expect(morale.rows.filter((r) => r[1] === '').map((r) => r[0])).toEqual([
      'Taking wounds from missile fire when having no missiles of its own', 'All members of the group reach Wound Penalty of −3 or worse',
      'The vanguard or leader killed, Incapacitated, or disabled by magic',
    ]);
    expect(melee.rows.map((r) => r[0]).slice(0, 3)).toEqual(['Unarmed', 'Kick', 'Gauntlet']);
    expect(melee.rows.find((r) => r[0] === 'Spear, Long')).toEqual(['Spear, Long', 'Great', '3', '3', '1', '7', '0', '3', 'Inexp.', 'All', 'P', '1', 'Includes boar spear, Lion & Lily, page 120']);
    expect(melee.rows.find((r) => r[0] === 'Whip*')!.slice(10)).toEqual(['C, S', '1', 'New']);
    expect(missile.rows.find((r) => r[0] === 'Arbalest, heavy')).toEqual(['Arbalest, heavy', 'Crossbow', '5', '5', '0', '12*', '35', '1', '2', 'Exp.', 'Late', 'P', '2', 'New']);
  });

  it('un-interleaves the two-column bullet lists: one item per bullet glyph of the seed', () => {
    expect(all(tree, 'list').map((l) => l.children!.length)).toEqual([
      10, 3, 4, 3, 5, 9, // actions, reactions, examples of reactions, extended actions, examples of them, fast actions
      4, 6, 7, // movement rates; difficult terrain, hazards
      2, 2, 3, // automatic disengagement, in missile combat; condensed notation
      9, 5, 5, 13, 4, 6, // minor and major Flaws, mounted benefits, combat botches, wounding horses, fighting indoors
      4, 7, 7, 2, 3, 3, 35, // periods, missile and melee weapon descriptions, the three armor materials, glossary
    ]);
    const botches = all(tree, 'list')[15].children!.map(plain);
    expect([botches[5], botches[12]]).toEqual(['Drop your weapon or break a bowstring.', 'Strike an ally.']);
  });

  it('keeps the 14 sidebars as blockquotes', () => {
    const quotes = (tree.children ?? []).filter((n) => n.type === 'blockquote');
    expect(quotes).toHaveLength(14);
    // The melee table's box holds only the table: the chapter text before it is no sidebar.
    expect(plain(quotes[10]).startsWith('Melee Weapon Table')).toBe(true);
  });

  it('has no references, rules or diagnostics', () => {
    expect(ars.model.references).toEqual([]);
    expect(ars.unresolvedReferences).toEqual([]);
    expect(ars.model.rules).toEqual([]);
    expect(ars.model.diagnostics).toEqual([]);
  });

  // Its weapon tables have "Ability" and "Cost" (a price) columns: equipment, not skill tables.
  it('has no skills: the weapon tables are equipment, not skills', () => {
    expect(ars.model.skills).toEqual([]);
  });
});
