/**
 * Moves model nodes of an earlier parse, in place, to where their unchanged text now sits after an edit
 * before them: every position moves by the same number of characters and lines, and so do the ids and
 * scope keys built from offsets ("rules.md#1234"). Columns stay: the text moved starts at a line start.
 *
 * In place, because it is what makes a keystroke cheap: building new nodes for the rest of a 1 MB book
 * costs as much as assembling them again, and most of a re-parse. The earlier model is changed by it,
 * so only a ParseCache created with `{ inPlace: true }` does this, for a caller that keeps no older model.
 */
import type { Anchor, Link, LintControl, ParseDiagnostic, Position, PrerequisiteList, Reference, Rule, RuleNumber, Section, Skill, SourceRange } from '../model/types.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export class Mover {
  private readonly idPrefix: string;
  /** Section-wide prerequisite lists are one object shared by every skill under the heading: move each once. */
  private readonly movedLists = new Set<PrerequisiteList>();

  constructor(
    file: string,
    private readonly offsets: number,
    private readonly lines: number,
  ) {
    this.idPrefix = `${file}#`;
  }

  private position(p: Position): void {
    const m = p as Mutable<Position>;
    m.offset += this.offsets;
    m.line += this.lines;
  }

  private range(r: SourceRange): void {
    this.position(r.start);
    this.position(r.end);
  }

  /** "rules.md#1234", or a local rule's key "rules.md#1234:2.a" → the same with the offset moved. */
  private id(value: string): string {
    const prefix = this.idPrefix;
    if (this.offsets === 0 || !value.startsWith(prefix)) return value;
    let end = prefix.length;
    while (end < value.length && value.charCodeAt(end) >= 48 && value.charCodeAt(end) <= 57) end++;
    if (end === prefix.length) return value; // "rules.md#file": the file's own scope
    return `${prefix}${Number(value.slice(prefix.length, end)) + this.offsets}${value.slice(end)}`;
  }

  private number(n: RuleNumber): void {
    (n as Mutable<RuleNumber>).key = this.id(n.key);
    this.range(n.range);
  }

  section(s: Section): void {
    const m = s as Mutable<Section> & { childSectionIds: string[] };
    m.id = this.id(s.id);
    if (s.number) this.number(s.number);
    this.range(s.headingRange);
    this.range(s.range);
    if (s.parentId !== null) m.parentId = this.id(s.parentId);
    for (let i = 0; i < m.childSectionIds.length; i++) m.childSectionIds[i] = this.id(m.childSectionIds[i]);
  }

  rule(r: Rule): void {
    const m = r as Mutable<Rule>;
    m.id = this.id(r.id);
    this.number(r.number);
    this.range(r.range);
    if (r.sectionId !== null) m.sectionId = this.id(r.sectionId);
  }

  skill(s: Skill): void {
    const m = s as Mutable<Skill>;
    m.id = this.id(s.id);
    this.range(s.nameRange);
    if (s.costRange) this.range(s.costRange);
    for (const list of s.prerequisites) {
      if (this.movedLists.has(list)) continue;
      this.movedLists.add(list);
      this.range(list.range);
      for (const requirement of list.requirements) {
        this.range(requirement.range);
        for (const term of requirement.alternatives) this.range(term.range);
      }
    }
    for (const field of s.fields) {
      this.range(field.range);
      this.range(field.valueRange);
    }
    if (s.sectionId !== null) m.sectionId = this.id(s.sectionId);
    this.range(s.range);
  }

  reference(r: Reference): void {
    const m = r as Mutable<Reference>;
    m.id = this.id(r.id);
    this.range(r.targetRange);
    this.range(r.range);
    if (r.sectionId !== null) m.sectionId = this.id(r.sectionId);
  }

  link(l: Link): void {
    const m = l as Mutable<Link>;
    m.id = this.id(l.id);
    this.range(l.range);
    this.range(l.hrefRange);
    if (l.sectionId !== null) m.sectionId = this.id(l.sectionId);
  }

  anchor(a: Anchor): void {
    this.range(a.range);
    if (a.sectionId !== null) (a as Mutable<Anchor>).sectionId = this.id(a.sectionId);
  }

  costMention(c: { readonly range: SourceRange }): void {
    this.range(c.range);
  }

  lintControl(c: LintControl): void {
    this.range(c.range);
    if (c.target) this.range(c.target);
  }

  diagnostic(d: ParseDiagnostic): void {
    this.range(d.range);
  }
}
