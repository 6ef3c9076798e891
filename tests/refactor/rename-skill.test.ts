// planRenameSkill on real-shaped rulebooks: every place a skill is named, and the renames it refuses.
import { describe, expect, it } from 'vitest';
import { linkRulebook } from '../../shared/link/index.js';
import { applyEdits, editsByFile } from '../../shared/model/edits.js';
import type { RulebookSource } from '../../shared/model/types.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { planRenameSkill, type RenamePlan } from '../../shared/refactor/index.js';

function rename(files: Record<string, string>, oldName: string, newName: string) {
  const source: RulebookSource = { files: Object.entries(files).map(([path, text]) => ({ path, text })) };
  const linked = linkRulebook(parseRulebook(source));
  const plan = planRenameSkill(linked, oldName, newName, { source });
  const out: Record<string, string> = {};
  if (plan.kind !== 'refused') {
    const byFile = editsByFile(plan.edits);
    for (const [path, text] of Object.entries(files)) out[path] = applyEdits(text, byFile.get(path) ?? []);
  }
  return { plan, files: out };
}

/** Renames `oldName` to `newName` in `files` and expects each file named in `expected` to read as given after it. */
function expectRenamed(files: Record<string, string>, oldName: string, newName: string, expected: Record<string, string>) {
  const renamed = rename(files, oldName, newName).files;
  for (const [path, text] of Object.entries(expected)) expect(renamed[path], path).toBe(text);
}

function done(plan: ReturnType<typeof rename>['plan']): RenamePlan {
  if (plan.kind === 'refused') throw new Error(plan.reasons.map((r) => r.message).join('; '));
  return plan;
}

const BOOK = `---
title: Funjerai
costUnits: [SP]
conditions: [GM permission]
---

# Chapter 3. Magic

## 3.1 Offensive Magic

- **Lesser Energy Ball** (2 SP) The caster throws a small ball of energy.
- **Energy Ball** (4 SP) The caster throws a ball of energy. Unlike the Lesser Energy Ball, an Energy Ball
  knocks the target down.
  Prerequisite: Lesser Energy Ball
- **Greater Energy Ball** (6 SP) A huge ball of energy.
  Prerequisites: Energy Ball or GM permission, Lesser Energy Ball

A mage who knows **Energy Ball** (4 SP) may teach it; see [[Energy Ball]]. THE ENERGY BALL CALL IS "ENERGY!".
Throwing an energy ball is an ordinary action (not the skill). \`Energy Ball\` in code is left alone.

## 3.2 Ritual Magic Spells
Prerequisites: Energy Ball

| Skill | Cost | Prerequisite | Notes |
| --- | --- | --- | --- |
| Circle of Warding | 3 | Energy Ball | Stronger than an Energy Ball |
| Ball Ward | 2 | -- | Stops an Energy Ball |

### Fireball (20 XP)
Range: 10 ft
Effect: Like Energy Ball, but hot.
`;

describe('planRenameSkill', () => {
  it('renames the definition, prerequisites, table cells, links, cost mentions and plain mentions', () => {
    const { plan, files } = rename({ 'funjerai.md': BOOK }, 'energy ball', 'Force Bolt');
    expect(files['funjerai.md']).toBe(
      BOOK.replace('- **Energy Ball** (4 SP) The caster throws a ball of energy. Unlike the Lesser Energy Ball, an Energy Ball', '- **Force Bolt** (4 SP) The caster throws a ball of energy. Unlike the Lesser Energy Ball, an Force Bolt')
        .replace('Prerequisites: Energy Ball or GM permission', 'Prerequisites: Force Bolt or GM permission')
        .replace('A mage who knows **Energy Ball** (4 SP) may teach it; see [[Energy Ball]]. THE ENERGY BALL CALL', 'A mage who knows **Force Bolt** (4 SP) may teach it; see [[Force Bolt]]. THE FORCE BOLT CALL')
        .replace('## 3.2 Ritual Magic Spells\nPrerequisites: Energy Ball', '## 3.2 Ritual Magic Spells\nPrerequisites: Force Bolt')
        .replace('| Circle of Warding | 3 | Energy Ball | Stronger than an Energy Ball |', '| Circle of Warding | 3 | Force Bolt | Stronger than an Force Bolt |')
        .replace('| Stops an Energy Ball |', '| Stops an Force Bolt |')
        .replace('Effect: Like Energy Ball, but hot.', 'Effect: Like Force Bolt, but hot.'),
    );
    const kinds = done(plan).changes.map((c) => `${c.range.start.line} ${c.kind}`);
    expect(kinds).toEqual([
      '12 definition',
      '12 mention',
      '16 prerequisite',
      '18 cost-mention',
      '18 link',
      '18 mention',
      '22 prerequisite',
      '26 prerequisite',
      '26 mention',
      '27 mention',
      '31 mention',
    ]);
  });

  it('renames the first plain mention of each file too, before the definition or in another file', () => {
    // Razorweave lists each group's skills in a table above their entries: the table's cell is the file's first mention.
    expectRenamed(
      {
        'intro.md': '# Intro\n\nTracing is the first skill most characters learn; Tracing takes time.\n',
        'skills.md': '## Skills\n\n| Skill | What It Represents |\n| --- | --- |\n| Tracing | Following marks. |\n\n### Tracing (2 SP)\n\nTracing follows marks and signs.\n',
      },
      'Tracing',
      'Tracking',
      {
        'intro.md': '# Intro\n\nTracking is the first skill most characters learn; Tracking takes time.\n',
        'skills.md': '## Skills\n\n| Skill | What It Represents |\n| --- | --- |\n| Tracking | Following marks. |\n\n### Tracking (2 SP)\n\nTracking follows marks and signs.\n',
      },
    );
  });

  it('renames a heading skill and a table skill, across files', () => {
    expectRenamed(
      {
        'magic.md': '# 1 Magic\n\n### Fireball (20 XP)\nRange: 10 ft\n',
        'skills.md': '| Skill | Cost | Prerequisite |\n| --- | --- | --- |\n| Flame Wall | 3 | Fireball |\n\nSee [[fireball]].\n',
      },
      'Fireball',
      'Fire Bolt',
      {
        'magic.md': '# 1 Magic\n\n### Fire Bolt (20 XP)\nRange: 10 ft\n',
        'skills.md': '| Skill | Cost | Prerequisite |\n| --- | --- | --- |\n| Flame Wall | 3 | Fire Bolt |\n\nSee [[Fire Bolt]].\n',
      },
    );
    expectRenamed({ 'skills.md': '| Skill | Cost | Prerequisite |\n| --- | --- | --- |\n| Body 1 | 1 | -- |\n| Body 2 | 2 | Body 1 |\n' }, 'Body 1', 'Toughness 1', {
      'skills.md': '| Skill | Cost | Prerequisite |\n| --- | --- | --- |\n| Toughness 1 | 1 | -- |\n| Body 2 | 2 | Toughness 1 |\n',
    });
  });

  it('changes only the case of a name, writing prerequisites the way the definition does', () => {
    expectRenamed({ 'r.md': '- **Shield bash** (2 SP) Bash.\n- **Charge** (3 SP) Run.\n  Prerequisite: shield bash\n' }, 'Shield bash', 'Shield Bash', {
      'r.md': '- **Shield Bash** (2 SP) Bash.\n- **Charge** (3 SP) Run.\n  Prerequisite: Shield Bash\n',
    });
  });
});

describe('planRenameSkill refusals', () => {
  const refusal = (oldName: string, newName: string) => {
    const { plan } = rename({ 'funjerai.md': BOOK }, oldName, newName);
    if (plan.kind !== 'refused') throw new Error('expected a refusal');
    return plan.reasons.map((r) => `${r.range ? `${r.range.start.line}: ` : ''}${r.message}`);
  };

  it('names the skill it does not know, with the closest names', () => {
    expect(refusal('Energy Bal', 'X')).toEqual(['no skill named `Energy Bal`; did you mean `Energy Ball`?']);
  });

  it('refuses to merge two skills', () => {
    expect(refusal('Energy Ball', 'lesser energy ball')).toEqual(['11: a skill named `Lesser Energy Ball` is already defined here; renaming would merge two skills']);
  });

  it('refuses a name the prerequisites would split or read as a condition', () => {
    expect(refusal('Energy Ball', 'Fire and Ice')).toEqual([
      '16: the prerequisites `Energy Ball or GM permission, Lesser Energy Ball` would read as `Fire and Ice or GM permission, Lesser Energy Ball`, which splits or changes `Fire and Ice`; choose a name without "and", "or", commas or semicolons (and 2 more prerequisite lines)',
    ]);
    expect(refusal('Energy Ball', 'GM permission')).toEqual(['`GM permission` would be read as a condition (a declared condition or a quantity such as "Level 3"), not as a skill name']);
    expect(refusal('Energy Ball', 'Level 3')).toHaveLength(1);
  });

  it('refuses empty names and names the dialect would read differently', () => {
    expect(refusal('Energy Ball', '  ')).toEqual(['the new name is empty']);
    expect(refusal('Energy Ball', 'Ball | Bolt')[0]).toMatch(/cannot contain/);
    expect(refusal('Energy Ball', '"Bolt"')[0]).toMatch(/cannot start or end with punctuation/);
  });
});
