/**
 * `rulebook lsp` completes a vault's aliases and pictures, driven over stdio as an editor drives it (lsp-client.ts),
 * on a vault written to disk with its pictures beside the pages: after `[[` a page's front-matter aliases, inserted as
 * Obsidian writes a link chosen by its alias (`[[Page|alias]]`); after `![[` the pictures, read from the vault's folder
 * as `rulebook lint` reads it.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CompletionItem } from 'vscode-languageserver-protocol';
import { HOLLOW_VALE_ALIASED as ALIASED, HOLLOW_VALE_HOME, HOLLOW_VALE_OTHER_FILES as OTHER_FILES, vaultManifest } from '../helpers/vault.js';
import { writeFiles } from '../helpers/temp-folder.js';
import { openDocument, useServer, type LspSession } from './lsp-client.js';

describe('completion of aliases and pictures in a vault on disk', () => {
  const pictures = Object.fromEntries(OTHER_FILES.map((name) => [name, 'not really a picture: only its name is read']));
  const served = useServer('lsp-vault-completion', (dir) => writeFiles(dir, { ...ALIASED, ...pictures, 'rulebook.yaml': vaultManifest(ALIASED) }));
  let session: LspSession;
  let home: string;
  /** The home page's line being typed (0-based), after its last line. */
  const typed = HOLLOW_VALE_HOME.split('\n').length - 1;

  beforeAll(async () => {
    ({ session } = served);
    home = await openDocument(session, path.join(served.dir, 'Home.md'));
  });

  /** Types `line` as the home page's last line and asks for completion at its end. */
  async function completeAfter(line: string, version: number): Promise<CompletionItem[]> {
    await session.connection.sendNotification('textDocument/didChange', { textDocument: { uri: home, version }, contentChanges: [{ text: `${HOLLOW_VALE_HOME}${line}\n` }] });
    return session.connection.sendRequest<CompletionItem[]>('textDocument/completion', { textDocument: { uri: home }, position: { line: typed, character: line.length } });
  }

  const inserted = (item: CompletionItem) => (item.textEdit && 'newText' in item.textEdit ? item.textEdit.newText : null);

  it('offers a page’s aliases after `[[`, with the pages, inserting the page with the alias as its shown words', async () => {
    const items = await completeAfter('Cross at the [[', 2);
    const fords = items.find((i) => i.label === 'Fords')!;
    expect(fords).toMatchObject({ kind: 17, detail: 'Lore/Rivers.md (alias)' }); // File
    expect(fords.textEdit).toEqual({ range: { start: { line: typed, character: 15 }, end: { line: typed, character: 15 } }, newText: 'Lore/Rivers|Fords]]' });
    // Sorted with the pages, after the skills.
    const sorted = [...items].sort((a, b) => a.sortText!.localeCompare(b.sortText!)).map((i) => i.label);
    expect(sorted).toEqual(['Forge Sense', 'Fords', 'Guilds/Rivers', 'Home', 'Lore/Rivers', 'serrated', 'Smiths', 'The Cold Waters']);
  });

  it('offers the pictures beside the pages after `![[`, and nothing else', async () => {
    const items = await completeAfter('The vale: ![[', 3);
    expect(items.map((i) => [i.label, inserted(i), i.kind])).toEqual([
      ['anvil.JPG', 'anvil.JPG]]', 17],
      ['legend.svg', 'legend.svg]]', 17],
      ['old/vale.png', 'old/vale.png]]', 17],
      ['Maps/vale.png', 'Maps/vale.png]]', 17],
    ]);
  });
});
