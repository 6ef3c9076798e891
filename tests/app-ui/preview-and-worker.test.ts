import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPreviewHtml, ruleAnchor, skillAnchor } from '../../renderer/panels/render-preview.js';
import { silenceWorker, startClient, until } from './in-process-worker.js';

const FUNJERAI = readFileSync(path.resolve(import.meta.dirname, '../fixtures/samples/funjerai.md'), 'utf8');

describe('preview rendering', () => {
  it('renders the rulebook with anchors and working cross links', () => {
    const html = renderPreviewHtml([{ path: 'funjerai.md', text: FUNJERAI }], ['First Aid', 'Build and Disarm Traps']);
    // Each block carries its line in the file (front matter counted), for the preview's scroll sync and click to jump.
    expect(html).toContain('<h2 id="rule-3.2" data-line="196">3.2 - Passive Magic</h2>');
    // A [[link]] points at the skill's anchor, and that anchor exists.
    expect(html).toContain(`href="#${skillAnchor('Build and Disarm Traps')}"`);
    expect(html).toContain(`id="${skillAnchor('Build and Disarm Traps')}"`);
    expect(ruleAnchor('3.2.')).toBe('rule-3.2');
  });

  it('gives skills named in another alphabet anchors of their own', () => {
    const text = '# Навыки\n\n- **Магия** (2 ОО) Колдовство.\n- **Исцеление** (1 ОО) Лечение, см. [[Магия]].\n';
    const html = renderPreviewHtml([{ path: 'книга.md', text }], ['Магия', 'Исцеление']);
    expect(skillAnchor('Магия')).not.toBe(skillAnchor('Исцеление'));
    expect(html).toContain(`href="#${skillAnchor('Магия')}"`);
    expect(html).toContain(`id="${skillAnchor('Магия')}"`);
  });

  it('lets no script, event handler, javascript: link, remote image or frame through', () => {
    const hostile = [
      '# Rules',
      '',
      '<script>alert(1)</script>',
      '',
      '<img src="https://evil.example/track.png" onerror="alert(2)">',
      '',
      '![remote](https://evil.example/pixel.gif)',
      '',
      '[click me](javascript:alert(3)) and [data](data:text/html;base64,PHNjcmlwdD4=) and [vb](vbscript:msgbox)',
      '',
      '<a href="https://ok.example" onclick="alert(4)" onmouseover="alert(5)">hover</a>',
      '',
      '<iframe src="https://evil.example"></iframe><object data="x.swf"></object><embed src="x">',
      '',
      '<div style="background:url(https://evil.example/x)" onload="alert(6)">styled</div>',
      '',
      '<svg onload="alert(7)"><circle r="1"/></svg><form action="https://evil.example"><input name="q"></form>',
      '',
      '[fine](https://example.org/rules) and <mailto:marshal@example.org>',
    ].join('\n');
    const html = renderPreviewHtml([{ path: 'x.md', text: hostile }], []);
    expect(html).not.toMatch(/<script|<img|<iframe|<object|<embed|<svg|<form|<input|<style/i);
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:|vbscript:|data:text/i);
    expect(html).not.toMatch(/evil\.example/);
    expect(html).not.toMatch(/style=/i);
    // Ordinary links survive.
    expect(html).toContain('href="https://example.org/rules"');
    expect(html).toContain('href="mailto:marshal@example.org"');
  });

  it('keeps the file name attribute harmless', () => {
    const html = renderPreviewHtml([{ path: 'a"><script>x</script>.md', text: '# A' }], []);
    expect(html).not.toContain('<script');
    expect(html).toMatch(/data-file="[\w./-]*"/);
  });
});

describe('the core worker and its client', () => {
  afterEach(silenceWorker);

  it('drops diagnostics and answers computed for an older text', async () => {
    const { worker, client, events } = await startClient();
    const text = FUNJERAI;
    client.open({ files: [{ path: 'funjerai.md', text }] });
    await until(() => events.length === 1);
    expect(events[0].version).toBe(1);
    expect(client.findingsAreCurrent).toBe(true);

    // A slow analysis of version 2 is overtaken by a keystroke (version 3) before it arrives.
    worker.hold = true;
    client.setFile('funjerai.md', text.replace('Prerequisite: First Aid', 'Prerequisite: First Aix'));
    const staleAnswer = client.query({ kind: 'definition', at: { file: 'funjerai.md', line: 121, column: 18 } });
    await until(() => worker.held.length >= 2);
    // Until findings for the new text arrive, the old ones must not be used to build edits (quick fixes).
    expect(client.findingsAreCurrent).toBe(false);
    client.setFile('funjerai.md', text.replace('Prerequisite: First Aid', 'Prerequisite: First Aidd'));
    worker.release();
    expect(await staleAnswer).toBeNull(); // it pointed into version 2's text
    await until(() => events.some((e) => e.version === 3));
    expect(events.map((e) => e.version)).toEqual([1, 3]);
    const latest = events.at(-1)!;
    expect(latest.findings.some((f) => f.message.includes('First Aidd'))).toBe(true);
    expect(latest.findings.some((f) => f.message.includes('First Aix'))).toBe(false);
    expect(client.lastFindings).toBe(latest.findings);
    expect(client.findingsAreCurrent).toBe(true);

    // An answer for the current text comes through, and an import needs no open text at all.
    const fresh = await client.query({ kind: 'skill-names' });
    expect(fresh?.length).toBeGreaterThan(10);
    const imported = await client.query({ kind: 'import', text: '# Rules\n\n1. Be kind.\n', format: 'md', name: 'rules.md' });
    expect(imported?.markdown).toContain('Be kind');

    // New lint settings (the publication record, loaded late) move no text: an answer under way still counts.
    worker.hold = true;
    const target = client.query({ kind: 'rename-target', at: { file: 'funjerai.md', line: 111, column: 6 } });
    await until(() => worker.held.length >= 1);
    const settled = events.length;
    client.setLintRules({ 'number-reused': { retired: [] } });
    worker.release();
    expect(await target).toMatchObject({ kind: 'skill', name: 'First Aid' });
    await until(() => events.length > settled);

    // Skill names hold no position: typing on while completion asks for them must not empty the list.
    worker.hold = true;
    const names = client.query({ kind: 'skill-names' });
    await until(() => worker.held.length >= 1);
    const typed = events.length;
    client.setFile('funjerai.md', `${text}\nMore text.\n`);
    worker.release();
    expect((await names)?.map((n) => n.name)).toContain('First Aid');
    await until(() => events.length > typed);
  }, 30_000);
});
