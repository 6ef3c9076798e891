/**
 * Files whose text the book already holds in other files (shared/layout/repeated-files.ts), on the GUMSHOE SRD's
 * chapters (tests/fixtures/gumshoe-srd, CC BY 3.0): its repository keeps the whole book in one file beside the same
 * book split into chapters.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repeatedFiles } from '../../shared/layout/repeated-files.js';
import { runCli as run } from '../helpers/cli.js';
import { useTempFolder } from '../helpers/temp-folder.js';

const folder = path.resolve(import.meta.dirname, '../fixtures/gumshoe-srd/srd');
const chapters = readdirSync(folder)
  .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
  .map((name) => ({ path: `srd/${name}`, text: readFileSync(path.join(folder, name), 'utf8') }));
/** The book in one file, as `srd/GumshoeSRD.md` joins its 23 chapters. */
const whole = { path: 'srd/GumshoeSRD.md', text: chapters.map((c) => c.text.replace(/^<!-- order:\d+ -->\n/, '')).join('\n') };
const temp = useTempFolder('repeated');

describe('files that repeat others', () => {
  it('leaves out the book in one file beside its chapters, and no chapter', () => {
    expect(repeatedFiles([...chapters, whole])).toEqual([{ path: 'srd/GumshoeSRD.md', within: chapters.map((c) => c.path), kind: 'compilation' }]);
  });

  it('leaves out the later of two copies of one chapter, and both stay when each names its own entry', () => {
    const general = chapters.find((c) => c.path.includes('GeneralAbilities'))!;
    const copy = { path: 'srd/copies/19-GeneralAbilities.md', text: general.text };
    expect(repeatedFiles([general, copy])).toEqual([{ path: copy.path, within: [general.path], kind: 'copy' }]);
    // 13th Age's Hoard Spirit and Greathoard Elder share their stat block's text word for word, each under its own name.
    const named = (name: string) => ({ path: `srd/${name}.md`, text: `---\nname: ${name}\n---\n${general.text}` });
    expect(repeatedFiles([named('Hoard Spirit'), named('Greathoard Elder')])).toEqual([]);
  });

  it('finds nothing to leave out in a book whose files each hold their own text', () => {
    expect(repeatedFiles(chapters)).toEqual([]);
  });

  it('init lists the chapters and not the book in one file, and says why', async () => {
    temp.write(Object.fromEntries([...chapters, whole].map((f) => [f.path, f.text])));
    const result = await run(['init', '--dry-run', '.'], temp.dir);
    expect(result.code, result.stderr).toBe(0);
    for (const chapter of chapters) expect(result.stdout).toContain(`  - ${chapter.path}\n`);
    expect(result.stdout).not.toContain('  - srd/GumshoeSRD.md');
    expect(result.stdout).toContain('`srd/GumshoeSRD.md` holds the text of 5 other files (the book in one file): not listed, so that nothing is read twice.');
  });
});
