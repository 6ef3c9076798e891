/**
 * Moves model nodes of an earlier parse, in place, to where their unchanged text now sits after an edit
 * before them: every position moves by the same number of characters and lines, and so do the ids and
 * scope keys built from offsets ("rules.md#1234"). Columns stay: the text moved starts at a line start.
 *
 * In place, because it is what makes a keystroke cheap: building new nodes for the rest of a 1 MB book
 * costs as much as assembling them again, and most of a re-parse. The earlier model is changed by it,
 * so only a ParseCache created with `{ inPlace: true }` does this, for a caller that keeps no older model.
 *
 * Only what lies at or after `from` (an offset in the earlier text) moves: the nodes taken over may name
 * a section still open before it (a rule's section, a skill's heading-wide prerequisites), which stays.
 */
import type { Anchor, LatexCommand, Link, LintControl, ParseDiagnostic, Position, PrerequisiteList, Reference, Rule, RuleNumber, Section, Skill, SourceRange } from '../model/types.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export class Mover {
  private readonly idPrefix: string;
  /** Section-wide prerequisite lists are one object shared by every skill under the heading: move each once. */
  private readonly movedLists = new Set<PrerequisiteList>();

  constructor(
    file: string,
    /** How far the text after the edit moved. */
    readonly offsets: number,
    private readonly lines: number,
    private readonly from = 0,
    /** Where the earlier text first differs: offsets from here to `from` name text the edit changed. */
    private readonly changedFrom = from,
  ) {
    this.idPrefix = `${file}#`;
  }

  /** An offset of the earlier text, where it is now. */
  offset(value: number): number {
    return value >= this.from ? value + this.offsets : value;
  }

  /** Whether an offset of the earlier text names text the edit kept (before the change, or after it). */
  keeps(value: number): boolean {
    return value < this.changedFrom || value >= this.from;
  }

  private position(p: Position): void {
    if (p.offset < this.from) return;
    const m = p as Mutable<Position>;
    m.offset += this.offsets;
    m.line += this.lines;
  }

  range(r: SourceRange): void {
    this.position(r.start);
    this.position(r.end);
  }


  /** "rules.md#1234", or a local rule's key "rules.md#1234:2.a" → the same with the offset moved. */
  id(value: string): string {
    const prefix = this.idPrefix;
    if (this.offsets === 0 || !value.startsWith(prefix)) return value;
    let end = prefix.length;
    let n = 0;
    for (let c = value.charCodeAt(end); c >= 48 && c <= 57; c = value.charCodeAt(++end)) n = n * 10 + (c - 48);
    if (end === prefix.length) return value; // "rules.md#file": the file's own scope
    if (n < this.from) return value;
    return end === value.length ? prefix + (n + this.offsets) : prefix + (n + this.offsets) + value.slice(end);
  }

  /**
   * A node's own id, "rules.md#1234" where 1234 is `start`, the offset its id is built from (the start of its range,
   * or of its number for a local rule), read before it moves: built from the offset, not read back from the string.
   */
  private ownId(value: string, start: number): string {
    if (start < this.from || this.offsets === 0) return value;
    // An id of another shape (never made by the assembler) is read the long way.
    const length = value.length - this.idPrefix.length;
    if (length < 1 || length >= POWERS.length || start >= POWERS[length] || (length > 1 && start < POWERS[length - 1])) return this.id(value);
    return this.idPrefix + (start + this.offsets);
  }

  /** A section's id named by another node (its section, parent or subsection). */
  sectionId(value: string): string {
    // Nodes one after another mostly name the same section, by the same string.
    if (value === this.lastSection) return this.lastMoved;
    const moved = this.id(value);
    this.lastSection = value;
    this.lastMoved = moved;
    return moved;
  }

  private lastSection = '';
  private lastMoved = '';

  /** A section-wide prerequisite list (shared by the skills under its heading), once. */
  list(list: PrerequisiteList): void {
    if (this.movedLists.has(list)) return;
    this.movedLists.add(list);
    this.range(list.range);
    for (const requirement of list.requirements) {
      this.range(requirement.range);
      for (const term of requirement.alternatives) this.range(term.range);
    }
  }

  private number(n: RuleNumber, local: boolean): void {
    // Only a local number's key names a place (its list's section): "rules.md#1234:2.a".
    if (local) (n as Mutable<RuleNumber>).key = this.id(n.key);
    this.range(n.range);
  }

  section(s: Section): void {
    const m = s as Mutable<Section> & { childSectionIds: string[] };
    m.id = this.ownId(s.id, s.headingRange.start.offset);
    if (s.number) this.number(s.number, false);
    this.range(s.headingRange);
    this.range(s.range);
    if (s.parentId !== null) m.parentId = this.sectionId(s.parentId);
    for (let i = 0; i < m.childSectionIds.length; i++) m.childSectionIds[i] = this.sectionId(m.childSectionIds[i]);
  }

  rule(r: Rule): void {
    const m = r as Mutable<Rule>;
    const local = r.scope === 'local';
    m.id = this.ownId(r.id, local ? r.number.range.start.offset : r.range.start.offset);
    this.number(r.number, local);
    this.range(r.range);
    if (r.sectionId !== null) m.sectionId = this.sectionId(r.sectionId);
  }

  /**
   * A node whose own id is built from the start of its range, and that names its section: the id (read before the
   * range moves), the range and the section. The caller moves the node's other ranges.
   */
  private placed(node: Mutable<{ id: string; range: SourceRange; sectionId: string | null }>): void {
    node.id = this.ownId(node.id, node.range.start.offset);
    this.range(node.range);
    if (node.sectionId !== null) node.sectionId = this.sectionId(node.sectionId);
  }

  skill(s: Skill): void {
    this.placed(s as Mutable<Skill>);
    this.range(s.nameRange);
    if (s.costRange) this.range(s.costRange);
    for (const list of s.prerequisites) this.list(list);
    for (const field of s.fields) {
      this.range(field.range);
      this.range(field.valueRange);
    }
  }

  reference(r: Reference): void {
    this.placed(r as Mutable<Reference>);
    this.range(r.targetRange);
  }

  link(l: Link): void {
    this.placed(l as Mutable<Link>);
    this.range(l.hrefRange);
  }

  anchor(a: Anchor): void {
    this.range(a.range);
    if (a.sectionId !== null) (a as Mutable<Anchor>).sectionId = this.sectionId(a.sectionId);
  }

  /** A node that is only its place: a cost mention, a literal bold pair. */
  placeOnly(c: { readonly range: SourceRange }): void {
    this.range(c.range);
  }

  /** A LaTeX command: its place and what removing it takes away. */
  latexCommand(l: LatexCommand): void {
    this.range(l.range);
    this.range(l.removal);
  }

  lintControl(c: LintControl): void {
    this.range(c.range);
    if (c.target) this.range(c.target);
  }

  diagnostic(d: ParseDiagnostic): void {
    this.range(d.range);
  }
}

/** 10^n: a number of n digits is below POWERS[n] and, past one digit, at least POWERS[n - 1]. */
const POWERS = Array.from({ length: 16 }, (_, n) => 10 ** n);
