/** The importer's intermediate form: recognised blocks with the source line they came from, before they are written as markdown. */

export interface Field {
  readonly name: string;
  readonly value: string;
}

/** A recognised skill entry: written as a list skill, or as a heading skill when it has fields. */
export interface SkillBlock {
  readonly kind: 'skill';
  readonly line: number;
  readonly name: string;
  /** The cost as it should be written inside parentheses ("2 SP", "4/5 SP"), null when none. */
  readonly cost: string | null;
  readonly prerequisites: readonly string[];
  readonly fields: readonly Field[];
  /** Further lines of a list skill (notes, sub-bullets), written under its first line. */
  readonly details: readonly { readonly text: string; readonly bullet: boolean }[];
  readonly text: string;
  /** 'heading' for field blocks ("Name ---- Cost: … Range: …"); its depth is one below the enclosing heading. */
  readonly form: 'list' | 'heading';
}

export type Block =
  /** `numbered`: the text starts with the heading's own number; otherwise leading digits are kept from reading as one. */
  | { readonly kind: 'heading'; readonly line: number; readonly depth: number; readonly text: string; readonly numbered?: boolean }
  /** A numbered rule; `number` as it should be written ("100.1.", "1.3.2", "100.1a"). Continuation lines are kept in `text` with "\n". */
  | { readonly kind: 'rule'; readonly line: number; readonly number: string; readonly text: string }
  | { readonly kind: 'paragraph'; readonly line: number; readonly text: string }
  /** A section-wide or stand-alone prerequisite line ("Prerequisites: Ritual Magic"). */
  | { readonly kind: 'prerequisite'; readonly line: number; readonly text: string }
  | { readonly kind: 'list'; readonly line: number; readonly ordered: boolean; readonly items: readonly ListItem[] }
  | SkillBlock
  | { readonly kind: 'table'; readonly line: number; readonly header: readonly string[]; readonly rows: readonly (readonly string[])[] }
  /** A table's caption ("Combat Skills"): written in bold, not as a heading, so numbered rules after the table stay in their section. */
  | { readonly kind: 'caption'; readonly line: number; readonly text: string }
  /** Markdown kept as it is (from a .md source). */
  | { readonly kind: 'markdown'; readonly line: number; readonly text: string };

export interface ListItem {
  readonly line: number;
  /** Nesting level, 0 for top-level items. */
  readonly level: number;
  readonly text: string;
  /** For ordered items: the number or letter as written ("1", "a"). */
  readonly marker?: string;
  /** Whether this item is numbered; a bulleted list nested in a numbered one (or the reverse) differs from its block. */
  readonly ordered?: boolean;
}

/**
 * A line of the source with its 1-based number, and what an earlier reader (MediaWiki, HTML) already
 * knows about it: a heading level, a bullet level, a whole table.
 */
export interface SourceLine {
  readonly line: number;
  /** The text with its indentation; trailing spaces removed. */
  readonly text: string;
  readonly heading?: number;
  /** A list item: its nesting level (0 for top level), whether the list is numbered, and its number in it. */
  readonly bullet?: { readonly level: number; readonly ordered: boolean; readonly number?: number };
  /** A table already split into cells (first row is the header). */
  readonly table?: readonly (readonly string[])[];
  /** The raw line ended with a space: in PDF text, a table cell (or sentence) that goes on on the next line. */
  readonly continues?: boolean;
  /** Known to be running text (a line the importer itself broke out of a longer one): never a title. */
  readonly prose?: boolean;
  /** A footnote ("''* Greaves are…''" under a wiki table): running text whose leading stars are no list marker. */
  readonly footnote?: boolean;
  /** Text that was bold in the source ("'''Name'''", <strong>): a hint for skill names and headings. */
  readonly bold?: boolean;
}
