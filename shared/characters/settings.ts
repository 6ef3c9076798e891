/** The `characters:` block of rulebook.yaml read into CharacterRules; every problem names its key, for a config-invalid diagnostic. */
import type { CharacterRules } from '../model/types.js';

export interface CharacterSettingProblem {
  readonly key: string;
  readonly message: string;
}

const KEYS = ['startingPoints', 'pointsPerEvent', 'limitPerEvent', 'classes', 'repeatable', 'assumedConditions'] as const;

function points(block: Record<string, unknown>, key: string, problems: CharacterSettingProblem[]): number | null {
  const value = block[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    problems.push({ key: `characters.${key}`, message: `\`characters.${key}\` must be a number of 0 or more` });
    return null;
  }
  return value;
}

function names(block: Record<string, unknown>, key: string, problems: CharacterSettingProblem[]): string[] {
  const value = block[key];
  if (value === undefined || value === null) return [];
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || list.some((v) => typeof v !== 'string')) {
    problems.push({ key: `characters.${key}`, message: `\`characters.${key}\` must be a list of names` });
    return [];
  }
  return list as string[];
}

/** `repeatable: [Additional Health Points]`, or with the most times: `repeatable: { Magic Power (2): 20 }`. */
function repeatable(block: Record<string, unknown>, problems: CharacterSettingProblem[]): Record<string, number | null> {
  const value = block.repeatable;
  if (value === undefined || value === null) return {};
  if (Array.isArray(value) || typeof value === 'string') return Object.fromEntries(names(block, 'repeatable', problems).map((n) => [n, null]));
  if (typeof value !== 'object') {
    problems.push({ key: 'characters.repeatable', message: '`characters.repeatable` must be a list of skill names, or a mapping of skill names to the most times' });
    return {};
  }
  const out: Record<string, number | null> = {};
  for (const [name, most] of Object.entries(value as Record<string, unknown>)) {
    if (most === null) out[name] = null;
    else if (typeof most === 'number' && Number.isInteger(most) && most >= 1) out[name] = most;
    else problems.push({ key: 'characters.repeatable', message: `\`characters.repeatable\`: \`${name}\` must map to a whole number of 1 or more (or nothing, for no limit)` });
  }
  return out;
}

/** Undefined when the book has no `characters:` block. */
export function readCharacterRules(value: unknown, problems: CharacterSettingProblem[]): CharacterRules | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    problems.push({ key: 'characters', message: '`characters` must be a mapping (startingPoints, pointsPerEvent, limitPerEvent, classes, repeatable, assumedConditions)' });
    return undefined;
  }
  const block = value as Record<string, unknown>;
  for (const key of Object.keys(block)) {
    if (!(KEYS as readonly string[]).includes(key)) problems.push({ key: `characters.${key}`, message: `\`characters.${key}\` is not a setting; expected one of ${KEYS.join(', ')}` });
  }
  return {
    startingPoints: points(block, 'startingPoints', problems),
    pointsPerEvent: points(block, 'pointsPerEvent', problems),
    limitPerEvent: points(block, 'limitPerEvent', problems),
    classes: names(block, 'classes', problems),
    repeatable: repeatable(block, problems),
    assumedConditions: names(block, 'assumedConditions', problems),
  };
}
