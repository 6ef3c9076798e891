/**
 * The app's worker takes the book folder's other files again while the book is open (a picture added or removed on
 * disk, told by the host's change watch): the links to them are checked again, and `![[` offers the pictures now there.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { silenceWorker, startClient, until } from './in-process-worker.js';

afterAll(silenceWorker);

const HOME = '# Vale\n\nRead [[Lore/Rivers]].\n\n![[ford.png]]\n';

describe('the worker and the folder’s other files', () => {
  it('checks the links again when the host lists a picture added, and offers it after `![[`', async () => {
    const { client, events } = await startClient();
    client.open({ manifest: { path: 'rulebook.yaml', text: 'title: Vale\nfiles:\n  - Home.md\n  - Lore/Rivers.md\n' }, files: [{ path: 'Home.md', text: HOME }, { path: 'Lore/Rivers.md', text: '# Rivers\n\nCold water.\n' }], assets: ['rulebook.yaml'] });
    await until(() => events.length > 0);
    const missing = () => events.at(-1)!.findings.filter((f) => f.ruleId === 'missing-image').length;
    expect(missing()).toBe(1);
    const pictures = () => client.query({ kind: 'completion-names', file: 'Home.md', place: { partial: '', startColumn: 4, inLink: true, embed: true } });
    expect(await pictures()).toEqual([]);

    const seen = events.length;
    client.setOtherFiles(['rulebook.yaml', 'Maps/ford.png']);
    await until(() => events.length > seen);
    expect(missing()).toBe(0);
    expect((await pictures())?.map((n) => n.written)).toEqual(['ford.png']);

    const again = events.length;
    client.setOtherFiles(['rulebook.yaml']);
    await until(() => events.length > again);
    expect(missing()).toBe(1);
  });
});
