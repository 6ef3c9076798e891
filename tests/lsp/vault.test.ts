/**
 * `rulebook lsp` on a rulebook kept as an Obsidian vault, driven over stdio as an editor drives it (lsp-client.ts):
 * go to definition on wiki links lands on the page or heading they name, hover says where a link leads, and
 * completion after `[[` offers the skills first, then the pages by the names Obsidian writes, and after `[[Page#` the
 * page's headings. Each answer is the app's language service's for the same text.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CompletionItem, Hover, Location } from 'vscode-languageserver-protocol';
import { RulebookService } from '../../shared/service/index.js';
import { HOLLOW_VALE, HOLLOW_VALE_HOME, vaultManifest } from '../helpers/vault.js';
import { writeFiles } from '../helpers/temp-folder.js';
import { openDocument, positionOf, uriOf, useServer, type LspSession } from './lsp-client.js';

/** The home page with a line being typed at its end (line 11, 0-based 10). */
const TYPING = `${HOLLOW_VALE_HOME}\nAsk the [[\n`;
const TYPED_LINE = 10;

describe('a rulebook kept as an Obsidian vault', () => {
  const served = useServer('lsp-vault', (dir) => writeFiles(dir, { ...HOLLOW_VALE, 'rulebook.yaml': vaultManifest(HOLLOW_VALE) }));
  let dir: string;
  let session: LspSession;
  let home: string;
  const app = new RulebookService();

  beforeAll(async () => {
    ({ dir, session } = served);
    app.open({ manifest: { path: 'rulebook.yaml', text: vaultManifest(HOLLOW_VALE) }, files: Object.entries(HOLLOW_VALE).map(([p, text]) => ({ path: p, text })) });
    home = await openDocument(session, path.join(dir, 'Home.md'), HOLLOW_VALE_HOME);
  });

  /** The 0-based position `into` characters into `needle` on the home page. */
  function on(needle: string, into = 2): { line: number; character: number } {
    return positionOf(HOLLOW_VALE_HOME, needle, needle, into);
  }

  it('jumps from a wiki link to the heading it names, and from a bare page name to its page, in other files', async () => {
    const definition = (position: { line: number; character: number }) => session.connection.sendRequest<Location[]>('textDocument/definition', { textDocument: { uri: home }, position });
    expect(await definition(on('[[Lore/Rivers#Crossing]]'))).toEqual([
      { uri: uriOf(path.join(dir, 'Lore/Rivers.md')), range: { start: { line: 4, character: 0 }, end: { line: 4, character: '## Crossing'.length } } },
    ]);
    expect(await definition(on('[[serrated]]'))).toEqual([
      { uri: uriOf(path.join(dir, 'Traits/serrated.md')), range: { start: { line: 0, character: 0 }, end: { line: 0, character: '# Serrated'.length } } },
    ]);
  });

  it('says on hover where a link leads, as the app does', async () => {
    const position = on('[[Lore/Rivers#Crossing]]');
    const hover = await session.connection.sendRequest<Hover>('textDocument/hover', { textDocument: { uri: home }, position });
    const card = app.hover({ file: 'Home.md', line: position.line + 1, column: position.character + 1 })!;
    expect(hover.contents).toEqual({ kind: 'markdown', value: card.markdown });
    expect(card.markdown).toContain('Rivers of the Vale › Crossing');
  });

  it('completes the skills, then the pages after `[[`, and a page’s headings after `[[Page#`', async () => {
    await session.connection.sendNotification('textDocument/didChange', { textDocument: { uri: home, version: 2 }, contentChanges: [{ text: TYPING }] });
    const complete = (character: number) => session.connection.sendRequest<CompletionItem[]>('textDocument/completion', { textDocument: { uri: home }, position: { line: TYPED_LINE, character } });
    const end = 'Ask the [['.length;
    const items = await complete(end);
    // Clients sort by sortText: the skills stay first.
    const sorted = [...items].sort((a, b) => a.sortText!.localeCompare(b.sortText!));
    expect(sorted.map((i) => i.label)).toEqual(['Forge Sense', 'Guilds/Rivers', 'Home', 'Lore/Rivers', 'serrated', 'Smiths']);
    const rivers = items.find((i) => i.label === 'Lore/Rivers')!;
    expect(rivers.kind).toBe(17); // File
    expect(rivers.textEdit).toEqual({ range: { start: { line: TYPED_LINE, character: end }, end: { line: TYPED_LINE, character: end } }, newText: 'Lore/Rivers]]' });

    // Typing "Lore/Rivers#" after it: the page's headings.
    await session.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: home, version: 3 },
      contentChanges: [{ range: { start: { line: TYPED_LINE, character: end }, end: { line: TYPED_LINE, character: end } }, text: 'Lore/Rivers#' }],
    });
    const headings = await complete(end + 'Lore/Rivers#'.length);
    expect(headings.map((i) => [i.label, i.textEdit && 'newText' in i.textEdit ? i.textEdit.newText : null])).toEqual([
      ['Rivers of the Vale', 'Rivers of the Vale]]'],
      ['Crossing', 'Crossing]]'],
    ]);
    expect(session.initialized.capabilities.completionProvider?.triggerCharacters).toContain('#');
  });
});
