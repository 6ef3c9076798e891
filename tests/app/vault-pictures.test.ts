/**
 * The app's host hands the page the files beside a rulebook's chapters (OpenedRulebook.assets), which the page's
 * worker opens the language service with, as `rulebook lsp` reads them from disk: the vault's pictures are found by
 * its links and offered after `![[`.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RulebookService } from '../../shared/service/index.js';
import type { WorkspaceApi } from '../../main/workspace/api.js';
import { useSandbox, value } from './helpers.js';

const box = useSandbox();

describe('a vault opened in the app', () => {
  it('comes with the files beside its chapters, and its pictures are found and offered', async () => {
    const vault = path.join(box.dir, 'vale');
    await mkdir(path.join(vault, 'Maps'), { recursive: true });
    await writeFile(path.join(vault, 'rulebook.yaml'), 'title: Vale\nfiles:\n  - Home.md\n  - Lore/Rivers.md\n');
    await mkdir(path.join(vault, 'Lore'));
    await writeFile(path.join(vault, 'Home.md'), '# Vale\n\nRead [[Lore/Rivers]].\n\n![[ford.png]]\n');
    await writeFile(path.join(vault, 'Lore/Rivers.md'), '# Rivers\n\nCold water.\n');
    await writeFile(path.join(vault, 'Maps/ford.png'), 'only the name is read');
    const opened = value(await box.api.openRulebook(vault));
    // As `rulebook lint` lists them: every file but the chapters.
    expect([...opened.assets].sort()).toEqual(['Maps/ford.png', 'rulebook.yaml']);

    // What the page's workspace gives its worker (renderer/app/workspace.ts source()).
    const service = new RulebookService();
    service.open({ manifest: opened.manifest, files: opened.files.map((f) => ({ path: f.path, text: f.text })), assets: opened.assets });
    expect(service.diagnostics().filter((f) => f.ruleId === 'broken-link')).toEqual([]);
    expect(service.completionNames('Home.md', { partial: '', startColumn: 4, inLink: true, embed: true }).map((n) => n.written)).toEqual(['ford.png']);
  });

  /** Polls the host until a batch brings the folder's other files (ChangeBatch.assets) that `want` takes; fails after 15 s. */
  async function otherFilesFrom(api: WorkspaceApi, want: (assets: readonly string[]) => boolean): Promise<readonly string[]> {
    let cursor = 0;
    const until = Date.now() + 15_000;
    while (Date.now() < until) {
      const batch = value(await api.pollChanges(cursor, 1000));
      cursor = batch.cursor;
      if (batch.assets && want(batch.assets)) return batch.assets;
    }
    throw new Error('the host never told of the folder’s other files changing');
  }

  it('tells the page of pictures added to and removed from the folder while the book is open', async () => {
    const vault = path.join(box.dir, 'vale');
    await mkdir(path.join(vault, 'Lore'), { recursive: true });
    await writeFile(path.join(vault, 'rulebook.yaml'), 'title: Vale\nfiles:\n  - Home.md\n  - Lore/Rivers.md\n');
    await writeFile(path.join(vault, 'Home.md'), '# Vale\n\nRead [[Lore/Rivers]].\n\n![[ford.png]]\n');
    await writeFile(path.join(vault, 'Lore/Rivers.md'), '# Rivers\n\nCold water.\n');
    const opened = value(await box.api.openRulebook(vault));
    expect(opened.assets).toEqual(['rulebook.yaml']);
    const service = new RulebookService();
    service.open({ manifest: opened.manifest, files: opened.files.map((f) => ({ path: f.path, text: f.text })), assets: opened.assets });
    const missing = () => service.diagnostics().filter((f) => f.ruleId === 'missing-image').length;
    expect(missing()).toBe(1);

    // A folder of pictures unpacked into the book: the listing comes once it settles, as the open lists files.
    await mkdir(path.join(vault, 'Maps'));
    await writeFile(path.join(vault, 'Maps/ford.png'), 'only the name is read');
    const added = await otherFilesFrom(box.api, (assets) => assets.includes('Maps/ford.png'));
    expect([...added].sort()).toEqual(['Maps/ford.png', 'rulebook.yaml']);
    // What the page's workspace hands its worker (renderer/app/workspace.ts otherFilesChanged).
    service.setOtherFiles(added);
    expect(missing()).toBe(0);
    expect(service.completionNames('Home.md', { partial: '', startColumn: 4, inLink: true, embed: true }).map((n) => n.written)).toEqual(['ford.png']);
    // A page opened again (a reload) gets the list as it is now.
    expect([...value(await box.api.currentRulebook())!.assets].sort()).toEqual(['Maps/ford.png', 'rulebook.yaml']);

    await rm(path.join(vault, 'Maps'), { recursive: true });
    service.setOtherFiles(await otherFilesFrom(box.api, (assets) => !assets.includes('Maps/ford.png')));
    expect(missing()).toBe(1);
  }, 40_000);
});
