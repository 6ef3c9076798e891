/**
 * Skills priced nowhere, named by headings with their kind or key attribute after the name, as Razorweave writes its
 * skills and proficiencies (`#### Athletic Movement — Exploration / Conflict (MIG)`, `#### Harbor Operations — Domain
 * Proficiency`) and Ashfall its skills (`### Athletics (MIG)`). Read before as no skill at all, and `init` said
 * nothing was left unread. The book text here is our own, in those shapes; tests/wild holds Razorweave's own chapters.
 */
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { analyse } from '../../shared/analyse/index.js';
import { inferLayout } from '../../shared/layout/infer.js';
import { inferCosts } from '../../shared/layout/infer-costs.js';
import { ENGLISH_READING, readingWords } from '../../shared/model/reading-words.js';
import { namesSkillKind } from '../../shared/parse/titles.js';

const entry = (heading: string, description: string) =>
  `${heading}\n\n**Description:** ${description}\n\n**Default actions:** Routine efforts might be DC 12.\n\n**GM usage notes:** Call for it when it matters.\n`;

const SKILLS = `## 15. Skills Reference

Example skills, grouped by attribute.

### Might (MIG) Skills

| Skill | What It Represents |
| --- | --- |
| Hauling | Moving heavy loads. |

${entry('#### Hauling — Exploration / Support (MIG)', 'Moving and bracing heavy loads.')}
${entry('#### Stamina — Survival (MIG)', 'Keeping on under strain.')}
${entry('#### Wrestling — Conflict (MIG)', 'Holding and breaking free at arm’s reach.')}

### Reason (RSN) Skills

${entry('#### Tracing — Exploration (RSN)', 'Following marks and signs.')}
${entry('#### Tinkering — Technical (RSN)', 'Mending and adjusting machines.')}
`;

const PROFICIENCIES = `## 17. Proficiencies Reference

### Harbour Proficiencies

${entry('#### Dock Work — Domain Proficiency', 'How ports run.')}
${entry('#### Pilotage — Domain Proficiency', 'Bringing ships in.')}
${entry('#### Customs — Role Proficiency', 'Papers and duties.')}
${entry('#### Smuggling — Role Proficiency', 'Papers and duties, the other way.')}
${entry('#### Rope Lore — Domain Proficiency', 'Knots and rigging.')}
`;

const OTHER = `## 8. Combat

### Ranged Attacks — an Overview

Roll to hit.

### Armor Class (AC)

How hard you are to hit.
`;

const files = () => [
  { path: '08-combat.md', text: OTHER },
  { path: '15-skills.md', text: SKILLS },
  { path: '17-proficiencies.md', text: PROFICIENCIES },
];

const LAYOUT = 'layout:\n  skills:\n    headingLevels: [4]\n    sections: [Skills Reference, Proficiencies Reference]\n';

const skillsOf = (manifest?: string, book = files()) =>
  analyse({ files: book, ...(manifest ? { manifest: { path: 'rulebook.yaml', text: manifest } } : {}) }).model.skills;

describe('headings with a kind after the name', () => {
  it('are skills where the layout says, named without their kind, in the category of their group', () => {
    const skills = skillsOf(LAYOUT);
    expect(skills.map((s) => s.name)).toEqual(['Hauling', 'Stamina', 'Wrestling', 'Tracing', 'Tinkering', 'Dock Work', 'Pilotage', 'Customs', 'Smuggling', 'Rope Lore']);
    const hauling = skills[0];
    expect(hauling.category).toBe('Might (MIG) Skills');
    expect(hauling.cost).toBeNull();
    expect(hauling.fields.map((f) => f.name)).toEqual(['Description', 'Default actions', 'GM usage notes']);
    // The name's range is the name alone, so a rename edits "Hauling" and leaves the kind as it is.
    const text = SKILLS;
    expect(text.slice(hauling.nameRange.start.offset, hauling.nameRange.end.offset)).toBe('Hauling');
  });

  it('are no skills without that layout, nor outside its sections and levels', () => {
    expect(skillsOf()).toEqual([]);
    // The combat chapter's headings end the same way ("Ranged Attacks — an Overview", "Armor Class (AC)"): even where
    // the layout lets skills stand at their level and in their chapter, no heading over them is named for skills.
    const everywhere = 'layout:\n  skills:\n    headingLevels: [3, 4]\n    sections: [Skills Reference, Proficiencies Reference, Combat]\n';
    const names = skillsOf(everywhere).map((s) => s.name);
    expect(names).toHaveLength(10);
    expect(names).not.toContain('Ranged Attacks');
    expect(names).not.toContain('Armor Class');
    // A group's heading names a kind of skills, not one: "Might (MIG) Skills", "Harbour Proficiencies".
    expect(names).not.toContain('Might');
    expect(names).not.toContain('Might (MIG) Skills');
    // A chapter named for skills ("Combat Skills") holds skills so written.
    const named = files().map((f) => ({ ...f, text: f.text.replace('## 8. Combat', '## 8. Combat Skills') }));
    expect(skillsOf(everywhere.replace('Combat]', 'Combat Skills]'), named).map((s) => s.name)).toContain('Ranged Attacks');
  });

  it('never reads a price over what stands under it as a kind: "Tier 1 — 5 CP each" is no skill', () => {
    const tiers = '## Talents\n\n### Tier 1 — 5 CP each\n\nSteady Aim, Long Shot.\n\n### Tier 2 — 10 CP each\n\nCalled Shot.\n';
    const layout = 'layout:\n  skills:\n    headingLevels: [3]\n    sections: [Talents]\n';
    expect(skillsOf(layout, [{ path: 'talents.md', text: tiers }])).toEqual([]);
  });

  it('a requirement names the skill without its kind', () => {
    const talent = '## Skills\n\n### Athletics (MIG)\n\nClimbing and jumping.\n\n### Stealth (AGI)\n\nMoving unseen.\n\n## Talents\n\n### Wall Runner\n\nCost: 5 CP\nPrerequisites: Athletics\n';
    const layout = 'layout:\n  skills:\n    headingLevels: [3]\n';
    const { model, findings } = analyse({ files: [{ path: 'book.md', text: talent }], manifest: { path: 'rulebook.yaml', text: layout } });
    expect(model.skills.map((s) => s.name)).toEqual(['Athletics', 'Stealth', 'Wall Runner']);
    expect(model.skills[2].prerequisites.flatMap((p) => p.requirements.map((r) => r.alternatives[0].text))).toEqual(['Athletics']);
    expect(findings().filter((f) => f.ruleId === 'unknown-prerequisite')).toEqual([]);
  });
});

describe('init, for skills priced nowhere', () => {
  it('names the level and the chapters they stand in, and the skills are then read', () => {
    const { settings, reasons } = inferLayout({ files: files() });
    expect(settings.layout).toEqual({ skills: { headingLevels: [4], sections: ['Skills Reference', 'Proficiencies Reference'] } });
    expect(reasons).toContainEqual(
      '10 headings under `Skills Reference` and `Proficiencies Reference` name an entry and its kind or attribute (`Hauling — Exploration / Support (MIG)`…), with no cost or prerequisite line: skills are `####` headings there, priced or not.',
    );
    expect(skillsOf(stringify(settings))).toHaveLength(10);
  });

  it('proposes nothing for a few such headings, nor for headings so written outside chapters named for skills', () => {
    const few = [{ path: 'skills.md', text: `## Skills\n\n${entry('### Hauling — Support (MIG)', 'Loads.')}\n${entry('### Tracing — Exploration (RSN)', 'Signs.')}` }];
    expect(inferLayout({ files: few }).settings).toEqual({});
    const elsewhere = [{ path: 'places.md', text: PROFICIENCIES.replace('17. Proficiencies Reference', '2. The Harbour').replace('Harbour Proficiencies', 'Berths') }];
    expect(inferLayout({ files: elsewhere }).settings).toEqual({});
  });

  it('takes "1 action" for what using a thing takes, not a unit of price', () => {
    const costs = ['1 Action', '2 Actions', '1 action', '3 Actions', '5 Tech', '10 Tech', '15 Tech'];
    expect(inferCosts(costs, [], 0, ENGLISH_READING).units.map((u) => u.unit)).toEqual(['Tech']);
  });
});

describe('a list of uses under a skill', () => {
  it('is no list of skills when its parentheses say what a use takes', () => {
    const athletics =
      '## Skills\n\n### Athletics (MIG)\n\nRaw power applied with training.\n\n**Skill Uses:**\n\n- **Climb** — Scale surfaces. DC 10.\n- **Jump** — Clear gaps. DC 15.\n- **Grapple** (1 action) — Contested Athletics.\n- **Shove** (1 action) — Push 5 feet.\n';
    const layout = 'layout:\n  skills:\n    headingLevels: [3]\n';
    const skills = analyse({ files: [{ path: 'skills.md', text: athletics }], manifest: { path: 'rulebook.yaml', text: layout } }).model.skills;
    expect(skills.map((s) => s.name)).toEqual(['Athletics']);
    expect(skills[0].fields.find((f) => f.name === 'Skill Uses')?.value).toContain('Climb');
  });

  it('is a list of skills when they are priced, its unpriced bold names with them', () => {
    const spells = '## Spells\n\n- **Energy Ball** (4 SP) A ball of energy.\n- **Light** (1 SP) A glow.\n- **Darkness** A shadow.\n';
    expect(analyse({ files: [{ path: 'spells.md', text: spells }] }).model.skills.map((s) => s.name)).toEqual(['Energy Ball', 'Light', 'Darkness']);
  });
});

/**
 * The same in other languages: Mythras's translations write each skill's base as a formula of attributes in their own
 * script, under chapter titles in their own words (tests/wild holds the Japanese, Russian and Arabic chapters). Here in
 * our words, in those shapes.
 */
describe('headings with a base formula, in any language', () => {
  const skill = (name: string, base: string) => `#### ${name} (${base})\n\nThe skill's text.\n`;
  const chapter = (title: string, explanations: readonly string[], skills: readonly (readonly [string, string])[]) =>
    `# ${title}\n\n${explanations.map((e) => `#### ${e}\n\nHow it works.\n`).join('\n')}\n${skills.map(([n, b]) => skill(n, b)).join('\n')}`;

  it('reads the base in a script with capitals of its own, or none, as the kind after the name', () => {
    const russian = chapter('Навыки', ['Критические успехи'], [['Атлетика', 'СИЛ+ЛОВ'], ['Обычаи', 'ИНТ x2 +40'], ['Уклонение', 'ЛОВ x2'], ['Грубая Сила', 'СИЛ+РАЗ'], ['Скрытность', 'ЛОВ+ИНТ']]);
    const chinese = chapter('技能', ['自动成功'], [['运动', '力量+敏捷'], ['习俗', '智力x2 +40'], ['闪避', '敏捷x2'], ['蛮力', '力量+体型'], ['潜行', '敏捷+智力']]);
    // Charisma spelt out: a word of up to eight letters in a script without capitals.
    const arabic = chapter('المهارات', ['النجاحات التلقائية'], [['ألعاب القوى', 'قو+رش'], ['العادات', 'ذك ×2 +40'], ['الرقص', 'رش+كاريزما'], ['التأثير', 'كاريزما ×2'], ['الإخفاء', 'رش+قإ']]);
    for (const [language, text, first] of [['ru', russian, 'Атлетика'], ['zh', chinese, '运动'], ['ar', arabic, 'ألعاب القوى']] as const) {
      const { settings } = inferLayout({ files: [{ path: 'skills.md', text: `---\nlanguage: ${language}\n---\n${text}` }] });
      expect((settings.layout as { skills: unknown }).skills).toMatchObject({ headingLevels: [4] });
      const names = skillsOf(stringify(settings), [{ path: 'skills.md', text }]).map((s) => s.name);
      expect(names, language).toHaveLength(5);
      expect(names[0]).toBe(first);
    }
  });

  it('needs no chapter named for skills for a formula, but does for one attribute alone', () => {
    const layout = 'layout:\n  skills:\n    headingLevels: [4]\n    sections: [スキル]\n';
    const book = (bases: readonly string[]) => [{ path: 'skills.md', text: chapter('スキル', ['自動成功'], bases.map((b, i) => [`技能${i}`, b])) }];
    expect(skillsOf(layout, book(['STR+DEX', 'INT x2 +40', 'CON x2'])).map((s) => s.name)).toEqual(['技能0', '技能1', '技能2']);
    // "(DR)" after a name in a chapter whose title names no kind of skills is a rule's heading, as in English.
    expect(skillsOf(layout, book(['DR', 'AC']))).toEqual([]);
    // Attributes spelt out in capitals, as the Serbian translation writes them: only in a formula.
    expect(skillsOf(layout, book(['SNAGA+SPRETNOST', 'INTELIGENCIJA x2'])).map((s) => s.name)).toEqual(['技能0', '技能1']);
    const skills = 'layout:\n  skills:\n    headingLevels: [4]\n';
    const inSkills = [{ path: 'skills.md', text: '# Skills\n\n#### Fireball (WARNING)\n\nHot.\n\n#### Athletics (MIG)\n\nRunning.\n' }];
    expect(skillsOf(skills, inSkills).map((s) => s.name)).toEqual(['Athletics']);
  });

  it('knows a chapter named for skills in the book’s language by its words, whole: a skill’s own name is none', () => {
    const russian = readingWords('ru');
    expect(namesSkillKind('Стандартные навыки', russian)).toBe(true);
    expect(namesSkillKind('Магия и Силы', russian)).toBe(true);
    expect(namesSkillKind('Стандартные навыки', ENGLISH_READING)).toBe(false);
    // "Bonus points of skills" heads no list of them; "Willpower" is one skill.
    expect(namesSkillKind('Шаг 7: Бонусные Очки Навыков', russian)).toBe(false);
    expect(namesSkillKind('Сила Воли', russian)).toBe(false);
    expect(namesSkillKind('Descriptions de Sorts', readingWords('fr'))).toBe(true);
  });
});
