// Each recognition heuristic on its own, with lines taken from the seed rulebooks.
import { describe, expect, it } from 'vitest';
import { recogniseList } from '../../shared/import/bullets.js';
import { findContents } from '../../shared/import/contents.js';
import { costUnitsFor, detectEdition, editionFromTitle } from '../../shared/import/front-matter.js';
import { readGlossary } from '../../shared/import/glossary.js';
import { continuesRunOfShortLines, isShortTitle, matchBareChapter } from '../../shared/import/headings.js';
import { htmlToLines } from '../../shared/import/html.js';
import { importRulebook } from '../../shared/import/index.js';
import { splitLines } from '../../shared/import/lines.js';
import { detectSkipLetters, matchRuleLine, matchTitleLine } from '../../shared/import/numbering.js';
import { joinKind, joinLines } from '../../shared/import/paragraphs.js';
import { matchPrerequisite, matchRequires, matchSectionPrerequisite } from '../../shared/import/prerequisites.js';
import { formatReport, ReportBuilder } from '../../shared/import/report.js';
import { keepPriceListsAsLists } from '../../shared/import/price-lists.js';
import { matchSkillEntry } from '../../shared/import/skills.js';
import { cellKind, readCells, recogniseCellTable } from '../../shared/import/tables.js';
import { recogniseFieldBlock, splitFields, splitRunOnSentences } from '../../shared/import/field-blocks.js';
import { isFlattened, unflatten } from '../../shared/import/run-in.js';
import { parseRulebook } from '../../shared/parse/index.js';

const context = () => ({ report: new ReportBuilder(), depth: 1 });

/** The model of an imported text, as `rulebook` reads the file the import writes. */
const modelOf = (markdown: string) => parseRulebook({ files: [{ path: 'r.md', text: markdown }] });
/** The model's rules as number and text. */
const numberedRules = (model: ReturnType<typeof modelOf>) => model.rules.map((r) => [r.number.segments.join('.'), r.text]);

describe('numbering', () => {
  it('reads rule numbers: dotted, lettered, with a trailing dot', () => {
    expect(matchRuleLine(' 1.3.2 \tPlayers who are in game should react')).toEqual({ number: '1.3.2', rest: 'Players who are in game should react' });
    expect(matchRuleLine('      100.1a A two-player game is a game')).toEqual({ number: '100.1a', rest: 'A two-player game is a game' });
    expect(matchRuleLine('   100.1. These Magic rules apply')).toEqual({ number: '100.1.', rest: 'These Magic rules apply' });
    expect(matchRuleLine('2 Production Points are needed')).toBeNull();
  });
  it('reads numbered titles: "Chapter 4.", "100. General", "2.1 - Character Skills", but not a sentence starting with a count', () => {
    expect(matchTitleLine('Chapter 4.')).toMatchObject({ prefix: 'Chapter', number: '4', title: '' });
    expect(matchTitleLine('100. General')).toMatchObject({ number: '100', title: 'General' });
    expect(matchTitleLine('2.1 - Character Skills')).toMatchObject({ number: '2.1', separator: '-', title: 'Character Skills' });
    expect(matchTitleLine('3 players may join')).toBeNull();
  });
  it('finds sub-rule letters a text never uses (the Comprehensive Rules skip l and o)', () => {
    const numbers = ['704.5', '705.1', '706.2'].flatMap((p) => 'abcdefghijkmnpq'.split('').map((l) => `${p}${l}`));
    expect(detectSkipLetters(numbers)).toEqual(['l', 'o']);
    expect(detectSkipLetters(['1.1a', '1.1b', '1.1c'])).toEqual([]);
  });
});

describe('headings', () => {
  it('takes short capitalised lines without sentence punctuation as titles', () => {
    expect(isShortTitle('General skills')).toBe(true);
    expect(isShortTitle('The Warrior’s Guild')).toBe(true);
    expect(isShortTitle('Notes:')).toBe(false);
    expect(isShortTitle('These rules are effective as of June 1, 2020.')).toBe(false);
    expect(isShortTitle('One Handed Weapons (1 SP)')).toBe(false);
    expect(isShortTitle('From AmtWiki')).toBe(false);
    expect(isShortTitle('From Wikipedia, the free encyclopedia')).toBe(false);
    expect(isShortTitle('From the Guildmasters')).toBe(true);
  });
  it('reads a run of four or more short lines standing alone as a list of names under the first, not as empty headings', () => {
    // The end of the Funjerai rulebook: the organizers, one name per line.
    const text = 'Funjerai\n\nPlease direct all questions to the event Organizers.\n\nOrganizers for the Funjerai Larp 2025\n\nOddur\n\nSólmundur\n\nBryn Galdur\n\nBjarni\n';
    const lines = splitLines(text);
    expect(lines.map((_, i) => continuesRunOfShortLines(lines, i)).flatMap((yes, i) => (yes ? [lines[i].text] : []))).toEqual(['Oddur', 'Sólmundur', 'Bryn Galdur', 'Bjarni']);
    const { markdown, report } = importRulebook(text, { format: 'txt' });
    expect(markdown).toContain('# Organizers for the Funjerai Larp 2025\n\nOddur\n\nSólmundur\n\nBryn Galdur\n\nBjarni\n');
    expect(report.unsure.map((u) => u.line)).toEqual([5]);
    // Three in a row after the title are still headings: a part, a chapter and a section opening together.
    const three = importRulebook('Rules\n\nPart One\n\nMagic\n\nThe Rules of Magic\n\nMagic must be said loudly.\n', { format: 'txt' });
    expect(three.markdown).toMatch(/# Part One\n\n#+ Magic\n\n#+ The Rules of Magic\n/);
  });
  it('joins "Chapter 1." with the title on the next line, and makes "2.1 - Character Skills" a section', () => {
    const { markdown } = importRulebook('Chapter 1.\nIntroductions\n\nWe want to enforce free play.\n\n2.1 - Character Skills\n\nText.\n', { format: 'txt' });
    expect(markdown).toContain('# Chapter 1. Introductions\n');
    expect(markdown).toContain('## 2.1 - Character Skills\n');
  });
  it('uses a contents list for heading depths and drops the list itself', () => {
    const text = 'Rules\n\nContents\n\n1. Basics\n   100. General\nGlossary\n\n1. Basics\n\n100. General\n\n   100.1. Play nicely.\n\nGlossary\n\nAbandon\nTo give up.\n';
    const lines = splitLines(text);
    expect(findContents(lines)).toMatchObject({ start: 2, end: 7 });
    const { markdown } = importRulebook(text, { format: 'txt' });
    expect(markdown.match(/^# 1\. Basics$/gm)).toHaveLength(1);
    expect(markdown).toContain('## 100. General\n\n100.1. Play nicely.');
    expect(markdown).toContain('# Glossary\n\n### Abandon\n\nTo give up.');
  });
});

describe('MediaWiki and HTML', () => {
  it('decodes the named entities a page saved by Word or an older wiki uses for accented letters, case and all', () => {
    const { markdown } = importRulebook('<h1>Organizers</h1><p>S&oacute;lmundur, J&oacute;hannes and &THORN;&oacute;r&eth;ur &Ouml;rn; &Uuml;ber &uuml;ber; &frac12; damage, 5&nbsp;&euro;, caf&eacute; &amp;frac12;</p>', { format: 'html' });
    // "&amp;frac12;" is the text "&frac12;", escaped so that it reads back as that text.
    expect(markdown).toContain('Sólmundur, Jóhannes and Þórður Örn; Über über; ½ damage, 5\u00a0€, café \\&frac12;');
  });
  it('keeps an italic footnote under a wiki table ("\'\'* Greaves are…\'\'") as text with its star, not a list item', () => {
    const wiki = "==Combat==\n\n===Helmets===\n\n''Plate +3 3 n/a n/a''\n''* Greaves are already included in the full armor listed; don’t add them again.''\n''** A halberd or pole arm may be used to unseat a rider.''\n\n* A real bullet\n";
    const { markdown } = importRulebook(wiki, { format: 'txt' });
    expect(markdown).toContain('\\* Greaves are already included in the full armor listed; don’t add them again.\n');
    expect(markdown).toContain('\\*\\* A halberd or pole arm may be used to unseat a rider.\n');
    expect(markdown).not.toMatch(/^\s*- (?:Greaves|A halberd)/m);
    expect(markdown).toContain('- A real bullet\n');
  });
  it('reads HTML headings, list nesting, tables and entities into annotated lines', () => {
    const lines = htmlToLines('<h2>Spells</h2>\n<ul><li>A &amp; B<ul><li>inner</li></ul></li></ul><table><tr><td>Skill</td><td>Cost</td></tr></table>');
    expect(lines.filter((l) => l.text)).toEqual([
      { line: 1, text: 'Spells', heading: 2 },
      { line: 2, text: 'A & B', bullet: { level: 0, ordered: false } },
      { line: 2, text: 'inner', bullet: { level: 1, ordered: false } },
      { line: 2, text: 'Skill Cost', table: [['Skill', 'Cost']] },
    ]);
  });
});

describe('bullets', () => {
  it('numbers HTML ordered lists as the page shows them (start included), and letters a numbered list inside a numbered item as its sub-rules', () => {
    const html = '<h2>The Rules of Magic</h2><ol><li>Magic must be said loudly.</li><li>Enchantments (E)<ol><li>A person may carry only one.</li><li>Lost on moving after death.</li></ol></li></ol><ol start="7"><li>Unless they buy Ambidexterity, Wizards cast left-handed.</li></ol>';
    const { markdown } = importRulebook(html, { format: 'html' });
    expect(markdown).toContain('1. Magic must be said loudly.\n2. Enchantments (E)\n   a. A person may carry only one.\n   b. Lost on moving after death.\n');
    expect(markdown).toContain('7. Unless they buy Ambidexterity');
    const model = modelOf(markdown);
    expect(numberedRules(model)).toEqual([
      ['1', 'Magic must be said loudly.'],
      ['2', 'Enchantments (E)'],
      ['2.a', 'A person may carry only one.'],
      ['2.b', 'Lost on moving after death.'],
      ['7', 'Unless they buy Ambidexterity, Wizards cast left-handed.'],
    ]);
  });
  it('indents a list nested in a numbered item past the whole number, so Markdown keeps it nested', () => {
    const html = '<ol start="10"><li>Spells<ul><li>Heal</li><li>Bless</li></ul></li></ol>';
    const { markdown } = importRulebook(html, { format: 'html' });
    expect(markdown).toContain('10. Spells\n    - Heal\n    - Bless\n');
  });
  it('reads glyph bullets with nesting by indentation', () => {
    const lines = splitLines('  • The amount of skill points is the sum of:\n\n    • 15 starter skill points.\n\n    ◦ 1 skill point per event\n');
    const claimed = recogniseList(lines, 0, context())!;
    expect(claimed.next).toBe(5);
    expect(claimed.blocks).toEqual([
      { kind: 'list', line: 1, ordered: false, items: [
        { line: 1, level: 0, text: 'The amount of skill points is the sum of:', marker: undefined, ordered: false },
        { line: 3, level: 1, text: '15 starter skill points.', marker: undefined, ordered: false },
        { line: 5, level: 1, text: '1 skill point per event', marker: undefined, ordered: false },
      ] },
    ]);
  });
  it('puts lettered bullet lines under the numbered item before them, as its sub-rules', () => {
    const text = '8. All magic is listed as a spell.\n9. Enchantments (E)\n\n  • a. A person may carry only one at a time.\n  • b. Must be denoted by a visible strip.\n';
    const { markdown } = importRulebook(`Magic\n\nThe Rules of Magic\n\n${text}`, { format: 'txt' });
    const model = modelOf(markdown);
    expect(numberedRules(model)).toEqual([
      ['8', 'All magic is listed as a spell.'],
      ['9', 'Enchantments (E)'],
      ['9.a', 'A person may carry only one at a time.'],
      ['9.b', 'Must be denoted by a visible strip.'],
    ]);
  });
});

describe('skills and prerequisites', () => {
  it('keeps a run of bare priced names that repeats described skills as a plain list (Funjerai\'s effect resistances), not second definitions', () => {
    const text = [
      'Mental Magic', '',
      '  • Confusion (1 SP) The user points at a target within 5 metres.', '',
      '  • Truth (3 SP) The target must answer all questions truthfully for 10 minutes.', '',
      'Effect Resistances', '',
      'Effects that can be resisted:', '',
      '  • Confusion (2 SP)', '', '  • Amnesia (2 SP)', '', '  • Truth (4 SP)', '',
      'Price list', '',
      '  • Lockpicks (2 SP)', '', '  • Rope (1 SP)', '',
    ].join('\n');
    const { markdown, report } = importRulebook(text, { format: 'txt' });
    const model = modelOf(markdown);
    expect(model.skills.map((s) => [s.name, s.cost])).toEqual([['Confusion', 1], ['Truth', 3], ['Lockpicks', 2], ['Rope', 1]]);
    expect(markdown).toContain('Effects that can be resisted:\n\n- Confusion (2 SP)\n- Amnesia (2 SP)\n- Truth (4 SP)\n');
    expect(report.unsure.filter((u) => /names with prices/.test(u.reason))).toEqual([
      { line: 11, text: 'Confusion (2 SP)', reason: 'a list of 3 names with prices, 2 of them skills described elsewhere: kept as a list, not as skills' },
    ]);
    // On its own: a bare entry beside a described skill of another name stays a skill.
    const alone = keepPriceListsAsLists([
      { kind: 'skill', line: 1, name: 'Truth', cost: '3 SP', prerequisites: [], fields: [], details: [], text: 'Answer truthfully.', form: 'list' },
      { kind: 'skill', line: 3, name: 'Rope', cost: '1 SP', prerequisites: [], fields: [], details: [], text: '', form: 'list' },
    ], new ReportBuilder());
    expect(alone.map((b) => b.kind)).toEqual(['skill', 'skill']);
  });
  it('reads "Name (2 SP) text" entries, also without a space or with a colon after the cost', () => {
    expect(matchSkillEntry('Ballistic Weapons (2 SP)With this skill')).toEqual({ name: 'Ballistic Weapons', cost: '2 SP', rest: 'With this skill' });
    expect(matchSkillEntry('Knock Down (3 SP): With the acquisition')).toEqual({ name: 'Knock Down', cost: '3 SP', rest: 'With the acquisition' });
    expect(matchSkillEntry('Additional Health Points (4/5 SP) This skill')).toMatchObject({ cost: '4/5 SP' });
    expect(matchSkillEntry('Enchantments (E)')).toBeNull();
    expect(matchSkillEntry('the time is increased (from 10 minutes) to 20')).toBeNull();
  });
  it('reads the prerequisite phrasings', () => {
    expect(matchPrerequisite('*One Handed Weapons is a Prerequisite.')).toBe('One Handed Weapons');
    expect(matchPrerequisite('• *The Spell “Lesser Energy Ball” is a prerequisite ')).toBe('Lesser Energy Ball');
    expect(matchPrerequisite('*The skill “two handed weapons” or "polearm" is a prerequisite.')).toBe('two handed weapons or polearm');
    expect(matchPrerequisite('• *The skill “Build and Disarm Traps” is a prerequisite.')).toBe('[[Build and Disarm Traps]]');
    expect(matchPrerequisite('Prerequisite: Shield Use')).toBe('Shield Use');
    expect(matchPrerequisite('Note: Traps should take time to build.')).toBeNull();
    const known = (name: string) => ['first aid'].includes(name.toLowerCase());
    expect(matchRequires('Requires First Aid.', known)).toBe('First Aid');
    expect(matchRequires('Requires softball to charge and throw.', known)).toBeNull();
    expect(matchSectionPrerequisite('*All spells in this category have the prerequisite “Ritual Magic” ')).toBe('Ritual Magic');
  });
  it('takes "Requires X." under a skill for a prerequisite only when X is a skill of the import', () => {
    const text = 'Skills\n\n  • First Aid (1 SP) Stop bleeding.\n  • Surgery (2 SP) Mend a limb.\n    • Requires First Aid.\n  • Sling (1 SP) Throw stones.\n    • Requires softball to charge and throw.\n';
    const model = parseRulebook({ files: [{ path: 'r.md', text: importRulebook(text, { format: 'txt' }).markdown }] });
    expect(model.skills.map((s) => [s.name, s.prerequisites.map((p) => p.raw)])).toEqual([
      ['First Aid', []],
      ['Surgery', ['First Aid']],
      ['Sling', []],
    ]);
  });
  it('writes a skill entry with its prerequisite line so that the parser reads both', () => {
    const { markdown } = importRulebook('Skills\n\n  • Ambidexterity (2 SP) Fight with two weapons\n    *One Handed Weapons is a Prerequisite.\n', { format: 'txt' });
    const [skill] = modelOf(markdown).skills;
    expect(skill).toMatchObject({ name: 'Ambidexterity', cost: 2, costUnit: 'SP', text: 'Fight with two weapons' });
    expect(skill.prerequisites[0].raw).toBe('One Handed Weapons');
  });
});

describe('paragraph joining', () => {
  it('joins lines broken by a PDF and words hyphenated at the break', () => {
    expect(joinKind('In game (IG) and out of game (OOG) are two vital concepts that every player', 'should understand.')).toBe('space');
    expect(joinKind('you can’t choose a frac-', 'tional number')).toBe('hyphen');
    expect(joinKind('a player to be in-', 'game')).toBe('compound');
    expect(joinKind('Players should react as their character would.', 'Characters are assumed to be in game.')).toBeNull();
    expect(joinLines('you can’t choose a frac-', 'tional number', 'hyphen')).toBe('you can’t choose a fractional number');
    expect(joinLines('a player to be in-', 'game', 'compound')).toBe('a player to be in-game');
    // Through the importer, as a rule's wrapped lines are read.
    const { markdown } = importRulebook('Rules\n\n1.1 It is strictly against the rules for a player to be in-\ngame while his items are stowed. The fraction is not\nrounded up.\nNext sentence on its own line.\n', { format: 'txt' });
    expect(markdown).toContain('1.1 It is strictly against the rules for a player to be in-game while his items are stowed. The fraction is not rounded up.\nNext sentence on its own line.\n');
  });
});

describe('the report', () => {
  it('quotes an unsure line whole when short, and marks a long one as cut with an ellipsis', () => {
    const report = new ReportBuilder();
    report.unsure(7, '  Magic Relics  ', 'short line read as a heading');
    report.unsure(3, `Speed: ${'Mini affected adds 3 to their initiative. '.repeat(5)}`, 'split');
    const built = report.build('txt', { sections: 0, rules: 0, skills: 0, tables: 0, glossaryTerms: 0 });
    expect(built.unsure.map((u) => u.line)).toEqual([3, 7]);
    expect(built.unsure[1].text).toBe('Magic Relics');
    expect(built.unsure[0].text).toHaveLength(120);
    expect(built.unsure[0].text.endsWith('…')).toBe(true);
    expect(formatReport(built, 'rules.txt')).toContain('  rules.txt:7: short line read as a heading: Magic Relics\n');
  });
});

describe('glossary and front matter', () => {
  it('takes a dotted version ending the title for the edition', () => {
    expect(editionFromTitle('Amtgard Magic 7.5')).toBe('7.5');
    expect(editionFromTitle('Kingdoms of Novitas Rulebook v4.0.1')).toBe('4.0.1');
    expect(editionFromTitle('Chapter 4')).toBeNull();
    expect(editionFromTitle('Funjerai')).toBeNull();
    expect(importRulebook('Amtgard Magic 7.5\n\nMagic must be said loudly.\n', { format: 'txt' }).markdown).toMatch(/^edition: "7\.5"$/m);
  });
  it('declares the cost units when a skill costs something the dialect does not know, listing every unit used', () => {
    expect(costUnitsFor(['2 SP', '4/5 SP', null], ['SP', 'XP'])).toEqual([]);
    expect(costUnitsFor(['2 Karma', '1 SP', '3 karma', '4'], ['SP', 'XP'])).toEqual(['Karma', 'SP']);
    const text = 'Spellbook\n\nSpells\n\n  • Fireball (2 Karma) Throw a ball of fire at a target within 10 metres.\n\n  • Heal (1 SP) Restore one hit point.\n';
    const { markdown, report } = importRulebook(text, { format: 'txt' });
    const model = modelOf(markdown);
    expect(model.skills.map((s) => [s.name, s.cost])).toEqual([['Fireball', 2], ['Heal', 1]]);
    expect(report.counts.skills).toBe(2);
  });
  it('reads a term per blank-separated entry, numbered senses as their own paragraphs', () => {
    const { blocks, terms } = readGlossary(splitLines('Ability\n1. Text on an object.\n2. An ability on the stack.\n\nAbsorb\nA keyword ability.'), 3);
    expect(terms).toBe(2);
    expect(blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'paragraph', 'heading', 'paragraph']);
  });
  it('reads the edition from an "effective as of" date', () => {
    expect(detectEdition('   These rules are effective as of July 3, 2020.')).toBe('2020-07-03');
    expect(detectEdition('Ars Magica Fifth Edition')).toBe('Fifth Edition');
  });
});

describe('chapters written as a bare number', () => {
  it('takes "N <tab>Title" only as the next chapter in sequence', () => {
    expect(matchBareChapter(' 2 \tRaces of Novitas', 2)).toEqual({ number: 2, title: 'Races of Novitas' });
    expect(matchBareChapter(' 12 \tAppendix A: Spell List (Kon Spell List 4.0.doc)', 12)).toMatchObject({ number: 12 });
    expect(matchBareChapter('45 XP, but level 11 takes 55 XP.)', 4)).toBeNull();
    expect(matchBareChapter('1 Body point', 4)).toBeNull();
  });
  it('makes the chapters headings and keeps "2.1 Drakes" a numbered rule, as the hand conversion does', () => {
    const text = ' 1 \tFundamentals\n\n 1.1 \tEvery player is expected to know these rules.\n\n 2 \tRaces of Novitas\n\n 2.1 \tDrakes\n\n 2.1.1 \tDrakes are the children of dragons.\nGame Masters.\n 3 \tTraps\n 3.1 \tTraps come in three categories: Single step mechanisms, contraptions, and zero-\nlevel traps.\n';
    const model = parseRulebook({ files: [{ path: 'r.md', text: importRulebook(text, { format: 'txt' }).markdown }] });
    expect(model.sections.map((s) => [s.number?.key, s.title, s.depth])).toEqual([
      ['1', 'Fundamentals', 1],
      ['2', 'Races of Novitas', 1],
      ['3', 'Traps', 1],
    ]);
    expect(model.rules.map((r) => r.number.key)).toEqual(['1.1', '2.1', '2.1.1', '3.1']);
    expect(model.rules[3].text).toBe('Traps come in three categories: Single step mechanisms, contraptions, and zero-level traps.');
  });
  it('keeps a wrapped "(For\\nexample: …" inside its rule', () => {
    const text = ' 3.9.3 \tA helpful formula for Skill Points is (Level x 2) + 4  = Total SP. (For \nexample: a level 15 character has 34 Skill Points.)\n';
    const [rule] = parseRulebook({ files: [{ path: 'r.md', text: importRulebook(text, { format: 'txt' }).markdown }] }).rules;
    expect(rule.text).toBe('A helpful formula for Skill Points is (Level x 2) + 4 = Total SP. (For example: a level 15 character has 34 Skill Points.)');
  });
});

describe('tables broken into one cell per line', () => {
  // Lines 874-921 and 1247-1262 of the Kingdoms of Novitas seed, with their trailing spaces.
  const combat = 'Combat \nSkills\n\nSkill\nSkill \nPoint \nCost\nPrerequisite\nNotes\n\n\n\n\nBody 1\n1\n--\n1 Body point\n\n\n\n\nBody 2\n2\nBody 1\n2 Body points total\n\n\n\n\nGreat Weapon Training\n2\nMelee Training\nUse weapons longer than 42”\n\n';
  const magic = 'Magic \nSkills\n\nSkill\nCost\nLevel\nPrerequisite\nNotes\nMagic Power (2)\n1\nn/a\nnone\nRequired for casting spells; maximum of 20\nAegis Magic\n\nRituals of \nProtection\n1\nn/a\n1 Magic \nPower Point\nParticipate in Aegis rituals\nAnti-Magic \nShield\n2\n2\nLevel 1 Aegis \nSpell\nNext magical attack or Nature Damage Dart at target touched is \nnullified\n  Slaying Swarm\n3\n3\nLevel 2 Battle \nSpell \n  Two magic \ndarts dealing \n4 Magic Slay \ndamage each\n\n 3.15.1 \tEach tier of the Body skill gives characters an additional point of Body.\n';
  it('tells numbers from words, and "--", "n/a", "none" from both', () => {
    expect(['2', '12+', '65 (+10 per level)', '-5%', '01 - 40'].map(cellKind)).toEqual(['number', 'number', 'number', 'number', 'number']);
    expect(['--', 'n/a', 'none'].map(cellKind)).toEqual(['any', 'any', 'any']);
    expect(['1 Body point', 'Level 1 Aegis Spell'].map(cellKind)).toEqual(['words', 'words']);
  });
  it('joins a cell that goes on (trailing space) but not onto an indented line or a number', () => {
    const lines = splitLines(magic);
    const cells = readCells(lines, lines.findIndex((l) => l.text === '  Slaying Swarm'), 40).map((c) => c.text);
    expect(cells).toEqual(['Slaying Swarm', '3', '3', 'Level 2 Battle Spell', 'Two magic darts dealing 4 Magic Slay damage each']);
  });
  it('rebuilds the header, the rows and the captions, and the parser reads the rows as skills', () => {
    const claimed = recogniseCellTable(splitLines(combat), 0, context())!;
    expect(claimed.blocks).toEqual([
      { kind: 'caption', line: 1, text: 'Combat Skills' },
      { kind: 'table', line: 14, header: ['Skill', 'Skill Point Cost', 'Prerequisite', 'Notes'], rows: [
        ['Body 1', '1', '--', '1 Body point'],
        ['Body 2', '2', 'Body 1', '2 Body points total'],
        ['Great Weapon Training', '2', 'Melee Training', 'Use weapons longer than 42”'],
      ] },
    ]);
    const { markdown, report } = importRulebook(`${combat}\n${magic}`, { format: 'txt' });
    expect(markdown).toContain('**Aegis Magic**\n\n| Skill | Cost | Level | Prerequisite | Notes |');
    const model = modelOf(markdown);
    expect(model.skills.map((s) => [s.name, s.cost, s.prerequisites.flatMap((p) => p.requirements.map((r) => r.alternatives[0].text))])).toEqual([
      ['Body 1', 1, []],
      ['Body 2', 2, ['Body 1']],
      ['Great Weapon Training', 2, ['Melee Training']],
      ['Magic Power (2)', 1, []],
      ['Rituals of Protection', 1, ['1 Magic Power Point']],
      ['Anti-Magic Shield', 2, ['Level 1 Aegis Spell']],
      ['Slaying Swarm', 3, ['Level 2 Battle Spell']],
    ]);
    expect(report.counts.tables).toBe(3);
    expect(model.rules.map((r) => r.number.key)).toEqual(['3.15.1']);
  });
  it('leaves a run of short lines without a column of numbers alone', () => {
    expect(recogniseCellTable(splitLines('\nGreat Weapons\nPole Weapons\nShields\nBows\nThrown Weapons\nDaggers\nStaves\n'), 1, context())).toBeNull();
  });
});

describe('field blocks', () => {
  it('splits "Field: value" runs, and only when the text starts with a field', () => {
    expect(splitFields('Cost: 5 Range: 12" + caster\'s level Duration: Immediate Effect: 6 damage + caster\'s level')).toEqual([
      { name: 'Cost', value: '5' },
      { name: 'Range', value: '12" + caster\'s level' },
      { name: 'Duration', value: 'Immediate' },
      { name: 'Effect', value: '6 damage + caster\'s level' },
    ]);
    expect(splitFields('Short range: First 1/3 of the maximum range of the weapon')).toEqual([]);
  });
  it('splits sentences a value ran into, but not at an acronym', () => {
    expect(splitRunOnSentences('Mini affected adds 1" to their movement Mini affected adds 3 to their initiative')).toEqual([
      'Mini affected adds 1" to their movement',
      'Mini affected adds 3 to their initiative',
    ]);
    expect(splitRunOnSentences('teleport anywhere within either LOS of the spell caster\'s range')).toHaveLength(1);
  });
  it('makes an underlined title with a Cost field a heading skill, and leaves one without it alone', () => {
    const lines = splitLines('Familiar\n--------\nCost: 25\nRange: 12" + mini\'s level\nEffect:\n\nOpen combat\n-----------\n3 Attack options:\n');
    const claimed = recogniseFieldBlock(lines, 0, context())!;
    expect(claimed.next).toBe(5);
    expect(claimed.blocks[0]).toMatchObject({ kind: 'skill', name: 'Familiar', form: 'heading', fields: [{ name: 'Cost', value: '25' }, { name: 'Range', value: '12" + mini\'s level' }, { name: 'Effect', value: '' }] });
    expect(recogniseFieldBlock(lines, 6, context())).toBeNull();
  });
});

describe('text without line breaks', () => {
  // The miniatures seed is one line of 8,898 characters; these are pieces of it.
  const flat = (text: string) => splitLines(`${text} ${'Lorem ipsum. '.repeat(300)}`);
  it('puts run-in ALL-CAPS headings, " - " bullets, "1) …" items and underlined field blocks on lines of their own', () => {
    const lines = flat('TURN - Each turn is broken down into initiative rounds. - At the beginning of an initiative round, each participant must declare. 4 TYPES OF NON MAGIC COMBAT 1) Open combat 2) Range attack RESISTANCES Non magic weapons ----------------- Cost: 75 Effect: All non magic weapons do 1/2 damage Spells ----------------- Cost: 75 Effect: All spells do 1/2 damage within either LOS of the caster MAGIC ARMOR AND WEAPONS');
    expect(isFlattened(lines)).toBe(true);
    const out = unflatten(lines, new ReportBuilder()).filter((l) => l.text);
    expect(out.slice(0, 14).map((l) => [l.text, l.heading ?? (l.bullet ? 'bullet' : '')])).toEqual([
      ['TURN', 2],
      ['Each turn is broken down into initiative rounds.', 'bullet'],
      ['At the beginning of an initiative round, each participant must declare.', 'bullet'],
      ['4 TYPES OF NON MAGIC COMBAT', 2],
      ['1) Open combat', ''],
      ['2) Range attack', ''],
      ['RESISTANCES', 2],
      ['Non magic weapons', 3],
      ['Cost: 75', ''],
      ['Effect: All non magic weapons do 1/2 damage', ''],
      ['Spells', 3],
      ['Cost: 75', ''],
      ['Effect: All spells do 1/2 damage within either LOS of the caster', ''],
      ['MAGIC ARMOR AND WEAPONS', 2],
    ]);
  });
  it('reads the result as local rules under their heading and heading skills with their costs', () => {
    const source = flat('4 TYPES OF NON MAGIC COMBAT 1) Open combat 2) Range attack RESISTANCES Fire, Electricity, or Posion ---------------------------- Cost: 50 for each Effect: All attacks of the resistance in question do no damage Speed ----- Cost: 5 Range: 12" + caster\'s level Effect: Mini affected adds 1" to their movement Mini affected adds 3 to their initiative SPELLS');
    const { markdown } = importRulebook(source.map((l) => l.text).join('\n'), { format: 'txt' });
    const model = modelOf(markdown);
    expect(numberedRules(model)).toEqual([['1', 'Open combat'], ['2', 'Range attack']]);
    expect(model.skills.map((s) => [s.name, s.fields.find((f) => f.name === 'Effect')?.value])).toEqual([
      ['Fire, Electricity, or Posion', 'All attacks of the resistance in question do no damage'],
      ['Speed', 'Mini affected adds 1" to their movement'],
    ]);
    expect(markdown).toContain('Effect: Mini affected adds 1" to their movement\n\nMini affected adds 3 to their initiative');
  });
});

describe('markdown sources', () => {
  it('turns glyph bullets into list items and "*X is a prerequisite" into Prerequisite lines, and leaves the rest as written', () => {
    const text = '# Skills\n\n• Ambidexterity (2 SP) Fight with two weapons.\n  • *One Handed Weapons is a Prerequisite.\n• **Knock Down** (3 SP) Knock a foe down.\n\nA *plain* paragraph.\n\n```\n• kept in code\n```\n';
    const { markdown, report } = importRulebook(text, { format: 'md' });
    expect(markdown).toBe('# Skills\n\n- **Ambidexterity** (2 SP) Fight with two weapons.\n  Prerequisite: One Handed Weapons\n- **Knock Down** (3 SP) Knock a foe down.\n\nA *plain* paragraph.\n\n```\n• kept in code\n```\n');
    const model = modelOf(markdown);
    expect(model.skills.map((s) => [s.name, s.prerequisites.map((p) => p.raw)])).toEqual([['Ambidexterity', ['One Handed Weapons']], ['Knock Down', []]]);
    expect(report.recognised).toEqual(expect.arrayContaining(['bullet glyphs', 'prerequisite phrasings']));
  });
  it('upgrades a Markdown file saved with Windows line endings the same way', () => {
    const text = '# Skills\r\n\r\n- Ambidexterity (2 SP) Fight with two weapons.\r\n  - *One Handed Weapons is a Prerequisite.\r\n- Shield Use (3 SP) Use a shield.\r\n';
    const { markdown } = importRulebook(text, { format: 'md' });
    expect(markdown).toBe('# Skills\n\n- **Ambidexterity** (2 SP) Fight with two weapons.\n  Prerequisite: One Handed Weapons\n- **Shield Use** (3 SP) Use a shield.\n');
    const model = modelOf(markdown);
    expect(model.skills.map((s) => s.name)).toEqual(['Ambidexterity', 'Shield Use']);
  });
});
