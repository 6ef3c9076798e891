/**
 * The quick character reader (js-yaml's events, shared/characters/yaml-quick.ts) must read every file exactly as the
 * `yaml` package's full composition does: the same characters, values and places, the same problem with its line.
 * readCharacterFile falls back to the exact reading whenever the quick one is unsure or finds a problem, so each case
 * compares it with readCharacterFileExactly: on the fixtures, on hand-picked corners of YAML, and on random edits of
 * a character file (bounded by a case count).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCharacterFile, readCharacterFileExactly } from '../../shared/characters/read.js';
import { quickDocuments } from '../../shared/characters/yaml-quick.js';

const FIXTURES = path.join(import.meta.dirname, '../fixtures/characters');

function same(text: string): void {
  expect(readCharacterFile('c.yaml', text)).toEqual(readCharacterFileExactly('c.yaml', text));
}

/** Whether the quick reader read `text` itself (no exception, no fallback needed). */
function readQuickly(text: string): boolean {
  try {
    return quickDocuments(text) !== null;
  } catch {
    return false;
  }
}

const SHEET = `name: Sigrun Hallsdottir   # the character
player: 'Lena Berg'
rulebook: "Funjerai"
class: Craftsman
startingPoints: 15
pointsPerEvent: 0x1
events: [Funjerai I 2025, "Funjerai II 2025"]
grants:
  - { event: Funjerai II 2025, points: 1, reason: came to every event of the year }
purchases:
  - { skill: First Aid, cost: 1 }   # at creation
  - { skill: "Healing", cost: 2.0 }
  - skill: Life Rescuer
    event: Funjerai I 2025
    cost: 2
  - {skill: Lethal Strike, tier: II,
     event: Funjerai II 2025, cost: 4, }
  - { skill: Druid 1, event: Funjerai II 2025, cost: 4, confirmed: [GM permission] }
  - Read/Write
confirmed: [1 Magic Power Point]
notes: |
  Free text, printed on the sheet.

`;

describe('the quick reader reads as the yaml package does', () => {
  it('every fixture character file, read quickly', () => {
    for (const book of ['funjerai', 'kingdoms-of-novitas']) {
      for (const name of readdirSync(path.join(FIXTURES, book)).filter((n) => n.endsWith('.yaml'))) {
        const text = readFileSync(path.join(FIXTURES, book, name), 'utf8');
        same(text);
        expect(readQuickly(text), name).toBe(true);
      }
    }
    same(SHEET);
    expect(readQuickly(SHEET)).toBe(true);
  });

  it('corners of YAML: quoting, numbers, block scalars, comments, documents, line endings', () => {
    const cases = [
      SHEET.replace(/\n/g, '\r\n'),
      `\uFEFF${SHEET}`,
      `- ${SHEET.trimEnd().replace(/\n/g, '\n  ')}\n- name: Bo\n  purchases: []\n`,
      `${SHEET}---\nname: Bo\n...\n---\n# nothing\n---\nname: Cy\npurchases:\n`,
      'name: "A\\tB \\u00e9\\x41"\npurchases: [\'it\'\'s\', "Cleave"]\n',
      'name: A\n  continued\npurchases:\n  - Cleave\n    Two\n',
      'name: A\npurchases:\n- Cleave\n- {skill: B, cost: 1e1}\n- {skill: C, cost: .inf}\n- {skill: D, cost: -1}\n',
      'name: A\npurchases: [{skill: B, cost: 0o17}, {skill: C, cost: +3}, {skill: D, cost: 1_000}, {skill: E, cost: 012}]\n',
      'name: A\npurchases: [{skill: true}, {skill: ~}, {skill: Null}, {skill: 12}, {skill: 1.50}]\n',
      'name: A\nnotes: >-\n  folded\n  text\n\n\npurchases: []\n',
      'name: A\npurchases:\n  - skill: B\n    note: |\n      x\n\n',
      'name: A\npurchases:\n  - skill: B\n    cost:\n',
      'name: A\nclass:\npurchases: []\n',
      'name: A\npurchases:\n  - { skill: B, cost: }\n  - { skill: C, cost }\n',
      'name: A\npurchases: [ B: 1 ]\n',
      'name: &n A\npurchases: [*n]\n',
      'name: !!str 5\npurchases: []\n',
      '%YAML 1.1\n---\nname: A\npurchases: [{skill: B, cost: 0b11}]\n',
      'name: A\nname: B\npurchases: []\n',
      'name: A\n"name": B\n',
      '? name\n: A\npurchases: []\n',
      'name: A\npurchases: [\nB, C]\n',
      'name: A\npurchases: [B,\n  C] # c\nconfirmed: [x] #c\n',
      'name: A\npurchases: {skill: B}\n',
      'name: A\n\tpurchases: []\n',
      'name: A\npurchases: []\nnotes: |\n  x\n\n\t',
      '...\nname: A\npurchases: []\n',
      '---\n---\nname: A\npurchases: []\n...\n',
      'name: A\npurchases: [B]#c\n',
      'name: A\npurchases: [B] x\n',
      'name: A\npurchses: []\n',
      '- name: A\n- 5\n',
      'just text\n',
      '',
      '# only a comment\n',
      'name: A\npurchases:\n  - { skill: "B\n    C", cost: 1 }\n',
      `name: ${'x'.repeat(2000)}\npurchases: []\n`,
      'name: A\npurchases: [[B]]\n',
      'name: A\nevents: Funjerai\ngrants:\n  - points: 2\n    date: 2025-05-01\n    reason: |-\n      award\npurchases: []\n',
    ];
    for (const text of cases) same(text);
  });

  it('random edits of a character file', () => {
    const pieces = [' ', '\n', '  ', ':', ': ', '- ', ',', '{', '}', '[', ']', '"', "'", '#', ' #', '&a ', '*a', '!!str ', '|', '>', '---\n', '...\n', '?', '\t', '\\', 'x', '1', '0x', '.', '~', 'null', 'cost: ', 'skill: '];
    fc.assert(
      fc.property(
        fc.array(fc.record({ at: fc.nat(), cut: fc.nat({ max: 3 }), piece: fc.constantFrom(...pieces) }), { minLength: 1, maxLength: 3 }),
        (edits) => {
          let text = SHEET;
          for (const { at, cut, piece } of edits) {
            const i = at % (text.length + 1);
            text = text.slice(0, i) + piece + text.slice(i + cut);
          }
          same(text);
        },
      ),
      { numRuns: 400, seed: 20 },
    );
  });
});
