// planRenumber on small real-shaped rulebooks: style kept, references rewritten, refusals named.
import { describe, expect, it } from 'vitest';
import { linkRulebook } from '../../shared/link/index.js';
import { applyEdits, editsByFile } from '../../shared/model/edits.js';
import type { RulebookSource } from '../../shared/model/types.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { planRenumber, type RenumberOptions, type RenumberPlan } from '../../shared/refactor/index.js';
import { chaptersReadInOrder } from '../helpers/books.js';
import { numberingProblems } from './numbering-invariants.js';

const md = (strings: TemplateStringsArray, ...values: unknown[]) => String.raw({ raw: strings }, ...values).replace(/^\n/, '');

function renumberFiles(files: Record<string, string>, options: Omit<RenumberOptions, 'source'> = {}) {
  const source: RulebookSource = { files: Object.entries(files).map(([path, text]) => ({ path, text })) };
  const linked = linkRulebook(parseRulebook(source));
  const plan = planRenumber(linked, { ...options, source });
  if (plan.kind === 'refused') return { plan, files };
  const byFile = editsByFile(plan.edits);
  const out: Record<string, string> = {};
  for (const [path, text] of Object.entries(files)) out[path] = applyEdits(text, byFile.get(path) ?? []);
  return { plan, files: out };
}

function renumber(text: string, options: Omit<RenumberOptions, 'source'> = {}) {
  const { plan, files } = renumberFiles({ 'rules.md': text }, options);
  return { plan, text: files['rules.md'] };
}

function expectPlan(plan: ReturnType<typeof renumber>['plan']): RenumberPlan {
  if (plan.kind === 'refused') throw new Error(`refused: ${plan.reasons.map((r) => r.message).join('; ')}`);
  return plan;
}

describe('planRenumber', () => {
  it('resolves a rule typed with the number of the rule it goes before, and rewrites references to the original', () => {
    // The book before and after: only the numbers of the Hold and Medics rules, and the references to them, change.
    const book = (hold: string, medics: string) => md`
# Chapter 1. Introductions

## 1.1 Safety

1.1.1 Safety comes first.

1.1.2 A new rule typed before the old 1.1.2.

${hold} Stop the game when someone calls Hold.

${medics} Medics may walk through any fight; see ${hold} for Hold.

## 1.2 Calls

1.2.1 Calls are spoken loudly, as rule ${medics} says, and [[${hold}]] applies.
`;
    const { plan, text } = renumber(book('1.1.2', '1.1.3'));
    expect(text).toBe(book('1.1.3', '1.1.4'));
    const done = expectPlan(plan);
    expect(done.renumbered.map((r) => `${r.oldNumber}→${r.newNumber}`)).toEqual(['1.1.2→1.1.3', '1.1.3→1.1.4']);
    expect(done.changes.map((c) => `${c.range.start.line} ${c.kind} ${c.before}→${c.after}`)).toEqual([
      '9 number 1.1.2→1.1.3',
      '11 number 1.1.3→1.1.4',
      '11 reference 1.1.2→1.1.3',
      '15 reference 1.1.3→1.1.4',
      '15 reference 1.1.2→1.1.3',
    ]);
  });

  it('keeps "Chapter N." headings, separators and odd spacing, and closes gaps left by deletions', () => {
    const { text } = renumber(md`
# Chapter 1. Introductions

1.1 Be kind.

# Chapter  3. Magic

## 3.1 - Offensive Magic

3.1.1 Spells are thrown as packets. See chapter 3 and section 3.1.

## 3.3 - Healing Magic
`);
    expect(text).toBe(md`
# Chapter 1. Introductions

1.1 Be kind.

# Chapter  2. Magic

## 2.1 - Offensive Magic

2.1.1 Spells are thrown as packets. See chapter 2 and section 2.1.

## 2.2 - Healing Magic
`);
  });

  it('keeps trailing dots, hundreds sections and sub-rule letters, skipping the letters the rulebook never uses', () => {
    const letters = 'abcdefghijk'.split('').map((l) => `100.1${l} Sub-rule ${l}.\n`).join('\n');
    const { text } = renumber(md`
---
numbering:
  hundredsSections: true
  skipLetters: [l, o]
---
# 1. Game Concepts

## 100. General

100.1. These rules apply to any game.

100.1a A new first sub-rule.

${letters}
## 102. Players

102.1. A player is one of the people in the game. See rules 100.1a–b and rule 100.1k.

# 2. Parts of a Card

## 200. General

200.1. Cards have parts.
`);
    expect(text).toContain('100.1. These rules apply');
    expect(text).toContain('100.1a A new first sub-rule.');
    expect(text).toContain('100.1b Sub-rule a.');
    expect(text).toContain('100.1k Sub-rule j.');
    // "l" is skipped: the eleventh sub-rule after the insertion is "m".
    expect(text).toContain('100.1m Sub-rule k.');
    expect(text).toContain('## 101. Players');
    expect(text).toContain('101.1. A player is one of the people in the game. See rules 100.1b–c and rule 100.1m.');
    expect(text).toContain('## 200. General');
  });

  it('keeps gaps declared intentional, unless the entry there already carries that number', () => {
    const book = (rules: string) => `---\nnumbering:\n  allowGaps: ["2.3"]\n---\n# 1 Basics\n\n# 2 Combat\n\n${rules}`;
    const unchanged = renumber(book('2.1 One.\n\n2.2 Two.\n\n2.4 Four.\n'));
    expect(expectPlan(unchanged.plan).changes).toEqual([]);
    const filled = renumber(book('2.1 One.\n\n2.2 Two.\n\n2.3 Three, written after all.\n'));
    expect(expectPlan(filled.plan).changes).toEqual([]);
    const inserted = renumber(book('2.1 One.\n\n2.2 New.\n\n2.2 Two.\n\n2.4 Four.\n'));
    expect(inserted.text).toBe(book('2.1 One.\n\n2.2 New.\n\n2.4 Two.\n\n2.5 Four.\n'));
  });

  it('rewrites both ends of a range, keeping a letter-only end short', () => {
    const { text } = renumber(md`
# 1 Abilities

1.1 Keywords.

1.1a New sub-rule.

1.1a First.

1.1b Second.

1.2 See rules 1.1a–b, rules 1.1a - 1.2 and rules 1.1-1.2.
`);
    expect(text).toContain('1.2 See rules 1.1b–c, rules 1.1b - 1.2 and rules 1.1-1.2.');
  });

  it('leaves a short range as written when its rules keep their numbers, and keeps it short when they move', () => {
    // The Comprehensive Rules write "see rules 119.7-8"; renumbering chapter 1 rewrote it as "119.7-119.8".
    const { plan, text } = renumber(md`
# 1 Game Concepts

1.1 New rule.

1.1 Life. See rules 2.1-2 and rules 1.1-2.

1.2 Damage.

# 2 Turns

2.1 Untap.

2.2 Upkeep.
`);
    expect(text).toContain('1.2 Life. See rules 2.1-2 and rules 1.2-3.');
    expect(expectPlan(plan).changes.filter((c) => c.kind === 'reference').map((c) => `${c.before} → ${c.after}`)).toEqual(['1.1-2 → 1.2-3']);
  });

  it('moves a whole inserted section with its rules, and references follow the original section', () => {
    const { text } = renumber(md`
# 1 Alchemy

## 1.1 Herbs

1.1.1 Herbs grow. See 1.2.1.

## 1.2 Poisons (new)

1.2.1 New poisons are rare.

## 1.2 Potions

1.2.1 Potions are drunk.

1.2.2 Potions expire; see 1.2.1 and section 1.2.
`);
    expect(text).toBe(md`
# 1 Alchemy

## 1.1 Herbs

1.1.1 Herbs grow. See 1.3.1.

## 1.2 Poisons (new)

1.2.1 New poisons are rare.

## 1.3 Potions

1.3.1 Potions are drunk.

1.3.2 Potions expire; see 1.3.1 and section 1.3.
`);
  });

  it('renumbers references in every file of a folder rulebook', () => {
    const { plan, files } = renumberFiles({
      '01-basics.md': '# 1 Basics\n\n1.1 First.\n\n1.1 Inserted.\n\n1.2 Second; see 2.2.\n',
      '02-combat.md': '# 2 Combat\n\n2.1 Swing.\n\n2.3 Block; see 1.1 and see 1.2.\n',
    });
    expect(files['01-basics.md']).toBe('# 1 Basics\n\n1.1 First.\n\n1.2 Inserted.\n\n1.3 Second; see 2.2.\n');
    expect(files['02-combat.md']).toBe('# 2 Combat\n\n2.1 Swing.\n\n2.2 Block; see 1.2 and see 1.3.\n');
    expect(new Set(expectPlan(plan).edits.map((e) => e.range.file))).toEqual(new Set(['01-basics.md', '02-combat.md']));
  });

  it('counts appendices apart from chapters and keeps CRLF line endings', () => {
    const { text } = renumber('# Chapter 1 Basics\r\n\r\n# Chapter 2 Magic\r\n\r\n# Appendix 1: Lore\r\n\r\n# Appendix 3: Maps\r\n\r\nSee appendix 3.\r\n');
    expect(text).toBe('# Chapter 1 Basics\r\n\r\n# Chapter 2 Magic\r\n\r\n# Appendix 1: Lore\r\n\r\n# Appendix 2: Maps\r\n\r\nSee appendix 2.\r\n');
  });

  it('renumbers only under --section, leaving the rest as written', () => {
    const book = md`
# 4 Magic

## 4.1 Spells

4.1.1 One.

## 4.3 Rituals

4.3.1 Rituals take time.

4.3.3 Circles are drawn.

4.3.5 Ends.

## 4.9 Enchanting

4.9.2 Items.
`;
    const { plan, text } = renumber(book, { section: '4.3' });
    expect(text).toBe(book.replace('4.3.3 Circles', '4.3.2 Circles').replace('4.3.5 Ends', '4.3.3 Ends'));
    expect(expectPlan(plan).renumbered.map((r) => r.oldNumber)).toEqual(['4.3.3', '4.3.5']);
    expect(numberingProblems(linkRulebook(parseRulebook({ files: [{ path: 'rules.md', text }] })))).toContain('4.3 follows 4.1');
  });

  it('notes a broken reference whose number will name a rule after renumbering', () => {
    const { plan } = renumber('# 1 Rules\n\n1.1 A.\n\n1.1 B.\n\n1.2 C, see 1.3.\n');
    const done = expectPlan(plan);
    expect(done.notes.map((n) => `${n.range?.start.line}: ${n.message}`)).toEqual([
      '7: `see 1.3` names no rule today, but after renumbering 1.3 will exist; check what it should point at',
    ]);
  });

  it('follows the linker where a title names another chapter than the number: the titled chapter gets its new number', () => {
    // Chapter 2 is missing, so Combat becomes 2 and Running the Game 3. Each reference gives the other's number, and the
    // linker resolves each to the chapter its title names.
    const { plan, text } = renumber(md`
# Chapter 1. Character Creation

1.1 Pick a name.

# Chapter 3. Combat

3.1 Blows land softly. See Chapter 3: Running the Game for disputes.

# Chapter 4. Running the Game

4.1 The game master settles disputes, as Chapter 4: Combat says.
`);
    expect(text).toBe(md`
# Chapter 1. Character Creation

1.1 Pick a name.

# Chapter 2. Combat

2.1 Blows land softly. See Chapter 3: Running the Game for disputes.

# Chapter 3. Running the Game

3.1 The game master settles disputes, as Chapter 2: Combat says.
`);
    const done = expectPlan(plan);
    expect(done.changes.filter((c) => c.kind === 'reference').map((c) => `${c.range.start.line} ${c.before}→${c.after} (${c.context})`)).toEqual([
      '11 4→2 (Chapter 4: Combat)',
    ]);
    expect(done.notes.map((n) => `${n.range?.start.line}: ${n.message}`)).toEqual([
      '7: `See Chapter 3: Running the Game` gives the wrong number: “Running the Game” is chapter 4 and will be 3, as written, so the reference is left alone; chapter 3 names something else today: check that the title is the one meant',
      '11: `Chapter 4: Combat` gives the wrong number: “Combat” is chapter 3, 2 after renumbering; the reference is rewritten to 2; chapter 4 names something else today: check that the title is the one meant',
    ]);
  });

  it('repairs a titled reference to a chapter read in order, whose number is its place', () => {
    const { plan, text } = renumber(chaptersReadInOrder('The game master follows Chapter 2: Running the Game.'));
    expect(text).toContain('The game master follows Chapter 3: Running the Game.');
    expect(expectPlan(plan).notes.map((n) => n.message)).toEqual([
      '`Chapter 2: Running the Game` gives the wrong number: “Running the Game” is chapter 3; the reference is rewritten to 3; chapter 2 names something else today: check that the title is the one meant',
    ]);
  });

  it('leaves a lone top-level number alone: it may be a count, not a chapter', () => {
    const book = '## TURN\n\nEach turn has rounds.\n\n## 4 TYPES OF NON MAGIC COMBAT\n\n1) Open combat\n2) Range attack\n\n## 4.1 Open combat\n\n4.1.2 Roll.\n';
    expect(renumber(book).text).toBe(book.replace('4.1.2 Roll', '4.1.1 Roll'));
  });

  it('is a no-op on a well numbered rulebook, even without the file texts', () => {
    const text = '# Chapter 1. One\n\n## 1.1 Two\n\n1.1.1 Three. See 1.1.\n';
    const plan = planRenumber(linkRulebook(parseRulebook({ files: [{ path: 'r.md', text }] })));
    expect(expectPlan(plan).edits).toEqual([]);
    const gap = '# Chapter 1. One\n\n# Chapter 3. Three\n\n3.1 Rule. See chapter 3.\n';
    const fixed = planRenumber(linkRulebook(parseRulebook({ files: [{ path: 'r.md', text: gap }] })));
    expect(applyEdits(gap, expectPlan(fixed).edits)).toBe('# Chapter 1. One\n\n# Chapter 2. Three\n\n2.1 Rule. See chapter 2.\n');
  });
});

describe('planRenumber refusals', () => {
  it('refuses a reference to a number that two unrelated entries share, naming the places', () => {
    const { plan } = renumber(md`
# 2 Combat

2.1 Swing.

2.2 Block.

# 3 Magic

2.2 A stray rule with a wrong number.

3.2 Spells; see 2.2.
`);
    expect(plan.kind).toBe('refused');
    if (plan.kind !== 'refused') return;
    expect(plan.reasons).toHaveLength(1);
    expect(plan.reasons[0].range?.start.line).toBe(11);
    expect(plan.reasons[0].message).toBe(
      '`see 2.2` is ambiguous: 2.2 is written on 2 entries (rules.md:5, rules.md:9), so renumbering cannot tell which one it means; fix the reference or those numbers by hand first',
    );
  });

  it('renumbers unrelated duplicates that nothing references', () => {
    const { text } = renumber('# 1 Basics\n\n# 2 Combat\n\n2.1 Swing.\n\n2.2 Block.\n\n# 3 Magic\n\n2.2 Stray.\n');
    expect(text).toBe('# 1 Basics\n\n# 2 Combat\n\n2.1 Swing.\n\n2.2 Block.\n\n# 3 Magic\n\n3.1 Stray.\n');
  });

  it('refuses more sub-rules than letters', () => {
    const rules = [...'abcdefghijklmnopqrstuvwxyz'].map((l) => `1.1${l} Sub.\n`).join('\n');
    const { plan } = renumber(`# 1 Long\n\n1.1 Parent.\n\n1.1a Inserted.\n\n${rules}`);
    expect(plan.kind === 'refused' && plan.reasons[0].message).toBe('1.1 would need more than 26 lettered sub-rules; split it or number some of them differently');
  });

  it('refuses an unknown or duplicated --section', () => {
    const unknown = renumber('# 1 One\n\n1.1 A.\n', { section: '9.9' }).plan;
    expect(unknown.kind === 'refused' && unknown.reasons[0]).toEqual({ message: 'no heading or rule is numbered 9.9', range: null });
    const twice = renumber('# 1 One\n\n1.1 A.\n\n1.1 B.\n', { section: '1.1' }).plan;
    expect(twice.kind === 'refused' && twice.reasons[0].message).toMatch(/^1\.1 is written on 2 entries \(rules\.md:3, rules\.md:5\)/);
  });

  it('refuses a --section renumbering that would duplicate a number written elsewhere', () => {
    const { plan } = renumber('# 1 One\n\n1.1 A.\n\n1.3 B.\n\n# 2 Two\n\n1.2 Misplaced.\n', { section: '1' });
    expect(plan.kind === 'refused' && plan.reasons.map((r) => `${r.range?.start.line}: ${r.message}`)).toEqual([
      '9: 1.2 would then be written twice: here and at rules.md:5 inside 1; renumber the whole rulebook instead',
    ]);
  });
});
