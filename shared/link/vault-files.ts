/**
 * Finds the file a path of an Obsidian vault names, as Obsidian does: a book kept as a vault links its pages by name
 * (`[[agile]]`), by a path from the vault's root (`[[Compendium/13A/Classes/Chaos-Mage]]`,
 * `![](Compendium/13A/Icons/Crusader.jpg)`) or by an alias its front matter gives (`aliases: [13th Age License]`),
 * with or without the `.md`. The book's folder may be a folder of the vault: a path from a root above it names a file
 * of the book when it ends with that file's whole path. Nothing outside the book's folder is looked at.
 */
import type { Rulebook } from '../model/types.js';
import { withoutMarkdownExtension } from '../model/markdown-files.js';

const lower = (path: string) => path.toLowerCase();

/**
 * Whether a book is kept as an Obsidian vault: one of its wiki links names a page by its folder, file or heading
 * (`[[Classes/Fighter]]`, `[[march.png]]`, `[[Combat#Fleeing]]`: Link.wiki 'page', as the parser read it), which our
 * own dialect never writes. There its Markdown links are read as Obsidian reads them too, and a bare `[[name]]` may
 * be a page as well as a skill. The linker decides it once as it links the book (LinkedRulebook.vault): read it there.
 */
export function isVault(model: Rulebook): boolean {
  return model.links.some((link) => link.wiki === 'page');
}

export class VaultFiles {
  /** Each file under every ending of its path ("classes/chaos-mage", "chaos-mage"), lower case, Markdown ending off. */
  private readonly bySuffix = new Map<string, string[]>();
  /** Each file under its whole path as well as without its Markdown ending, lower case. */
  private readonly byPath = new Map<string, string>();

  constructor(model: Rulebook, assets: readonly string[]) {
    for (const path of [...model.files.map((f) => f.path), ...assets]) this.add(path);
    for (const file of model.files) {
      for (const alias of aliasesOf(file.frontMatter)) this.addName(lower(alias), file.path);
    }
  }

  /**
   * The file `target` names, seen from the file `from`: the path from the book's folder, then from `from`'s folder,
   * then the file whose path ends with it (the nearest to `from` when several do), then one whose whole path ends it.
   */
  find(target: string, from: string): string | null {
    const wanted = lower(target.replace(/^\.?\/+/, ''));
    if (wanted === '') return null;
    const folder = from.includes('/') ? lower(from.slice(0, from.lastIndexOf('/') + 1)) : '';
    const exact = this.byPath.get(wanted) ?? (target.startsWith('.') ? undefined : this.byPath.get(folder + wanted));
    if (exact) return exact;
    const relative = target.startsWith('.') ? this.byPath.get(normalise(folder + wanted)) : undefined;
    if (relative) return relative;
    const ending = this.bySuffix.get(wanted);
    if (ending) return nearest(ending, folder);
    // A path from a root above the book: its shortest ending that is a whole path of the book.
    const parts = wanted.split('/');
    for (let i = 1; i < parts.length; i++) {
      const found = this.byPath.get(parts.slice(i).join('/'));
      if (found) return found;
    }
    return null;
  }

  private add(path: string): void {
    const key = lower(path);
    const bare = lower(withoutMarkdownExtension(path));
    this.byPath.set(key, path);
    if (!this.byPath.has(bare)) this.byPath.set(bare, path);
    const parts = bare.split('/');
    for (let i = 0; i < parts.length; i++) this.addName(parts.slice(i).join('/'), path);
    if (bare !== key) this.addName(key.slice(key.lastIndexOf('/') + 1), path);
  }

  private addName(name: string, path: string): void {
    const list = this.bySuffix.get(name);
    if (!list) this.bySuffix.set(name, [path]);
    else if (!list.includes(path)) list.push(path);
  }
}

/** `aliases:` (or `alias:`) of a page's front matter: a list or one name. */
export function aliasesOf(frontMatter: Readonly<Record<string, unknown>> | null): string[] {
  const value = frontMatter?.aliases ?? frontMatter?.alias;
  const list = Array.isArray(value) ? value : [value];
  return list.filter((a): a is string => typeof a === 'string' && a.trim() !== '').map((a) => a.trim());
}

/** Of several files one name fits, the one in `folder` or nearest below it; else the first in the book's order. */
function nearest(paths: readonly string[], folder: string): string {
  let best = paths[0];
  let bestShared = -1;
  for (const path of paths) {
    const p = lower(path);
    let shared = 0;
    while (shared < folder.length && shared < p.length && folder[shared] === p[shared]) shared++;
    if (shared > bestShared) {
      best = path;
      bestShared = shared;
    }
  }
  return best;
}

function normalise(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/');
}
