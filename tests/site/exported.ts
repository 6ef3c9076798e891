/** The five sample rulebooks and the CR (tests/fixtures/corpus, imported to Markdown) exported as websites with the real CLI, in a temp folder. */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importRulebook } from '../../shared/import/index.js';
import { runInProcess } from '../helpers/cli-in-process.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const SAMPLES = ['funjerai.md', 'kingdoms-of-novitas', 'amtgard-magic.md', 'ars-magica-combat.md', 'miniatures-skirmish.md'] as const;
const CR = path.join(ROOT, 'tests/fixtures/corpus/mtg-comprehensive-rules/MagicCompRules-2020-07-03.txt');

export interface Exported {
  readonly dir: string;
  /** Site folder by book name ('funjerai.md', …, 'cr'). */
  readonly sites: ReadonlyMap<string, string>;
  dispose(): Promise<void>;
}

export async function exportSites(names: readonly string[]): Promise<Exported> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rulebook-site-'));
  const sites = new Map<string, string>();
  for (const name of names) {
    let source = path.join(ROOT, 'tests/fixtures/samples', name);
    if (name === 'cr') {
      source = path.join(dir, 'cr.md');
      await writeFile(source, importRulebook(readFileSync(CR, 'utf8'), { format: 'txt' }).markdown);
    }
    const out = path.join(dir, `site-${name.replace(/\W+/g, '-')}`);
    const run = await runInProcess(['export', source, '--kind', 'site', '--out', out, '--quiet'], ROOT);
    if (run.code !== 0) throw new Error(`export of ${name} failed (${run.code}): ${run.stderr}`);
    sites.set(name, out);
  }
  return { dir, sites, dispose: () => rm(dir, { recursive: true, force: true }) };
}
