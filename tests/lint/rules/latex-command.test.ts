import rule from '../../../shared/lint/rules/latex-command.js';
import { md } from '../../helpers/md.js';
import { testRule } from '../rule-tester.js';

/** `md` on the text as written, so that `\newline` is LaTeX's and not a JavaScript escape. */
const tex = (strings: TemplateStringsArray, ...values: unknown[]): string => md(Object.assign([...strings.raw], { raw: strings.raw }), ...values);
/** A code span (a raw template cannot hold a backtick). */
const CODE_SPAN = '`\\newpage`';

// Shapes from a real book, in our own words: the Open Legend SRD (tests/fixtures/wild/open-legend-srd), converted
// from LaTeX by Pandoc, ends descriptions with ` \newline` (181 times) and stands `\newpage` alone between sections.
testRule(rule, {
  valid: [
    {
      name: 'escapes, a hard break, longer words, other commands, code, HTML',
      code: tex`
        **Cost:** 2 points
        \
        **Effect:** Roll 2\*3 dice; snake\_case stays; a backslash \\ prints as one.

        To show the command, write \\newline: the escaped backslash prints it as meant. \newlines and \newpager are no commands.

        \section{Combat} and \textbf{bold} are no layout commands: only those are looked for.

        Type ${CODE_SPAN} in LaTeX, not here.

        ~~~latex
        Without being detected. \newline
        \vspace{1em}
        ~~~

        <div class="page">\newpage</div>
      `,
    },
  ],
  invalid: [
    {
      name: 'a command after text, alone on its line, at the start of a line, in a heading, a list and a table; each removed by --fix',
      code: tex`
        **Description:** You slip past the guards without being detected. \newline

        \newpage

        #### Shadow Step \hfill Tier 2

        \noindent Roll Agility\linebreak against the guard's Perception.

        -   **Tier 1:** Agility 4 \newline
        -   **Tier 2:** Agility 6\pagebreak

        | Tier | Cost |
        | --- | --- |
        | 1 \hspace*{2mm} | 3 \hspace{1em} |

          \vspace{2em}
        \clearpage
        \vfill Then \bigskip, \medskip and \smallskip.
      `,
      errors: [
        { at: '1:67-1:75', message: '`\\newline` is a LaTeX command: Markdown prints it as written; remove it' },
        { at: '3:1-3:9', message: '`\\newpage` is a LaTeX command: Markdown prints it as written; remove it' },
        { at: '5:18-5:24', message: '`\\hfill` is a LaTeX command: Markdown prints it as written; remove it' },
        { at: '7:1-7:10', message: '`\\noindent` is a LaTeX command: Markdown prints it as written; remove it' },
        { at: '7:23-7:33', message: '`\\linebreak` is a LaTeX command: Markdown prints it as written; remove it' },
        { at: '9:27-9:35', message: '`\\newline` is a LaTeX command: Markdown prints it as written; remove it' },
        { at: '10:26-10:36', message: '`\\pagebreak` is a LaTeX command: Markdown prints it as written; remove it' },
        { at: '14:5-14:18', message: '`\\hspace*{2mm}` is a LaTeX command: Markdown prints it as written; remove it' },
        { at: '14:23-14:35', message: '`\\hspace{1em}` is a LaTeX command: Markdown prints it as written; remove it' },
        { at: '16:3-16:15', message: '`\\vspace{2em}` is a LaTeX command: Markdown prints it as written; remove it' },
        { at: '17:1-17:11', message: '`\\clearpage` is a LaTeX command: Markdown prints it as written; remove it' },
        { at: '18:1-18:7', message: '`\\vfill` is a LaTeX command: Markdown prints it as written; remove it' },
        { at: '18:13-18:21', message: '`\\bigskip` is a LaTeX command: Markdown prints it as written; remove it' },
        { at: '18:23-18:31', message: '`\\medskip` is a LaTeX command: Markdown prints it as written; remove it' },
        { at: '18:36-18:46', message: '`\\smallskip` is a LaTeX command: Markdown prints it as written; remove it' },
      ],
      output: tex`
        **Description:** You slip past the guards without being detected.


        #### Shadow Step Tier 2

        Roll Agility against the guard's Perception.

        -   **Tier 1:** Agility 4
        -   **Tier 2:** Agility 6

        | Tier | Cost |
        | --- | --- |
        | 1 | 3 |

        Then, and.
      `,
    },
  ],
});
