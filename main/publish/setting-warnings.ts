/**
 * The book's own settings an export cannot read (a `print.theme` that is no theme, a misspelt `layout:` key, a
 * rulebook.yaml that is not YAML). Lint reports them as errors; an export goes on without them, and says so in its
 * warnings, which the CLI prints and the app's Export panel shows: a marshal must not print a book with a setting
 * silently left out. Every writer (exportPdf, buildPdf, the website) adds these to its own warnings.
 */
import type { ParseDiagnostic, Rulebook } from '../../shared/model/types.js';

/** One line per unreadable setting, at its place (`file:line: …`), saying what the export did instead. */
export function unreadSettingWarnings(model: Rulebook): string[] {
  return model.diagnostics.flatMap((problem) => {
    const wording = describe(problem);
    return wording === null ? [] : [`${problem.range.file}:${problem.range.start.line}: ${wording}`];
  });
}

function describe(problem: ParseDiagnostic): string | null {
  if (problem.code === 'front-matter-invalid') {
    return `the front matter cannot be read (${problem.message.replace(/^front matter: /, '')}); the export went ahead without the settings written there`;
  }
  if (problem.code !== 'config-invalid') return null;
  // rulebook.yaml that is not YAML: the parser's message starts with the file's name, and no setting of it was read.
  const unreadFile = `${problem.range.file}: `;
  if (problem.message.startsWith(unreadFile)) {
    return `the settings cannot be read (${problem.message.slice(unreadFile.length)}); the export went ahead with the default settings`;
  }
  return `${problem.message}; the export went ahead without this setting`;
}
