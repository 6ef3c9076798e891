/**
 * `rulebook lsp` follows the pictures (and other files) added to or removed from a book's folder after it was read:
 * the server asks the editor to watch for them (workspace/didChangeWatchedFiles, registered dynamically), and on each
 * creation or deletion lists the folder's other files again, so a link to a picture added later is no longer broken
 * and `![[` offers it, and a link to one deleted is broken again. Driven over stdio as an editor drives it.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { CompletionItem, Diagnostic, DidChangeWatchedFilesRegistrationOptions } from 'vscode-languageserver-protocol';
import { HOLLOW_VALE, HOLLOW_VALE_HOME, vaultManifest } from '../helpers/vault.js';
import { writeFiles } from '../helpers/temp-folder.js';
import { openDocument, uriOf, useServer, type LspSession } from './lsp-client.js';

/** The home page with a picture it shows and links to (missing-image and broken-link while it is not there). */
const HOME = `${HOLLOW_VALE_HOME}\nThe vale: ![[vale-map.png]], drawn large in [[vale-map.png|the map]].\n`;
const FILES = { ...HOLLOW_VALE, 'Home.md': HOME };

describe('pictures added to and removed from a book’s folder', () => {
  const served = useServer('lsp-other-files', (dir) => writeFiles(dir, { ...FILES, 'Maps/old.png': 'not really a picture', 'rulebook.yaml': vaultManifest(FILES) }), {
    workspace: { didChangeWatchedFiles: { dynamicRegistration: true } },
  });
  let session: LspSession;
  let home: string;
  const mapLine = HOME.split('\n').findIndex((line) => line.startsWith('The vale: '));
  /** Whether the picture is missing: both its findings are there (and neither when it is not). */
  const brokenMap = (list: Diagnostic[]) => {
    const codes = list.filter((d) => d.range.start.line === mapLine).map((d) => d.code);
    expect([['missing-image', 'broken-link'], []]).toContainEqual(codes);
    return codes.length > 0;
  };

  beforeAll(async () => {
    ({ session } = served);
    home = await openDocument(session, path.join(served.dir, 'Home.md'));
  });

  /** Tells the server what the editor's file watcher saw (1: created, 3: deleted). */
  const watched = (name: string, type: 1 | 3) => session.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(path.join(served.dir, name)), type }] });

  let version = 1;
  /** The pictures `![[` offers, typed on the home page's last line. */
  async function offeredPictures(): Promise<string[]> {
    const line = 'See ![[';
    await session.connection.sendNotification('textDocument/didChange', { textDocument: { uri: home, version: ++version }, contentChanges: [{ text: `${HOME}${line}\n` }] });
    const items = await session.connection.sendRequest<CompletionItem[]>('textDocument/completion', { textDocument: { uri: home }, position: { line: HOME.split('\n').length - 1, character: line.length } });
    return items.map((i) => i.label).sort();
  }

  it('asks the editor to watch every file created or deleted in the workspace', async () => {
    await vi.waitFor(() => expect(session.registrations().length).toBeGreaterThan(0), { timeout: 20_000 });
    const watchers = session.registrations().filter((r) => r.method === 'workspace/didChangeWatchedFiles').flatMap((r) => (r.registerOptions as DidChangeWatchedFilesRegistrationOptions).watchers);
    // WatchKind.Create | WatchKind.Delete: a picture's bytes changing matters to no link.
    expect(watchers).toContainEqual({ globPattern: '**/*', kind: 1 | 4 });
  });

  it('finds a link to a picture added after the book was read and offers the picture after `![[`, until it is deleted', async () => {
    expect(brokenMap(await session.diagnostics(home))).toBe(true);
    expect(await offeredPictures()).toEqual(['old.png']);
    writeFiles(served.dir, { 'Maps/vale-map.png': 'not really a picture either' });
    await watched('Maps/vale-map.png', 1);
    expect(brokenMap(await session.diagnostics(home, (list) => !brokenMap(list)))).toBe(false);
    expect(await offeredPictures()).toEqual(['old.png', 'vale-map.png']);
    // Deleted again: the link is broken again, and the picture offered no more.
    rmSync(path.join(served.dir, 'Maps/vale-map.png'));
    await watched('Maps/vale-map.png', 3);
    expect(brokenMap(await session.diagnostics(home, brokenMap))).toBe(true);
    expect(await offeredPictures()).toEqual(['old.png']);
  });

  it('lists the pictures of a folder that was added whole, from the folder’s own event', async () => {
    writeFiles(served.dir, { 'Atlas/vale-map.png': 'a picture', 'Atlas/north.png': 'another' });
    await watched('Atlas', 1);
    expect(brokenMap(await session.diagnostics(home, (list) => !brokenMap(list)))).toBe(false);
    expect(await offeredPictures()).toEqual(['north.png', 'old.png', 'vale-map.png']);
    rmSync(path.join(served.dir, 'Atlas'), { recursive: true });
    await watched('Atlas', 3);
    expect(brokenMap(await session.diagnostics(home, brokenMap))).toBe(true);
  });
});
