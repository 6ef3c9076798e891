/**
 * A language client for the tests: spawns the compiled `rulebook lsp` and talks JSON-RPC over its stdin and stdout
 * with vscode-jsonrpc, as VS Code's client does. Diagnostics are collected as they are pushed; a test waits for them.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import type { ClientCapabilities, Diagnostic, InitializeResult, PublishDiagnosticsParams, Registration, RegistrationParams } from 'vscode-languageserver-protocol';

const bin = path.resolve(import.meta.dirname, '../../bin/rulebook.mjs');

export interface LspSession {
  readonly connection: MessageConnection;
  readonly initialized: InitializeResult;
  /** Resolves with the next diagnostics pushed for `uri` that `accept` takes (the latest already pushed counts). */
  diagnostics(uri: string, accept?: (list: Diagnostic[]) => boolean): Promise<Diagnostic[]>;
  /** What the server registered dynamically (client/registerCapability), in order; the client accepts each. */
  registrations(): readonly Registration[];
  /** What the server logged (window/logMessage), in order. */
  logs(): readonly string[];
  /** Every publishDiagnostics the server sent, in order. */
  published(): readonly PublishDiagnosticsParams[];
  /** What the server wrote to stderr (nothing, when all goes well). */
  stderr(): string;
  close(): Promise<void>;
}

export function uriOf(file: string): string {
  return pathToFileURL(file).href;
}

/** The 0-based position of the `into`-th character of `needle` on the first line containing `lineHas`. */
export function positionOf(text: string, lineHas: string, needle: string, into = 1): { line: number; character: number } {
  const lines = text.split('\n');
  const line = lines.findIndex((l) => l.includes(lineHas));
  expect(line, `no line contains ${lineHas}`).toBeGreaterThanOrEqual(0);
  return { line, character: lines[line].indexOf(needle) + into };
}

/** Opens a file in the server as an editor does (its text as on disk unless given); answers its URI. */
export async function openDocument(session: LspSession, file: string, text = readFileSync(file, 'utf8')): Promise<string> {
  const uri = uriOf(file);
  await session.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'markdown', version: 1, text } });
  return uri;
}

/** `env`: more environment for the server (its own cache folder, RULEBOOK_CACHE_DIR). */
export async function startServer(workspaceFolder: string, capabilities: ClientCapabilities = {}, env: Record<string, string> = {}): Promise<LspSession> {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [bin, 'lsp', '--stdio'], { cwd: workspaceFolder, env: { ...process.env, NO_COLOR: '1', ...env } });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const latest = new Map<string, Diagnostic[]>();
  const waiting: { uri: string; accept: (list: Diagnostic[]) => boolean; resolve: (list: Diagnostic[]) => void }[] = [];
  const published: PublishDiagnosticsParams[] = [];
  const logs: string[] = [];
  connection.onNotification('window/logMessage', (params: { message: string }) => void logs.push(params.message));
  connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
    published.push(params);
    latest.set(params.uri, params.diagnostics);
    for (const waiter of [...waiting]) {
      if (waiter.uri === params.uri && waiter.accept(params.diagnostics)) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(params.diagnostics);
      }
    }
  });
  // As an editor does: a client that says it registers dynamically accepts what the server registers.
  const registrations: Registration[] = [];
  connection.onRequest('client/registerCapability', (params: RegistrationParams) => {
    registrations.push(...params.registrations);
    return null;
  });
  connection.listen();
  const initialized = await connection.sendRequest<InitializeResult>('initialize', {
    processId: process.pid,
    rootUri: uriOf(workspaceFolder),
    workspaceFolders: [{ uri: uriOf(workspaceFolder), name: path.basename(workspaceFolder) }],
    capabilities,
  });
  await connection.sendNotification('initialized', {});
  return {
    connection,
    initialized,
    diagnostics(uri, accept = () => true) {
      const now = latest.get(uri);
      if (now && accept(now)) return Promise.resolve(now);
      return new Promise((resolve) => waiting.push({ uri, accept, resolve }));
    },
    registrations: () => registrations,
    logs: () => logs,
    published: () => published,
    stderr: () => stderr,
    async close() {
      await connection.sendRequest('shutdown');
      await connection.sendNotification('exit');
      await new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.on('exit', () => resolve())));
      connection.dispose();
    },
  };
}

/** A workspace folder with the server started on it. */
export interface ServedFolder {
  readonly dir: string;
  readonly session: LspSession;
}

/**
 * Before the tests of the enclosing describe: a fresh temp folder `rulebook-<name>-…`, filled by `fill`, and the server
 * started on it; after them, the server closed (having written nothing to stderr) and the folder removed.
 */
export function useServer(name: string, fill: (dir: string) => void, capabilities: ClientCapabilities = {}): ServedFolder {
  const served = {} as { dir: string; session: LspSession };
  beforeAll(async () => {
    served.dir = mkdtempSync(path.join(os.tmpdir(), `rulebook-${name}-`));
    fill(served.dir);
    served.session = await startServer(served.dir, capabilities);
  });
  afterAll(async () => {
    await served.session?.close();
    expect(served.session?.stderr()).toBe('');
    if (served.dir) rmSync(served.dir, { recursive: true, force: true });
  });
  return served;
}
