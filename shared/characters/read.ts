/**
 * Character files (YAML) into Characters with the place of every entry, so a finding points at the purchase at
 * fault. A file holds one character (a mapping), several (a list of mappings), or several documents split by `---`.
 */
import { isAlias, isMap, isScalar, isSeq, parseAllDocuments, type Node, type Pair, type YAMLMap } from 'yaml';
import type { SourceRange } from '../model/types.js';
import { Locator } from '../parse/locator.js';
import type { Character, CharacterFileProblem, Grant, Purchase } from './types.js';

/** The fields of a character, a purchase and a grant: docs/character.schema.json lists the same. */
export const CHARACTER_KEYS = ['name', 'player', 'rulebook', 'class', 'startingPoints', 'pointsPerEvent', 'events', 'grants', 'purchases', 'confirmed', 'notes'];
export const PURCHASE_KEYS = ['skill', 'tier', 'event', 'date', 'cost', 'confirmed', 'note'];
export const GRANT_KEYS = ['points', 'event', 'date', 'reason'];

/** Thrown inside the reader and turned into the one problem it returns: the first fault makes the file unreadable. */
class Problem extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

export interface CharacterFileResult {
  readonly characters: readonly Character[];
  /** The first problem that makes the file unreadable, null when it reads. */
  readonly problem: CharacterFileProblem | null;
}

/** `file` is the path findings will name (the file as the user gave it, or absolute). */
export function readCharacterFile(file: string, text: string): CharacterFileResult {
  const locator = new Locator(file, text);
  const lineOf = (offset: number) => locator.range(offset, offset).start.line;
  const docs = parseAllDocuments(text, { prettyErrors: false, uniqueKeys: true, logLevel: 'error' });
  // parseAllDocuments answers an empty stream with an EmptyStream, not a list.
  const list = Array.isArray(docs) ? docs : [];
  const characters: Character[] = [];
  try {
    for (const doc of list) {
      const error = doc.errors[0];
      if (error) return { characters: [], problem: { message: error.message.split('\n')[0], line: lineOf(error.pos[0]) } };
      const root = doc.contents;
      if (root === null) continue;
      if (isMap(root)) characters.push(readCharacter(root, locator));
      else if (isSeq(root)) {
        for (const item of root.items) {
          if (!isMap(item)) throw new Problem('expected each character to be a mapping (name:, purchases:, …)', offsetOf(item as Node | null, root));
          characters.push(readCharacter(item, locator));
        }
      } else throw new Problem('expected a character (a mapping with name: and purchases:) or a list of them', offsetOf(root as Node, null));
    }
  } catch (error) {
    if (error instanceof Problem) return { characters: [], problem: { message: error.message, line: lineOf(error.offset) } };
    throw error;
  }
  if (characters.length === 0) return { characters: [], problem: { message: 'no character in the file (expected name: and purchases:)', line: 1 } };
  return { characters, problem: null };
}

function offsetOf(node: Node | null | undefined, parent: Node | null): number {
  return node?.range?.[0] ?? parent?.range?.[0] ?? 0;
}

function rangeOf(node: Node | null | undefined, locator: Locator, fallback: number): SourceRange {
  const [start, end] = node?.range ?? [fallback, fallback];
  return locator.range(start, end);
}

/** The mapping's entries by key, every key checked against the known ones (a misspelt key would silently do nothing). */
function entries(map: YAMLMap, known: readonly string[], what: string): Map<string, Pair<Node, Node | null>> {
  const out = new Map<string, Pair<Node, Node | null>>();
  for (const pair of map.items as Pair<Node, Node | null>[]) {
    const key = isScalar(pair.key) ? String(pair.key.value) : null;
    if (key === null) throw new Problem(`${what}: keys must be plain words`, offsetOf(pair.key, map));
    if (!known.includes(key)) throw new Problem(`${what}: \`${key}\` is not a field; expected one of ${known.join(', ')}`, offsetOf(pair.key, map));
    if (isAlias(pair.value)) throw new Problem(`${what}: \`${key}\` is an alias; write the value out`, offsetOf(pair.value, map));
    out.set(key, pair);
  }
  return out;
}

function scalarText(pair: Pair<Node, Node | null> | undefined, key: string, what: string): string | null {
  if (!pair || pair.value === null || (isScalar(pair.value) && pair.value.value === null)) return null;
  if (!isScalar(pair.value) || (typeof pair.value.value !== 'string' && typeof pair.value.value !== 'number')) {
    throw new Problem(`${what}: \`${key}\` must be text`, offsetOf(pair.value, pair.key));
  }
  return String(pair.value.value).trim();
}

function numberOf(pair: Pair<Node, Node | null> | undefined, key: string, what: string): number | null {
  if (!pair || pair.value === null || (isScalar(pair.value) && pair.value.value === null)) return null;
  const value = isScalar(pair.value) ? pair.value.value : undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw new Problem(`${what}: \`${key}\` must be a number of 0 or more`, offsetOf(pair.value, pair.key));
  return value;
}

function textList(pair: Pair<Node, Node | null> | undefined, key: string, what: string): string[] {
  if (!pair || pair.value === null) return [];
  if (isScalar(pair.value) && (typeof pair.value.value === 'string' || typeof pair.value.value === 'number')) return [String(pair.value.value)];
  if (!isSeq(pair.value) || pair.value.items.some((i) => !isScalar(i) || (typeof i.value !== 'string' && typeof i.value !== 'number'))) {
    throw new Problem(`${what}: \`${key}\` must be a list of names`, offsetOf(pair.value, pair.key));
  }
  return pair.value.items.map((i) => String((i as { value: unknown }).value).trim());
}

function seqItems(pair: Pair<Node, Node | null> | undefined, key: string, what: string): Node[] {
  if (!pair || pair.value === null || (isScalar(pair.value) && pair.value.value === null)) return [];
  if (!isSeq(pair.value)) throw new Problem(`${what}: \`${key}\` must be a list`, offsetOf(pair.value, pair.key));
  return pair.value.items as Node[];
}

function readCharacter(map: YAMLMap, locator: Locator): Character {
  const fields = entries(map, CHARACTER_KEYS, 'character');
  const nameNode = fields.get('name');
  const name = scalarText(nameNode, 'name', 'character');
  if (!name) throw new Problem('character: `name` is missing', offsetOf(map as unknown as Node, null));
  const what = `character \`${name}\``;
  const classPair = fields.get('class');
  const start = offsetOf(map as unknown as Node, null);
  return {
    name,
    player: scalarText(fields.get('player'), 'player', what),
    rulebook: scalarText(fields.get('rulebook'), 'rulebook', what),
    class: scalarText(classPair, 'class', what),
    startingPoints: numberOf(fields.get('startingPoints'), 'startingPoints', what),
    pointsPerEvent: numberOf(fields.get('pointsPerEvent'), 'pointsPerEvent', what),
    events: textList(fields.get('events'), 'events', what),
    grants: seqItems(fields.get('grants'), 'grants', what).map((node) => readGrant(node, locator, what)),
    purchases: seqItems(fields.get('purchases'), 'purchases', what).map((node) => readPurchase(node, locator, what)),
    confirmed: textList(fields.get('confirmed'), 'confirmed', what),
    notes: scalarText(fields.get('notes'), 'notes', what),
    range: rangeOf(map as unknown as Node, locator, start),
    nameRange: rangeOf(nameNode!.value, locator, start),
    classRange: classPair ? rangeOf(classPair.value, locator, start) : null,
  };
}

/** A purchase is a mapping, or just the skill's name (bought at creation at the book's price). */
function readPurchase(node: Node, locator: Locator, what: string): Purchase {
  const at = offsetOf(node, null);
  if (isScalar(node) && typeof node.value === 'string') {
    const range = rangeOf(node, locator, at);
    return { skill: node.value.trim(), tier: null, event: null, cost: null, confirmed: [], range, skillRange: range, costRange: null };
  }
  if (!isMap(node)) throw new Problem(`${what}: each purchase must be a skill name or a mapping (skill:, event:, cost:)`, at);
  const fields = entries(node, PURCHASE_KEYS, `${what}, purchase`);
  const skillPair = fields.get('skill');
  const skill = scalarText(skillPair, 'skill', `${what}, purchase`);
  if (!skill) throw new Problem(`${what}: a purchase has no \`skill\``, at);
  const inner = `${what}, purchase of \`${skill}\``;
  if (fields.has('event') && fields.has('date')) throw new Problem(`${inner}: give \`event\` or \`date\`, not both`, at);
  const costPair = fields.get('cost');
  return {
    skill,
    tier: scalarText(fields.get('tier'), 'tier', inner),
    event: scalarText(fields.get('event') ?? fields.get('date'), fields.has('date') ? 'date' : 'event', inner),
    cost: numberOf(costPair, 'cost', inner),
    confirmed: textList(fields.get('confirmed'), 'confirmed', inner),
    range: rangeOf(node, locator, at),
    skillRange: rangeOf(skillPair!.value, locator, at),
    costRange: costPair?.value ? rangeOf(costPair.value, locator, at) : null,
  };
}

function readGrant(node: Node, locator: Locator, what: string): Grant {
  const at = offsetOf(node, null);
  if (!isMap(node)) throw new Problem(`${what}: each grant must be a mapping (points:, event:, reason:)`, at);
  const fields = entries(node, GRANT_KEYS, `${what}, grant`);
  const points = numberOf(fields.get('points'), 'points', `${what}, grant`);
  if (points === null) throw new Problem(`${what}: a grant has no \`points\``, at);
  return {
    points,
    event: scalarText(fields.get('event') ?? fields.get('date'), 'event', `${what}, grant`),
    reason: scalarText(fields.get('reason'), 'reason', `${what}, grant`),
    range: rangeOf(node, locator, at),
  };
}
