/**
 * `character check --since <old>`: what a new edition breaks. Each character is checked against both editions; the
 * findings the new one makes and the old one did not (at the same purchase, of the same kind) are what the change did:
 * a removed or renamed skill, a new prerequisite, a changed cost.
 */
import type { LinkedRulebook } from '../link/types.js';
import type { Finding } from '../lint/types.js';
import { CharacterChecker, type CharacterReport } from './check.js';
import type { Character } from './types.js';

function placeOf(finding: Finding): string {
  return `${finding.ruleId}@${finding.range.file}:${finding.range.start.offset}`;
}

/** The reports against the new edition, each keeping only the findings the old edition did not make. */
export function introducedByEdition(oldBook: LinkedRulebook, newBook: LinkedRulebook, characters: readonly Character[]): CharacterReport[] {
  const before = new CharacterChecker(oldBook);
  const after = new CharacterChecker(newBook);
  return characters.map((character) => {
    const was = new Set(before.check(character).findings.map(placeOf));
    const now = after.check(character);
    return { ...now, findings: now.findings.filter((f) => !was.has(placeOf(f))) };
  });
}
