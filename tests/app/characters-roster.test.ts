/**
 * listCharacters, the host operation behind the Characters panel: the open book's `characters/` roster read through
 * the same confinement as every other file (a link out of the folder is left out), and a character saved with
 * saveFile reads back in it.
 */
import { copyFile, mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CharacterRoster } from '../../shared/ipc/contract.js';
import { REPO, value, useSandbox } from './helpers.js';

const FIXTURES = path.join(REPO, 'tests/fixtures/characters');
const box = useSandbox();

const roster = async (): Promise<CharacterRoster> => value(await box.api.listCharacters());

describe('listCharacters', () => {
  it('needs an open rulebook', async () => {
    expect(await box.api.listCharacters()).toMatchObject({ ok: false, error: { code: 'no-rulebook' } });
  });

  it('is an empty roster while the book has no characters folder', async () => {
    value(await box.api.openRulebook(box.novitas));
    expect(await roster()).toEqual({ folder: 'characters', files: [], unreadable: [] });
  });

  it('reads the .yaml and .yml files of characters/ and its subfolders, in name order, and nothing else', async () => {
    value(await box.api.openRulebook(box.novitas));
    const folder = path.join(box.novitas, 'characters');
    await mkdir(path.join(folder, 'retired'), { recursive: true });
    await copyFile(path.join(FIXTURES, 'kingdoms-of-novitas/corwin-prerequisite-order.yaml'), path.join(folder, 'corwin.yaml'));
    await copyFile(path.join(FIXTURES, 'kingdoms-of-novitas/aldric-valid-warrior.yaml'), path.join(folder, 'retired', 'aldric.yml'));
    await writeFile(path.join(folder, 'notes.md'), '# not a character\n');
    // What an atomic write leaves while it runs (or a killed one left behind) is no character.
    await writeFile(path.join(folder, '.corwin.yaml.123-ab.tmp'), 'name: half\n');
    await writeFile(path.join(folder, '.hidden.yaml'), 'name: hidden\n');
    await writeFile(path.join(folder, 'latin1.yaml'), Buffer.from('name: Ren\xe9\n', 'latin1'));
    const answer = await roster();
    expect(answer.files.map((f) => f.path)).toEqual(['characters/corwin.yaml', 'characters/retired/aldric.yml']);
    expect(answer.files[0].text).toContain('name: Corwin Hale');
    expect(answer.unreadable).toEqual([{ path: 'characters/latin1.yaml', message: expect.stringMatching(/^characters\/latin1\.yaml: .*UTF-8/) }]);
    // The versions it gives are those saveFile checks against.
    const saved = value(await box.api.saveFile('characters/corwin.yaml', `${answer.files[0].text}# checked\n`, answer.files[0].version));
    expect((await roster()).files[0].version).toBe(saved.version);
  });

  it('leaves out a file a link leads out of the folder, and refuses a roster folder that is a link out', async () => {
    value(await box.api.openRulebook(box.novitas));
    const outside = path.join(box.dir, 'outside');
    await mkdir(outside, { recursive: true });
    await writeFile(path.join(outside, 'secret.yaml'), 'name: Secret\n');
    await mkdir(path.join(box.novitas, 'characters'));
    await symlink(path.join(outside, 'secret.yaml'), path.join(box.novitas, 'characters', 'leak.yaml'));
    await writeFile(path.join(box.novitas, 'characters', 'inside.yaml'), 'name: Inside\n');
    expect((await roster()).files.map((f) => f.path)).toEqual(['characters/inside.yaml']);

    value(await box.api.openRulebook(box.funjerai));
    await symlink(outside, path.join(path.dirname(box.funjerai), 'characters'));
    expect(await box.api.listCharacters()).toMatchObject({ ok: false, error: { code: 'outside-rulebook' } });
  });

  it('says so when characters is a file, not a folder', async () => {
    value(await box.api.openRulebook(box.funjerai));
    await writeFile(path.join(path.dirname(box.funjerai), 'characters'), 'oops\n');
    expect(await box.api.listCharacters()).toMatchObject({ ok: false, error: { code: 'unreadable', message: expect.stringMatching(/^characters: is a file/) } });
  });

  it('lists a new character saved by the panel (saveFile creates the folder)', async () => {
    value(await box.api.openRulebook(box.funjerai));
    value(await box.api.saveFile('characters/sigrun.yaml', 'name: Sigrun\npurchases: []\n', null));
    expect((await roster()).files.map((f) => [f.path, f.text])).toEqual([['characters/sigrun.yaml', 'name: Sigrun\npurchases: []\n']]);
    // Saved again as new: refused, never overwritten.
    expect(await box.api.saveFile('characters/sigrun.yaml', 'name: Other\n', null)).toMatchObject({ ok: false, error: { code: 'exists' } });
  });
});
