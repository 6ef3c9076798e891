/**
 * Character files (YAML) into Characters with the place of every entry, so a finding points at the purchase at
 * fault. A file holds one character (a mapping), several (a list of mappings), or several documents split by `---`.
 *
 * Read quickly first (yaml-quick.ts: a roster of 1,000 characters in a fraction of a second); a file the quick reader
 * is unsure of, or that has a problem, is read again exactly (yaml-exact.ts), so every message and line is the `yaml`
 * package's and this module's as they always were.
 */
import type { SourceRange } from '../model/types.js';
import { Locator } from '../parse/locator.js';
import type { Character, CharacterFileProblem, Grant, Purchase } from './types.js';
import { exactDocuments } from './yaml-exact.js';
import { Unsure, type YamlDocument, type YamlMap, type YamlNode } from './yaml-nodes.js';
import { quickDocuments } from './yaml-quick.js';

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
  try {
    const documents = quickDocuments(text);
    if (documents) {
      const result = readDocuments(file, text, documents);
      if (!result.problem) return result;
    }
  } catch (error) {
    if (!(error instanceof Unsure)) throw error;
  }
  return readCharacterFileExactly(file, text);
}

/** The file read by the `yaml` package alone: the judge the quick reading must agree with (its tests compare the two). */
export function readCharacterFileExactly(file: string, text: string): CharacterFileResult {
  return readDocuments(file, text, exactDocuments(text));
}

function readDocuments(file: string, text: string, documents: readonly YamlDocument[]): CharacterFileResult {
  const locator = new Locator(file, text);
  const lineOf = (offset: number) => locator.range(offset, offset).start.line;
  const characters: Character[] = [];
  try {
    for (const doc of documents) {
      if (doc.error) return { characters: [], problem: { message: doc.error.message, line: lineOf(doc.error.offset) } };
      const root = doc.root;
      if (root === null) continue;
      if (root.kind === 'map') characters.push(readCharacter(root, locator));
      else if (root.kind === 'seq') {
        for (const item of root.items) {
          if (item?.kind !== 'map') throw new Problem('expected each character to be a mapping (name:, purchases:, …)', offsetOf(item, root));
          characters.push(readCharacter(item, locator));
        }
      } else throw new Problem('expected a character (a mapping with name: and purchases:) or a list of them', offsetOf(root, null));
    }
  } catch (error) {
    if (error instanceof Problem) return { characters: [], problem: { message: error.message, line: lineOf(error.offset) } };
    throw error;
  }
  if (characters.length === 0) return { characters: [], problem: { message: 'no character in the file (expected name: and purchases:)', line: 1 } };
  return { characters, problem: null };
}

function offsetOf(node: YamlNode | null | undefined, parent: YamlNode | null): number {
  return node?.start ?? parent?.start ?? 0;
}

function rangeOf(node: YamlNode | null | undefined, locator: Locator, fallback: number): SourceRange {
  if (node?.kind === 'scalar' && !node.exact) throw new Unsure('the place of an empty or block scalar');
  const [start, end] = node ? [node.start, node.end] : [fallback, fallback];
  return locator.range(start, end);
}

type Entry = { readonly key: YamlNode; readonly value: YamlNode | null };

/** The mapping's entries by key, every key checked against the known ones (a misspelt key would silently do nothing). */
function entries(map: YamlMap, known: readonly string[], what: string): Map<string, Entry> {
  const out = new Map<string, Entry>();
  for (const pair of map.pairs) {
    const key = pair.key?.kind === 'scalar' ? String(pair.key.value) : null;
    if (key === null) throw new Problem(`${what}: keys must be plain words`, offsetOf(pair.key, map));
    if (!known.includes(key)) throw new Problem(`${what}: \`${key}\` is not a field; expected one of ${known.join(', ')}`, offsetOf(pair.key, map));
    if (pair.value?.kind === 'alias') throw new Problem(`${what}: \`${key}\` is an alias; write the value out`, offsetOf(pair.value, map));
    // The `yaml` package refuses a key written twice before this runs; js-yaml's events leave it to the reader.
    if (out.has(key)) throw new Unsure('a key written twice');
    out.set(key, pair as Entry);
  }
  return out;
}

function isNull(node: YamlNode | null): boolean {
  return node === null || (node.kind === 'scalar' && node.value === null);
}

function isText(node: YamlNode | null): node is YamlNode & { kind: 'scalar' } {
  return node?.kind === 'scalar' && (typeof node.value === 'string' || typeof node.value === 'number');
}

function scalarText(pair: Entry | undefined, key: string, what: string): string | null {
  if (!pair || isNull(pair.value)) return null;
  if (!isText(pair.value)) throw new Problem(`${what}: \`${key}\` must be text`, offsetOf(pair.value, pair.key));
  return String(pair.value.value).trim();
}

function numberOf(pair: Entry | undefined, key: string, what: string): number | null {
  if (!pair || isNull(pair.value)) return null;
  const value = pair.value?.kind === 'scalar' ? pair.value.value : undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw new Problem(`${what}: \`${key}\` must be a number of 0 or more`, offsetOf(pair.value, pair.key));
  return value;
}

function textList(pair: Entry | undefined, key: string, what: string): string[] {
  if (!pair || pair.value === null) return [];
  if (isText(pair.value)) return [String(pair.value.value)];
  if (pair.value.kind !== 'seq' || !pair.value.items.every(isText)) throw new Problem(`${what}: \`${key}\` must be a list of names`, offsetOf(pair.value, pair.key));
  return pair.value.items.map((i) => String((i as { value: unknown }).value).trim());
}

function seqItems(pair: Entry | undefined, key: string, what: string): (YamlNode | null)[] {
  if (!pair || isNull(pair.value)) return [];
  if (pair.value?.kind !== 'seq') throw new Problem(`${what}: \`${key}\` must be a list`, offsetOf(pair.value, pair.key));
  return [...pair.value.items];
}

function readCharacter(map: YamlMap, locator: Locator): Character {
  const fields = entries(map, CHARACTER_KEYS, 'character');
  const nameNode = fields.get('name');
  const name = scalarText(nameNode, 'name', 'character');
  if (!name) throw new Problem('character: `name` is missing', offsetOf(map, null));
  const what = `character \`${name}\``;
  const classPair = fields.get('class');
  const start = offsetOf(map, null);
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
    range: rangeOf(map, locator, start),
    nameRange: rangeOf(nameNode!.value, locator, start),
    classRange: classPair ? rangeOf(classPair.value, locator, start) : null,
  };
}

/** A purchase is a mapping, or just the skill's name (bought at creation at the book's price). */
function readPurchase(node: YamlNode | null, locator: Locator, what: string): Purchase {
  const at = offsetOf(node, null);
  if (node?.kind === 'scalar' && typeof node.value === 'string') {
    const range = rangeOf(node, locator, at);
    return { skill: node.value.trim(), tier: null, event: null, cost: null, confirmed: [], range, skillRange: range, costRange: null };
  }
  if (node?.kind !== 'map') throw new Problem(`${what}: each purchase must be a skill name or a mapping (skill:, event:, cost:)`, at);
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

function readGrant(node: YamlNode | null, locator: Locator, what: string): Grant {
  const at = offsetOf(node, null);
  if (node?.kind !== 'map') throw new Problem(`${what}: each grant must be a mapping (points:, event:, reason:)`, at);
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
