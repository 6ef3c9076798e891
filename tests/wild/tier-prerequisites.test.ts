/**
 * Open Legend gives each tier of a feat its own prerequisites ("- **Tier 1:**" over "- Agility 6", "- Lethal Strike
 * I"; "- **Tier 2:**" over "- Agility 7", "- Lethal Strike III"): a purchase of tier I needs tier I's, not every
 * tier's at once. Read from the real SRD (tests/fixtures/wild/open-legend-srd, its README gives source and licence).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CharacterChecker } from '../../shared/characters/check.js';
import { readCharacterFile } from '../../shared/characters/read.js';
import { linkRulebook } from '../../shared/link/index.js';
import { toJsonModel } from '../../shared/link/json.js';
import type { LinkedRulebook } from '../../shared/link/types.js';
import { requirementText, writtenPrerequisites } from '../../shared/model/prerequisite-tiers.js';
import type { Skill } from '../../shared/model/types.js';
import { prerequisiteRuns } from '../../shared/publish/content.js';
import { initialised } from '../helpers/init.js';

const SRD = path.resolve(import.meta.dirname, '../fixtures/wild/open-legend-srd/book/core/SRD.md');

let linked: LinkedRulebook;
beforeAll(() => {
  linked = linkRulebook(initialised(readFileSync(SRD, 'utf8')).model);
});

function feat(name: string): Skill {
  const skill = linked.model.skills.find((s) => s.name === name);
  if (!skill) throw new Error(`no feat ${name}`);
  return skill;
}

const byTier = (skill: Skill) => skill.prerequisites.map((p) => `${p.tiers.join(',') || 'every tier'}: ${p.raw}`);

describe('prerequisites given tier by tier', () => {
  it('holds each list for the tiers its label names, nested under the label or after it', () => {
    expect(feat('Death Blow').tiers).toEqual(['I', 'II']);
    expect(byTier(feat('Death Blow'))).toEqual(['I: Agility 6', 'I: Lethal Strike I', 'II: Agility 7', 'II: Lethal Strike III']);
    expect(byTier(feat('Fleet of Foot'))).toEqual([
      'I: Agility 4, Fortitude 4, or Movement 2',
      'II: Agility 5, Fortitude 5, or Movement 4',
      'III: Agility 7, Fortitude 7, or Movement 6',
    ]);
  });

  it('holds a list for every tier when its label names them all, or the feat has no tiers', () => {
    // "- **Tier 1 - 5:**" of Battlefield Sentinel (I - V); "- **Tier 1:**" of Attack Redirection, bought once.
    expect(byTier(feat('Battlefield Sentinel'))).toEqual(['every tier: Agility, or Might 5', 'every tier: Battlefield Defender']);
    expect(feat('Attack Redirection').tiers).toEqual([]);
    expect(byTier(feat('Attack Redirection'))).toEqual(['every tier: Defensive Reflexes II']);
  });

  it('shows each tier’s requirements after its label, in print, on hovers and in the Skills panel', () => {
    const skill = feat('Death Blow');
    expect(requirementText(skill, 'or')).toBe('Tier I: Agility 6, Lethal Strike I; Tier II: Agility 7, Lethal Strike III');
    expect(writtenPrerequisites(feat('Fleet of Foot'), (p) => p.raw)).toBe(
      'Tier I: Agility 4, Fortitude 4, or Movement 2; Tier II: Agility 5, Fortitude 5, or Movement 4; Tier III: Agility 7, Fortitude 7, or Movement 6',
    );
    // "Tier 1: None": a tier that needs nothing says nothing.
    expect(requirementText(feat('Natural Defense'), 'or')).toBe('Tier II: Fortitude 1; Tier III: Fortitude 2');
    expect(requirementText(feat('Battlefield Sentinel'), 'or')).toBe('Agility or Might 5, Battlefield Defender');
    expect(prerequisiteRuns(linked, skill, new Map()).map((r) => r.text).join('')).toBe(requirementText(skill, 'or'));
  });

  it('gives the tiers of each requirement in the JSON model', () => {
    const json = toJsonModel(linked).skills.find((s) => s.name === 'Death Blow')!;
    expect(json.tiers).toEqual(['I', 'II']);
    expect(json.prerequisiteTiers).toEqual([['I'], ['I'], ['II'], ['II']]);
    expect(toJsonModel(linked).skills.find((s) => s.name === 'Attack Redirection')).not.toHaveProperty('prerequisiteTiers');
  });

  it('asks a purchase for its own tier’s requirements only', () => {
    const character = (purchases: string) =>
      readCharacterFile('assassin.yaml', `name: Vess\nconfirmed: [Agility 6, Agility 7]\npurchases:\n${purchases}`).characters[0];
    const missing = (purchases: string) =>
      new CharacterChecker(linked)
        .check(character(purchases))
        .findings.filter((f) => f.ruleId === 'character/missing-prerequisite')
        .map((f) => f.message);
    // Lethal Strike I is enough for Death Blow I; Death Blow II needs Lethal Strike III, bought here only after it.
    expect(missing('  - Lethal Strike I\n  - Death Blow I\n')).toEqual([]);
    expect(missing('  - Lethal Strike I\n  - Death Blow I\n  - Death Blow II\n  - Lethal Strike II\n  - Lethal Strike III\n')).toEqual([
      '`Death Blow` needs `Lethal Strike III`, not owned when it was bought',
    ]);
  });
});
