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

  /** Types `line` as the home page's last line and asks for completion at its end (or at `cursor`). */
  async function completeAfter(line: string, version: number, cursor = line.length): Promise<CompletionItem[] | null> {
    await session.connection.sendNotification('textDocument/didChange', { textDocument: { uri: home, version }, contentChanges: [{ text: `${HOLLOW_VALE_HOME}${line}\n` }] });
    return session.connection.sendRequest<CompletionItem[] | null>('textDocument/completion', { textDocument: { uri: home }, position: { line: typed, character: cursor } });
  }

  const inserted = (item: CompletionItem) => (item.textEdit && 'newText' in item.textEdit ? item.textEdit.newText : null);

  it('offers a page’s aliases after `[[`, with the pages, inserting the page with the alias as its shown words', async () => {
    const items = (await completeAfter('Cross at the [[', 2))!;
    const fords = items.find((i) => i.label === 'Fords')!;
    expect(fords).toMatchObject({ kind: 17, detail: 'Lore/Rivers.md (alias)' }); // File
    expect(fords.textEdit).toEqual({ range: { start: { line: typed, character: 15 }, end: { line: typed, character: 15 } }, newText: 'Lore/Rivers|Fords]]' });
    // Sorted with the pages, after the skills.
    const sorted = [...items].sort((a, b) => a.sortText!.localeCompare(b.sortText!)).map((i) => i.label);
    expect(sorted).toEqual(['Forge Sense', 'Fords', 'Guilds/Rivers', 'Home', 'Lore/Rivers', 'serrated', 'Smiths', 'The Cold Waters']);
  });

  it('offers the pictures beside the pages after `![[`, and nothing else', async () => {
    const items = (await completeAfter('The vale: ![[', 3))!;
    expect(items.map((i) => [i.label, inserted(i), i.kind])).toEqual([
      ['anvil.JPG', 'anvil.JPG]]', 17],
      ['legend.svg', 'legend.svg]]', 17],
      ['old/vale.png', 'old/vale.png]]', 17],
      ['Maps/vale.png', 'Maps/vale.png]]', 17],
    ]);
  });

  // After the bar a writer types the link's shown words (or a picture's size): free text, not a name to look up.
  it.each([
    ['Cross at [[Lore/Rivers|the cold', 4],
    ['Cross at [[Lore/Rivers#Crossing|the ford', 5],
    ['Cross at [[Fords|', 6],
    ['The vale: ![[Maps/vale.png|30', 7],
  ])('offers nothing after the bar in %j', async (line, version) => {
    expect(await completeAfter(line, version)).toBeNull();
  });

  it('replaces only what was typed before the cursor, and fits the link that follows it', async () => {
    // The cursor after `Fo`, the link going on with its shown words: nothing after the cursor is replaced, no second
    // `]]` is written, and the alias writes its page alone (the link has its words already).
    const line = 'Cross at [[Fo|the ford]] today';
    const items = (await completeAfter(line, 8, 'Cross at [[Fo'.length))!;
    const at = { start: { line: typed, character: 11 }, end: { line: typed, character: 13 } };
    expect(items.find((i) => i.label === 'Fords')!.textEdit).toEqual({ range: at, newText: 'Lore/Rivers' });
    expect(items.find((i) => i.label === 'Home')!.textEdit).toEqual({ range: at, newText: 'Home' });
    // A heading after the page: the same.
    const heading = (await completeAfter('Cross at [[Fo#Crossing]]', 9, 'Cross at [[Fo'.length))!;
    expect(heading.find((i) => i.label === 'Fords')!.textEdit).toEqual({ range: at, newText: 'Lore/Rivers' });
    // A link left open earlier on the line is not the one being typed: only `Ho` is replaced.
    const open = (await completeAfter('Cross at [[the ford or [[Ho', 10))!;
    expect(open.find((i) => i.label === 'Home')!.textEdit).toEqual({ range: { start: { line: typed, character: 25 }, end: { line: typed, character: 27 } }, newText: 'Home]]' });
  });
});
