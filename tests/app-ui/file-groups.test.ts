import { describe, expect, it } from 'vitest';
import { fileGroups } from '../../renderer/ui/file-groups.js';

describe('the Files list of a book in folders', () => {
  it('names each folder below what every file shares, and each file by its own name (the 13th Age vault)', () => {
    const groups = fileGroups([
      'Compendium/13A/13th-Age-Index.md',
      'Compendium/13A/Bestiary/Bestiary.md',
      'Compendium/13A/Bestiary/Aberration/Drider.md',
      'Compendium/13A/Bestiary/Aberration/Hungry-Star.md',
      'Compendium/13A/Races/Human.md',
      'rulebook.yaml',
    ]);
    expect(groups).toEqual([
      { folder: null, label: '', depth: 0, files: [{ path: 'Compendium/13A/13th-Age-Index.md', name: '13th-Age-Index.md' }] },
      { folder: 'Bestiary', label: 'Bestiary', depth: 0, files: [{ path: 'Compendium/13A/Bestiary/Bestiary.md', name: 'Bestiary.md' }] },
      {
        // Shown under Bestiary, one step in.
        folder: 'Bestiary/Aberration',
        label: 'Aberration',
        depth: 1,
        files: [
          { path: 'Compendium/13A/Bestiary/Aberration/Drider.md', name: 'Drider.md' },
          { path: 'Compendium/13A/Bestiary/Aberration/Hungry-Star.md', name: 'Hungry-Star.md' },
        ],
      },
      { folder: 'Races', label: 'Races', depth: 0, files: [{ path: 'Compendium/13A/Races/Human.md', name: 'Human.md' }] },
      // The settings file, at the top beside the vault's folders, counts for none of them.
      { folder: null, label: '', depth: 0, files: [{ path: 'rulebook.yaml', name: 'rulebook.yaml' }] },
    ]);
  });

  it('keeps the book’s order: a folder the order leaves and comes back to is a run of its own each time', () => {
    const groups = fileGroups(['01_Playing.md', '03_Classes/01_Fighter.md', '03_Classes/02_Wizard.md', '04_Origins.md']);
    expect(groups.map((g) => [g.folder, g.files.map((f) => f.name)])).toEqual([
      [null, ['01_Playing.md']],
      ['03_Classes', ['01_Fighter.md', '02_Wizard.md']],
      [null, ['04_Origins.md']],
    ]);
  });

  it('shows a folder whole where no group above holds it: a parent with no file of its own is not skipped', () => {
    const groups = fileGroups(['Intro.md', 'Rules/Combat/Melee.md', 'Rules/Combat/Ranged/Bows.md', 'Rules/Magic/Runes.md']);
    expect(groups.map((g) => [g.label, g.depth])).toEqual([
      ['', 0],
      ['Rules/Combat', 0],
      ['Ranged', 1],
      ['Rules/Magic', 0],
    ]);
  });

  it('is one group of whole names for a book of files side by side, and of none for no file', () => {
    expect(fileGroups(['01-intro.md', '02-skills.md'])).toEqual([{ folder: null, label: '', depth: 0, files: [{ path: '01-intro.md', name: '01-intro.md' }, { path: '02-skills.md', name: '02-skills.md' }] }]);
    // All in one folder: the folder is what they share, so no heading.
    expect(fileGroups(['content/a.md', 'content/b.md']).map((g) => g.folder)).toEqual([null]);
    expect(fileGroups([])).toEqual([]);
  });
});
