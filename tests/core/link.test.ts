/** The linker's facts: what resolves and how, suggestions, duplicates, the prerequisite graph, back-links. */
import { describe, expect, it } from 'vitest';
import { LinkMemo, linkRulebook } from '../../shared/link/index.js';
import { toJsonModel } from '../../shared/link/json.js';
import { ParseCache, parseRulebook } from '../../shared/parse/index.js';
import { chaptersReadInOrder } from '../helpers/books.js';
import { at, link, md } from '../helpers/md.js';

describe('prerequisites resolve to skills', () => {
  const linked = link(md`
    ---
    conditions: [GM permission]
    ---
    ## Magic

    - **Magic Healing** (2 SP) Heal one point.
    - **Identify Magic** (2 SP) Know an item's magic.
    - **Channel Healing** (3 SP) Divide the healing.
      Prerequisite: “magic healing.”, GM permission
    - **Mass Healing** (4 SP) Heal many.
      Prerequisite: Magical Healing
    - **Appraise** (1 SP) Value items.
      Prerequisite: ID Magic
    - **Weapon Master** (3 SP) Any long weapon.
      Prerequisite: Two Handed Weapons or polearm
  `);
  const skill = (name: string) => linked.skillsByKey.get(name.toLowerCase())![0];

  it('ignores case, curly quotes and surrounding punctuation', () => {
    const edge = linked.edges.find((e) => e.from === skill('Channel Healing'))!;
    expect(edge.to).toBe(skill('Magic Healing'));
    expect(edge.term.text).toBe('magic healing');
  });

  it('lists every unknown name with the closest skills, abbreviations included', () => {
    expect(linked.unresolvedPrerequisites.map((u) => [u.skill.name, u.term.text, u.suggestions, at(u.term.range)])).toEqual([
      ['Mass Healing', 'Magical Healing', ['Magic Healing'], '11:17-11:32'],
      ['Appraise', 'ID Magic', ['Identify Magic'], '13:17-13:25'],
      ['Weapon Master', 'Two Handed Weapons', [], '15:17-15:35'],
      ['Weapon Master', 'polearm', [], '15:39-15:46'],
    ]);
  });

  it('records who requires each skill', () => {
    expect(linked.requiredBy.get(skill('Magic Healing').id)!.map((s) => s.name)).toEqual(['Channel Healing']);
    expect(linked.requiredBy.get(skill('Identify Magic').id)).toBeUndefined();
  });
});

describe('duplicates', () => {
  it('groups definitions of one name and says whether they agree', () => {
    const linked = link(md`
      ## Warrior Guild
      - **Mangle Limb** (3 SP) Strike a limb.
      ## Rogue Guild
      - **Mangle Limb** (3 SP) Strike a limb.
      ## Other
      - **Backstab** (2 SP) From behind.
      - **backstab** (3 SP) From behind, again.
    `);
    expect(linked.duplicateSkills.map((d) => [d.key, d.definitions.map((s) => s.category), d.agree])).toEqual([
      ['mangle limb', ['Warrior Guild', 'Rogue Guild'], true],
      ['backstab', ['Other', 'Other'], false],
    ]);
  });

  it('finds numbers written twice, headings and rules alike', () => {
    const linked = link(md`
      ## 3.1 Combat
      3.1.1 First.

      3.1.1 Second.

      ## 3.1 Again
    `);
    expect(linked.duplicateNumbers.map((d) => [d.key, d.entries.map((e) => e.kind)])).toEqual([
      ['3.1', ['section', 'section']],
      ['3.1.1', ['rule', 'rule']],
    ]);
  });
});

describe('the prerequisite graph', () => {
  const linked = link(md`
    ---
    conditions: [GM permission]
    ---
    - **Alpha** (1 SP) A.
      Prerequisite: Gamma
    - **Beta** (1 SP) B.
      Prerequisite: Alpha
    - **Gamma** (1 SP) C.
      Prerequisite: Beta
    - **Narcissus** (1 SP) Requires itself.
      Prerequisite: Narcissus
    - **Escape** (1 SP) An alternative breaks the loop.
      Prerequisite: Alpha or GM permission
    - **Follower** (1 SP) Depends on the loop.
      Prerequisite: Beta
    - **Lost** (1 SP) Depends on nothing that exists.
      Prerequisite: Nowhere
    - **Lost Follower** (1 SP) Depends on Lost.
      Prerequisite: Lost
    - **Fine** (1 SP) Free.
  `);

  it('finds each cycle once, its skills in the order they require each other', () => {
    expect(linked.cycles.map((c) => c.skills.map((s) => s.name))).toEqual([['Alpha', 'Gamma', 'Beta'], ['Narcissus']]);
  });

  it('finds skills that can never be bought, and the root of the problem', () => {
    expect(linked.unreachableSkills.map((u) => [u.skill.name, u.reason, u.via])).toEqual([
      ['Alpha', 'cycle', 'Alpha'],
      ['Beta', 'cycle', 'Beta'],
      ['Gamma', 'cycle', 'Gamma'],
      ['Narcissus', 'cycle', 'Narcissus'],
      ['Follower', 'cycle', 'Beta'],
      ['Lost', 'unknown', 'Nowhere'],
      ['Lost Follower', 'unknown', 'Nowhere'],
    ]);
  });
});

describe('references', () => {
  const linked = link({
    'rulebook.yaml': 'files: [a.md, b.md]\n',
    'a.md': md`
      # 1 Basics
      ## 1.1 Characters
      1.1.1 Every character has a name.

      1.1.2 See 2.1 and rules 1.1.1–2, and chapter 3.
    `,
    'b.md': md`
      # 2 Combat
      ## 2.1 Rounds
      2.1a A round lasts six seconds.

      2.1b See rule 1.1.1, rules 2.1a–b and [[Shield Bash]] and [[Shield Bsh]].

      - **Shield Bash** (2 SP) Push with the shield.
    `,
  });

  it('resolves numbers across files, ranges to every entry between their ends', () => {
    expect(linked.resolvedReferences.map((r) => [r.reference.text, r.entries.map((e) => e.number!.key), r.skill?.name ?? null])).toEqual([
      ['See 2.1', ['2.1'], null],
      ['rules 1.1.1–2', ['1.1.1', '1.1.2'], null],
      ['See rule 1.1.1', ['1.1.1'], null],
      ['rules 2.1a–b', ['2.1a', '2.1b'], null],
      ['[[Shield Bash]]', [], 'Shield Bash'],
    ]);
  });

  it('lists what does not resolve, with near numbers or names', () => {
    expect(linked.unresolvedReferences.map((u) => [u.reference.text, u.reference.range.file, u.suggestions])).toEqual([
      ['chapter 3', 'a.md', ['1', '2']],
      ['[[Shield Bsh]]', 'b.md', ['Shield Bash']],
    ]);
  });

  it('records back-links: who references each rule', () => {
    const rule = linked.entriesByNumber.get('1.1.1')![0];
    expect(linked.referencedBy.get(rule.id)!.map((r) => `${r.range.file}:${r.range.start.line}`)).toEqual(['a.md:5', 'b.md:5']);
  });
});

describe('references checked against the title written after them', () => {
  const text = chaptersReadInOrder('The game master follows Chapter 4: Running the Game, Chapter 3: Combat, Chapter 2 - Combat and Chapter 9: Rewards.');

  it('resolves to the titled chapter where the number disagrees, and records the number it has', () => {
    const linked = link(text);
    expect(linked.resolvedReferences.map((r) => [r.reference.text, (r.entries[0] as { title: string }).title, r.entries[0].number.key, r.misnumbered ?? null])).toEqual([
      ['Chapter 4', 'Running the Game', '3', { title: 'Running the Game', number: '3', written: 'Chapter 4: Running the Game', numberNames: false }],
      ['Chapter 3', 'Combat', '2', { title: 'Combat', number: '2', written: 'Chapter 3: Combat', numberNames: true }],
      ['Chapter 2', 'Combat', '2', null],
    ]);
    // A title that names no chapter leaves the reference to its number, which names nothing.
    expect(linked.unresolvedReferences.map((u) => u.reference.text)).toEqual(['Chapter 9']);
  });

  it('follows a heading renamed in an edit, as a fresh link does', () => {
    const source = (a: string) => ({
      manifest: { path: 'rulebook.yaml', text: 'files: [a.md, b.md]\n' },
      files: [
        { path: 'a.md', text: a },
        { path: 'b.md', text: '# 3 Epilogue\nFoes are built by the game master (see Chapter 3: Running the Game), and fight as Chapter 1 - Combat says.\n' },
      ],
    });
    const a = '# 1 Combat\nBlows.\n\n# 2 Magic\nSpells.\n';
    const cache = new ParseCache({ inPlace: true });
    const memo = new LinkMemo();
    linkRulebook(parseRulebook(source(a), { cache }), { memo });
    // Only a title in a.md is edited: b.md's references are the same nodes, which the linker keeps unless a title may
    // now name another heading.
    const renamed = a.replace('# 2 Magic', '# 2 Running the Game');
    const linked = linkRulebook(parseRulebook(source(renamed), { cache }), { memo, change: cache.change });
    expect(cache.change?.runs.references).toEqual({ start: 0, removed: 0, added: 0 });
    expect(linked).toEqual(linkRulebook(parseRulebook(source(renamed))));
    expect(linked.resolvedReferences.map((r) => [r.reference.text, r.misnumbered?.number ?? null])).toEqual([
      ['see Chapter 3', '2'],
      ['Chapter 1', null],
    ]);
  });

});

describe('the prerequisite graph after an edit', () => {
  it('finds a skill reachable again when a heading now titles its prerequisite, as a fresh link does', () => {
    // The skills' names and prerequisites are untouched, which alone would keep the graph's facts: only the other
    // chapter's heading makes "Forest Lore" a describing phrase, always met.
    const skills = '# 1 Skills\n\n- **Tracking** (2 SP) Follow a trail.\n  Prerequisite: Forest Lore\n- **Hunting** (1 SP) Take game.\n';
    const source = (lore: string) => ({ files: [{ path: 'book.md', text: `${skills}\n# 2 Wilds\n\n${lore}\n\nThe old paths.\n` }] });
    const cache = new ParseCache();
    const memo = new LinkMemo();
    const before = linkRulebook(parseRulebook(source('Forest tales'), { cache }), { memo });
    expect(before.unreachableSkills.map((u) => [u.skill.name, u.via])).toEqual([['Tracking', 'Forest Lore']]);
    const linked = linkRulebook(parseRulebook(source('## Forest Lore'), { cache }), { memo, change: cache.change });
    expect(linked.unreachableSkills).toEqual([]);
    expect(linked).toEqual(linkRulebook(parseRulebook(source('## Forest Lore'))));
  });
});

describe('the public JSON model', () => {
  it('says of each reference whether its title names another heading than its number, null when it does not', () => {
    const json = toJsonModel(link(chaptersReadInOrder('The game master follows Chapter 4: Running the Game, Chapter 3: Combat and Chapter 2 - Combat.')));
    expect(json.version).toBe(1);
    expect(json.references.map((r) => [r.text, r.target, r.resolved, r.misnumbered])).toEqual([
      ['Chapter 4', '4', true, { title: 'Running the Game', number: '3', written: 'Chapter 4: Running the Game', numberNames: false }],
      ['Chapter 3', '3', true, { title: 'Combat', number: '2', written: 'Chapter 3: Combat', numberNames: true }],
      ['Chapter 2', '2', true, null],
    ]);
    expect(JSON.parse(JSON.stringify(json.references))).toEqual(json.references);
  });

  it('has skills with name, cost, prerequisites, category, file and line, and the section/rule tree', () => {
    const json = toJsonModel(
      link(md`
        ---
        title: Funjerai
        ---
        # Chapter 2. Character Creation
        ## 2.2 - Skills and Descriptions
        ### Offensive Magic
        - **Energy Ball** (4 SP) A ball of energy.
          Prerequisite: Lesser Energy Ball
        - **Lesser Energy Ball** (3 SP) A small ball.
        - **Additional Health Points** (4/5 SP) One more HP.

        2.2.1 Skills are bought with points.

        2.2.1a Some twice.
      `),
    );
    expect(json.format).toBe('rulebook-model');
    expect(json.title).toBe('Funjerai');
    expect(json.skills.map((s) => [s.name, s.cost, s.prerequisites, s.category, s.file, s.line])).toEqual([
      ['Energy Ball', 4, [['Lesser Energy Ball']], 'Offensive Magic', 'rulebook.md', 7],
      ['Lesser Energy Ball', 3, [], 'Offensive Magic', 'rulebook.md', 9],
      ['Additional Health Points', [4, 5], [], 'Offensive Magic', 'rulebook.md', 10],
    ]);
    expect(json.skills[1].requiredBy).toEqual(['Energy Ball']);
    const chapter = json.sections[0];
    expect([chapter.number, chapter.title, chapter.sections[0].number]).toEqual(['2', 'Character Creation', '2.2']);
    const rules = chapter.sections[0].sections[0].rules;
    expect(rules.map((r) => [r.number, r.text, r.line, r.rules.map((c) => c.number)])).toEqual([['2.2.1', 'Skills are bought with points.', 12, ['2.2.1a']]]);
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
  });
});
