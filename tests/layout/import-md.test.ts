/** `rulebook import` of a .md file infers its layout as `rulebook init` does and reports what still looks unread. */
import { describe, expect, it } from 'vitest';
import { formatReport, importRulebook } from '../../shared/import/index.js';
import { splitFrontMatter } from '../../shared/parse/config.js';
import { LARP } from './books.js';

describe('importing Markdown', () => {
  it('writes the inferred layout into the front matter and reports why, the body as it was', () => {
    const { markdown, report } = importRulebook(LARP, { format: 'md', name: 'crestwood' });
    const front = splitFrontMatter(markdown)!;
    expect(front.yaml).toBe('title: Crestwood\nlayout:\n  skills:\n    headingLevels: [2]\n  fields:\n    prerequisites: [Restrictions]\n  conditions:\n    attributes: [Strength, Agility]\n');
    expect(markdown.slice(front.bodyOffset)).toBe(LARP.slice(splitFrontMatter(LARP)!.bodyOffset));
    expect(report.layout?.settings).toEqual({
      layout: { skills: { headingLevels: [2] }, fields: { prerequisites: ['Restrictions'] }, conditions: { attributes: ['Strength', 'Agility'] } },
    });
    expect(formatReport(report, 'skills.md')).toContain('Layout settings written to the front matter (`rulebook init` explains them the same way):\n  - `CP Cost` (5 entries');
  });

  it('reports lines that look like skills or rules but were not read, with their line in the output', () => {
    const { report } = importRulebook('Our house rules.\n\nCost: 3\n\nCost: 4\n', { format: 'md', name: 'house' });
    expect(report.unread).toEqual([
      { code: 'unread-skills', line: 7, message: expect.stringMatching(/^2 lines look like skill costs or prerequisites \(first: `Cost: 3`\)/) },
    ]);
    expect(formatReport(report, 'house.md')).toMatch(/1 place\(s\) look like skills or rules but were not read as such:\n {2}line 7 of the output: 2 lines look like/);
    expect(report.layout).toEqual({ settings: {}, reasons: [] });
  });
});
