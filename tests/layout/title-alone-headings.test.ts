/**
 * Sections where every heading at a skill level is a skill (`layout.skills.headings: [titles]`): the SRD 5.2's
 * `### Eldritch Invocation Options` holds 23 invocations with a `*Prerequisite: …*` line and five with their text
 * alone. The text is the SRD 5.2's (CC BY 4.0; tests/fixtures/wild/dnd-srd52, read whole in wild-books.test.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyse } from '../../shared/analyse/index.js';
import { inferLayout } from '../../shared/layout/infer.js';

const WARLOCK = readFileSync(path.join(import.meta.dirname, '../fixtures/wild/dnd-srd52/book/03_Classes/11_Warlock.md'), 'utf8');
const BARE = ['Armor of Shadows', 'Eldritch Mind', 'Pact of the Blade', 'Pact of the Chain', 'Pact of the Tome'];

const read = (settings: string, text = WARLOCK) => analyse({ files: [{ path: 'warlock.md', text }], manifest: { path: 'rulebook.yaml', text: settings } });
const invocations = (settings: string, text?: string) =>
  read(settings, text)
    .model.skills.filter((s) => s.category === 'Eldritch Invocation Options')
    .map((s) => s.name);

describe('headings that are skills by where they stand, in the sections the layout lists', () => {
  it('init lists the heading over invocations written with and without a prerequisite, and says why', () => {
    const { settings, reasons } = inferLayout({ files: [{ path: 'warlock.md', text: WARLOCK }] });
    expect(settings).toMatchObject({ layout: { skills: { headingLevels: [4], headings: ['Eldritch Invocation Options'] } } });
    expect(reasons).toContain(
      '5 headings under `Eldritch Invocation Options` (`Armor of Shadows`…) stand among 23 skills with cost or prerequisite lines, written as they are but without: every heading of their level there is a skill.',
    );
  });

  it('reads every heading there, and only there, as a skill', () => {
    const listed = invocations('layout:\n  skills:\n    headingLevels: [4]\n    headings: [Eldritch Invocation Options]\n');
    expect(listed).toHaveLength(28);
    expect(listed).toEqual(expect.arrayContaining(BARE));
    // The class's own features (`#### Level 1: Pact Magic`) stand under another heading: fields alone name skills there.
    const all = read('layout:\n  skills:\n    headingLevels: [4]\n    headings: [Eldritch Invocation Options]\n').model.skills;
    expect(all.filter((s) => s.category !== 'Eldritch Invocation Options')).toEqual([]);
    // What the others require of them is theirs: "Pact of the Blade Invocation" names the invocation.
    const linked = read('layout:\n  skills:\n    headingLevels: [4]\n    headings: [Eldritch Invocation Options]\n').linked;
    const pact = linked.model.skills.find((s) => s.name === 'Pact of the Blade')!;
    expect(linked.requiredBy.get(pact.id)?.map((s) => s.name)).toEqual(['Eldritch Smite', 'Lifedrinker', 'Thirsting Blade']);
    // Without the setting the five are sections like any other; a title ending in `*` stands for the titles it begins.
    expect(invocations('layout:\n  skills:\n    headingLevels: [4]\n')).toHaveLength(23);
    expect(invocations('layout:\n  skills:\n    headingLevels: [4]\n    headings: [Eldritch Invocation*]\n')).toHaveLength(28);
  });

  it('lists nothing where the headings without fields are the most, or few skills stand among them', () => {
    // Fifteen invocations lose their prerequisite line: 8 with one among 20 without is no list of skills.
    let fewer = WARLOCK;
    for (let k = 0; k < 15; k++) fewer = fewer.replace(/\n\*Prerequisite: [^\n]*\*\n/, '\n');
    expect(inferLayout({ files: [{ path: 'warlock.md', text: fewer }] }).settings).not.toMatchObject({ layout: { skills: { headings: expect.anything() } } });
  });

  it('reports a skill written a level too high there, as with `all`', () => {
    const slipped = WARLOCK.replace('#### Eldritch Mind', '### Eldritch Mind');
    const findings = read('layout:\n  skills:\n    headingLevels: [4]\n    headings: [Eldritch Invocation Options]\n', slipped)
      .findings()
      .filter((f) => f.ruleId === 'skill-heading-level');
    expect(findings.map((f) => f.message)).toEqual([
      // The three after it with no prerequisite line (`#### Pact of the Blade`…): those with one are read all the same.
      '`### Eldritch Mind` stands among the `####` skills of `Eldritch Invocation Options`, a level above them: the 3 `####` headings under it are not read as skills. If it is a skill, write `#### Eldritch Mind`; if it starts a section of skills, add `Eldritch Mind` to `layout.skills.headings`',
    ]);
  });

  it('says what is wrong with the setting, in one line naming it', () => {
    const problems = (settings: string) =>
      read(settings)
        .findings()
        .filter((f) => f.ruleId === 'parse-problem' && f.message.includes('layout.skills.headings'))
        .map((f) => f.message);
    expect(problems('layout:\n  skills:\n    headings: [Eldritch Invocation Options]\n')).toEqual([
      '`layout.skills.headings: […]` needs the levels skills are written at, in `layout.skills.headingLevels`',
    ]);
    expect(problems('layout:\n  skills:\n    headingLevels: [4]\n    headings: [{ x: 1 }]\n')).toEqual(['`layout.skills.headings` must be a list of words or phrases']);
  });
});
