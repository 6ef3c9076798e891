/** The import report: what the importer recognised, and every source line it was unsure of, so the marshal knows where to look. */

export interface ImportCounts {
  readonly sections: number;
  readonly rules: number;
  readonly skills: number;
  readonly tables: number;
  readonly glossaryTerms: number;
}

/** One line the importer made a guess about (or could not place). `line` is 1-based in the imported text. */
export interface UnsureLine {
  readonly line: number;
  readonly text: string;
  readonly reason: string;
}

/** A prerequisite of the imported text that names no skill of it, and in how many places it is written. */
export interface UnknownPrerequisite {
  readonly name: string;
  readonly places: number;
}

export interface ImportReport {
  readonly format: 'txt' | 'md' | 'html';
  /** Which shapes of source the importer recognised ("mediawiki", "contents list", "glossary", …). */
  readonly recognised: readonly string[];
  readonly counts: ImportCounts;
  readonly unsure: readonly UnsureLine[];
  /**
   * Most often a requirement that is not a skill ("GM permission", "Level 2 Aegis Spell"), which belongs
   * under `conditions:`; sometimes a misspelt skill. The importer does not decide: guessing conditions
   * would hide the misspellings.
   */
  readonly unknownPrerequisites: readonly UnknownPrerequisite[];
  /** Markdown sources: the layout settings inferred from the text and written into its front matter, and why. */
  readonly layout?: { readonly settings: Readonly<Record<string, unknown>>; readonly reasons: readonly string[] };
  /** Markdown sources: places that look like skills or numbered rules but were not read as such. */
  readonly unread?: readonly UnreadPlace[];
}

/** One unread-skills or unread-rules finding of the imported text (`line` is 1-based in the imported text). */
export interface UnreadPlace {
  readonly code: 'unread-skills' | 'unread-rules';
  readonly line: number;
  readonly message: string;
}

/** Collects unsure lines and recognised shapes during one import; counts are filled in from the emitted blocks. */
export class ReportBuilder {
  private readonly lines: UnsureLine[] = [];
  private readonly shapes: string[] = [];

  unsure(line: number, text: string, reason: string): void {
    const quoted = text.trim();
    // Enough of the line to find it; an ellipsis says the rest was cut, not missing from the source.
    this.lines.push({ line, text: quoted.length > 120 ? `${quoted.slice(0, 119)}…` : quoted, reason });
  }

  recognise(shape: string): void {
    if (!this.shapes.includes(shape)) this.shapes.push(shape);
  }

  build(
    format: ImportReport['format'],
    counts: ImportCounts,
    unknownPrerequisites: readonly UnknownPrerequisite[] = [],
    extra: Pick<ImportReport, 'layout' | 'unread'> = {},
  ): ImportReport {
    const unsure = [...this.lines].sort((a, b) => a.line - b.line);
    return { format, recognised: [...this.shapes], counts, unsure, unknownPrerequisites, ...extra };
  }
}

/** The report as the text a marshal reads on the terminal. */
export function formatReport(report: ImportReport, file = 'input'): string {
  const { counts } = report;
  const out: string[] = [];
  out.push(
    `Recognised ${counts.sections} section(s), ${counts.rules} numbered rule(s), ${counts.skills} skill(s), ${counts.tables} table(s)` +
      (counts.glossaryTerms ? `, ${counts.glossaryTerms} glossary term(s)` : '') +
      '.',
  );
  if (report.recognised.length) out.push(`Read as: ${report.recognised.join(', ')}.`);
  if (report.unsure.length === 0) out.push('No unsure lines.');
  else {
    out.push(`${report.unsure.length} line(s) to check:`);
    for (const u of report.unsure) out.push(`  ${file}:${u.line}: ${u.reason}: ${u.text}`);
  }
  if (report.layout && Object.keys(report.layout.settings).length) {
    out.push('Layout settings written to the front matter (`rulebook init` explains them the same way):');
    for (const reason of report.layout.reasons) out.push(`  - ${reason}`);
  }
  const unread = report.unread ?? [];
  if (unread.length) {
    out.push(`${unread.length} place(s) look like skills or rules but were not read as such:`);
    for (const u of unread) out.push(`  line ${u.line} of the output: ${u.message}`);
  }
  const unknown = report.unknownPrerequisites;
  if (unknown.length) {
    out.push(`${unknown.length} prerequisite(s) name no skill of the rulebook:`);
    out.push(`  ${unknown.map((u) => (u.places > 1 ? `${u.name} (×${u.places})` : u.name)).join(', ')}`);
    out.push('  List the ones that are not skills under `conditions:` in the front matter; correct the others.');
  }
  return `${out.join('\n')}\n`;
}

/** Distinct prerequisite names that resolve to no skill, most written first. */
export function unknownPrerequisitesOf(names: readonly string[]): UnknownPrerequisite[] {
  const places = new Map<string, number>();
  for (const name of names) places.set(name, (places.get(name) ?? 0) + 1);
  return [...places].map(([name, n]) => ({ name, places: n })).sort((a, b) => b.places - a.places || a.name.localeCompare(b.name));
}
