/**
 * Feats kept one to a file as the Pathfinder 2e SRD for Obsidian keeps its 4,144: a `#` heading with the action's icon
 * as a link and the kind and level in italics (`# Shield Slam [>](…) *Feat 4*`), the traits as links, then a bullet
 * list of fields (`- **Prerequisites**: Shield Block`, `- **Requirements**: You are wielding a shield.`,
 * `- **Activity** Single Action`). Read before as one skill in 4,144, every feat's prerequisite line "unread". The
 * feats here are in our own words, in that shape.
 */
import { describe, expect, it } from 'vitest';
import { analyse } from '../../shared/analyse/index.js';
import { inferLayout } from '../../shared/layout/infer.js';
import { stringify } from 'yaml';

const ACTION = '[>](rules/core/chapter-9.md#Actions "Single Action")';
const TRAITS = '[fighter](rules/traits/fighter.md "Fighter Class Trait")  [press](rules/traits/press.md "Press Trait")  ';

const feat = (name: string, level: number, fields: readonly string[], text: string) =>
  `---\ntags:\n- trait/fighter\naliases: ["${name}"]\n---\n# ${name}  ${ACTION} *Feat ${level}*  \n${TRAITS}\n\n${fields.map((f) => `- ${f}`).join('\n')}\n\n${text}\n\n*Source: House rules p. 1*  \n`;

const FEATS: Record<string, string> = {
  'shield-block.md': feat('Shield Block', 1, ['**Activity** Reaction'], 'You raise your shield to take a blow.'),
  'shield-slam.md': feat('Shield Slam', 4, ['**Prerequisites**: [Shield Block](compendium/feats/shield-block.md)', '**Requirements**: You are wielding a shield.', '**Activity** Single Action'], 'You bash a foe with your shield and push it back.'),
  'shield-wall.md': feat('Shield Wall', 6, ['**Prerequisites**: Shield Slam', '**Activity** Single Action'], 'Allies beside you share your shield.'),
  'tower-stance.md': feat('Tower Stance', 8, ['**Prerequisites**: Shield Wall, trained in Athletics', '**Requirements**: You are wielding a tower shield.', '**Trigger** An enemy charges you.'], 'You plant the shield and stop the charge.'),
  'bulwark.md': feat('Bulwark', 10, ['**Prerequisites**: Tower Stance', '**Requirements**: You are in Tower Stance.', '**Frequency** once per day'], 'Nothing passes you this turn.'),
  'quick-draw.md': feat('Quick Draw', 2, ['**Requirements**: You have a hand free.', '**Activity** Single Action'], 'You draw a weapon and strike.'),
};

const files = () => Object.entries(FEATS).map(([path, text]) => ({ path, text }));

/** Each skill's name and its prerequisites' requirement texts. */
const readAs = (manifest?: string) =>
  analyse({ files: files(), ...(manifest ? { manifest: { path: 'rulebook.yaml', text: manifest } } : {}) }).model.skills.map((s) => [
    s.name,
    s.prerequisites.flatMap((p) => p.requirements.map((r) => r.alternatives.map((a) => a.text).join(' or '))),
  ]);

describe('feats as the Pathfinder 2e SRD for Obsidian writes them', () => {
  it('are skills named without their action icon and level, their bullet list of fields read as a paragraph of them', () => {
    const { model } = analyse({ files: files() });
    const slam = model.skills.find((s) => s.name === 'Shield Slam')!;
    expect(slam).toBeDefined();
    expect(slam.fields.map((f) => [f.name, f.value])).toContainEqual(['Activity', 'Single Action']);
    expect(slam.text).toContain('You bash a foe with your shield and push it back.');
  });

  it('init reads Requirements beside Prerequisites as what using the feat needs, an ordinary field', () => {
    const { settings, reasons } = inferLayout({ files: files() });
    const layout = settings.layout as Record<string, Record<string, unknown>>;
    expect(layout.fields).toEqual({ other: ['Requirements'] });
    expect(layout.skills).toEqual({ headingLevels: [1] });
    expect(reasons).toContainEqual(
      '`Requirements` is written beside `Prerequisites` in 3 entries: `Prerequisites` is read as the prerequisites and `Requirements` stays an ordinary field (what using the skill needs).',
    );
    // Before: "You are wielding a shield" was a prerequisite of Shield Slam. After: only what buying it needs.
    expect(readAs()).toContainEqual(['Shield Slam', ['Shield Block', 'You are wielding a shield']]);
    // With the level set, a feat with no prerequisites is a feat all the same: its heading says so (`*Feat 1*`).
    const after = readAs(stringify(settings));
    expect(after).toEqual([
      ['Shield Block', []],
      ['Shield Slam', ['Shield Block']],
      ['Shield Wall', ['Shield Slam']],
      ['Tower Stance', ['Shield Wall', 'Athletics']],
      ['Bulwark', ['Tower Stance']],
      ['Quick Draw', []],
    ]);
  });

  it('keeps "Requirements" the prerequisites of a book that writes no "Prerequisites" (MARS)', () => {
    const mars = Object.fromEntries(Object.entries(FEATS).map(([path, text]) => [path, text.replace(/\*\*Prerequisites\*\*/g, '**Requirements**').replace(/- \*\*Requirements\*\*: You (are|have)[^\n]*\n/g, '')]));
    const { settings } = inferLayout({ files: Object.entries(mars).map(([path, text]) => ({ path, text })) });
    expect((settings.layout as Record<string, Record<string, unknown>> | undefined)?.fields?.other).toBeUndefined();
  });

  it('reads a typed heading as a skill without fields only at the level the layout names', () => {
    const gear = '## Hammer [Weapon]\n\nA heavy head on a short haft.\n';
    expect(analyse({ files: [{ path: 'gear.md', text: gear }] }).model.skills).toEqual([]);
    const manifest = { path: 'rulebook.yaml', text: 'layout:\n  skills:\n    headingLevels: [2]\n' };
    expect(analyse({ manifest, files: [{ path: 'gear.md', text: gear }] }).model.skills.map((s) => s.name)).toEqual(['Hammer']);
  });

  it('leaves a bullet list of bold terms alone: a glossary is no skill’s fields', () => {
    const glossary = '## Conditions\n\n- **Blinded** You cannot see.\n- **Prone** You lie on the ground.\n- **Slowed** You lose an action.\n';
    expect(analyse({ files: [{ path: 'conditions.md', text: glossary }] }).model.skills).toEqual([]);
  });
});
