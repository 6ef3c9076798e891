/**
 * "Fix all" through `rulebook lsp`, as VS Code asks for it: the light bulb on a squiggle offers the fix-all of its rule
 * and of every rule beside the quick fix, and a request for source.fixAll ("editor.codeActionsOnSave":
 * {"source.fixAll": "explicit"}) gets the whole file's, whose edits, applied as a client applies them, write what
 * `rulebook lint --fix` writes. On Razorweave (CC BY-SA 4.0, tests/fixtures/wild/razorweave): 64 bold labels with no
 * space after them in one chapter.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Diagnostic, Range } from 'vscode-languageserver-protocol';
import { runCli } from '../helpers/cli.js';
import { openDocument, useServer, type LspSession } from './lsp-client.js';

const RAZORWEAVE = path.resolve(import.meta.dirname, '../fixtures/wild/razorweave/book');
const CHAPTER = '15-skills-reference-by-attribute.md';

describe('fix all in a file, from `rulebook lsp`', () => {
  const served = useServer('lsp-fix-all', (dir) => cpSync(RAZORWEAVE, path.join(dir, 'book'), { recursive: true }));
  const fixedByCli = mkdtempSync(path.join(os.tmpdir(), 'rulebook-fix-all-cli-'));
  afterAll(() => rmSync(fixedByCli, { recursive: true, force: true }));
  let session: LspSession;
  let text: string;
  let uri: string;
  let bold: Diagnostic[];

  const codeActions = (range: Range, diagnostics: Diagnostic[], only?: string[]) =>
    session.connection.sendRequest<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range, context: { diagnostics, ...(only ? { only } : {}) } });
  /** The chapter after an action's edits, applied as a client applies them (vscode-languageserver-textdocument's applyEdits). */
  const applied = (action: CodeAction) => {
    expect(Object.keys(action.edit!.changes!)).toEqual([uri]);
    return TextDocument.applyEdits(TextDocument.create(uri, 'markdown', 1, text), action.edit!.changes![uri]);
  };

  beforeAll(async () => {
    session = served.session;
    const file = path.join(served.dir, 'book', CHAPTER);
    text = readFileSync(file, 'utf8');
    uri = await openDocument(session, file);
    bold = (await session.diagnostics(uri)).filter((d) => d.code === 'literal-bold');
  });

  it('says it offers source.fixAll, under its own kind', () => {
    expect(session.initialized.capabilities.codeActionProvider).toEqual({
      codeActionKinds: ['quickfix', 'refactor.rewrite', 'source.fixAll', 'source.fixAll.rulebook'],
      resolveProvider: true,
    });
  });

  it('offers, on one bold label, its quick fix, then the fix-all of literal-bold and of every rule', async () => {
    expect(bold).toHaveLength(64);
    const actions = await codeActions(bold[10].range, [bold[10]]);
    expect(actions.map((a) => `${a.kind}: ${a.title}`)).toEqual([
      `quickfix: ${actions[0].title}`,
      'quickfix: Fix all literal-bold problems in this file',
      'quickfix: Fix all auto-fixable problems in this file',
    ]);
    expect(actions[0].diagnostics).toEqual([bold[10]]);
    const [own, rule, all] = actions;
    expect(own.edit!.changes![uri]).toHaveLength(1);
    expect(rule.edit!.changes![uri]).toHaveLength(64);
    // Every rule's: the labels, and the styled words run into the next (glued-emphasis).
    const glued = (await session.diagnostics(uri)).filter((d) => d.code === 'glued-emphasis');
    expect(glued.length).toBeGreaterThan(0);
    expect(all.edit!.changes![uri]).toHaveLength(64 + glued.length);
    expect(all.edit!.changes![uri]).toEqual(expect.arrayContaining(rule.edit!.changes![uri]));
  });

  it('answers a request for source.fixAll with the whole file’s fixes, which write what `rulebook lint --fix` writes', async () => {
    cpSync(RAZORWEAVE, fixedByCli, { recursive: true });
    await runCli(['lint', fixedByCli, '--fix'], fixedByCli);
    const expected = readFileSync(path.join(fixedByCli, CHAPTER), 'utf8');
    expect(expected).not.toBe(text);

    // VS Code on save: the document's whole range, no diagnostics, only the kind it was told to run.
    const whole = { start: { line: 0, character: 0 }, end: { line: text.split('\n').length, character: 0 } };
    const actions = await codeActions(whole, [], ['source.fixAll']);
    expect(actions.map((a) => `${a.kind}: ${a.title}`)).toEqual(['source.fixAll.rulebook: Fix all auto-fixable problems in this file']);
    expect(applied(actions[0])).toBe(expected);
    // A client that asks for every source action, or for ours by name, gets it too.
    expect(await codeActions(whole, [], ['source'])).toEqual(actions);
    expect(await codeActions(whole, [], ['source.fixAll.rulebook'])).toEqual(actions);
  });

  it('keeps source.fixAll out of the light bulb and of a quick-fix request', async () => {
    const fromLightBulb = await codeActions(bold[0].range, [bold[0]]);
    expect(fromLightBulb.some((a) => a.kind?.startsWith('source'))).toBe(false);
    const quickFixesOnly = await codeActions(bold[0].range, [bold[0]], ['quickfix']);
    expect(quickFixesOnly.map((a) => a.kind)).toEqual(['quickfix', 'quickfix', 'quickfix']);
  });

  it('offers nothing to fix once the fixes are applied', async () => {
    const whole = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const [all] = await codeActions(whole, [], ['source.fixAll']);
    await session.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: applied(all) }] });
    expect((await session.diagnostics(uri, (list) => !list.some((d) => d.code === 'literal-bold'))).some((d) => d.code === 'literal-bold')).toBe(false);
    expect(await codeActions(whole, [], ['source.fixAll'])).toEqual([]);
  });
});
