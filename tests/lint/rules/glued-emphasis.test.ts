import rule from '../../../shared/lint/rules/glued-emphasis.js';
import { md } from '../../helpers/md.js';
import { testRule } from '../rule-tester.js';

// Shapes from real books, in our own words: Razorweave (CC BY-SA 4.0) writes `**NPCs**are` and `Tags*Dim Light*and`
// some 1,300 times, the d20 Modern SRD markdown `the *augury*spell`, the Italian Dungeon World `vi*accampate*`.
testRule(rule, {
  valid: [
    {
      name: 'bold and italics spaced or beside punctuation, a plural after a styled word, underscores inside words',
      code: md`
        **NPCs** are people the GM plays; *Dim Light* (a Tag) and **Clocks**, in turn, track **Orc**s and **Lich**es.

        - **Tracking** (2 SP) The **Ranger**'s trade: *augury*-like reading of signs. See [**Skills**](#skills).

        A snake_case_name and 2*3*4 stay text. ***Strong and emphasised*** words stand apart.
      `,
    },
  ],
  invalid: [
    {
      name: 'bold and italics run into the word after, before, or both; each spaced by --fix',
      code: md`
        **NPCs**are people the GM plays.

        Scenes add Tags*Dim Light*and*Unstable*to a place; the**Clocks**track time.

        Cast the *augury*spell, vi*accampate*.
      `,
      errors: [
        { at: '1:1-1:9', message: '`**NPCs**` runs into “are” after it: it prints as “NPCsare”; put a space after it' },
        { at: '3:16-3:27', message: '`*Dim Light*` runs into “Tags” before it and “and” after it: it prints as “TagsDim Lightand”; put a space before and after it' },
        { at: '3:30-3:40', message: '`*Unstable*` runs into “and” before it and “to” after it: it prints as “andUnstableto”; put a space before and after it' },
        { at: '3:55-3:65', message: '`**Clocks**` runs into “the” before it and “track” after it: it prints as “theClockstrack”; put a space before and after it' },
        { at: '5:10-5:18', message: '`*augury*` runs into “spell” after it: it prints as “auguryspell”; put a space after it' },
        { at: '5:27-5:38', message: '`*accampate*` runs into “vi” before it: it prints as “viaccampate”; put a space before it' },
      ],
      output: md`
        **NPCs** are people the GM plays.

        Scenes add Tags *Dim Light* and *Unstable* to a place; the **Clocks** track time.

        Cast the *augury* spell, vi *accampate*.
      `,
    },
  ],
});
