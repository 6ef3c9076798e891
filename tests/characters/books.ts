/**
 * The two sample books the character tests check against, copied to a temp folder with the `characters:` settings of
 * tests/fixtures/characters/<book>.settings.yaml added (the samples themselves carry none), plus edited editions.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { parse, stringify } from 'yaml';
import { loadRulebook } from '../../main/fs/load-rulebook.js';
import { analyse } from '../../shared/analyse/index.js';
import type { LinkedRulebook } from '../../shared/link/types.js';

export const REPO = path.resolve(import.meta.dirname, '../..');
export const FIXTURES = path.join(REPO, 'tests/fixtures/characters');

function settings(book: string): Record<string, unknown> {
  return parse(readFileSync(path.join(FIXTURES, `${book}.settings.yaml`), 'utf8'));
}

export interface Books {
  readonly dir: string;
  /** The Kingdoms of Novitas folder and the Funjerai file. */
  readonly novitas: string;
  readonly funjerai: string;
  /** A copy of Funjerai with its text changed by `edit`, at `<name>/funjerai.md`. */
  funjeraiEdition(name: string, edit: (text: string) => string): string;
  remove(): void;
}

export function makeBooks(): Books {
  const dir = mkdtempSync(path.join(tmpdir(), 'rulebook-characters-'));
  const novitas = path.join(dir, 'kingdoms-of-novitas');
  cpSync(path.join(REPO, 'tests/fixtures/samples/kingdoms-of-novitas'), novitas, { recursive: true });
  const manifest = path.join(novitas, 'rulebook.yaml');
  writeFileSync(manifest, `${readFileSync(manifest, 'utf8')}\n${stringify(settings('kingdoms-of-novitas'))}`);
  const source = readFileSync(path.join(REPO, 'tests/fixtures/samples/funjerai.md'), 'utf8');
  if (!source.startsWith('---\n')) throw new Error('funjerai.md no longer opens with front matter');
  const funjeraiText = `---\n${stringify(settings('funjerai'))}${source.slice(4)}`;
  const write = (name: string, text: string) => {
    const file = path.join(dir, name, 'funjerai.md');
    cpSync(path.join(REPO, 'tests/fixtures/samples/funjerai.md'), file);
    writeFileSync(file, text);
    return file;
  };
  return {
    dir,
    novitas,
    funjerai: write('funjerai', funjeraiText),
    funjeraiEdition: (name, edit) => {
      const edited = edit(funjeraiText);
      if (edited === funjeraiText) throw new Error(`edition ${name} changed nothing`);
      return write(name, edited);
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The books, made before the tests of the file (or of the enclosing describe) and removed after them. */
export function useBooks(): Books {
  const books = {} as Books;
  beforeAll(() => {
    Object.assign(books, makeBooks());
  });
  afterAll(() => books.remove?.());
  return books;
}

/** A book (a file or a folder) loaded from disk and linked, as the app and the CLI check characters against it. */
export async function linkedBook(book: string): Promise<LinkedRulebook> {
  return analyse((await loadRulebook(book)).source).linked;
}
