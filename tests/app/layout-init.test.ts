/**
 * The app's "Infer this book's layout" on real files: the Crestfallen LARP's Hugo rules folder, copied to a temp
 * folder, opened through the workspace API both hosts serve. Proposing writes nothing; applying writes what
 * `rulebook init` writes, leaves every line of the marshal's text as it was, reopens the book with its skills, and
 * refuses a proposal the book has outgrown or a target outside the book's folder.
 */
import { cp, mkdir, readFile, readdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LayoutProposal } from '../../shared/ipc/contract.js';
import { splitFrontMatter } from '../../shared/parse/config.js';
import { makeSandbox, REPO, value, type Sandbox } from './helpers.js';

const CRESTFALLEN = path.join(REPO, 'tests/fixtures/wild/crestfallen-larp/book');

let box: Sandbox;
/** The copy's rules folder: `_index.md` on top, the skill list and the other pages in subfolders. */
let rules: string;

beforeEach(async () => {
  box = await makeSandbox();
  await cp(CRESTFALLEN, path.join(box.dir, 'crestfallen'), { recursive: true });
  rules = path.join(box.dir, 'crestfallen', 'content', 'en', 'rules');
});
afterEach(async () => {
  await box.cleanup();
});

/** Every .md file under the folder, by relative path, as bytes. */
async function markdownUnder(root: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.md')) continue;
    const file = path.join(entry.parentPath, entry.name);
    out.set(path.relative(root, file), await readFile(file));
  }
  return out;
}

function proposed(proposal: LayoutProposal): Extract<LayoutProposal, { status: 'proposed' }> {
  if (proposal.status !== 'proposed') throw new Error(`expected a proposal, got ${proposal.status}: ${proposal.message}`);
  return proposal;
}

describe('inferring the layout of a folder book', () => {
  it('proposes a new rulebook.yaml listing the subfolders\' files, and writes nothing until applied', async () => {
    const opened = value(await box.api.openRulebook(rules));
    // As opened, the loader reads the folder's own _index.md only: no skill list.
    expect(opened.files.map((f) => f.path)).toEqual(['_index.md']);
    // The four pages below it are not read until listed: the app offers to list them.
    expect(opened.unlistedPages).toBe(4);
    const before = await markdownUnder(rules);

    const proposal = proposed(value(await box.api.proposeLayout()));
    expect(proposal).toMatchObject({ path: 'rulebook.yaml', isNew: true, kept: [] });
    expect(proposal.id).toMatch(/^[0-9a-f]{64}$/);
    // The spells' `**Energy Cost**:` is what casting spends, not a price (the book buys Energy, not spells): no skills at `####`.
    expect(proposal.settings).toContain('layout:\n  skills:\n    headingLevels: [2]\n');
    // In the order the site shows its pages (their front matter's weight), the conditions page last.
    expect(proposal.settings).toContain('files:\n  - _index.md\n  - lineage_skill_categories/_index.md\n  - skill_categories/_index.md\n  - skills/_index.md\n  - conditions/_index.md\n');
    expect(proposal.readsAs[0]).toBe('129 skills as `##` headings with CP Cost and Restrictions; 129 have a cost, 67 have prerequisites.');
    expect(proposal.readsAs).toContain('Nothing looks left unread.');
    expect(proposal.reasons.some((r) => r.startsWith('`Restrictions` (128 entries'))).toBe(true);
    expect(proposal.reasons.at(-1)).toMatch(/^5 files are listed under `files:`/);

    // Nothing written by proposing.
    await expect(readFile(path.join(rules, 'rulebook.yaml'))).rejects.toThrow(/ENOENT/);
    expect(await markdownUnder(rules)).toEqual(before);
  });

  it('applies exactly what it proposed, never changes the text, reopens the book with its skills, and is up to date after', async () => {
    value(await box.api.openRulebook(rules));
    const before = await markdownUnder(rules);
    const proposal = proposed(value(await box.api.proposeLayout()));

    const applied = value(await box.api.applyLayout(proposal.id));
    expect(applied.path).toBe('rulebook.yaml');
    expect(await readFile(path.join(rules, 'rulebook.yaml'), 'utf8')).toBe(proposal.settings);
    expect(applied.rulebook.unlistedPages).toBe(0);
    expect(await markdownUnder(rules)).toEqual(before);
    expect(applied.readsAs).toEqual(proposal.readsAs);
    // Reopened: the manifest and every listed file, as currentRulebook now answers too.
    expect(applied.rulebook.manifest?.text).toBe(proposal.settings);
    expect(applied.rulebook.files.map((f) => f.path)).toEqual(['_index.md', 'lineage_skill_categories/_index.md', 'skill_categories/_index.md', 'skills/_index.md', 'conditions/_index.md']);
    expect(value(await box.api.currentRulebook())?.files).toHaveLength(5);

    expect(value(await box.api.proposeLayout())).toEqual({ status: 'up-to-date', message: 'This book\'s layout is already up to date: rulebook.yaml needs no change.' });
    // The same id again: nothing left to write.
    expect(await box.api.applyLayout(proposal.id)).toMatchObject({ ok: false, error: { code: 'conflict' } });
  });

  it('refuses a proposal the book has outgrown, and writes nothing', async () => {
    value(await box.api.openRulebook(rules));
    const proposal = proposed(value(await box.api.proposeLayout()));
    // Saved in between (another program, or the editor): the preview no longer shows this book.
    await writeFile(path.join(rules, '_index.md'), `${await readFile(path.join(rules, '_index.md'), 'utf8')}\n## Added later\n`);
    expect(await box.api.applyLayout(proposal.id)).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringMatching(/changed since.*rulebook\.yaml was not written/) } });
    await expect(readFile(path.join(rules, 'rulebook.yaml'))).rejects.toThrow(/ENOENT/);
    const again = proposed(value(await box.api.proposeLayout()));
    expect(again.id).not.toBe(proposal.id);
    expect(await box.api.dispatch('applyLayout', ['not-an-id'])).toMatchObject({ ok: false, error: { code: 'bad-argument' } });
  });

  it('never writes through a rulebook.yaml that links outside the book\'s folder', async () => {
    value(await box.api.openRulebook(rules));
    // Linked in after opening (opening itself refuses such a manifest): init reads it, but must not write through it.
    const outside = path.join(box.dir, 'elsewhere');
    await mkdir(outside);
    await writeFile(path.join(outside, 'rulebook.yaml'), 'title: Crestfallen\n');
    await symlink(path.join(outside, 'rulebook.yaml'), path.join(rules, 'rulebook.yaml'));
    expect(await box.api.proposeLayout()).toMatchObject({ ok: false, error: { code: 'outside-rulebook' } });
    expect(await readFile(path.join(outside, 'rulebook.yaml'), 'utf8')).toBe('title: Crestfallen\n');
  });
});

describe('inferring the layout of a one-file book', () => {
  it('adds the layout to the front matter, the body byte for byte as it was', async () => {
    const file = path.join(rules, 'skills', '_index.md');
    const original = await readFile(file, 'utf8');
    value(await box.api.openRulebook(file));
    const proposal = proposed(value(await box.api.proposeLayout()));
    expect(proposal).toMatchObject({ path: '_index.md', isNew: false });
    expect(proposal.settings).toMatch(/^---\ntitle: "Skills"\n[\s\S]*layout:\n {2}skills:\n {4}headingLevels: \[2\]\n {2}fields:\n {4}prerequisites: \[Restrictions\]\n[\s\S]*---\n$/);
    expect(proposal.readsAs[0]).toBe('129 skills as `##` headings with CP Cost and Restrictions; 129 have a cost, 67 have prerequisites.');

    const applied = value(await box.api.applyLayout(proposal.id));
    const after = await readFile(file, 'utf8');
    const body = (text: string) => text.slice(splitFrontMatter(text)!.bodyOffset);
    expect(body(after)).toBe(body(original));
    expect(after.startsWith(proposal.settings)).toBe(true);
    expect(applied.rulebook.files[0].text).toBe(after);
  });

  it('says plainly when it cannot make sense of a book', async () => {
    value(await box.api.openRulebook(path.join(rules, 'conditions', '_index.md')));
    expect(value(await box.api.proposeLayout())).toEqual({ status: 'no-sense', message: 'This book has no skills or numbered rules to read, even with an inferred layout.' });
  });

  it('needs an open book', async () => {
    expect(await box.api.proposeLayout()).toMatchObject({ ok: false, error: { code: 'no-rulebook' } });
  });
});
