import { describe, expect, it } from 'vitest';
import rule from '../../../shared/lint/rules/missing-image.js';
import { linkRulebook } from '../../../shared/link/index.js';
import { runLint } from '../../../shared/lint/engine.js';
import { parseRulebook } from '../../../shared/parse/index.js';
import { at, md } from '../../helpers/md.js';
import { testRule } from '../rule-tester.js';

testRule(rule, {
  valid: [
    {
      name: 'a picture that is a chapter file of the book (the only files an in-memory host has)',
      code: {
        'rulebook.md': md`
          # Rules
          ![A diagram](chapters/diagram.md)
        `,
        'chapters/diagram.md': md`
          ## Diagram
          Text.
        `,
      },
    },
    {
      name: 'a link (not a picture) to the web or to a missing file is broken-link’s, not this rule’s',
      code: md`
        # Rules
        See [the site](https://example.com) and [the map](art/map.png).
      `,
    },
  ],
  invalid: [
    {
      name: 'a picture whose file is not in the folder',
      code: md`
        # Rules
        ![The realm](art/mapp.png "The realm")
      `,
      errors: [{ at: '2:14-2:26', message: 'Picture `art/mapp.png` is not in the rulebook’s folder; the book prints without it' }],
    },
    {
      name: 'a picture on the web, at a site path, and out of the folder',
      code: md`
        # Rules
        ![Web](https://example.com/map.png) ![Site](/images/map.png)

        ![Up](../shared/map.png)
      `,
      errors: [
        { at: '2:8-2:35', message: /^Picture `https:\/\/example.com\/map.png` is not a file of the rulebook’s folder/ },
        { at: '2:45-2:60', message: /^Picture `\/images\/map.png` is not a file of the rulebook’s folder/ },
        { at: '4:7-4:24', message: /^Picture `\.\.\/shared\/map.png` is not a file of the rulebook’s folder/ },
      ],
    },
    {
      name: 'a picture relative to a chapter in a subfolder, missing there',
      code: {
        'rulebook.md': md`
          # Rules
        `,
        'chapters/magic.md': md`
          ## Magic
          ![Circle](circle.png)
        `,
      },
      errors: [{ file: 'chapters/magic.md', at: '2:11-2:21', message: 'Picture `circle.png` is not in the rulebook’s folder; the book prints without it' }],
    },
  ],
});

describe('missing-image with the folder’s files', () => {
  it('finds the picture among the folder’s other files, relative to the chapter that shows it', () => {
    const source = { files: [{ path: 'chapters/magic.md', text: '## Magic\n\n![Circle](art/circle.png)\n\n![Gone](art/gone.png)\n' }] };
    const linked = linkRulebook(parseRulebook(source), { assets: ['chapters/art/circle.png', 'art/gone.png'] });
    const findings = runLint(linked, [rule], {}).filter((f) => f.ruleId === 'missing-image');
    expect(findings.map((f) => `${at(f.range)} ${f.message}`)).toEqual(['5:9-5:21 Picture `art/gone.png` is not in the rulebook’s folder; the book prints without it']);
    expect(linked.model.links.map((l) => [l.text, l.href, l.image])).toEqual([
      ['Circle', 'art/circle.png', true],
      ['Gone', 'art/gone.png', true],
    ]);
  });
});
