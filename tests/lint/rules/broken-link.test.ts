import rule from '../../../shared/lint/rules/broken-link.js';
import { md } from '../../helpers/md.js';
import { testRule } from '../rule-tester.js';

testRule(rule, {
  valid: [
    {
      // Free5e (wyrmworkspublishing/free5e, CC-BY-4.0) keeps an entry's data in definitions no link uses: 5,534 of them
      // were each reported as a link to a file "-".
      name: 'link reference definitions used as comments or metadata',
      code: md`
        ### Acid Splash
        [_metadata_:spell_name]:- "Acid Splash"
        [//]: # (Checked against the 2024 printing.)

        You hurl a bubble of acid.
      `,
    },
    {
      name: 'a link to a heading of the same file',
      code: md`
        ## Combat
        See [combat](#combat).
      `,
    },
    {
      name: 'a link to the second heading of the same name (GitHub adds -1)',
      code: md`
        ## Notes
        One.

        ## Notes
        Two, see [the second notes](#notes-1) and [the first](#notes).
      `,
    },
    {
      name: 'a link to an anchor written in the text',
      code: md`
        ## Skills
        <a name='accuracy'/>Accuracy lets you hit.

        Read [accuracy](#accuracy) first.
      `,
    },
    {
      name: 'a Hugo shortcode link to a heading',
      code: md`
        ## Florentine
        Fight with two weapons, see [Florentine]({{< relref "#florentine" >}}).
      `,
    },
    {
      name: 'a GitHub slug of a heading with punctuation',
      code: md`
        ### 4.5 - Safety Car/Restarts
        The car leads, see [restarts](#45---safety-carrestarts).
      `,
    },
    {
      name: 'a link to another chapter and to one of its headings',
      code: {
        'rulebook.md': md`
          # Rules
          See [magic](chapters/magic.md) and [spells](chapters/magic.md#spells).
        `,
        'chapters/magic.md': md`
          ## Spells
          Fireball.
        `,
      },
    },
    {
      name: 'a Hugo folder link finds the folder\'s _index.md',
      code: {
        'rules/_index.md': md`
          # Rules
          See [skills](skills/) and [the list](../rules/skills#list).
        `,
        'rules/skills/_index.md': md`
          ## List
          Fireball.
        `,
      },
    },
    {
      name: 'a Starlight folder link finds the folder\'s index.mdx, and an extensionless link its .mdx page',
      code: {
        'rules/index.mdx': md`
          # Rules
          See [skills](skills/) and [magic](magic#spells).
        `,
        'rules/skills/index.mdx': md`
          ## List
          Fireball.
        `,
        'rules/magic.mdx': md`
          ## Spells
          Fireball.
        `,
      },
    },
    {
      name: 'external links are not checked',
      code: md`
        ## Links
        See [the site](https://example.com/rules#nowhere) and [mail](mailto:gm@example.com).
      `,
    },
  ],
  invalid: [
    {
      name: 'a misspelt anchor inside a Hugo shortcode, with a suggestion',
      code: md`
        ## Florentine
        Fight with two weapons, see [Florentine]({{< relref "#florentin" >}}).
      `,
      errors: [{ at: '2:42-2:69', message: 'Link `#florentin` points to no heading or anchor in rulebook.md, did you mean `#florentine`?' }],
    },
    {
      name: 'a link to a chapter file that does not exist',
      code: {
        'rulebook.md': md`
          # Rules
          See [guilds](chapters/guilds.md) and [magic](chapters/magic.md).
        `,
        'chapters/magic.md': md`
          ## Spells
          Fireball.
        `,
      },
      errors: [{ file: 'rulebook.md', at: '2:14-2:32', message: 'Link `chapters/guilds.md` points to a file that does not exist' }],
    },
    {
      name: 'an anchor missing from another chapter',
      code: {
        'rulebook.md': md`
          # Rules
          See [spells](chapters/magic.md#spels).
        `,
        'chapters/magic.md': md`
          ## Spells
          Fireball.
        `,
      },
      errors: [{ file: 'rulebook.md', at: '2:14-2:37', message: 'Link `chapters/magic.md#spels` points to no heading or anchor in chapters/magic.md, did you mean `#spells`?' }],
    },
  ],
});
