/**
 * Gives one file's chunk records their context: the heading tree, categories, heading skills,
 * section-wide prerequisites and local numbering, with offsets turned into positions.
 */
import type {
  CostMention,
  Field,
  LintControl,
  PrerequisiteList,
  Reference,
  Rule,
  RulebookConfig,
  Section,
  Skill,
  SourceRange,
} from '../model/types.js';
import type { ChunkRecord, FieldRecord, HeadingRecord, PrerequisiteRecord, SkillRecord } from './extract.js';
import type { Locator } from './locator.js';
import type { StringMemo } from './memo.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Where one file's nodes are collected. */
export interface Collected {
  readonly sections: Section[];
  readonly rules: Rule[];
  readonly skills: Skill[];
  readonly references: Reference[];
  readonly costMentions: CostMention[];
  readonly lintControls: LintControl[];
}

interface OpenSection {
  readonly section: Mutable<Section> & { childSectionIds: string[] };
  /** Section-wide `Prerequisites:` lines. */
  readonly prerequisites: PrerequisiteList[];
  /** Whether a skill or rule has been read under this heading (a section-wide line must come before any). */
  entrySeen: boolean;
  lastEnd: number;
}

interface OpenHeadingSkill {
  readonly heading: HeadingRecord;
  readonly name: string;
  readonly nameStart: number;
  costText: string | null;
  costStart: number;
  costEnd: number;
  readonly fields: FieldRecord[];
  readonly prerequisites: PrerequisiteRecord[];
  readonly text: string[];
  readonly sectionIndex: number;
  end: number;
}

const COST_IN_TITLE = /\(([^()]*)\)\s*$/;
const PREREQUISITE_LABEL = /^(?:prerequisites?|requires|requirements?)$/i;

export class FileAssembler {
  private readonly stack: OpenSection[] = [];
  private headingSkill: OpenHeadingSkill | null = null;
  private blocksSinceHeading = Number.POSITIVE_INFINITY;
  private pendingIgnores: Array<Mutable<LintControl>> = [];
  private readonly conditions: ReadonlySet<string>;

  /** Section-wide prerequisites of the open sections, built again only when the heading stack changes. */
  private inherited: PrerequisiteList[] | null = null;
  private categories: { category: string | null; categoryPath: string[] } | null = null;

  constructor(
    private readonly locator: Locator,
    private readonly config: RulebookConfig,
    private readonly out: Collected,
    private readonly memo: StringMemo,
  ) {
    this.conditions = new Set(config.conditions.map((c) => memo.nameKey(c)));
  }

  private get file(): string {
    return this.locator.file;
  }

  private range(start: number, end: number): SourceRange {
    return this.locator.range(start, end);
  }

  private get current(): OpenSection | undefined {
    return this.stack[this.stack.length - 1];
  }

  /** Feeds the records of one chunk whose text starts at `base` in the file. */
  add(records: readonly ChunkRecord[], base: number): void {
    for (const record of records) this.addRecord(record, base);
  }

  private addRecord(record: ChunkRecord, base: number): void {
    const start = record.start + base;
    const end = record.end + base;
    switch (record.t) {
      case 'block':
        this.blocksSinceHeading++;
        if (record.type !== 'heading' && record.type !== 'html' && this.current) this.current.section.hasContent = true;
        if (record.type !== 'heading') for (const open of this.stack) open.lastEnd = Math.max(open.lastEnd, end);
        if (this.headingSkill && record.type !== 'heading') this.headingSkill.end = end;
        if (this.pendingIgnores.length > 0) {
          for (const control of this.pendingIgnores) control.target = this.range(start, end);
          this.pendingIgnores = [];
        }
        return;
      case 'heading':
        this.openHeading(record, base);
        return;
      case 'fields':
        this.addFields(record.fields, record.top, base, end);
        return;
      case 'paragraph':
        if (this.headingSkill && record.top) this.headingSkill.text.push(record.text);
        return;
      case 'rule':
        this.markEntry();
        this.out.rules.push({
          kind: 'rule',
          id: `${this.file}#${start}`,
          number: {
            key: record.number.key,
            text: record.number.text,
            segments: record.number.segments,
            prefix: null,
            range: this.range(record.rawStart + base + record.number.start, record.rawStart + base + record.number.end),
          },
          scope: 'global',
          text: record.text,
          range: this.range(start, end),
          sectionId: this.current?.section.id ?? null,
        });
        return;
      case 'local-rule': {
        const scope = this.current?.section.id ?? `${this.file}#file`;
        this.out.rules.push({
          kind: 'rule',
          id: `${this.file}#${record.numberStart + base}`,
          number: {
            key: `${scope}:${record.key}`,
            text: record.numberText,
            segments: record.segments,
            prefix: null,
            range: this.range(record.numberStart + base, record.numberEnd + base),
          },
          scope: 'local',
          text: record.text,
          range: this.range(start, end),
          sectionId: this.current?.section.id ?? null,
        });
        return;
      }
      case 'skill': {
        // "- **Name** (see below)": parentheses that hold no cost make no skill.
        if (record.form === 'list' && record.costText !== null && !this.memo.cost(record.costText, this.config.costUnits, true)) return;
        this.out.skills.push(this.listOrTableSkill(record, base));
        this.markEntry();
        return;
      }
      case 'reference': {
        const ref = record.ref;
        this.out.references.push({
          kind: ref.kind,
          id: `${this.file}#${start}`,
          text: ref.text,
          targetText: ref.targetText,
          target: ref.target,
          targetEnd: ref.targetEnd,
          keyword: ref.keyword,
          targetRange: this.range(ref.targetStart + base, ref.targetEnd_ + base),
          range: this.range(start, end),
          sectionId: this.current?.section.id ?? null,
        });
        return;
      }
      case 'cost-mention': {
        const cost = this.memo.cost(record.costText, this.config.costUnits, true);
        if (!cost || cost.cost === null) return;
        this.out.costMentions.push({ name: record.name, key: this.memo.nameKey(record.name), cost: cost.cost, costText: record.costText, range: this.range(start, end) });
        return;
      }
      case 'lint-control': {
        const control: Mutable<LintControl> = { kind: record.kind, ruleIds: record.ruleIds, range: this.range(start, end), target: null };
        this.out.lintControls.push(control);
        if (record.kind === 'ignore') this.pendingIgnores.push(control);
        return;
      }
    }
  }

  private markEntry(): void {
    for (const open of this.stack) open.entrySeen = true;
  }

  private openHeading(record: HeadingRecord, base: number): void {
    const start = record.start + base;
    this.closeHeadingSkill();
    while (this.stack.length > 0 && this.current!.section.depth >= record.depth) this.closeSection();
    const parent = this.current;
    const number = record.number;
    const rawStart = record.rawStart + base;
    const title = this.memo.plainText(number ? record.raw.slice(number.restStart) : record.raw);
    const section: OpenSection['section'] = {
      kind: 'section',
      id: `${this.file}#${start}`,
      depth: record.depth,
      number: number
        ? { key: number.key, text: number.text, segments: number.segments, prefix: number.prefix, range: this.range(rawStart + number.start, rawStart + number.end) }
        : null,
      title,
      headingRange: this.range(start, record.end + base),
      range: this.range(start, record.end + base),
      parentId: parent?.section.id ?? null,
      childSectionIds: [],
      hasContent: false,
      isEmpty: true,
    };
    parent?.section.childSectionIds.push(section.id);
    this.out.sections.push(section);
    this.stack.push({ section, prerequisites: [], entrySeen: false, lastEnd: record.end + base });
    this.inherited = null;
    this.categories = null;
    this.blocksSinceHeading = 0;
    // "### Fireball (20 XP)": a heading whose title ends with a cost is a skill.
    const titleRaw = number ? record.raw.slice(number.restStart) : record.raw;
    const cost = COST_IN_TITLE.exec(titleRaw);
    if (cost && this.memo.cost(cost[1], this.config.costUnits, true)) {
      const titleStart = rawStart + (number ? number.restStart : 0);
      const costStart = titleStart + cost.index + 1;
      const name = this.memo.plainText(titleRaw.slice(0, cost.index));
      this.headingSkill = this.newHeadingSkill(record, name, titleStart + titleRaw.indexOf(name.charAt(0)));
      this.headingSkill.costText = cost[1].trim();
      this.headingSkill.costStart = costStart + (cost[1].length - cost[1].trimStart().length);
      this.headingSkill.costEnd = costStart + cost[1].trimEnd().length;
    }
  }

  private newHeadingSkill(heading: HeadingRecord, name: string, nameStart: number): OpenHeadingSkill {
    return {
      heading,
      name,
      nameStart,
      costText: null,
      costStart: -1,
      costEnd: -1,
      fields: [],
      prerequisites: [],
      text: [],
      sectionIndex: this.stack.length - 1,
      end: heading.end,
    };
  }

  private addFields(fields: readonly FieldRecord[], top: boolean, base: number, end: number): void {
    const shifted = fields.map((f) => shiftField(f, base));
    const first = this.blocksSinceHeading === 1 && top;
    const hasCost = shifted.some((f) => /^cost$/i.test(f.name));
    const heading = this.current;
    if (first && !this.headingSkill && hasCost && heading) {
      // "### Familiar" then "Cost: 3 / Range: … / Effect:": the heading names a skill.
      const record = this.lastHeadingRecord(heading);
      this.headingSkill = this.newHeadingSkill(record, heading.section.title, heading.section.headingRange.end.offset - heading.section.title.length);
    }
    if (this.headingSkill && top) {
      for (const field of shifted) {
        if (PREREQUISITE_LABEL.test(field.name)) this.headingSkill.prerequisites.push({ origin: 'line', raw: field.value, start: field.valueStart, end: field.valueEnd });
        else if (/^cost$/i.test(field.name) && this.headingSkill.costText === null) {
          this.headingSkill.costText = field.value || null;
          this.headingSkill.costStart = field.valueStart;
          this.headingSkill.costEnd = field.valueEnd;
          this.headingSkill.fields.push(field);
        } else this.headingSkill.fields.push(field);
      }
      this.headingSkill.end = Math.max(this.headingSkill.end, end);
      return;
    }
    if (top && heading && !heading.entrySeen && shifted.every((f) => PREREQUISITE_LABEL.test(f.name))) {
      // "## Ritual Magic Spells" then "Prerequisites: Ritual Magic": applies to every skill below.
      for (const field of shifted) heading.prerequisites.push(this.prerequisiteList({ origin: 'line', raw: field.value, start: field.valueStart, end: field.valueEnd }, 'section'));
      this.inherited = null;
    }
  }

  private lastHeadingRecord(open: OpenSection): HeadingRecord {
    const section = open.section;
    return {
      t: 'heading',
      depth: section.depth,
      raw: section.title,
      rawStart: section.headingRange.start.offset,
      number: null,
      start: section.headingRange.start.offset,
      end: section.headingRange.end.offset,
    };
  }

  private prerequisiteList(record: PrerequisiteRecord, origin: PrerequisiteList['origin']): PrerequisiteList {
    const requirements = this.memo.prerequisites(record.raw, this.conditions).map((r) => ({
      alternatives: r.alternatives.map((a) => ({ text: a.text, key: a.key, kind: a.kind, range: this.range(record.start + a.start, record.start + a.end) })),
      range: this.range(record.start + r.start, record.start + r.end),
    }));
    return { origin, raw: record.raw, requirements, range: this.range(record.start, record.end) };
  }

  private sectionPrerequisites(): PrerequisiteList[] {
    this.inherited ??= this.stack.flatMap((open) => open.prerequisites);
    return this.inherited;
  }

  private category(): { category: string | null; categoryPath: string[] } {
    // Shared by every skill under the same headings, built again only when the heading stack changes.
    if (!this.categories) {
      const categoryPath = this.stack.map((open) => open.section.title).filter(Boolean);
      this.categories = { category: categoryPath[categoryPath.length - 1] ?? null, categoryPath };
    }
    return this.categories;
  }

  private field(record: FieldRecord): Field {
    return {
      name: record.name,
      value: record.value,
      range: this.range(record.start, record.end),
      valueRange: this.range(record.valueStart, record.valueEnd),
    };
  }

  private listOrTableSkill(record: SkillRecord, base: number): Skill {
    const cost = record.costText === null ? null : this.memo.cost(record.costText, this.config.costUnits, record.form === 'list');
    const prerequisites = [
      ...record.prerequisites.map((p) => this.prerequisiteList(shiftPrerequisite(p, base), p.origin)),
      ...this.sectionPrerequisites(),
    ];
    return {
      kind: 'skill',
      id: `${this.file}#${record.start + base}`,
      name: record.name,
      key: this.memo.nameKey(record.name),
      nameRange: this.range(record.nameStart + base, record.nameEnd + base),
      form: record.form,
      cost: cost?.cost ?? null,
      costText: cost && cost.cost !== null ? record.costText : null,
      costUnit: cost?.unit ?? null,
      costRange: record.costText === null ? null : this.range(record.costStart + base, record.costEnd + base),
      prerequisites,
      fields: record.fields.map((f) => this.field(shiftField(f, base))),
      text: record.text,
      ...this.category(),
      sectionId: this.current?.section.id ?? null,
      range: this.range(record.start + base, record.end + base),
    };
  }

  private closeHeadingSkill(): void {
    const open = this.headingSkill;
    if (!open) return;
    this.headingSkill = null;
    const cost = open.costText === null ? null : this.memo.cost(open.costText, this.config.costUnits, false);
    // The skill's category is the heading above its own heading.
    const path = this.stack.slice(0, open.sectionIndex).map((o) => o.section.title).filter(Boolean);
    const section = this.stack[open.sectionIndex]?.section;
    const nameStart = open.nameStart;
    const prerequisites = [
      ...open.prerequisites.map((p) => this.prerequisiteList(p, 'line')),
      ...this.stack.slice(0, open.sectionIndex).flatMap((o) => o.prerequisites),
    ];
    this.out.skills.push({
      kind: 'skill',
      id: `${this.file}#${open.heading.start}`,
      name: open.name,
      key: this.memo.nameKey(open.name),
      nameRange: this.range(nameStart, nameStart + open.name.length),
      form: 'heading',
      cost: cost?.cost ?? null,
      costText: cost && cost.cost !== null ? open.costText : null,
      costUnit: cost?.unit ?? null,
      costRange: open.costStart < 0 ? null : this.range(open.costStart, open.costEnd),
      prerequisites,
      fields: open.fields.map((f) => this.field(f)),
      text: open.text.join(' '),
      category: path[path.length - 1] ?? null,
      categoryPath: path,
      sectionId: section?.id ?? null,
      range: this.range(open.heading.start, open.end),
    });
  }

  private closeSection(): void {
    const open = this.stack.pop()!;
    this.inherited = null;
    this.categories = null;
    const section = open.section;
    section.range = this.range(section.headingRange.start.offset, open.lastEnd);
    section.isEmpty = !section.hasContent && section.childSectionIds.length === 0;
    const parent = this.current;
    if (parent) parent.lastEnd = Math.max(parent.lastEnd, open.lastEnd);
  }

  /**
   * At a chapter heading: closes every open section and heading skill, as the heading itself would. Returns
   * whether nothing is left waiting (an `ignore` whose block is yet to come), so that all before is final.
   */
  closeAll(): boolean {
    this.finish();
    return this.pendingIgnores.length === 0;
  }

  /** Closes everything still open at the end of the file. */
  finish(): void {
    this.closeHeadingSkill();
    while (this.stack.length > 0) this.closeSection();
  }
}

function shiftField(field: FieldRecord, base: number): FieldRecord {
  if (base === 0) return field;
  return { ...field, start: field.start + base, end: field.end + base, valueStart: field.valueStart + base, valueEnd: field.valueEnd + base };
}

function shiftPrerequisite(record: PrerequisiteRecord, base: number): PrerequisiteRecord {
  return base === 0 ? record : { ...record, start: record.start + base, end: record.end + base };
}
