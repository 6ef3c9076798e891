/**
 * `rulebook init` reads a field's value where the parser does: under a label that stands alone on its line (the Free5e
 * Character's Codex writes "**Prerequisite:**" then "Proficiency with medium armor", one feat or invocation a file),
 * and on from a line a hard wrap cut (the d20 Modern SRD). The books are our own words in those shapes. init must
 * propose the heading levels those entries stand at, and the parser then read every one with its prerequisites.
 */
import { describe, expect, it } from 'vitest';
import { collectText } from '../../shared/layout/collect-text.js';
import { ENGLISH_LABELS } from '../../shared/layout/field-words.js';
import { inferLayout } from '../../shared/layout/infer.js';
import { mergeYamlSettings } from '../../shared/layout/settings-yaml.js';
import { findUnread } from '../../shared/layout/unread.js';
import type { RulebookSource } from '../../shared/model/types.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { md } from '../helpers/md.js';

const FEATS: Record<string, string> = {
  'feats/heavy-lifter.md': md`
    ### Heavy Lifter

    **Prerequisite:**
    Strength 13 or higher

    - Your Strength score increases by 1.
  `,
  'feats/quick-study.md': md`
    ### Quick Study

    - You learn one language.
  `,
  'feats/iron-skin.md': md`
    ### Iron Skin

    **Prerequisite:**
    Proficiency with heavy armor

    - Blows glance off you.
  `,
  'feats/light-step.md': md`
    ### Light Step

    **Prerequisite:**
    Dexterity 13 or higher

    - You walk on snow without a trace.
  `,
  'invocations/rune-ward.md': md`
    ##### Rune Ward

    **Prerequisite:**
    5th level
    \\
    You can cast a ward on yourself at will.
  `,
  'invocations/far-sight.md': md`
    ##### Far Sight

    **Prerequisite:**
    9th level
    \\
    You see through fog as through air.
  `,
  'invocations/bound-blade.md': md`
    ##### Bound Blade

    **Prerequisite:**
    12th level, Rune Ward
    \\
    Your blade drinks the life of those it strikes.
  `,
};

const book = (files: Record<string, string>): RulebookSource => ({ files: Object.entries(files).map(([path, text]) => ({ path, text })) });

/** The book with init's settings in a rulebook.yaml beside it, as the CLI writes them. */
function initialised(files: Record<string, string>): RulebookSource {
  const { settings } = inferLayout(book(files));
  const merged = mergeYamlSettings('', settings);
  if (!merged.ok) throw new Error(merged.message);
  return { ...book(files), manifest: { path: 'rulebook.yaml', text: merged.text } };
}

describe('a label alone on its line, its value under it', () => {
  it('counts the line under the label as its value', () => {
    const fields = collectText(book(FEATS), ENGLISH_LABELS).fields;
    expect(fields.map((f) => [f.label, f.value])).toEqual([
      ['Prerequisite', 'Strength 13 or higher'],
      ['Prerequisite', 'Proficiency with heavy armor'],
      ['Prerequisite', 'Dexterity 13 or higher'],
      ['Prerequisite', '5th level'],
      ['Prerequisite', '9th level'],
      ['Prerequisite', '12th level, Rune Ward'],
    ]);
  });

  it('proposes the heading levels the entries stand at, and the parser then reads each with its prerequisites', () => {
    const { settings } = inferLayout(book(FEATS));
    expect((settings.layout as { skills: unknown }).skills).toEqual({ headingLevels: [3, 5] });
    const source = initialised(FEATS);
    const model = parseRulebook(source);
    expect(model.skills.map((s) => [s.name, s.prerequisites.map((p) => p.raw)])).toEqual([
      ['Heavy Lifter', ['Strength 13 or higher']],
      ['Iron Skin', ['Proficiency with heavy armor']],
      ['Light Step', ['Dexterity 13 or higher']],
      ['Rune Ward', ['5th level']],
      ['Far Sight', ['9th level']],
      ['Bound Blade', ['12th level, Rune Ward']],
    ]);
    expect(findUnread(source, model)).toEqual([]);
  });
});

describe('a value a hard wrap cut', () => {
  it('is counted whole, and the fields after it in the paragraph are counted too', () => {
    const text = md`
      ### Cleaving Blow

      **Prerequisites:** Strength 13, Power Attack,
      base attack bonus +1.

      ### Long Shot

      **Prerequisites:** Wisdom 13, Steady Hands, Firearms Training, Advanced
      Marksmanship.

      ### Duck

      **Prerequisites:**
      Dexterity 13
      **Cost:** 2
      You drop low under a swing.
    `;
    const fields = collectText(book({ 'feats.md': text }), ENGLISH_LABELS).fields;
    expect(fields.map((f) => [f.label, f.value, f.entry])).toEqual([
      ['Prerequisites', 'Strength 13, Power Attack, base attack bonus +1.', 0],
      ['Prerequisites', 'Wisdom 13, Steady Hands, Firearms Training, Advanced Marksmanship.', 1],
      ['Prerequisites', 'Dexterity 13', 2],
      ['Cost', '2', 2],
    ]);
    // As the parser reads them.
    const model = parseRulebook(book({ 'feats.md': `---\nlayout:\n  skills:\n    headingLevels: [3]\n---\n${text}` }));
    expect(model.skills.map((s) => [s.name, s.prerequisites.map((p) => p.raw.replace(/\s+/g, ' ')), s.costText])).toEqual([
      ['Cleaving Blow', ['Strength 13, Power Attack, base attack bonus +1.'], null],
      ['Long Shot', ['Wisdom 13, Steady Hands, Firearms Training, Advanced Marksmanship.'], null],
      ['Duck', ['Dexterity 13'], '2'],
    ]);
  });
});
