/**
 * Prerequisites as the D&D SRD 5.2 writes them (tests/fixtures/wild/dnd-srd52 holds its own text): a feat's kind line
 * with the requirement in brackets (`*General Feat (Prerequisite: Level 4+, Strength or Dexterity 13+)*`), levels
 * written "Level 5+ Warlock", a score to reach once after its alternatives, and entries named with their kind
 * ("Pact of the Blade Invocation", "Fighting Style Feature"). Read before as 30 unknown prerequisites of a freshly
 * init'ed book, and its 13 feats with prerequisites as no skills, its 4 Origin feats (`*Origin Feat*` alone) as no
 * skills either. The text here is our own, in those shapes.
 */
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { analyse } from '../../shared/analyse/index.js';
import { inferLayout } from '../../shared/layout/infer.js';
import { buildContent } from '../../shared/publish/content.js';
import { plainText } from '../../shared/publish/inline.js';

const FIGHTER = `## Fighter

### Fighter Class Features

#### Level 1: Fighting Style

You gain a Fighting Style feat of your choice.
`;

const WARLOCK = `## Warlock

### Eldritch Invocation Options

#### Pact of the Blade

You conjure a pact weapon.

#### Thirsting Blade

*Prerequisite: Level 5+ Warlock, Pact of the Blade Invocation*

You attack twice with your pact weapon.

#### Devouring Blade

*Prerequisite: Level 12+ Warlock, Thirsting Blade Invocation*

You attack three times with your pact weapon.

#### Blade Mastery

*Prerequisite: Level 9+ Warlock, Thirsting Blade Mastery*

Your pact weapon never misses.
`;

const FEATS = `# Feats

### Origin Feats

#### Alert

*Origin Feat*

You add your Proficiency Bonus to Initiative.

### General Feats

#### Grappler

*General Feat (Prerequisite: Level 4+, Strength or Dexterity 13+)*

You gain the following benefits.

#### Sentinel

*General Feat (Prerequisite: Level 4+, Strength or Dexterity 13+)*

You punish those who slip past you.

### Fighting Style Feats

#### Archery

*Fighting Style Feat (Prerequisite: Fighting Style Feature)*

You gain a +2 bonus to ranged attack rolls.
`;

const LEGAL = `# Legal Information

Section 5 of CC-BY-4.0 includes a Disclaimer of Warranties. The rules start in section 2 of this book.
`;

const files = [
  { path: '00_Legal.md', text: LEGAL },
  { path: '03_Classes/05_Fighter.md', text: FIGHTER },
  { path: '03_Classes/11_Warlock.md', text: WARLOCK },
  { path: '05_Feats.md', text: FEATS },
];

describe('prerequisites as the SRD 5.2 writes them', () => {
  const layout = 'layout:\n  skills:\n    headingLevels: [4]\nlint:\n  missing-cost: off\n';
  const { model, findings } = analyse({ files, manifest: { path: 'rulebook.yaml', text: layout } });
  const skill = (name: string) => model.skills.find((s) => s.name === name)!;
  const requirements = (name: string) => skill(name).prerequisites.flatMap((p) => p.requirements.map((r) => r.alternatives.map((a) => `${a.text} (${a.kind})`)));

  it('reads a feat’s kind line as its prerequisites, the level and the scores as conditions', () => {
    expect(requirements('Grappler')).toEqual([['Level 4+ (condition)'], ['Strength (condition)', 'Dexterity 13+ (condition)']]);
    expect(requirements('Archery')).toEqual([['Fighting Style Feature (skill)']]);
    // The kind line is no text of the feat's.
    expect(skill('Grappler').text).toBe('You gain the following benefits.');
    expect(requirements('Thirsting Blade')).toEqual([['Level 5+ Warlock (condition)'], ['Pact of the Blade Invocation (skill)']]);
  });

  it('reads a feat whose kind line names no prerequisite as one all the same, its kind line no text of it', () => {
    expect(skill('Alert').prerequisites).toEqual([]);
    expect(skill('Alert').text).toBe('You add your Proficiency Bonus to Initiative.');
    expect(skill('Alert').category).toBe('Origin Feats');
    // "Pact of the Blade" has no kind line: nothing says it is an invocation but its place.
    expect(model.skills.map((s) => s.name)).not.toContain('Pact of the Blade');
  });

  it('takes a kind line alone for an entry only under a heading that names its kind, at the skill level', () => {
    const read = (text: string, levels = '[4]') => analyse({ files: [{ path: 'a.md', text }], manifest: { path: 'rulebook.yaml', text: `layout:\n  skills:\n    headingLevels: ${levels}\n` } }).model.skills.map((s) => s.name);
    expect(read('## Spells\n\n#### Fire Bolt\n\n*Evocation Cantrip*\n\nA mote of fire.\n')).toEqual([]);
    expect(read('## Cantrips\n\n#### Fire Bolt\n\n*Evocation Cantrip*\n\nA mote of fire.\n')).toEqual(['Fire Bolt']);
    expect(read('## Cantrips\n\n#### Fire Bolt\n\n*Evocation Cantrip*\n\nA mote of fire.\n', '[3]')).toEqual([]);
    // Only right under the heading, and only a short title-case kind: an aside in italics is text.
    expect(read('## Cantrips\n\n#### Fire Bolt\n\nA mote of fire.\n\n*Evocation Cantrip*\n')).toEqual([]);
    expect(read('## Cantrips\n\n#### Fire Bolt\n\n*the cantrip of every apprentice*\n')).toEqual([]);
  });

  it('finds the entries named with their kind, and only under a heading of that kind', () => {
    const unknown = findings().filter((f) => f.ruleId === 'unknown-prerequisite').map((f) => f.message);
    // "Thirsting Blade Mastery": no heading above Thirsting Blade is titled "Mastery".
    expect(unknown).toEqual(['Unknown prerequisite `Thirsting Blade Mastery` of `Blade Mastery`: no skill or declared condition has this name']);
    const linked = analyse({ files, manifest: { path: 'rulebook.yaml', text: layout } }).linked;
    expect(linked.edges.filter((e) => e.from.name === 'Devouring Blade').map((e) => e.to.name)).toEqual(['Thirsting Blade']);
  });

  it('suggests the entry a misspelt name with its kind means, written with its kind', () => {
    const misspelt = files.map((f) => (f.path === '03_Classes/11_Warlock.md' ? { ...f, text: f.text.replace('12+ Warlock, Thirsting Blade', '12+ Warlock, Thirsting Blad') } : f));
    const unknown = analyse({ files: misspelt, manifest: { path: 'rulebook.yaml', text: layout } }).findings().filter((f) => f.ruleId === 'unknown-prerequisite');
    expect(unknown.map((f) => f.message)).toContain('Unknown prerequisite `Thirsting Blad Invocation` of `Devouring Blade`, did you mean `Thirsting Blade Invocation`?');
    // The one close name is the fix, kind and all.
    expect(unknown.find((f) => f.message.includes('Blad '))?.fix?.[0].newText).toBe('Thirsting Blade Invocation');
  });

  it('prints a feat without its kind line: neither its prerequisite nor the bracket and emphasis that close it', () => {
    const { linked } = analyse({ files, manifest: { path: 'rulebook.yaml', text: layout } });
    const block = buildContent(linked, { files }).blocks.find((b) => b.kind === 'skill' && b.skill.name === 'Grappler');
    const body = block?.kind === 'skill' ? block.body.map((b) => (b.kind === 'paragraph' ? plainText(b.runs) : b.kind)) : [];
    expect(body).toEqual(['You gain the following benefits.']);
  });

  it('takes "Section 5 of CC-BY-4.0" for a place in another document, and "section 2 of this book" for one of this', () => {
    expect(model.references.map((r) => r.text)).toEqual(['section 2']);
  });

  it('init counts the feats’ kind lines among the prerequisite lines, and the book is then read with them', () => {
    const { settings, reasons } = inferLayout({ files });
    expect(reasons).toContainEqual(expect.stringMatching(/^`Prerequisite` \(6 entries, /));
    const read = analyse({ files, manifest: { path: 'rulebook.yaml', text: stringify(settings) } }).model.skills.map((s) => s.name);
    expect(read).toEqual(['Thirsting Blade', 'Devouring Blade', 'Blade Mastery', 'Alert', 'Grappler', 'Sentinel', 'Archery']);
  });
});
