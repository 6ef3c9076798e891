/**
 * A list numbered inside a bullet item (a monster's attack with its "roll 1d4" table, a spell's steps) is read as
 * numbered rules counting on their own: the book and the website print them inside their bullet, at their depth, with
 * their numbers, as Markdown shows them, not as top-level paragraphs that close the list around them.
 */
import { describe, expect, it } from 'vitest';
import { buildContent, type ContentBlock } from '../../shared/publish/content.js';
import { planExport } from '../../shared/publish/index.js';
import type { DrawOp, Plan } from '../../shared/publish/types.js';
import { buildSite } from '../../shared/site/build.js';
import { load, measure } from './helpers.js';

// Shaped like a bestiary's stat block and a spell list of real books (four spaces, or two, before the nested numbers).
const BOOK = `# Monsters

## Rift Walker

Actions:

- **Claw:** Melee Attack: +7 to hit. On a hit the target rolls on the warp table (1d4):
    1. **Slowed Clock:** The target loses its next move.
    2. **Thrown Aside:** The target slides 10 ft away and falls over.
- **Howl:** Every creature nearby makes a DC 12 save or flees.
- **Shifting Step:** The walker picks one:
  1. **Blink:** It appears up to 30 ft away.
     - It cannot pass through solid walls.
  2. **Fade:** It is hard to see until its next turn.

     While faded it makes no sound.

## Casting

1. Say the words aloud.
2. Spend the points:
   1. One point for a small spell.
`;

const loaded = () => load('monsters.md', BOOK);

type RuleBlock = Extract<ContentBlock, { kind: 'rule' }>;
type ProseContent = Extract<ContentBlock, { kind: 'prose' }>;

const ruleStarting = (blocks: readonly ContentBlock[], words: string): RuleBlock => {
  const found = blocks.find((b): b is RuleBlock => b.kind === 'rule' && b.rule.text.includes(words));
  if (!found) throw new Error(`no rule with “${words}”`);
  return found;
};

const proseWith = (blocks: readonly ContentBlock[], words: string) => {
  const found = blocks.find((b): b is ProseContent => b.kind === 'prose' && b.block.kind === 'paragraph' && b.block.runs.map((r) => r.text).join('').includes(words));
  if (!found || found.block.kind !== 'paragraph') throw new Error(`no paragraph with “${words}”`);
  return found.block;
};

const textOps = (plan: Plan) => plan.pages.flatMap((p) => p.ops.filter((op): op is Extract<DrawOp, { kind: 'text' }> => op.kind === 'text'));

describe('numbered items nested in a bullet item', () => {
  it('are planned one step in, inside their bullet, and lists nested in numbered items as before', () => {
    const { linked, source } = loaded();
    const { blocks } = buildContent(linked, source);
    expect(ruleStarting(blocks, 'Slowed Clock').indent).toBe(1);
    expect(ruleStarting(blocks, 'Thrown Aside').indent).toBe(1);
    expect(ruleStarting(blocks, 'Blink').indent).toBe(1);
    // The bullets around them stay where they were: at the list's first level.
    const howl = proseWith(blocks, 'Every creature nearby');
    expect([howl.depth, howl.bullet]).toEqual([0, '•']);
    // Numbered lists nested only in numbered items stand as their numbers say, as before.
    expect(ruleStarting(blocks, 'Say the words').indent).toBe(0);
    expect(ruleStarting(blocks, 'One point').indent).toBe(1);
  });

  it('keep what their item holds inside it: a bullet under one, its second paragraph', () => {
    const { linked, source } = loaded();
    const { blocks } = buildContent(linked, source);
    const wall = proseWith(blocks, 'cannot pass through');
    expect([wall.depth, wall.bullet]).toEqual([2, '•']);
    const quiet = proseWith(blocks, 'makes no sound');
    expect([quiet.depth, quiet.bullet]).toEqual([2, null]);
  });

  it('print in the book with their number where the bullet’s words start, and their words after it', () => {
    const { linked, source } = loaded();
    const ops = textOps(planExport(linked, source, { kind: 'book', paper: 'a4', columns: 1 }, measure));
    const at = (text: string) => {
      const op = ops.find((o) => o.text.startsWith(text));
      if (!op) throw new Error(`no text “${text}” printed`);
      return op.x;
    };
    const bulletMarker = ops.find((o) => o.text === '•')!.x;
    const bulletWords = at('Claw:');
    const numbers = ops.filter((o) => o.text === '1.' || o.text === '2.');
    // The first "1." printed is the warp table's, under Claw: as far in as Claw's words, past the bullet.
    expect(numbers[0].x).toBeGreaterThan(bulletMarker);
    expect(numbers[0].x).toBeCloseTo(bulletWords, 3);
    expect(at('Slowed')).toBeGreaterThan(numbers[0].x);
    // A top-level numbered rule still hangs its number at the margin, with the bullets' markers.
    const casting = ops[ops.findIndex((o) => o.text.startsWith('Say')) - 1];
    expect(casting.text).toBe('1.');
    expect(casting.x).toBeLessThan(bulletMarker);
  });

  it('are items of an ordered list inside their bullet’s item on the website, each with the rule’s id', () => {
    const { linked, source } = loaded();
    const html = buildSite(linked, source).pages.map((p) => p.html).join('\n');
    const claw = html.indexOf('<strong>Claw:</strong>');
    const list = html.slice(claw, html.indexOf('</li></ul>', claw));
    // The numbered list opens inside Claw's item, and Howl is the next item of the same bullet list.
    expect(list).toMatch(/^<strong>Claw:<\/strong>[^<]*<ol><li value="1" id="[^"]+"><strong>Slowed Clock:<\/strong>/);
    expect(list).toContain('<li value="2" id="');
    expect(html).toMatch(/<\/ol><\/li><li><strong>Howl:<\/strong>/);
    // What a nested item holds stays in it: the bullet under Blink, Fade's second paragraph.
    expect(html).toMatch(/<strong>Blink:<\/strong> It appears up to 30 ft away\.<ul><li>It cannot pass through solid walls\.<\/li><\/ul><\/li><li value="2"/);
    expect(html).toMatch(/It is hard to see until its next turn\.<p>While faded it makes no sound\.<\/p><\/li><\/ol>/);
    // No rule of theirs is a paragraph of its own.
    expect(html).not.toMatch(/<p class="rule[^>]*>.*Slowed Clock/);
    // Top-level numbered rules stay paragraphs with their permalinked numbers.
    expect(html).toMatch(/<p class="rule indent-0" id="[^"]+"><a class="num permalink-number"[^>]*>1<\/a> Say the words aloud\.<\/p>/);
  });
});
