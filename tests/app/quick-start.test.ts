/**
 * The README's quick start (`npm run web -- rulebooks/funjerai.md`, `npm start -- rulebooks/…`) names the bundled
 * originals: they open as the person's sample copy, so saving an edit never changes a tracked file.
 */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost } from '../../main/host/server.js';
import { createWorkspaceApi } from '../../main/workspace/api.js';
import { SAMPLES, TEST_INFO, value } from './helpers.js';

let dir: string;
let samplesDir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'rulebook-quick-start-'));
  // The bundled samples as a repository holds them (a copy: this test writes, and must not touch the fixtures).
  samplesDir = path.join(dir, 'repo', 'rulebooks');
  await cp(SAMPLES, samplesDir, { recursive: true });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('opening a bundled sample by its path', () => {
  it('`npm run web -- rulebooks/funjerai.md` opens the copy; a save leaves the original as it was', async () => {
    const original = path.join(samplesDir, 'funjerai.md');
    const before = await readFile(original, 'utf8');
    const dataDir = path.join(dir, 'web-data');
    const host = await startHost({ rulebook: original, dataDir, samplesDir, noRenderer: true });
    try {
      const opened = value(await host.api.currentRulebook())!;
      expect(opened.sampleId).toBe('funjerai');
      expect(opened.target).toBe(path.join(dataDir, 'samples', 'funjerai', 'funjerai.md'));
      const file = opened.files[0];
      value(await host.api.saveFile(file.path, `# Edited\n${file.text}`, file.version));
      expect(await readFile(original, 'utf8')).toBe(before);
      expect(await readFile(opened.target, 'utf8')).toBe(`# Edited\n${before}`);
    } finally {
      await host.close();
    }
  });

  it('opens the copy of a folder sample from its folder, its rulebook.yaml or one of its chapters, and keeps the edits of the copy', async () => {
    const api = createWorkspaceApi({ dataDir: path.join(dir, 'app-data'), samplesDir, shell: { info: TEST_INFO } });
    try {
      const folder = path.join(samplesDir, 'kingdoms-of-novitas');
      const copy = path.join(dir, 'app-data', 'samples', 'kingdoms-of-novitas', 'kingdoms-of-novitas');
      for (const target of [folder, path.join(folder, 'rulebook.yaml'), path.join(folder, '03-character-creation.md')]) {
        const opened = value(await api.openRulebook(target));
        expect(opened.sampleId).toBe('kingdoms-of-novitas');
        expect(opened.root).toBe(copy);
      }
      const chapter = value(await api.readFile('03-character-creation.md'));
      value(await api.saveFile(chapter.path, `${chapter.text}\nA marshal's note.\n`, chapter.version));
      // Opened again by the original's path: the copy with the edit, the original untouched.
      value(await api.openRulebook(folder));
      expect(value(await api.readFile('03-character-creation.md')).text).toContain("A marshal's note.");
      expect(await readFile(path.join(folder, '03-character-creation.md'), 'utf8')).not.toContain("A marshal's note.");
    } finally {
      await api.dispose();
    }
  });

  it('opens any other rulebook as itself', async () => {
    const own = path.join(dir, 'own');
    await cp(path.join(SAMPLES, 'miniatures-skirmish.md'), path.join(own, 'skirmish.md'));
    const api = createWorkspaceApi({ dataDir: path.join(dir, 'own-data'), samplesDir, shell: { info: TEST_INFO } });
    try {
      const opened = value(await api.openRulebook(path.join(own, 'skirmish.md')));
      expect(opened.sampleId).toBeNull();
      expect(opened.target).toBe(path.join(own, 'skirmish.md'));
    } finally {
      await api.dispose();
    }
  });
});
