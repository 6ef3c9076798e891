/**
 * The doors between the three rooms hold by themselves: shared/ imports no Node built-in, electron, monaco,
 * main/ or renderer/; renderer/ imports no electron, Node built-in or main/; main/ never imports renderer/.
 */
import { builtinModules } from 'node:module';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve('.');
const BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    // Build configuration (vite.config.ts) runs in Node at build time and is no part of the room's code.
    .filter((e) => e.isFile() && /\.(ts|mts|js|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts') && !/\.config\.[mc]?[jt]s$/.test(e.name))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
}

/** Every module a file imports: static imports and re-exports, side-effect imports, dynamic import(). */
export function importsOf(text: string): string[] {
  const found: string[] = [];
  const patterns = [/\bfrom\s+['"]([^'"]+)['"]/g, /\bimport\s+['"]([^'"]+)['"]/g, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g, /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g];
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  for (const pattern of patterns) for (const m of code.matchAll(pattern)) found.push(m[1]);
  return found;
}

type Room = 'shared' | 'main' | 'renderer';

/** Why an import breaks a door, or null when it is allowed. */
export function breach(room: Room, file: string, specifier: string): string | null {
  const target = specifier.startsWith('.') ? path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, file)), specifier)) : null;
  const into = (other: Room) => target !== null && (target === other || target.startsWith(`${other}${path.sep}`));
  const builtin = BUILTINS.has(specifier) || BUILTINS.has(specifier.split('/')[0]);
  switch (room) {
    case 'shared':
      if (builtin) return 'a Node built-in';
      if (specifier === 'electron' || specifier.startsWith('electron/')) return 'electron';
      if (specifier.startsWith('monaco-editor')) return 'monaco';
      if (into('main') || into('renderer')) return 'main/ or renderer/';
      return null;
    case 'renderer':
      if (builtin) return 'a Node built-in';
      if (specifier === 'electron' || specifier.startsWith('electron/')) return 'electron';
      if (into('main')) return 'main/';
      return null;
    case 'main':
      return into('renderer') ? 'renderer/' : null;
  }
}

describe('import boundaries', () => {
  for (const room of ['shared', 'main', 'renderer'] as const) {
    it(`${room}/ keeps to its side`, () => {
      const files = sourceFiles(room);
      expect(files.length).toBeGreaterThan(0);
      const breaches = files.flatMap((file) =>
        importsOf(readFileSync(path.join(ROOT, file), 'utf8')).flatMap((specifier) => {
          const why = breach(room, file, specifier);
          return why ? [`${file} imports ${specifier} (${why})`] : [];
        }),
      );
      expect(breaches).toEqual([]);
    });
  }

  it('the checker itself catches each kind of breach', () => {
    const code = "import fs from 'node:fs';\nimport { x } from '../../main/cli/index.js';\nexport * from '../../renderer/main.js';\nconst e = await import('electron');\nimport 'path';\n// import from 'node:os' in a comment is fine\n";
    const found = importsOf(code).map((s) => breach('shared', 'shared/parse/x.ts', s));
    expect(found.sort()).toEqual(['a Node built-in', 'a Node built-in', 'electron', 'main/ or renderer/', 'main/ or renderer/']);
    expect(breach('renderer', 'renderer/panels/x.ts', '../../main/workspace/api.js')).toBe('main/');
    expect(breach('main', 'main/host/x.ts', '../../renderer/bridge.js')).toBe('renderer/');
    expect(breach('renderer', 'renderer/x.ts', '../shared/ipc/contract.js')).toBeNull();
  });
});
