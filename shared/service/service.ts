/**
 * The language service's facade: one rulebook's texts in, everything an editor asks out (diagnostics, hover,
 * definition, references, rename plans, completion, symbols, quick fixes, table tokens, folding, the panels' data).
 * The app's worker and `rulebook lsp` are transports over it; neither holds rulebook logic. It keeps the incremental
 * session, so after a keystroke only the chunks the edit touched are parsed again.
 */
import type { Finding } from '../lint/types.js';
import type { LintRuleConfig, RulebookSource, SourceRange } from '../model/types.js';
import type { ChunkStore, KeptChunks } from '../parse/index.js';
import { readableSource } from '../parse/mdx.js';
import { viewCharacterFile, type CharacterFileView, type CharacterSelection } from '../characters/options.js';
import { OlderVersionCache, compareWorkingCopy, type ChangesView, type OlderTexts } from './changes.js';
import { lintActions, type LintAction } from './code-actions.js';
import { completeName, namesAt, skillNames, type CompletionName, type NamePlace, type SkillCompletion, type SkillName } from './completion.js';
import { documentSymbols, type DocumentSymbol } from './document-symbols.js';
import { fixAllInFile, type FixAll } from './fix-all.js';
import { foldingRanges, type FoldingRange } from './folding.js';
import { hoverAt } from './hover.js';
import { definitionAt, referencesAt } from './navigation.js';
import { planRename, renameTargetAt } from './rename.js';
import { renumberOffers, renumberPlan, type RenumberOffer } from './renumber-actions.js';
import { tableTokensIn, type TableToken } from './semantic-tokens.js';
import { RulebookSession, type Analysis } from './session.js';
import { summarise, type RulebookSummary } from './summaries.js';
import type { EditorRange, FilePosition, HoverCard, RenamePlan, SymbolTarget } from './types.js';

/** A text splice: `remove` characters at `offset` replaced by `text` (the offset in the text as the splices before left it). */
export interface TextSplice {
  readonly offset: number;
  readonly remove: number;
  readonly text: string;
}

export class RulebookService {
  private readonly session = new RulebookSession();
  private readonly older = new OlderVersionCache();

  // ── The texts ──────────────────────────────────────────────────────────────────────────────────────

  /**
   * Opens a rulebook: its manifest, chapters and the folder's other files (for broken-link). `store`: chunk results
   * kept from an earlier session (a KeptChunkStore over what `kept()` gave), so unchanged chunks are not read again.
   */
  open(source: RulebookSource, version = this.session.version + 1, store?: ChunkStore): void {
    this.session.open(source, version, store);
  }

  /** The chunks of the last analysis and their results, plain data to keep until the rulebook is opened again. */
  kept(): KeptChunks {
    return this.session.kept();
  }

  /** Replaces one file's text (the manifest too, by its path); an unknown path is added at the end. */
  setFile(path: string, text: string, version = this.session.version + 1): void {
    this.session.setFile(path, text, version);
  }

  /** The rulebook folder's other files now (a picture added or removed on disk): the links to them are checked again. */
  setOtherFiles(assets: readonly string[], version = this.session.version + 1): void {
    this.session.setOtherFiles(assets, version);
  }

  /** The rulebook folder's other files as last given, rulebook-relative. */
  otherFiles(): readonly string[] {
    return this.session.otherFiles();
  }

  /** Applies an edit's splices to a file; false, changing nothing, when the file is unknown or the result is not `length` long. */
  editFile(path: string, changes: readonly TextSplice[], length: number, version = this.session.version + 1): boolean {
    return this.session.editFile(path, changes, length, version);
  }

  /** Lint settings laid over the rulebook's own (the publication record's retired numbers for number-reused). */
  setLintRules(rules: Readonly<Record<string, LintRuleConfig>>, version = this.session.version + 1): void {
    this.session.setLintRules(rules, version);
  }

  /** The version of the latest change (open, file, edit or settings). */
  get version(): number {
    return this.session.version;
  }

  get needsAnalysis(): boolean {
    return this.session.needsAnalysis;
  }

  /** The texts as they are now. */
  source(): RulebookSource {
    return this.session.source();
  }

  /** A chapter's text as the service holds it, undefined for a file it does not hold. */
  text(path: string): string | undefined {
    return this.session.text(path);
  }

  // ── Analysis and diagnostics ───────────────────────────────────────────────────────────────────────

  /** Parses (incrementally), links and lints the current texts; the last result when nothing changed. */
  analyse(): Analysis {
    return this.session.analyse();
  }

  /** The last analysis, without running a new one (null before the first). */
  get last(): Analysis | null {
    return this.session.last;
  }

  /** The findings for the texts as they are now: the same engine and settings as `rulebook lint`. */
  diagnostics(): readonly Finding[] {
    return this.analyse().findings;
  }

  // ── Questions about a place ────────────────────────────────────────────────────────────────────────

  hover(at: FilePosition): HoverCard | null {
    return hoverAt(this.analyse().linked, at, (file) => this.text(file));
  }

  definition(at: FilePosition): SourceRange[] {
    return definitionAt(this.analyse().linked, at);
  }

  references(at: FilePosition): SourceRange[] {
    return referencesAt(this.analyse().linked, at);
  }

  /** The skill a rename here would rename (its name's range, to select in the rename box), or null. */
  prepareRename(at: FilePosition): SymbolTarget | null {
    return renameTargetAt(this.analyse().linked, at);
  }

  /** The rename of the skill at `at` to `newName` across every file, planned for a preview, or refused with the reason. */
  rename(at: FilePosition, newName: string): RenamePlan {
    return planRename(this.analyse().linked, at, newName, this.source());
  }

  /** Renumbering of one section (or of the whole rulebook when `section` is null), planned for a preview. */
  renumber(section: string | null): RenamePlan {
    return renumberPlan(this.analyse().linked, section, this.source());
  }

  /**
   * Names to offer at a place (skill names; in a vault, inside `[[`, its pages and their aliases too; after `[[Page#`
   * the page's headings; after `![[` the pictures of the rulebook's folder), or null when the place is not one for a name.
   */
  completion(at: FilePosition): SkillCompletion | null {
    const text = this.text(at.file);
    if (text === undefined) return null;
    const lineText = lineAt(text, at.line);
    return lineText === null ? null : completeName(this.analyse().linked, at, lineText, (file) => this.text(file), this.session.otherFiles());
  }

  /** The names to offer at a place the editor found in its own text (skillNameContext), in `file`: what the app's completion lists. */
  completionNames(file: string, place: NamePlace): CompletionName[] {
    return namesAt(this.analyse().linked, file, place, (path) => this.text(path), this.session.otherFiles());
  }

  /** Every skill name with its cost and category (the worker's skill-names query; the app's completion asks completionNames). */
  skillNames(): SkillName[] {
    return skillNames(this.analyse().linked);
  }

  // ── Questions about a file ─────────────────────────────────────────────────────────────────────────

  documentSymbols(file: string): DocumentSymbol[] {
    return documentSymbols(this.analyse().linked, file);
  }

  /**
   * The lint quick fixes whose findings meet `range`, then, when one of those findings is fixable, "Fix all <rule>
   * problems in this file" (for a rule with two or more) and "Fix all auto-fixable problems in this file".
   */
  codeActions(file: string, range: EditorRange): LintAction[] {
    return lintActions(this.diagnostics(), file, range);
  }

  /** Every fix `rulebook lint --fix` would make in `file`, as one set of edits (an editor's fix-all on save), or null when none. */
  fixAll(file: string): FixAll | null {
    return fixAllInFile(this.diagnostics(), file);
  }

  /**
   * The renumberings to offer at `range` (on a numbered heading or rule: its section, the section it stands in, the
   * whole book), each only when it would change something; `renumber(offer.section)` plans the one chosen again.
   */
  renumberActions(file: string, range: EditorRange): RenumberOffer[] {
    return renumberOffers(this.analyse().linked, file, range, this.source());
  }

  /** The skills of skill tables (name, cost, prerequisites): what only the model can tell a colouring. */
  semanticTokens(file: string): TableToken[] {
    return tableTokensIn(this.analyse().linked, file);
  }

  folding(file: string): FoldingRange[] {
    return foldingRanges(this.analyse().linked, file);
  }

  // ── The app's panels ───────────────────────────────────────────────────────────────────────────────

  /** Outline, skills table, prerequisite graph and counts. */
  summary(): RulebookSummary {
    return summarise(this.analyse().linked);
  }

  /** A character file checked against the book as it is now, with the options of the selected character (the Characters panel). */
  characterFile(file: string, text: string, select: CharacterSelection | null): CharacterFileView {
    return viewCharacterFile(this.analyse().linked, file, text, select);
  }

  /** The working copy compared with an older version (kept parsed while it stays the same), each read as analyse reads it. */
  compare(older: OlderTexts): ChangesView {
    return compareWorkingCopy(this.older.get(older), older.label, this.analyse().linked, { old: readableSource({ manifest: older.manifest, files: older.files }), new: readableSource(this.source()) });
  }
}

/** The text of 1-based line `line` without its line break, or null past the end. */
function lineAt(text: string, line: number): string | null {
  let start = 0;
  for (let n = 1; n < line; n++) {
    const next = text.indexOf('\n', start);
    if (next === -1) return null;
    start = next + 1;
  }
  const end = text.indexOf('\n', start);
  return text.slice(start, end === -1 ? text.length : end).replace(/\r$/, '');
}
