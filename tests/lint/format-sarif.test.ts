/** SARIF output of real findings: the properties SARIF 2.1.0 requires, rule indexes, URIs code scanning can resolve. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { artifactUri, toSarif } from '../../main/lint/format-sarif.js';
import { runLint } from '../../main/lint/run-lint.js';
import { md } from '../helpers/md.js';

const BOOK = md`
  # 1 Magic

  - **Magic Healing** (2 SP) Heals.
  - **Regrow Limb** (4 SP) Regrows a limb.
    Prerequisite: Magical Healing
  - **Magic Healing** (3 SP) Heals more.

  See 1.7 for more.
`;

describe('SARIF output', () => {
  it('holds every required property, a matching ruleIndex, absolute file URIs outside the working folder, and embedded rule help', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rulebook-sarif-'));
    try {
      const file = path.join(dir, 'house rules #2.md');
      writeFileSync(file, BOOK);
      const sarif = toSarif(await runLint([file]), '1.2.3');
      expect(sarif.version).toBe('2.1.0');
      const run = sarif.runs[0];
      const driver = run.tool.driver;
      expect(driver.name).toBe('rulebook-lint');
      // A tool's informationUri and a rule's helpUri must be absolute URIs; neither may be a made-up or relative one.
      expect(driver).not.toHaveProperty('informationUri');
      for (const rule of driver.rules) {
        expect(rule).not.toHaveProperty('helpUri');
        expect(rule.help.markdown).toMatch(new RegExp(`^# ${rule.id}\\n`));
      }
      expect(run.results.map((r) => [r.ruleId, r.level])).toEqual([
        ['unknown-prerequisite', 'error'],
        ['duplicate-skill', 'error'],
        ['broken-reference', 'error'],
      ]);
      const uri = pathToFileURL(file).href;
      expect(uri).toContain('house%20rules%20%232.md');
      for (const result of run.results) {
        expect(driver.rules[result.ruleIndex!].id).toBe(result.ruleId);
        expect(result.message.text.length).toBeGreaterThan(0);
        const { artifactLocation, region } = result.locations[0].physicalLocation;
        expect(artifactLocation.uri).toBe(uri);
        expect(region.startLine).toBeGreaterThanOrEqual(1);
        expect(region.endColumn).toBeGreaterThan(region.startColumn);
      }
      const duplicate = run.results[1];
      expect(duplicate.relatedLocations?.[0]).toMatchObject({ id: 0, physicalLocation: { artifactLocation: { uri }, region: { startLine: 3 } } });
      const fix = run.results[0].fixes?.[0];
      expect(fix?.artifactChanges[0]).toEqual({
        artifactLocation: { uri },
        replacements: [{ deletedRegion: { startLine: 5, startColumn: 17, endLine: 5, endColumn: 32 }, insertedContent: { text: 'Magic Healing' } }],
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps paths inside the working folder relative, escaping each segment', () => {
    expect(artifactUri('rulebooks/kingdoms-of-novitas/03-character-creation.md')).toBe('rulebooks/kingdoms-of-novitas/03-character-creation.md');
    expect(artifactUri('house rules/#2?.md')).toBe('house%20rules/%232%3F.md');
  });
});
