/**
 * Renumbering in `rulebook lsp`, driven over stdio as an editor drives it (lsp-client.ts): on a misnumbered rule of a
 * folder rulebook the server offers, as `refactor.rewrite` code actions, renumbering the section the rule stands in
 * and the whole book; the edit it resolves touches every chapter and, applied, gives exactly the files
 * `rulebook renumber` writes. The plan's notes are said when the action is chosen, and nothing is offered where
 * renumbering would change nothing.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CodeAction, Position, ShowMessageParams, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { runCli } from '../helpers/cli.js';
import { openDocument, uriOf, useServer, type LspSession } from './lsp-client.js';

/**
 * The Night Watch, a small LARP rulebook in three chapters, in our own words. In 2.3 a new call was typed with the
 * number of the rule it goes before (two rules 2.3.2); chapters 1 and 3 refer to 2.3.2 and 2.3.3 by number, and to a
 * 2.3.4 that does not exist yet; in 3.1 a rule skips a number.
 */
const BOOK: Readonly<Record<string, string>> = {
  'rulebook.yaml': 'title: The Night Watch\nfiles:\n  - 01-basics.md\n  - 02-calls.md\n  - 03-fighting.md\n',
  '01-basics.md': `# Chapter 1. Basics

## 1.1 Playing safely

1.1.1 Anyone wearing a yellow band is never touched in play.

1.1.2 A referee may stop any scene; the calls that do so are in 2.3.

## 1.2 Characters

1.2.1 A new character has ten body points. Rule 2.3.2 says how play starts again after a hold, and rule 2.3.3 when time stands still.
`,
  '02-calls.md': `# Chapter 2. Calls

## 2.1 Who may call

2.1.1 Any player may call a hold; only referees call the rest.

## 2.2 How to call

2.2.1 Shout the call twice and raise an open hand.

## 2.3 Stopping play

2.3.1 "Hold" stops all play at once.

2.3.2 "Man down" asks for a first-aider; everyone near kneels and waits.

2.3.2 "Lay on" starts play again after a hold.

2.3.3 "Time freeze" stops the scene while a referee changes it; close your eyes.
`,
  '03-fighting.md': `# Chapter 3. Fighting

## 3.1 Blows

3.1.1 Pull every blow; a touch is enough. After a hold, wait for the call in 2.3.2.

3.1.2 A blow to the head never counts, and during a time freeze (rule 2.3.3) no blow counts.

3.1.4 Unlike the other calls, a lost player's call is rule 2.3.4.
`,
};
const CHAPTERS = Object.keys(BOOK).filter((name) => name.endsWith('.md'));

function writeBook(dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(BOOK)) writeFileSync(path.join(dir, name), text);
}

/** The files `rulebook renumber` writes for a copy of the book, with `args` after its path. */
async function renumberedByCli(root: string, args: readonly string[]): Promise<Record<string, string>> {
  const copy = mkdtempSync(path.join(os.tmpdir(), 'rulebook-renumber-cli-'));
  try {
    cpSync(path.join(root, 'book'), path.join(copy, 'book'), { recursive: true });
    const run = await runCli(['renumber', 'book', ...args], copy);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    return Object.fromEntries(CHAPTERS.map((name) => [name, readFileSync(path.join(copy, 'book', name), 'utf8')]));
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** The offset of an LSP position in a text. */
function offsetOf(text: string, at: Position): number {
  let offset = 0;
  for (let line = 0; line < at.line; line++) offset = text.indexOf('\n', offset) + 1;
  return offset + at.character;
}

/** Applies a document's edits as a client does: each range read in the text before any of them. */
function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const spliced = edits.map((e) => ({ from: offsetOf(text, e.range.start), to: offsetOf(text, e.range.end), text: e.newText })).sort((a, b) => b.from - a.from);
  let out = text;
  for (const edit of spliced) out = out.slice(0, edit.from) + edit.text + out.slice(edit.to);
  return out;
}

/** Every chapter's text after a WorkspaceEdit: annotated document changes, or plain changes. */
function applyWorkspaceEdit(dir: string, edit: WorkspaceEdit): Record<string, string> {
  const byUri = new Map<string, TextEdit[]>();
  // The server sends text edits only (annotated ones under the plan's title), never snippets.
  for (const change of edit.documentChanges ?? []) if ('edits' in change) byUri.set(change.textDocument.uri, change.edits as TextEdit[]);
  for (const [uri, edits] of Object.entries(edit.changes ?? {})) byUri.set(uri, edits);
  return Object.fromEntries(CHAPTERS.map((name) => [name, applyTextEdits(BOOK[name], byUri.get(uriOf(path.join(dir, 'book', name))) ?? [])]));
}

/** The 0-based position `into` characters into the line of `file` that starts with `lineStart`. */
function lineStarting(file: string, lineStart: string, into = 2): Position {
  const line = BOOK[file].split('\n').findIndex((l) => l.startsWith(lineStart));
  expect(line, `no line of ${file} starts with ${lineStart}`).toBeGreaterThanOrEqual(0);
  return { line, character: into };
}

describe('renumbering offered as code actions by `rulebook lsp`', () => {
  let dir: string;
  let session: LspSession;
  let calls: string;
  const messages: ShowMessageParams[] = [];

  /** The renumberings offered at a place of the calls chapter, as the client's refactor menu asks for them. */
  const offered = async (at: Position, uri = calls) =>
    (
      await session.connection.sendRequest<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri },
        range: { start: at, end: at },
        context: { diagnostics: [], only: ['refactor'] },
      })
    ).filter((a) => a.kind === 'refactor.rewrite');

  // As VS Code: edits previewed under their title, and a code action's edit resolved when it is chosen.
  const served = useServer('lsp-renumber', (folder) => writeBook(path.join(folder, 'book')), {
    workspace: { workspaceEdit: { documentChanges: true, changeAnnotationSupport: {} } },
    textDocument: { codeAction: { resolveSupport: { properties: ['edit'] }, dataSupport: true } },
  });

  beforeAll(async () => {
    ({ dir, session } = served);
    session.connection.onNotification('window/showMessage', (params: ShowMessageParams) => void messages.push(params));
    calls = await openDocument(session, path.join(dir, 'book', '02-calls.md'));
  });

  it('offers, on the misnumbered rule, its section and the whole book, as refactor.rewrite, saying a note is to check', async () => {
    expect(session.initialized.capabilities.codeActionProvider).toEqual({ codeActionKinds: ['quickfix', 'refactor.rewrite', 'source.fixAll', 'source.fixAll.rulebook'], resolveProvider: true });
    const actions = await offered(lineStarting('02-calls.md', '2.3.2 "Man down"'));
    expect(actions.map((a) => a.title)).toEqual(['Renumber section 2.3 in document order (1 note to check)', 'Renumber the whole book (1 note to check)']);
    // Resolved when chosen: no edit yet.
    expect(actions.every((a) => a.edit === undefined)).toBe(true);
  });

  it('resolves to an edit of every chapter that, applied, writes what `rulebook renumber --section` writes, and says the note', async () => {
    const [section] = await offered(lineStarting('02-calls.md', '2.3.2 "Man down"'));
    messages.length = 0;
    const resolved = await session.connection.sendRequest<CodeAction>('codeAction/resolve', section);
    const edit = resolved.edit!;
    // Chapters 1 and 3 are not open: their references are edited all the same.
    expect(edit.documentChanges!.map((c) => ('textDocument' in c ? path.basename(c.textDocument.uri) : null)).sort()).toEqual(CHAPTERS);
    expect(edit.changeAnnotations).toEqual({ plan: { label: 'Renumber section 2.3', needsConfirmation: true } });
    const written = await renumberedByCli(dir, ['--section', '2.3']);
    expect(applyWorkspaceEdit(dir, edit)).toEqual(written);
    expect(written['02-calls.md']).toContain('2.3.3 "Lay on"');
    expect(messages).toEqual([
      { type: 2, message: 'Renumber section 2.3 — check:\n03-fighting.md:9: `rule 2.3.4` names no rule today, but after renumbering 2.3.4 will exist; check what it should point at' },
    ]);
  });

  it('renumbers the whole book as `rulebook renumber` does, and offers nothing once the numbering is in order', async () => {
    const [, whole] = await offered(lineStarting('02-calls.md', '2.3.2 "Man down"'));
    const resolved = await session.connection.sendRequest<CodeAction>('codeAction/resolve', whole);
    const after = applyWorkspaceEdit(dir, resolved.edit!);
    expect(after).toEqual(await renumberedByCli(dir, []));
    expect(after['03-fighting.md']).toContain('3.1.3 Unlike');

    // The client applies the edit: the open chapter changes in the editor, the others on disk.
    await session.connection.sendNotification('textDocument/didChange', { textDocument: { uri: calls, version: 2 }, contentChanges: [{ text: after['02-calls.md'] }] });
    for (const name of ['01-basics.md', '03-fighting.md']) {
      writeFileSync(path.join(dir, 'book', name), after[name]);
      await session.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(path.join(dir, 'book', name)), type: 2 }] });
    }
    expect(await offered(lineStarting('02-calls.md', '2.3.2 "Man down"'))).toEqual([]);
    expect(await offered(lineStarting('02-calls.md', '## 2.3', 4))).toEqual([]);
  });

  it('offers nothing away from a numbered heading or rule, and only what the client asks for', async () => {
    // The book as it was: the calls chapter in the editor, the others on disk.
    await session.connection.sendNotification('textDocument/didChange', { textDocument: { uri: calls, version: 3 }, contentChanges: [{ text: BOOK['02-calls.md'] }] });
    writeBook(path.join(dir, 'book'));
    for (const name of ['01-basics.md', '03-fighting.md']) {
      await session.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(path.join(dir, 'book', name)), type: 2 }] });
    }
    expect(await offered({ line: 1, character: 0 })).toEqual([]);
    // On the heading of 2.3: what stands under it, under its chapter, and the book.
    expect((await offered(lineStarting('02-calls.md', '## 2.3', 4))).map((a) => a.title)).toEqual([
      'Renumber section 2.3 in document order (1 note to check)',
      'Renumber chapter 2 in document order (1 note to check)',
      'Renumber the whole book (1 note to check)',
    ]);
    // On a rule in order whose section is in order too: only the book, which is not.
    expect((await offered(lineStarting('02-calls.md', '2.2.1'))).map((a) => a.title)).toEqual(['Renumber the whole book (1 note to check)']);
    const fixesOnly = await session.connection.sendRequest<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri: calls },
      range: { start: lineStarting('02-calls.md', '2.3.2 "Man down"'), end: lineStarting('02-calls.md', '2.3.2 "Man down"') },
      context: { diagnostics: [], only: ['quickfix'] },
    });
    expect(fixesOnly.filter((a) => a.kind !== 'quickfix')).toEqual([]);
  });
});

describe('renumbering for a client that does not resolve code actions', () => {
  const served = useServer('lsp-renumber', (folder) => writeBook(path.join(folder, 'book')));

  it('sends the edit with the action', async () => {
    const { dir, session } = served;
    const calls = await openDocument(session, path.join(dir, 'book', '02-calls.md'));
    const at = lineStarting('02-calls.md', '2.3.2 "Man down"');
    const actions = await session.connection.sendRequest<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: calls }, range: { start: at, end: at }, context: { diagnostics: [] } });
    const section = actions.find((a) => a.title.startsWith('Renumber section 2.3'))!;
    expect(section.kind).toBe('refactor.rewrite');
    expect(applyWorkspaceEdit(dir, section.edit!)).toEqual(await renumberedByCli(dir, ['--section', '2.3']));
  });
});
