/**
 * The tests, scripts and bench read only files inside the repository: a clone on any machine, with nothing
 * beside it, passes `npm test`. Fails when one of them names an absolute path or the steering repo's shared folder.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function sources(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true, recursive: true })
    // Their docs too (bench/fixtures/README.md shows how a suite reads the corpus); the copied books' own notes under
    // tests/fixtures/ say where they came from, which is no path any code reads.
    .filter((e) => e.isFile() && /\.(?:ts|mts|mjs|js|md)$/.test(e.name) && !path.relative(root, e.parentPath).startsWith(path.join('tests', 'fixtures')))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

// A path into this workplace's folders, or up out of the repository into the shared seeds, corpus or wild books.
const OUTSIDE = /['"`](?:\/work\/|(?:\.\.\/)+shared\/(?:seeds|corpus|wild)\b)/;

describe('self-contained tests', () => {
  it('name no file outside the repository', () => {
    const offenders = ['tests', 'scripts', 'bench'].flatMap(sources).flatMap((file) =>
      readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (OUTSIDE.test(line) && !line.includes('OUTSIDE') ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });
});
