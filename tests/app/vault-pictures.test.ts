/**
 * The app's host hands the page the files beside a rulebook's chapters (OpenedRulebook.assets), which the page's
 * worker opens the language service with, as `rulebook lsp` reads them from disk: the vault's pictures are found by
 * its links and offered after `![[`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RulebookService } from '../../shared/service/index.js';
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
});
