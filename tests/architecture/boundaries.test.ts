/**
 * The doors between the rooms hold by themselves (docs: /ARCHITECTURE.md "Three rooms and their doors"): shared/
 * imports no host, no module imports itself round in a circle, the app's worker is a transport over shared/service,
 * and the CLI's modules are imported only by the CLI.
 */
import { builtinModules } from 'node:module';
import { describe, expect, it } from 'vitest';
import { importCircles, importsOf, sourceFiles, type ImportEdge } from './import-graph.js';

const files = sourceFiles();
const edges = files.flatMap(importsOf);
const show = (e: ImportEdge) => `${e.from}:${e.line} imports ${e.specifier}`;

describe('the import graph', () => {
  it('is read from every source file, relative imports resolved', () => {
    // A walk that found nothing would let every check below pass.
    expect(files.length).toBeGreaterThan(200);
    expect(edges.filter((e) => e.to !== null).length).toBeGreaterThan(1000);
    expect(edges.find((e) => e.from === 'renderer/worker/core.worker.ts' && e.to === 'shared/service/index.ts')).toBeDefined();
  });

  it('finds a circle when there is one (the walk itself is checked)', () => {
    const edge = (from: string, to: string): ImportEdge => ({ from, to, specifier: to, typeOnly: false, line: 1 });
    expect(importCircles([edge('a', 'b'), edge('b', 'c'), edge('c', 'a'), edge('c', 'd')])).toEqual([['a', 'b', 'c']]);
    expect(importCircles([edge('a', 'b'), edge('b', 'c')])).toEqual([]);
  });
});

describe('shared/ is the pure core', () => {
  const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
  it('imports no host: no node: or built-in module, no electron, no monaco, nothing from main/ or renderer/', () => {
    const broken = edges.filter(
      (e) =>
        e.from.startsWith('shared/') &&
        (e.specifier.startsWith('node:') || builtins.has(e.specifier) || /^(electron|monaco-editor)(\/|$)/.test(e.specifier) || e.to?.startsWith('main/') || e.to?.startsWith('renderer/')),
    );
    expect(broken.map(show)).toEqual([]);
  });
});

describe('no import circles', () => {
  it('across main/, shared/ and renderer/, type imports included', () => {
    expect(importCircles(edges)).toEqual([]);
  });
});

describe('renderer/worker is a transport', () => {
  it('imports code only from itself and shared/service (types from anywhere in shared/)', () => {
    const broken = edges.filter(
      (e) =>
        e.from.startsWith('renderer/worker/') &&
        !(e.to?.startsWith('renderer/worker/') || e.to?.startsWith('shared/service/') || (e.typeOnly && e.to?.startsWith('shared/'))),
    );
    expect(broken.map(show)).toEqual([]);
  });
});

describe('main/cli is imported only by the CLI', () => {
  // UserError lives in main/errors.ts: the errors a user can act on belong to every Node-side module, not the CLI.
  it('no module outside main/cli imports from main/cli', () => {
    const broken = edges.filter((e) => !e.from.startsWith('main/cli/') && e.to?.startsWith('main/cli/'));
    expect(broken.map(show)).toEqual([]);
  });
});
