/** Writing inferred settings into rulebook.yaml and front matter: the marshal's keys, values, comments and body stay. */
import { describe, expect, it } from 'vitest';
import { mergeFrontMatterSettings, mergeYamlSettings } from '../../shared/layout/settings-yaml.js';
import { splitFrontMatter } from '../../shared/parse/config.js';
import { md } from '../helpers/md.js';

const SETTINGS = {
  layout: { skills: { headingLevels: [2] }, fields: { prerequisites: ['Restrictions'] }, conditions: { attributes: ['Strength'] } },
  costUnits: ['Might points', 'XP'],
};

function merged(text: string, settings: Record<string, unknown>) {
  const result = mergeYamlSettings(text, settings);
  if (!result.ok) throw new Error(result.message);
  return result;
}

describe('mergeYamlSettings', () => {
  it('writes a new file with short lists on one line', () => {
    expect(merged('', SETTINGS).text).toBe(md`
      layout:
        skills:
          headingLevels: [2]
        fields:
          prerequisites: [Restrictions]
        conditions:
          attributes: [Strength]
      costUnits: [Might points, XP]
    `);
  });

  it('keeps every key and comment, adds only what lists lack, and never overwrites a value the marshal set', () => {
    const text = md`
      # Our book
      title: Crestwood # the name on the cover
      lint:
        numbering-gap: warning

      layout:
        fields:
          prerequisites: restrictions # as we write it
        references:
          bare: false
      costUnits:
        - XP
    `;
    const result = merged(text, { ...SETTINGS, layout: { ...SETTINGS.layout, references: { bare: true } } });
    expect(result.changed).toBe(true);
    expect(result.kept).toEqual(['layout.references.bare']);
    expect(result.text).toContain('# Our book\n');
    expect(result.text).toContain('# the name on the cover');
    expect(result.text).toContain('# as we write it');
    expect(result.text).toContain('numbering-gap: warning');
    expect(result.text).toContain('bare: false');
    expect(result.text).toMatch(/costUnits:\n {2}- XP\n {2}- Might points\n/);
    // "restrictions" is already there (case aside), so the scalar stays a scalar.
    expect(result.text).toContain('prerequisites: restrictions # as we write it');
  });

  it('returns the text unchanged, byte for byte, when it already says everything', () => {
    const first = merged('title:   Crestwood\n', SETTINGS).text;
    const again = merged(first, SETTINGS);
    expect(again.changed).toBe(false);
    expect(again.text).toBe(first);
    const spaced = 'title:   "Crestwood"   \nlayout:\n  skills: { headingLevels: [ 2 ] }\n';
    expect(merged(spaced, { layout: { skills: { headingLevels: [2] } } })).toEqual({ ok: true, text: spaced, changed: false, kept: [] });
  });

  it('reports a broken YAML with its line', () => {
    expect(mergeYamlSettings('title: a\nfiles: [a.md\n', SETTINGS)).toMatchObject({ ok: false, line: expect.any(Number) });
    expect(mergeYamlSettings('- a\n- b\n', SETTINGS)).toEqual({ ok: false, message: 'expected a mapping of settings (key: value)', line: 1 });
  });
});

describe('mergeFrontMatterSettings', () => {
  const BODY = '# Skills\n\n## Florentine\n\n**CP Cost**: 4\n\n---\n\nA thematic break above, trailing spaces here:   \n';

  it('adds front matter before a body that has none, and leaves the body byte for byte', () => {
    const result = mergeFrontMatterSettings(BODY, SETTINGS);
    if (!result.ok) throw new Error(result.message);
    const front = splitFrontMatter(result.text)!;
    expect(result.text.slice(front.bodyOffset)).toBe(BODY);
    expect(front.yaml).toContain('headingLevels: [2]');
  });

  it('merges into existing front matter, keeping its other keys and the body', () => {
    const text = `---\ntitle: Crestwood\nedition: "2024"\n---\n${BODY}`;
    const result = mergeFrontMatterSettings(text, SETTINGS);
    if (!result.ok) throw new Error(result.message);
    expect(result.text.startsWith('---\ntitle: Crestwood\nedition: "2024"\nlayout:\n')).toBe(true);
    expect(result.text.slice(splitFrontMatter(result.text)!.bodyOffset)).toBe(BODY);
    expect(mergeFrontMatterSettings(result.text, SETTINGS)).toEqual({ ok: true, text: result.text, changed: false, kept: [] });
  });

  it('keeps Windows line endings in the front matter it writes', () => {
    const text = `---\r\ntitle: Crestwood\r\n---\r\n${BODY.replace(/\n/g, '\r\n')}`;
    const result = mergeFrontMatterSettings(text, SETTINGS);
    if (!result.ok) throw new Error(result.message);
    expect(result.text).not.toMatch(/[^\r]\n/);
    expect(result.text.endsWith(BODY.replace(/\n/g, '\r\n'))).toBe(true);
  });

  it('writes nothing when there is nothing to set', () => {
    expect(mergeFrontMatterSettings(BODY, {})).toEqual({ ok: true, text: BODY, changed: false, kept: [] });
  });

  it('places a front matter error on its line in the file', () => {
    expect(mergeFrontMatterSettings('---\ntitle: a\nbad: [\n---\nbody\n', SETTINGS)).toMatchObject({ ok: false, line: expect.any(Number) });
  });
});
