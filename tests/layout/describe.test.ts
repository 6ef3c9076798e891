/**
 * describeRulebook: what was read, in a marshal's words. Checked loosely (the parser learns more books every week);
 * the sentences' shapes and the counts of a book in the dialect are what must hold.
 */
import { describe, expect, it } from 'vitest';
import { describeRulebook } from '../../shared/layout/describe.js';
import { findUnread } from '../../shared/layout/unread.js';
import { linkRulebook } from '../../shared/link/index.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { md } from '../helpers/md.js';

const DIALECT = md`
  # 1 Combat

  1.1 Blows land on the torso.

  1.2 See 1.1 for blows, and 1.9 for nothing.

  ## Skills

  - **Energy Ball** (4 SP) The caster throws a ball of energy.
    Prerequisite: Lesser Energy Ball
  - **Lesser Energy Ball** (2 SP) A smaller ball.
  - **Shield Bash** (3 SP) A blow with a shield.
`;

describe('describeRulebook', () => {
  it('counts skills by form with how many have costs and prerequisites, rules by number style, and references', () => {
    const source = { files: [{ path: 'book.md', text: DIALECT }] };
    const model = parseRulebook(source);
    const sentences = describeRulebook(linkRulebook(model), { unread: findUnread(source, model), source });
    expect(sentences[0]).toBe('3 skills as list items with Prerequisite; 3 have a cost, 1 has prerequisites.');
    expect(sentences).toContain('2 numbered rules in `1.1` style and 1 numbered heading.');
    expect(sentences).toContainEqual(expect.stringMatching(/^\d+ references? to rules and skills, \d+ of them resolves?/));
    expect(sentences[sentences.length - 1]).toBe('Nothing looks left unread.');
  });

  it('names the field labels skills were read from, and says what is still unread', () => {
    const text = md`
      ## Florentine

      **CP Cost**: 4

      **Prerequisites**: None

      ## Ambidextrous

      **CP Cost**: 4

      **Prerequisites**: Florentine

      Cost: 3
    `;
    const source = { files: [{ path: 'book.md', text }] };
    const model = parseRulebook(source);
    const fake = { code: 'unread-skills' as const, message: '1 line looks like a skill cost', range: { file: 'book.md', start: { line: 13, column: 1, offset: 0 }, end: { line: 13, column: 8, offset: 7 } } };
    const sentences = describeRulebook(linkRulebook(model), { unread: [fake], source });
    // However the parser reads these, a heading skill is described with its level and the labels it was read from.
    for (const s of sentences.filter((x) => x.includes('headings'))) expect(s).toMatch(/^\d+ skills? as `##` headings( with [^;]+)?; /);
    expect(sentences).toContain('Still unread in book.md:13: 1 line looks like a skill cost.');
  });

  it('names no label for a table row whose name holds a colon (a LARP skillset table, "|Attunement: Arcane|4+2|")', () => {
    const text = md`
      | Skill | Cost |
      |---|---|
      |Attunement: Arcane|4+2|
      |Attunement: Nature|4+2|
    `;
    const source = { files: [{ path: 'book.md', text }] };
    const sentences = describeRulebook(linkRulebook(parseRulebook(source)), { source });
    expect(sentences[0]).toBe('2 skills as table rows; 2 have a cost, 0 have prerequisites.');
  });

  it('says plainly when nothing was read', () => {
    const model = parseRulebook({ files: [{ path: 'book.md', text: '# Welcome\n\nA story.\n' }] });
    expect(describeRulebook(linkRulebook(model)).slice(0, 3)).toEqual(['No skills read.', 'No numbered rules read.', 'No references to rules or skills read.']);
  });
});
