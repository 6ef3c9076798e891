/** `rulebook review <base> [head]`: one report of a change for its reviewers; exit 1 when it introduces errors. */
import type { Command } from 'commander';
import { writeFileAtomically } from '../../fs/atomic-write.js';
import { describeFsError } from '../../fs/load-rulebook.js';
import { renderFindings } from '../../lint/output.js';
import { buildReview, introducesErrors } from '../../review/build-review.js';
import { formatReviewMarkdown } from '../../review/format-markdown.js';
import { formatJsonReview, reviewAnnotations } from '../../review/format-machine.js';
import { NO_LINKS, parseRepoUrl, repositoryLineLinks } from '../../review/line-links.js';
import { loadReviewInputs } from '../../review/load-versions.js';
import { UserError } from '../../errors.js';

const FORMATS = ['markdown', 'json', 'github', 'sarif'] as const;
type Format = (typeof FORMATS)[number];

interface ReviewCommandOptions {
  readonly format: string;
  readonly out?: string;
  readonly rulebook: string;
  readonly repoUrl?: string;
}

export function registerReview(program: Command): void {
  program
    .command('review')
    .description('review a change of a rulebook: the findings it introduces and fixes, what it renumbered, the references it broke, the skills it touches')
    .argument('<base>', 'what the change is compared with: a git revision (origin/main, HEAD~1), a file or folder, or `published` for the last publication')
    .argument('[head]', 'the changed version: the working copy of the rulebook (default), a path to it, or a git revision of it')
    .option('--format <format>', 'markdown (a pull-request comment), json (for tools, see docs/review.md), github (annotations on the changed lines) or sarif', 'markdown')
    .option('-o, --out <file>', 'write to this file instead of the terminal')
    .option('--rulebook <path>', 'the rulebook (a .md file or a folder) when [head] is a revision', '.')
    .option('--repo-url <url>', "the repository's web address: Markdown links each place to its line in the head commit")
    .addHelpText('after', '\nExit code: 1 when the change introduces lint errors, 2 on bad input.\n\nExamples:\n  rulebook review origin/main book/\n  rulebook review HEAD~1 HEAD --rulebook rules.md --format json\n  rulebook review published . --format github')
    .action(async (baseSpec: string, headSpec: string | undefined, options: ReviewCommandOptions) => {
      if (!FORMATS.includes(options.format as Format)) throw new UserError(`--format must be one of ${FORMATS.join(', ')}, not \`${options.format}\``);
      const format = options.format as Format;
      const repoUrl = options.repoUrl === undefined ? null : parseRepoUrl(options.repoUrl);
      const inputs = await loadReviewInputs(baseSpec, headSpec, options.rulebook);
      const review = buildReview(inputs.base, inputs.head);

      let output: string;
      if (format === 'markdown') {
        const links = repoUrl ? await repositoryLineLinks(repoUrl, inputs.loaded.root, inputs.headRevision) : NO_LINKS;
        output = formatReviewMarkdown(review, { links, baseSpec });
      } else if (format === 'json') output = formatJsonReview(review, inputs.loaded);
      else output = await renderFindings(reviewAnnotations(review, inputs.loaded), format, { color: false });

      if (options.out) {
        try {
          await writeFileAtomically(options.out, output);
        } catch (error) {
          throw new UserError(`${options.out}: ${describeFsError(error)}`);
        }
        process.stderr.write(`wrote ${options.out}\n`);
      } else process.stdout.write(output);
      process.exitCode = introducesErrors(review) ? 1 : 0;
    });
}
