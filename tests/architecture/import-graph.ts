/**
 * The source's import graph, read with the TypeScript compiler's own parser (no regex over source text): every
 * import and export declaration and every `import()` call of the .ts files under main/, shared/ and renderer/.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { stronglyConnectedGroups } from '../../shared/link/strongly-connected.js';

export const REPO = path.resolve(import.meta.dirname, '../..');
export const ROOMS = ['main', 'shared', 'renderer'] as const;

export interface ImportEdge {
  /** Repository-relative, '/'-separated. */
  readonly from: string;
  /** As written. */
  readonly specifier: string;
  /** The repository-relative file a relative specifier names, null for a package or built-in module. */
  readonly to: string | null;
  /** `import type …` / `export type …`: erased at compile time. */
  readonly typeOnly: boolean;
  readonly line: number;
}

export function sourceFiles(): string[] {
  const files: string[] = [];
  for (const room of ROOMS) {
    for (const entry of readdirSync(path.join(REPO, room), { withFileTypes: true, recursive: true })) {
      if (entry.isFile() && /\.(?:ts|mts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(path.relative(REPO, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
    }
  }
  return files.sort();
}

/** The file a relative specifier names: './a.js' is './a.ts' in the sources, a folder its index. */
function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const bare = specifier.replace(/\?.*$/, '');
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), bare));
  const candidates = [target, target.replace(/\.m?js$/, '.ts'), target.replace(/\.mjs$/, '.mts'), `${target}.ts`, `${target}/index.ts`];
  return candidates.find((c) => existsSync(path.join(REPO, c)) && !c.endsWith('/')) ?? target;
}

export function importsOf(file: string): ImportEdge[] {
  const text = readFileSync(path.join(REPO, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const edges: ImportEdge[] = [];
  const add = (node: ts.Node, specifier: string, typeOnly: boolean) =>
    edges.push({ from: file, specifier, to: resolve(file, specifier), typeOnly, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      // `import { type A, type B } from` is as erased as `import type { A, B } from`.
      const allTypes = !!clause && (clause.isTypeOnly || (!clause.name && !!clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      add(node, node.moduleSpecifier.text, allTypes);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node, node.moduleSpecifier.text, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      add(node, node.arguments[0].text, false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node, node.argument.literal.text, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** The import circles among `files` (strongly connected components of more than one file, or a file importing itself). */
export function importCircles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const edge of edges) if (edge.to) (next.get(edge.from) ?? next.set(edge.from, new Set()).get(edge.from)!).add(edge.to);
  return stronglyConnectedGroups(next.keys(), (node) => [...(next.get(node) ?? [])])
    .filter((group) => group.length > 1 || next.get(group[0])?.has(group[0]))
    .map((group) => group.sort());
}
