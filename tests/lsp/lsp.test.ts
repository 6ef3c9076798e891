/**
 * `rulebook lsp` driven as an editor drives it: the compiled CLI spawned, JSON-RPC over its stdin and stdout
 * (lsp-client.ts). Every answer is compared with what the app's language service answers for the same text
 * (shared/service, as the app's worker runs it), and with `rulebook lint` for the diagnostics.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CodeAction, CompletionItem, Diagnostic, Hover, Location, Range, WorkspaceEdit } from 'vscode-languageserver-protocol';
import type { SourceRange } from '../../shared/model/types.js';
import { RulebookService } from '../../shared/service/index.js';
import { runCli } from '../helpers/cli.js';
import { openDocument, positionOf, uriOf, useServer, type LspSession } from './lsp-client.js';

const FUNJERAI = path.resolve(import.meta.dirname, '../fixtures/samples/funjerai.md');

function lspRange(range: Pick<SourceRange, 'start' | 'end'>): Range {
  return { start: { line: range.start.line - 1, character: range.start.column - 1 }, end: { line: range.end.line - 1, character: range.end.column - 1 } };
}

describe('a one-file rulebook (Funjerai)', () => {
  const served = useServer('lsp', (dir) => cpSync(FUNJERAI, path.join(dir, 'funjerai.md')), { workspace: { workspaceEdit: { documentChanges: true, changeAnnotationSupport: {} } } });
  let dir: string;
  let file: string;
  let text: string;
  let session: LspSession;
  let uri: string;
  /** The app's language service on the same text: what the editor shows. */
  const app = new RulebookService();

  beforeAll(async () => {
    ({ dir, session } = served);
    file = path.join(dir, 'funjerai.md');
    text = readFileSync(file, 'utf8');
    app.open({ files: [{ path: 'funjerai.md', text }] });
    uri = await openDocument(session, file);
  });

  it('pushes the diagnostics `rulebook lint` reports, at the same places', async () => {
    const diagnostics = await session.diagnostics(uri);
    const lint = await runCli(['lint', 'funjerai.md', '--format', 'json'], dir);
    const findings = JSON.parse(lint.stdout) as { line: number; column: number; ruleId: string; message: string }[];
    expect(findings.length).toBeGreaterThan(0);
    expect(diagnostics).toHaveLength(findings.length);
    const shown = (d: Diagnostic) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.code} ${d.message}`;
    expect(diagnostics.map(shown).sort()).toEqual(findings.map((f) => `${f.line}:${f.column} ${f.ruleId} ${f.message}`).sort());
  });

  it('hovers, jumps and finds references as the app does', async () => {
    const at = positionOf(text, 'Prerequisite: First Aid', 'First Aid');
    const place = { file: 'funjerai.md', line: at.line + 1, column: at.character + 1 };
    const hover = await session.connection.sendRequest<Hover>('textDocument/hover', { textDocument: { uri }, position: at });
    const card = app.hover(place)!;
    expect(hover.contents).toEqual({ kind: 'markdown', value: card.markdown });
    expect(card.markdown).toContain('Required by: Healing');
    expect(hover.range).toEqual(lspRange(card.range));

    const definition = await session.connection.sendRequest<Location[]>('textDocument/definition', { textDocument: { uri }, position: at });
    const defined = positionOf(text, '**First Aid**', 'First Aid', 0);
    expect(definition).toEqual([{ uri, range: { start: defined, end: { line: defined.line, character: defined.character + 'First Aid'.length } } }]);

    const references = await session.connection.sendRequest<Location[]>('textDocument/references', { textDocument: { uri }, position: at, context: { includeDeclaration: true } });
    expect(references.map((r) => r.range)).toEqual(app.references(place).map(lspRange));
    expect(references.length).toBeGreaterThanOrEqual(2);
  });

  it('offers the quick fix of a broken reference, and its edit is the linter’s', async () => {
    const diagnostics = await session.diagnostics(uri);
    const broken = diagnostics.find((d) => d.code === 'broken-reference')!;
    expect(broken).toBeDefined();
    const actions = await session.connection.sendRequest<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: broken.range, context: { diagnostics: [broken] } });
    const finding = app.diagnostics().find((f) => f.ruleId === 'broken-reference')!;
    expect(actions.map((a) => a.title)).toEqual(expect.arrayContaining(finding.suggestions!.map((s) => s.title)));
    const first = actions.find((a) => a.title === finding.suggestions![0].title)!;
    expect(first.kind).toBe('quickfix');
    expect(first.isPreferred).toBe(true);
    expect(first.diagnostics).toEqual([broken]);
    expect(first.edit!.changes![uri]).toEqual(finding.suggestions![0].edits.map((e) => ({ range: lspRange(e.range), newText: e.newText })));
  });

  it('completes skill names after "Prerequisite:"', async () => {
    const at = positionOf(text, 'Prerequisite: First Aid', 'First Aid', 3);
    const items = await session.connection.sendRequest<CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position: at });
    expect(items.map((i) => i.label)).toEqual(app.skillNames().map((n) => n.name));
    const healing = items.find((i) => i.label === 'Healing')!;
    expect(healing.textEdit).toEqual({ range: { start: { line: at.line, character: at.character - 3 }, end: at }, newText: 'Healing' });
  });

  it('lists the sections and skills of the file as symbols, and folds its sections', async () => {
    const symbols = await session.connection.sendRequest<{ name: string; children?: unknown[] }[]>('textDocument/documentSymbol', { textDocument: { uri } });
    const flat = (list: { name: string; children?: unknown[] }[]): string[] => list.flatMap((s) => [s.name, ...flat((s.children ?? []) as typeof list)]);
    expect(flat(symbols)).toEqual(expect.arrayContaining(['First Aid', 'Healing']));
    expect(flat(symbols).length).toBe(app.analyse().linked.model.sections.length + app.analyse().linked.model.skills.length + app.analyse().linked.model.rules.filter((r) => r.scope === 'global').length);
    const folds = await session.connection.sendRequest<{ startLine: number; endLine: number }[]>('textDocument/foldingRange', { textDocument: { uri } });
    expect(folds.length).toBeGreaterThan(0);
    for (const fold of folds) expect(fold.endLine).toBeGreaterThan(fold.startLine);
  });

  it('squiggles a prerequisite changed to a misspelt name, from an incremental change', async () => {
    const at = positionOf(text, 'Prerequisite: First Aid', 'First Aid', 0);
    const before = (await session.diagnostics(uri)).length;
    // Typing "x" after "First Aid": the client sends only the inserted character and its place.
    const end = { line: at.line, character: at.character + 'First Aid'.length };
    await session.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ range: { start: end, end }, text: 'x' }] });
    const after = await session.diagnostics(uri, (list) => list.some((d) => d.code === 'unknown-prerequisite' && d.range.start.line === at.line));
    // Exactly what the app shows for the edited text.
    const lines = text.split('\n');
    lines[end.line] = `${lines[end.line].slice(0, end.character)}x${lines[end.line].slice(end.character)}`;
    const edited = new RulebookService();
    edited.open({ files: [{ path: 'funjerai.md', text: lines.join('\n') }] });
    expect(after.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.message}`).sort()).toEqual(
      edited.diagnostics().map((f) => `${f.range.start.line}:${f.range.start.column} ${f.message}`).sort(),
    );
    const squiggle = after.find((d) => d.code === 'unknown-prerequisite' && d.range.start.line === at.line)!;
    expect(squiggle.message).toContain('First Aidx');
    expect(squiggle.range).toEqual({ start: at, end: { line: at.line, character: end.character + 1 } });
    // And back: the squiggle goes.
    await session.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: 3 }, contentChanges: [{ range: { start: end, end: { line: end.line, character: end.character + 1 } }, text: '' }] });
    await session.diagnostics(uri, (list) => list.length === before);
  });
});

describe('a folder rulebook (Funjerai split into its twelve chapters)', () => {
  let dir: string;
  let session: LspSession;
  const app = new RulebookService();
  const chapter = (name: string) => path.join(dir, 'book', name);
  const MANIFEST = 'title: Funjerai\n';
  // The real book cut at its "# Chapter N." headings, one file each, as groups keep a book in a repository.
  const parts = readFileSync(FUNJERAI, 'utf8').split(/\n(?=# Chapter \d+\.)/);
  const names = parts.map((_, i) => `${String(i + 1).padStart(2, '0')}-chapter.md`);
  const served = useServer(
    'lsp',
    (folder) => {
      mkdirSync(path.join(folder, 'book'));
      parts.forEach((part, i) => writeFileSync(path.join(folder, 'book', names[i]), i < parts.length - 1 ? `${part}\n` : part));
      writeFileSync(path.join(folder, 'book', 'rulebook.yaml'), MANIFEST);
      // A second rulebook in the same workspace folder: a one-file book beside the folder book.
      cpSync(FUNJERAI, path.join(folder, 'funjerai.md'));
    },
    { workspace: { didChangeWatchedFiles: { dynamicRegistration: false } } },
  );

  beforeAll(() => {
    ({ dir, session } = served);
    app.open({ manifest: { path: 'rulebook.yaml', text: MANIFEST }, files: names.map((name) => ({ path: name, text: readFileSync(chapter(name), 'utf8') })) });
  });

  /** A prerequisite written in one chapter naming a skill defined in another: the app's model finds one. */
  function crossFilePrerequisite() {
    const linked = app.analyse().linked;
    for (const skill of linked.model.skills) {
      for (const list of skill.prerequisites) for (const req of list.requirements) for (const term of req.alternatives) {
        const def = linked.skillsByKey.get(term.key)?.[0];
        if (term.kind === 'skill' && def && def.nameRange.file !== term.range.file) return { term, def };
      }
    }
    return null;
  }

  it('links the chapters across files: the diagnostics of `rulebook lint` for every chapter, a jump into another chapter', async () => {
    const cross = crossFilePrerequisite();
    // Without one, the chapters would not need each other and this test would prove nothing.
    expect(cross).not.toBeNull();
    const { term, def } = cross!;
    const uri = await openDocument(session, chapter(term.range.file));
    const lint = JSON.parse((await runCli(['lint', 'book', '--format', 'json'], dir)).stdout) as { file: string }[];
    expect(new Set(lint.map((f) => f.file)).size).toBeGreaterThanOrEqual(2);
    for (const name of new Set(lint.map((f) => path.basename(f.file)))) {
      const count = lint.filter((f) => path.basename(f.file) === name).length;
      expect(await session.diagnostics(uriOf(chapter(name)), (l) => l.length === count)).toHaveLength(count);
    }
    const definition = await session.connection.sendRequest<Location[]>('textDocument/definition', { textDocument: { uri }, position: lspRange(term.range).start });
    expect(definition).toEqual([{ uri: uriOf(chapter(def.nameRange.file)), range: lspRange(def.nameRange) }]);
    const references = await session.connection.sendRequest<Location[]>('textDocument/references', { textDocument: { uri }, position: lspRange(term.range).start, context: { includeDeclaration: true } });
    expect(new Set(references.map((r) => r.uri)).size).toBeGreaterThanOrEqual(2);
  });

  it('renames a skill in every file that writes it, as the app plans it', async () => {
    const linked = app.analyse().linked;
    const placeOf = (r: SourceRange) => ({ file: r.file, line: r.start.line, column: r.start.column + 1 });
    // A skill written in several chapters: the rename that matters in a folder book.
    const skill = linked.model.skills.find((s) => new Set(app.references(placeOf(s.nameRange)).map((r) => r.file)).size >= 2)!;
    expect(skill).toBeDefined();
    const uri = await openDocument(session, chapter(skill.nameRange.file));
    const position = { ...lspRange(skill.nameRange).start };
    position.character += 1;
    const prepared = await session.connection.sendRequest<{ range: Range; placeholder: string }>('textDocument/prepareRename', { textDocument: { uri }, position });
    expect(prepared).toEqual({ range: lspRange(skill.nameRange), placeholder: skill.name });
    const edit = await session.connection.sendRequest<WorkspaceEdit>('textDocument/rename', { textDocument: { uri }, position, newName: `${skill.name} Renamed` });
    const plan = app.rename(placeOf(skill.nameRange), `${skill.name} Renamed`);
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    const expected: Record<string, { range: Range; newText: string }[]> = {};
    for (const e of plan.edits) (expected[uriOf(chapter(e.range.file))] ??= []).push({ range: lspRange(e.range), newText: e.newText });
    expect(edit.changes).toEqual(expected);
    // Every file that writes the skill is edited.
    const writers = new Set(app.references(placeOf(skill.nameRange)).map((r) => uriOf(chapter(r.file))));
    expect(new Set(Object.keys(edit.changes!))).toEqual(writers);
    // A place that names no skill is refused with the app's reason.
    await expect(session.connection.sendRequest('textDocument/prepareRename', { textDocument: { uri }, position: { line: 0, character: 0 } })).rejects.toThrow(/skill name/);
  });

  it('keeps the rulebooks of one workspace apart', async () => {
    const uri = await openDocument(session, path.join(dir, 'funjerai.md'));
    const diagnostics = await session.diagnostics(uri);
    const lint = JSON.parse((await runCli(['lint', 'funjerai.md', '--format', 'json'], dir)).stdout) as unknown[];
    expect(diagnostics).toHaveLength(lint.length);
  });

  it('reads rulebook.yaml again when it changes', async () => {
    const gap = app.diagnostics().find((f) => f.ruleId === 'numbering-gap')!;
    expect(gap).toBeDefined();
    const where = uriOf(chapter(gap.range.file));
    await session.diagnostics(where, (l) => l.some((d) => d.code === 'numbering-gap'));
    writeFileSync(chapter('rulebook.yaml'), `${MANIFEST}lint:\n  numbering-gap: off\n`);
    await session.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(chapter('rulebook.yaml')), type: 2 }] });
    const after = await session.diagnostics(where, (l) => !l.some((d) => d.code === 'numbering-gap'));
    expect(after.length).toBe(app.diagnostics().filter((f) => f.range.file === gap.range.file && f.ruleId !== 'numbering-gap').length);
  });
});
