/**
 * A book that prices some skills and lists others by their heading and text alone. 13th Age's Commander prices its
 * commands (`**Cost:** 1 command point`); every class writes its talents as `#### Abjuration` under `### Class
 * Talents`, with what each gains at each tier as `##### Adventurer Feat`, `##### Champion Feat`, `##### Epic Feat`
 * under it (tests/fixtures/wild/13th-age-srd, OGL 1.0a). The SRD 3.5 prices its feats by prerequisites and explains
 * skill checks under `## Skills` in headings of their own (tests/fixtures/wild/srd35-md-feats, OGL 1.0a).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyse } from '../../shared/analyse/index.js';
import { inferLayout } from '../../shared/layout/infer.js';
import { readingWords } from '../../shared/model/reading-words.js';
import { namesNoEntry } from '../../shared/parse/titles.js';

const wild = path.resolve(import.meta.dirname, '../fixtures/wild');
const file = (book: string, name: string) => ({ path: name, text: readFileSync(path.join(wild, book, 'book', name), 'utf8') });
/** The `layout.skills` block init proposes, if any. */
const skillsLayout = (files: { path: string; text: string }[]) => (inferLayout({ files }).settings.layout as { skills?: Record<string, unknown> } | undefined)?.skills;
const THIRTEENTH_AGE = [file('13th-age-srd', 'Compendium/13A/Classes/Commander.md'), file('13th-age-srd', 'Compendium/13A/Classes/Wizard.md')];

describe('chapters of unpriced talents in a book that prices other skills', () => {
  it('init lists the talents’ chapter for its headings alone, and sets no sections: the priced commands stay read', () => {
    const { settings, reasons } = inferLayout({ files: THIRTEENTH_AGE });
    expect(settings.layout).toEqual({ skills: { headingLevels: [4, 6], headings: ['Class Talents'] } });
    expect(reasons).toContain(
      '24 headings under `Class Talents` name an entry with its text alone (`Battle Captain`…), with no cost, prerequisite or kind, while the book prices its other skills: every `####` and `######` heading there is a skill.',
    );
  });

  it('reads the talents with their tiers as their text, and the commands with their price', () => {
    const settings = 'layout:\n  skills:\n    headingLevels: [4, 6]\n    headings: [Class Talents]\ncostUnits: [command point, command points]\n';
    const book = analyse({ files: THIRTEENTH_AGE, manifest: { path: 'rulebook.yaml', text: settings } });
    const skills = new Map(book.model.skills.map((s) => [s.name, s]));
    for (const talent of ['Abjuration', 'Cantrip Mastery', 'Evocation', 'High Arcana', 'Polysyllabic Verbalizations', 'Wizard’s Familiar']) {
      expect(skills.get(talent)?.category, talent).toBe('Class Talents');
    }
    // Its tiers (`##### Adventurer Feat`…) are part of its text.
    expect(skills.get('Abjuration')?.text).toBe(
      'Whenever you cast a daily wizard spell, you gain a +4 AC bonus until the end of your next turn. The bonus also applies to your Physical Defense. You gain dice: 2d12 temporary hit points each time you cast a daily spell. The bonus also applies to Mental Defense.',
    );
    expect(skills.get('Rally Now')?.costText).toBe('1 command point');
    // `##### Adventurer Feat` under each talent and command, and `##### Feat Tiers` over the familiar's: parts of it.
    expect([...skills.keys()].filter((name) => /\bFeats?\b|\bTiers?\b/.test(name))).toEqual([]);
  });

  it('lists no chapter named for skills or spells in such a book: those name chapters of rules as often', () => {
    const srd35 = ['book_src/feats.md', 'book_src/skills/index.md'].map((name) => file('srd35-md-feats', name));
    // `## Skills` over `### Trying Again`, `### Untrained Skill Checks`… explains checks; only the feats are skills.
    expect(skillsLayout(srd35)?.headings).toBeUndefined();
    // 13th Age's spells (`### 1st Level Spells` over `#### Magic Missile`) are left unread beside the priced commands.
    expect(skillsLayout(THIRTEENTH_AGE)?.headings).not.toContain('1st Level Spells');
  });

  it('names a section by its whole title when it opens with an ordinal: `1st Level Spells`, not `t Level Spells`', () => {
    // The Wizard alone prices nothing: its talents and spells are every heading there.
    expect(skillsLayout([file('13th-age-srd', 'Compendium/13A/Classes/Wizard.md')])?.sections).toEqual(['Class Talents', '1st Level Spells', '3rd Level Spells', '7th Level Spells']);
  });

  it('takes a tier named by its kind for part of the entry above, never a name of its own', () => {
    const english = readingWords(null);
    for (const title of ['Adventurer Feat', 'Champion Feat', 'Epic Feat', 'Feat Tiers', 'Further Backgrounding Adventurer Tier', 'Class Talents']) {
      expect(namesNoEntry(title, english), title).toBe(true);
    }
    // A kind named with another word is an entry's name: 13th Age's wizard spell and sorcerer power.
    for (const title of ['Utility Spell', 'Gather Power', 'Power Attack', 'Epic Strike', 'Master of Blades']) expect(namesNoEntry(title, english), title).toBe(false);
  });
});
