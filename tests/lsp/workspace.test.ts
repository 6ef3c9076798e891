/** shared/service's Workspace over an in-memory host: which rulebook a file belongs to, open texts over the disk's, rulebook.yaml re-read. */
import { describe, expect, it } from 'vitest';
import type { RulebookSource } from '../../shared/model/types.js';
import { Workspace, type Rulebook, type WorkspaceHost } from '../../shared/service/index.js';

/** A disk as a map of absolute paths; a folder with rulebook.yaml loads its `files:` list (or every .md), as main/fs does. */
function memoryHost(disk: Map<string, string>): WorkspaceHost {
  return {
    exists: async (path) => disk.has(path),
    readFile: async (path) => disk.get(path) ?? null,
    async load(root): Promise<{ source: RulebookSource }> {
      const manifest = disk.get(`${root}/rulebook.yaml`);
      if (manifest === undefined) return { source: { files: [{ path: root.slice(root.lastIndexOf('/') + 1), text: disk.get(root)! }] } };
      if (manifest.includes(':::')) throw new Error(`${root}/rulebook.yaml: line 1: bad YAML`);
      const listed = [...manifest.matchAll(/^ {2}- (.+)$/gm)].map((m) => m[1]);
      const names = listed.length ? listed : [...disk.keys()].filter((p) => p.startsWith(`${root}/`) && p.endsWith('.md')).map((p) => p.slice(root.length + 1)).sort();
      return { source: { manifest: { path: 'rulebook.yaml', text: manifest }, files: names.map((name) => ({ path: name, text: disk.get(`${root}/${name}`)! })) } };
    },
    // The folder's files below it that are no chapter, by path.
    otherFiles: async (folder, own) => [...disk.keys()].filter((p) => p.startsWith(`${folder}/`)).map((p) => p.slice(folder.length + 1)).filter((p) => !own.includes(p)).sort(),
  };
}

/** A workspace on the folder /w of an in-memory disk holding `files` (absolute paths), and the disk, to change them under it. */
function workspaceOn(files: Record<string, string>): { disk: Map<string, string>; workspace: Workspace } {
  const disk = new Map(Object.entries(files));
  return { disk, workspace: new Workspace(memoryHost(disk), ['/w']) };
}

/** The findings of a rulebook of the workspace about prerequisites naming no skill it has. */
const unknownPrerequisites = (book: Rulebook) => book.service.diagnostics().filter((f) => f.ruleId === 'unknown-prerequisite');

const SKILLS = '# Skills\n\n- **First Aid** (1 SP) Stops bleeding.\n';
const USES = '# More\n\n- **Healing** (2 SP) Heals.\n  Prerequisite: First Aid\n';

describe('a workspace of rulebooks', () => {
  it('puts a chapter in its folder rulebook, reads the other chapters from disk and lays open texts over them', async () => {
    const { workspace } = workspaceOn({
      '/w/book/rulebook.yaml': 'title: Book\n',
      '/w/book/a.md': SKILLS,
      '/w/book/b.md': USES,
      '/w/alone.md': USES,
    });
    const book = (await workspace.openDocument('/w/book/b.md', USES))!;
    expect(book.root).toBe('/w/book');
    expect(book.files()).toEqual(['/w/book/rulebook.yaml', '/w/book/a.md', '/w/book/b.md']);
    expect(unknownPrerequisites(book)).toEqual([]);
    // The one-file book beside it knows no First Aid.
    const alone = (await workspace.openDocument('/w/alone.md', USES))!;
    expect(alone.root).toBe('/w/alone.md');
    expect(unknownPrerequisites(alone)).toHaveLength(1);
    // An unsaved edit of the chapter not on screen's disk text: the open text wins.
    await workspace.openDocument('/w/book/a.md', SKILLS.replace('First Aid', 'First Aide'));
    expect(unknownPrerequisites(book)).toHaveLength(1);
    // Closed again: back to the disk's text.
    expect((await workspace.closeDocument('/w/book/a.md')).kept).toEqual([book]);
    expect(unknownPrerequisites(book)).toEqual([]);
    // The last open chapter closed: the rulebook is dropped.
    expect((await workspace.closeDocument('/w/book/b.md')).dropped).toEqual([book]);
  });

  it('makes a Markdown file its folder rulebook does not list a rulebook of its own, and ignores other files', async () => {
    const { workspace } = workspaceOn({
      '/w/book/rulebook.yaml': 'files:\n  - a.md\n',
      '/w/book/a.md': SKILLS,
      '/w/book/notes.md': USES,
    });
    const notes = (await workspace.openDocument('/w/book/notes.md', USES))!;
    expect(notes.root).toBe('/w/book/notes.md');
    expect(await workspace.openDocument('/w/book/other.yaml', 'a: 1\n')).toBeNull();
  });

  it('reads the rulebook again when rulebook.yaml changes, and says why when it cannot', async () => {
    const { disk, workspace } = workspaceOn({
      '/w/book/rulebook.yaml': 'files:\n  - b.md\n',
      '/w/book/a.md': SKILLS,
      '/w/book/b.md': USES,
    });
    const first = (await workspace.openDocument('/w/book/b.md', USES))!;
    expect(unknownPrerequisites(first)).toHaveLength(1);
    disk.set('/w/book/rulebook.yaml', 'files:\n  - a.md\n  - b.md\n');
    const changed = await workspace.fileChanged('/w/book/rulebook.yaml');
    expect(changed.kept.map((b) => b.files())).toEqual([['/w/book/rulebook.yaml', '/w/book/a.md', '/w/book/b.md']]);
    expect(unknownPrerequisites(changed.kept[0])).toEqual([]);
    disk.set('/w/book/rulebook.yaml', ':::\n');
    const broken = (await workspace.fileChanged('/w/book/rulebook.yaml')).kept[0];
    expect(broken.loadError).toBe('/w/book/rulebook.yaml: line 1: bad YAML');
    // The open chapter is still checked, alone.
    expect(broken.files()).toEqual(['/w/book/b.md']);
    expect(unknownPrerequisites(broken)).toHaveLength(1);
  });
});
