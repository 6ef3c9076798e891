/**
 * Gives one file's chunk records their context: the heading tree, categories, heading skills,
 * section-wide prerequisites and local numbering, with offsets turned into positions.
 */
import type {
  ClassCost,
  CostDetail,
  Field,
  Link,
  LintControl,
  PrerequisiteList,
  Reference,
  Rule,
  RuleNumber,
  Rulebook,
  RulebookConfig,
  Section,
  Skill,
  SourceRange,
} from '../model/types.js';
import type { NodeKind } from '../model/change.js';
import type { ChunkRecord, FieldRecord, HeadingRecord, PrerequisiteRecord, SkillRecord } from './extract.js';
import { otherCurrency, unitNamed } from './costs.js';
import { headingPrice } from './heading-price.js';
import { numberKey } from './numbers.js';
import { GRANTED_OR_GROUP, isAttributeFormula, isTierOfEntry, kindAfterName, namesNoEntry, namesOwnKind, namesSkillKind, SUMMARY_TITLE, tierRange, tiersOfLabel, TIERS_IN_TITLE, TYPE_TAG } from './titles.js';
import { sameItems } from '../model/same-items.js';
import { escapeRegExp } from './regexp.js';
import { titleKeys, titleListed, type TitleKey } from './keys.js';
import type { Locator } from './locator.js';
import type { StringMemo } from './memo.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Where one file's nodes are collected. */
export type Collected = { readonly [K in NodeKind]: Mutable<Rulebook[K]> };

interface OpenSection {
  readonly section: Mutable<Section> & { childSectionIds: string[] };
  /** Its index among the file's sections. */
  readonly index: number;
  /** Section-wide `Prerequisites:` lines. */
  readonly prerequisites: PrerequisiteList[];
  /** Whether a skill or rule has been read under this heading (a section-wide line must come before any). */
  entrySeen: boolean;
  lastEnd: number;
  /** Whether the layout says this section's numbers are no rules (a change history), itself or through a parent. */
  readonly notRules: boolean;
  /** Whether skills may be read here: the layout's `skills.sections`, when it names any. */
  readonly holdsSkills: boolean;
  /** The heading as a skill's name, tiers taken off ("Lethal Strike (I - III)" → "Lethal Strike", I–III). */
  readonly skillName: { readonly name: string; readonly nameStart: number; readonly tiers: readonly string[]; readonly tagged: boolean };
  /** Top-level paragraphs since the heading, while no field line has come: a skill's description may open it. */
  readonly leadText: string[];
}

/**
 * An open section as it stood between two chunks: what reading on from there needs of it. Places in it are kept
 * relative (the end of its last block to the chunk's start, the heading's name to the heading): when the text
 * before them grows or shrinks they move with what they are relative to, and the state stays as it is.
 */
export interface OpenState {
  readonly section: Section;
  readonly index: number;
  readonly childCount: number;
  readonly hasContent: boolean;
  readonly prerequisites: readonly PrerequisiteList[];
  readonly entrySeen: boolean;
  /** How far before the chunk's start its last block ended. */
  readonly lastEndBack: number;
  readonly notRules: boolean;
  readonly holdsSkills: boolean;
  /** The heading as a skill's name (its `nameStart` not read: `nameAfterHeading` says where the name is). */
  readonly skillName: OpenSection['skillName'];
  readonly nameAfterHeading: number;
  readonly leadText: readonly string[];
}

/** The assembler between two chunks, when nothing is half-read: the open sections and how far their headings are. */
export interface AssemblerState {
  readonly open: readonly OpenState[];
  /** Blocks since the last heading, counted up to BLOCKS_COUNTED: nothing looks further. */
  readonly blocksSinceHeading: number;
  /** Where the numbered list that restarted the heading's count starts, back from `base`; null while it runs on. */
  readonly localRunBack: number | null;
  /** Whether the heading has had a numbered list item yet. */
  readonly localSeen: boolean;
}

/** What an open section became when its earlier parse closed it. */
export interface FinalSection {
  readonly childSectionIds: readonly string[];
  readonly hasContent: boolean;
  readonly end: number;
}

interface OpenHeadingSkill {
  /** Where its heading starts in the file (the skill's id and the start of its range). */
  readonly start: number;
  /**
   * Its place among the book's skills: list skills written under it (its options, `- **Parry** (2 CP)`) are read
   * before it closes, and come after it, as in the text. No checkpoint is saved while it is open, so the place holds.
   */
  readonly slot: number;
  readonly name: string;
  readonly nameStart: number;
  costText: string | null;
  costStart: number;
  costEnd: number;
  readonly fields: FieldRecord[];
  readonly prerequisites: PrerequisiteRecord[];
  readonly text: string[];
  readonly sectionIndex: number;
  readonly tiers: readonly string[];
  /** A `**Prerequisites:**` line with no value was read: the list after it holds them ("- **Tier 1:** Agility 1"). */
  awaitingList: boolean;
  inPrerequisiteList: boolean;
  /** In that list, the tiers the last label named ("- **Tier 1:**" over "- Agility 6"): the items under it are theirs. */
  listTiers: readonly string[] | undefined;
  /** Where in `fields` a label with no value was the last line read ("**Skill Uses:**"): the list after it is its value. */
  awaitingValue: number | null;
  /** Opened on fields that only describe (no cost, prerequisite or tag): an entry that turns out to have skills is none. */
  describedOnly: boolean;
  /** A "**Skills**:" line or a table of skills was read under it: it has skills (an NPC's tier, a profession). */
  hasSkills: boolean;
  end: number;
}

/** A heading's price for the table rows under it, as the assembler reads it (offsets the file's). */
interface HeadingPriceRead {
  /** What the heading names before its price: "Tier 1" of "Tier 1 — 5 CP each". */
  readonly name: string;
  readonly costText: string;
  readonly costStart: number;
  readonly costEnd: number;
  readonly condition: FieldRecord | null;
}

const COST_IN_TITLE = /\(([^()]*)\)\s*$/;
/** An amount and the word it counts, as a price is written: "25 cr", "5,000 credits", "2 Tech". */
const AMOUNT_AND_WORD = /^\s*\d[\d,.]*\s+\p{L}/u;
/** How many description paragraphs may come between a skill's heading and its first field line. */
export const LEAD_PARAGRAPHS = 2;
/** A paragraph that opens with a bold name alone on its line ("**Covering Fire**", then the talent's text). */
const BOLD_NAME_LINE = /^(?:\*\*|__)[^*_\n]{1,80}(?:\*\*|__)[ \t]*\n/;
/** blocksSinceHeading is compared with 1, LEAD_PARAGRAPHS and LEAD_PARAGRAPHS + 1 only: larger counts are alike. */
const BLOCKS_COUNTED = LEAD_PARAGRAPHS + 2;
/** The label of the line that lists what skills an entry has ("**Skills**: One Fair (+2)"). */
const HAS_SKILLS_LABEL = /^skills$/i;
const NONE: readonly never[] = [];

/**
 * Whether an open section read again is the earlier parse's `then`, read from the same heading at the same place:
 * then the nodes after it that name it (by id, which comes from the place) and its final state are that one's.
 * Its heading-wide prerequisites are new lists, so only a section without any qualifies.
 */
function twins(now: OpenSection, then: OpenState, mover: { offset(value: number): number; keeps(value: number): boolean }): boolean {
  const a = now.section;
  const b = then.section;
  const at = b.headingRange.start.offset;
  if (!mover.keeps(at) || a.headingRange.start.offset !== mover.offset(at) || a.depth !== b.depth || a.title !== b.title || a.slug !== b.slug) return false;
  if (a.number !== b.number && (!a.number || !b.number || a.number.key !== b.number.key || a.number.text !== b.number.text || a.number.prefix !== b.number.prefix)) return false;
  if (now.notRules !== then.notRules || now.holdsSkills !== then.holdsSkills || now.prerequisites.length > 0 || then.prerequisites.length > 0) return false;
  const x = now.skillName;
  const y = then.skillName;
  return x.name === y.name && x.tagged === y.tagged && sameItems(x.tiers, y.tiers) && x.nameStart - a.headingRange.start.offset === then.nameAfterHeading;
}

export class FileAssembler {
  private readonly stack: OpenSection[] = [];
  private headingSkill: OpenHeadingSkill | null = null;
  private blocksSinceHeading = Number.POSITIVE_INFINITY;
  /**
   * Numbered lists under the current heading: whether one was read yet, and where the one that restarted the count at
   * 1 starts (null while the heading's first count runs on). A list numbered from 1 after another is a count of its
   * own (a monster's lair actions after its attacks); one that starts at 3 goes on with the count before it.
   */
  private localSeen = false;
  private localRun: number | null = null;
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
    /** Where the file's sections start in `out.sections`. */
    private readonly firstSection = 0,
  ) {
    this.conditions = new Set(config.conditions.map((c) => memo.nameKey(c)));
    this.notRuleTitles = new Set(config.layout.numbering.notRules.map((t) => memo.nameKey(t)));
    const keyOf = (title: string) => memo.nameKey(title);
    this.skillSections = titleKeys(config.layout.skills.sections, keyOf);
    const { headings } = config.layout.skills;
    this.allHeadingSections = typeof headings === 'string' ? null : titleKeys(headings, keyOf);
    this.unpricedTableSections = titleKeys(config.layout.skills.tables, keyOf);
    this.ruleLinks = config.layout.references.links.map(linkPattern);
  }

  private readonly notRuleTitles: ReadonlySet<string>;
  /** Titles of the sections that hold skills; one ending in `*` stands for every title it begins ("Abilities*"). */
  private readonly skillSections: readonly TitleKey[];
  /** The sections where every heading at a skill level is a skill (`headings: [titles]`); null for `fields` or `all`. */
  private readonly allHeadingSections: readonly TitleKey[] | null;
  /** The sections whose tables list skills without a price (`tables: [titles]`). */
  private readonly unpricedTableSections: readonly TitleKey[];

  private titleIn(titles: readonly TitleKey[], title: string): boolean {
    return titleListed(titles, this.memo.nameKey(title));
  }

  /** Whether a heading opened now, under the open sections, is a skill by its title alone (`headings: all` or its sections). */
  private get allHeadingsHere(): boolean {
    const sections = this.allHeadingSections;
    if (sections === null) return this.config.layout.skills.headings === 'all';
    return this.stack.some((open) => this.titleIn(sections, open.section.title));
  }

  /** Whether a table here with a name column and no cost column lists skills unpriced (`tables: [titles]`). */
  private get unpricedTablesHere(): boolean {
    const sections = this.unpricedTableSections;
    return sections.length > 0 && this.stack.some((open) => this.titleIn(sections, open.section.title));
  }
  private readonly ruleLinks: readonly RegExp[];

  /** Whether skills may be read where the reader stands now. */
  private get holdsSkills(): boolean {
    return this.current?.holdsSkills ?? this.skillSections.length === 0;
  }

  private get inNotRules(): boolean {
    return this.current?.notRules ?? false;
  }

  private get file(): string {
    return this.locator.file;
  }

  /** A numbered rule written at `[start, end)` of the file, its number at `[numberStart, numberEnd)`. */
  private addRule(
    id: string,
    scope: Rule['scope'],
    { key, text: numberText, segments }: Pick<RuleNumber, 'key' | 'text' | 'segments'>,
    [numberStart, numberEnd]: readonly [number, number],
    text: string,
    [start, end]: readonly [number, number],
  ): void {
    const number: RuleNumber = { key, text: numberText, segments, prefix: null, range: this.range(numberStart, numberEnd) };
    this.out.rules.push({ kind: 'rule', id, number, scope, text, range: this.range(start, end), sectionId: this.current?.section.id ?? null });
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
        if (this.headingSkill && record.type !== 'heading') {
          this.headingSkill.end = end;
          if (record.listsSkills) this.headingSkill.hasSkills = true;
          // Only top-level blocks report here: the list right after an empty prerequisite line holds them, nothing later.
          this.headingSkill.inPrerequisiteList = record.type === 'list' && this.headingSkill.awaitingList;
          this.headingSkill.listTiers = undefined;
          this.headingSkill.awaitingList = false;
          if (record.type === 'list' && this.headingSkill.awaitingValue !== null) this.fillFromList(this.headingSkill, start, end);
          this.headingSkill.awaitingValue = null;
        }
        if (this.pendingIgnores.length > 0) {
          for (const control of this.pendingIgnores) control.target = this.range(start, end);
          this.pendingIgnores = [];
        }
        return;
      case 'heading':
        this.openHeading(record, base);
        return;
      case 'fields':
        this.addFields(record.fields, record.top, base, end, record.rest);
        return;
      case 'paragraph':
        // "**Covering Fire**" alone on the paragraph's first line, its text under it: an entry, read or not.
        if (record.top && !this.headingSkill && BOLD_NAME_LINE.test(this.locator.text.slice(start, Math.min(end, start + 200)))) this.markEntry();
        // "*Origin Feat*" right under the heading: the entry, named by its kind, is a skill; the line is not its text.
        if (record.top && !this.headingSkill && this.blocksSinceHeading === 1 && this.opensOnItsKind(start, end)) return;
        if (this.headingSkill && record.top) this.headingSkill.text.push(record.text);
        else if (record.top && this.current && this.blocksSinceHeading <= LEAD_PARAGRAPHS) this.current.leadText.push(record.text);
        else if (this.headingSkill?.inPrerequisiteList) {
          this.headingSkill.prerequisites.push({ origin: 'line', raw: this.locator.text.slice(start, end), start, end, tiers: this.headingSkill.listTiers });
        }
        return;
      case 'rule':
        if (this.inNotRules) return;
        this.markEntry();
        const at = record.rawStart + base;
        this.addRule(`${this.file}#${start}`, 'global', record.number, [at + record.number.start, at + record.number.end], record.text, [start, end]);
        return;
      case 'local-rule': {
        if (this.inNotRules) return;
        if (record.within === undefined) {
          if (record.restartsCount && this.localSeen) this.localRun = start;
          this.localSeen = true;
        }
        // A list that counts on its own (nested in an unnumbered item, or numbered from 1 again) has the scope of the
        // item or list it starts at, named as ids are, so that an edit before it moves it alike.
        const own = record.within !== undefined ? record.within + base : this.localRun;
        const scope = own !== null ? `${this.file}#${own}` : (this.current?.section.id ?? `${this.file}#file`);
        const number = { key: `${scope}:${record.key}`, text: record.numberText, segments: record.segments };
        this.addRule(`${this.file}#${record.numberStart + base}`, 'local', number, [record.numberStart + base, record.numberEnd + base], record.text, [start, end]);
        return;
      }
      case 'skill': {
        // "- **Name** (see below)": parentheses that hold no cost make no skill. Nor does a table row priced in a unit the
        // book buys no skill with: "| Tracking Beacon | … | 25 cr |" is gear bought with credits.
        if (record.costText !== null && !this.memo.cost(record.costText, this.config.costUnits, true)) {
          if (record.form !== 'table' || AMOUNT_AND_WORD.test(record.costText)) return;
        }
        if (!this.holdsSkills) return;
        // A row of a table with no cost column is a skill only under a heading that prices it ("Tier 1 — 5 CP each"),
        // or, unpriced, in a section whose tables the layout says list skills so.
        const price = record.withoutCostColumn ? this.headingPrice() : null;
        if (record.withoutCostColumn && !price && !this.unpricedTablesHere) return;
        this.out.skills.push(this.listOrTableSkill(record, base, price));
        this.markEntry();
        return;
      }
      case 'link': {
        const link: Link = {
          id: `${this.file}#${start}`,
          text: record.text,
          href: record.href,
          range: this.range(start, end),
          hrefRange: this.range(record.hrefStart + base, record.hrefEnd + base),
          sectionId: this.current?.section.id ?? null,
          ...(record.image ? { image: true as const } : {}),
          ...(record.wiki ? { wiki: record.wiki } : {}),
        };
        this.out.links.push(link);
        // A picture's source names a file, never a rule; a wiki link's rule numbers are references already.
        if (!link.image && !link.wiki) this.addLinkReference(link);
        return;
      }
      case 'literal-bold':
        this.out.literalBold.push({ range: this.range(start, end), written: record.written, bold: record.bold });
        return;
      case 'glued-emphasis':
        this.out.gluedEmphasis.push({ range: this.range(start, end), written: record.written, before: record.before, after: record.after });
        return;
      case 'latex-command':
        this.out.latexCommands.push({ range: this.range(start, end), written: record.written, removal: this.range(start - record.removeBefore, end + record.removeAfter) });
        return;
      case 'anchor':
        this.out.anchors.push({ name: record.name, range: this.range(start, end), sectionId: this.current?.section.id ?? null, inHeading: record.inHeading });
        return;
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
          ...(ref.after !== undefined ? { after: ref.after } : {}),
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

  /** `[Regulation 2k](regulations:regulation:2k)`: a link whose target the layout says names a rule is a reference to it. */
  private addLinkReference(link: Link): void {
    for (const pattern of this.ruleLinks) {
      const m = pattern.exec(link.href);
      if (!m) continue;
      const target = numberKey(m[1]);
      const at = link.hrefRange.start.offset + m[0].lastIndexOf(m[1]);
      this.out.references.push({
        kind: 'rule',
        id: link.id,
        text: this.locatorText(link.range),
        targetText: m[1],
        target,
        targetEnd: null,
        keyword: 'link',
        targetRange: this.range(at, at + m[1].length),
        // A range of its own: moving the link's after an edit must not move this one twice.
        range: this.range(link.range.start.offset, link.range.end.offset),
        sectionId: link.sectionId,
      });
      return;
    }
  }

  private locatorText(range: SourceRange): string {
    return this.locator.text.slice(range.start.offset, range.end.offset);
  }

  private markEntry(): void {
    for (const open of this.stack) open.entrySeen = true;
  }

  private openHeading(record: HeadingRecord, base: number): void {
    const start = record.start + base;
    // A tier of the skill open above (`##### Adventurer Feat` under a 13th Age talent: what it gains at that tier) is
    // part of the skill, whose text goes on under it.
    const skillAbove = this.headingSkill;
    const tierOfSkill = skillAbove !== null && record.depth > (this.stack[skillAbove.sectionIndex]?.section.depth ?? Infinity) && isTierOfEntry(this.memo.plainText(record.raw));
    if (!tierOfSkill) this.closeHeadingSkill();
    while (this.stack.length > 0 && this.current!.section.depth >= record.depth) this.closeSection();
    const parent = this.current;
    const rawStart = record.rawStart + base;
    const titleKey = this.memo.nameKey(this.memo.plainText(record.number ? record.raw.slice(record.number.restStart) : record.raw));
    const notRules = (parent?.notRules ?? false) || this.notRuleTitles.has(titleKey);
    // In a change history, "## 3.0.6 [2023-04-18]" is a version, not a section number.
    const number = notRules ? null : record.number;
    const titleRaw = number ? record.raw.slice(number.restStart) : record.raw;
    const titleStart = rawStart + (number ? number.restStart : 0);
    const title = this.memo.plainText(titleRaw);
    // "### 1. Escalating Tree Access Cost" under "## Anti-Convergence Mechanics", itself under the chapter's heading:
    // headings numbered 1, 2, 3 under an unnumbered subheading count among themselves, as an ordered list does. A
    // chapter's own numbered headings (under the book's or the file's title, or at the top) stay the book's numbering.
    const ownCount = number !== null && number.segments.length === 1 && number.prefix === null && parent !== undefined && parent.section.number === null && parent.section.parentId !== null;
    const section: OpenSection['section'] = {
      kind: 'section',
      id: `${this.file}#${start}`,
      depth: record.depth,
      number: number
        ? { key: number.key, text: number.text, segments: number.segments, prefix: number.prefix, range: this.range(rawStart + number.start, rawStart + number.end) }
        : null,
      scope: ownCount ? 'local' : 'global',
      title,
      headingRange: this.range(start, record.end + base),
      range: this.range(start, record.end + base),
      parentId: parent?.section.id ?? null,
      childSectionIds: [],
      hasContent: false,
      isEmpty: true,
      slug: record.slug,
    };
    parent?.section.childSectionIds.push(section.id);
    this.out.sections.push(section);
    const holdsSkills = this.skillSections.length === 0 || (parent?.holdsSkills ?? false) || this.titleIn(this.skillSections, title);
    // "Power Attack [General]": a bracketed type after the name is no part of it; nor are tiers ("(I - III)"). At the
    // layout's skill levels, in its skill sections, under a heading named for skills ("Skills Reference"), nor is a
    // kind after a dash or an attribute ("Athletics (MIG)"): elsewhere "Damage Reduction (DR)" is a rule's heading. An
    // attribute formula says so under any heading, in a language whose names for skills we do not know ("運動 (STR+DEX)"
    // under `# スキル`).
    const atSkillLevel = holdsSkills && !notRules && this.config.layout.skills.headingLevels.includes(record.depth);
    const byTitleAlone = atSkillLevel && this.allHeadingsHere;
    const kind = atSkillLevel ? kindAfterName(titleRaw, this.memo.reading) : null;
    // The headings above are asked only of a title that ends with a kind, and only when it is no formula.
    const kinded = kind !== null && (isAttributeFormula(kind[0]) || this.stack.some((open) => namesSkillKind(open.section.title, this.memo.reading)));
    const typeTag = TYPE_TAG.exec(titleRaw) ?? (kinded ? kind : null);
    const untagged = typeTag ? titleRaw.slice(0, typeTag.index) : titleRaw;
    const tiers = TIERS_IN_TITLE.exec(untagged);
    const skillTitle = tiers ? untagged.slice(0, tiers.index) : untagged;
    const bareName = tiers || typeTag ? this.memo.plainText(skillTitle) : title;
    const skillName = { name: bareName, nameStart: titleStart + Math.max(0, skillTitle.indexOf(bareName.charAt(0))), tiers: tiers ? tierRange(tiers[1], tiers[2]) : [], tagged: typeTag !== null };
    this.stack.push({ section, index: this.out.sections.length - 1 - this.firstSection, prerequisites: [], entrySeen: false, lastEnd: record.end + base, notRules, holdsSkills, skillName, leadText: [] });
    this.inherited = null;
    this.categories = null;
    this.blocksSinceHeading = 0;
    this.localSeen = false;
    this.localRun = null;
    if (tierOfSkill) return;
    // "### Fireball (20 XP)": a heading whose title ends with a cost is a skill.
    const cost = COST_IN_TITLE.exec(titleRaw);
    const read = cost && holdsSkills && this.levelHoldsSkills(record.depth) ? this.memo.cost(cost[1], this.config.costUnits, true) : null;
    // A price in a title has an amount, or a unit with a detail ("(X SP)"): "### Золото (Gold)", a unit with no amount,
    // is a translation's original name, and "#### Find (X)", a variable word alone, names a family of spells (X
    // standing for what each finds).
    const priced = read && (read.cost !== null || (read.unit !== null && read.detail)) ? read : null;
    // "#### Actions (3 actions per turn)" over a monster's actions names what the unit counts, not a skill bought with it.
    const name = cost && priced ? this.memo.plainText(titleRaw.slice(0, cost.index)) : '';
    if (cost && priced && !(priced.unit !== null && unitNamed(name.trim(), [priced.unit]) !== null)) {
      const costStart = titleStart + cost.index + 1;
      this.headingSkill = this.newHeadingSkill(start, record.end + base, name, titleStart + titleRaw.indexOf(name.charAt(0)));
      this.headingSkill.costText = cost[1].trim();
      this.headingSkill.costStart = costStart + (cost[1].length - cost[1].trimStart().length);
      this.headingSkill.costEnd = costStart + cost[1].trimEnd().length;
    } else if (atSkillLevel && (typeTag || (byTitleAlone && !namesNoEntry(title, this.memo.reading)))) {
      // "# Acute Vision [>](…) *Feat 6*" at the level the layout names for skills: a feat with nothing to buy it by but
      // its kind, named as such, is one all the same (Pathfinder's feats without prerequisites; the fields that follow
      // are its own). Without that setting a type alone names nothing: "## Hammer [Weapon]" may be gear. Where the
      // layout says every heading there is a skill (`headings: all`, or its sections), a title is enough: Blades in the
      // Dark's `### Battleborn` under `## Special abilities`, its text alone.
      this.headingSkill = this.newHeadingSkill(start, record.end + base, skillName.name, skillName.nameStart, skillName.tiers);
    }
  }

  /** Opens the heading's skill when the block under it is its kind alone (namesOwnKind), where the layout puts skills. */
  private opensOnItsKind(start: number, end: number): boolean {
    const heading = this.current;
    if (!heading || !heading.holdsSkills || heading.notRules || SUMMARY_TITLE.test(heading.section.title)) return false;
    if (!this.config.layout.skills.headingLevels.includes(heading.section.depth)) return false;
    if (end - start > 120 || !namesOwnKind(this.locator.text.slice(start, end), this.stack.map((open) => open.section.title), this.memo.reading)) return false;
    const { headingRange } = heading.section;
    const { name, nameStart, tiers } = heading.skillName;
    this.headingSkill = this.newHeadingSkill(headingRange.start.offset, headingRange.end.offset, name, nameStart, tiers);
    this.headingSkill.end = end;
    return true;
  }

  /**
   * "**Skill Uses:**" over a list of them (Ashfall's advanced skills, "**Benefits:**" of its rests): the label's value
   * is the list, its items joined as one line, not empty.
   */
  private fillFromList(skill: OpenHeadingSkill, start: number, end: number): void {
    const at = skill.awaitingValue!;
    const items = this.locator.text
      .slice(start, end)
      .split('\n')
      .flatMap((line) => {
        const item = /^(?:[-*+]|\d{1,3}[.)])[ \t]+(.*)$/.exec(line);
        return item ? [this.memo.plainText(item[1]).trim()] : [];
      })
      .filter(Boolean);
    if (items.length > 0) skill.fields[at] = { ...skill.fields[at], value: items.join('; '), valueStart: start, valueEnd: end };
  }

  private levelHoldsSkills(depth: number): boolean {
    const levels = this.config.layout.skills.headingLevels;
    return levels.length === 0 || levels.includes(depth);
  }

  /**
   * `start` and `end` are the heading's offsets in the file, as ids and ranges are everywhere, not its record's, which
   * are its chunk's: a skill heading opening a later chunk would be `#0` like the file's first heading.
   */
  private newHeadingSkill(start: number, end: number, name: string, nameStart: number, tiers: readonly string[] = []): OpenHeadingSkill {
    return {
      tiers,
      awaitingList: false,
      inPrerequisiteList: false,
      listTiers: undefined,
      awaitingValue: null,
      describedOnly: false,
      hasSkills: false,
      start,
      slot: this.out.skills.length,
      name,
      nameStart,
      costText: null,
      costStart: -1,
      costEnd: -1,
      fields: [],
      prerequisites: [],
      text: [],
      sectionIndex: this.stack.length - 1,
      end,
    };
  }

  private addFields(fields: readonly FieldRecord[], top: boolean, base: number, end: number, rest: string): void {
    const shifted = fields.map((f) => shiftField(f, base));
    if (!top && this.headingSkill?.inPrerequisiteList) {
      // "- **Tier 1:** Agility 1": each tier's requirements, under the skill's empty prerequisite line; a label alone
      // ("- **Tier 1:**") is over a nested list of them.
      for (const field of shifted) {
        const tiers = tiersOfLabel(field.name) ?? undefined;
        this.headingSkill.listTiers = tiers;
        if (field.value) this.headingSkill.prerequisites.push({ origin: 'line', raw: field.value, start: field.valueStart, end: field.valueEnd, tiers });
      }
      return;
    }
    const heading = this.current;
    // Fields open a skill right under its heading; a tagged heading ("Exotic Weapon Proficiency [General]") or a
    // cost line may follow a short description first.
    const first = top && (this.blocksSinceHeading === 1 || (this.blocksSinceHeading <= LEAD_PARAGRAPHS + 1 && heading?.leadText.length === this.blocksSinceHeading - 1));
    const hasCost = shifted.some((f) => f.kind === 'cost');
    const hasPrerequisite = shifted.some((f) => f.kind === 'prerequisite');
    // "### Familiar" then "Cost: 3 / Range: … / Effect:", "## Ambidextrous" then "**CP Cost**: 4 / **Restrictions**: …",
    // "### Last Stand" then "Range: / Effect:": the heading names a skill. A lone prerequisite line is section-wide instead.
    // Fields with no cost or prerequisite ("Range:", "Effect:") name a skill under an unnumbered subheading only, and
    // only when some value is short: "General rules: …" and "Note: …" under "# Chapter 3. Magic" are prose. Nor under
    // a heading for what a level grants or for a group ("Level 1: Channel Energy", "Proficiencies"). Two lines of
    // them: one line of fields set apart by bars is a summary ("**Chassis:** Heavy | **Fantasy:** Warrior equivalent"
    // under an example build).
    const text = this.locator.text;
    const onTwoLines = shifted.some((f) => text.lastIndexOf('\n', f.start) !== text.lastIndexOf('\n', shifted[0].start));
    // Daggerheart's card line ("**_Level 1_** _Arcana Spell._ **_Recall Cost_** _0._") heads an entry as two lines do:
    // its fields stand apart by spaces, not bars.
    const cardLine = shifted.length >= 2 && !onTwoLines && shifted.every((f, i) => i === 0 || !text.slice(shifted[i - 1].end, f.start).includes('|'));
    const describesSkill =
      !hasPrerequisite && (onTwoLines || cardLine) && heading !== undefined && heading.section.depth >= 2 && !heading.section.number && shifted.some((f) => f.value.length <= 40) && !GRANTED_OR_GROUP.test(heading.section.title);
    // A lone prerequisite line is a skill's too where the layout names the heading levels skills are written at.
    const atSkillLevel = this.config.layout.skills.headingLevels.includes(heading?.section.depth ?? 0);
    const tagged = heading?.skillName.tagged ?? false;
    // "**Cost:** 500 cr" prices gear in money, as a table priced so does: no skill, whatever other fields it has.
    const gear = hasCost && shifted.every((f) => f.kind !== 'cost' || otherCurrency(f.value, this.config.costUnits) !== null);
    const namesSkill = (hasCost && !gear) || tagged || (hasPrerequisite && (atSkillLevel || shifted.some((f) => f.kind === 'other'))) || (describesSkill && !gear);
    // After a description, only a tag or a cost that reads as one ("XP Cost: Experience that … is expended" is prose).
    const afterLead = this.blocksSinceHeading > 1;
    const readsAsCost = () => shifted.some((f) => f.kind === 'cost' && this.memo.cost(f.value, this.config.costUnits, true) !== null);
    if (first && !this.headingSkill && namesSkill && !SUMMARY_TITLE.test(heading?.section.title ?? '') && (!afterLead || tagged || readsAsCost()) && heading && heading.holdsSkills && !heading.notRules && this.levelHoldsSkills(heading.section.depth)) {
      const { headingRange } = heading.section;
      const { name, nameStart, tiers } = heading.skillName;
      this.headingSkill = this.newHeadingSkill(headingRange.start.offset, headingRange.end.offset, name, nameStart, tiers);
      this.headingSkill.text.push(...heading.leadText);
      this.headingSkill.describedOnly = !hasCost && !hasPrerequisite && !tagged;
    }
    if (this.headingSkill && shifted.some((f) => HAS_SKILLS_LABEL.test(f.name.trim()))) this.headingSkill.hasSkills = true;
    if (this.headingSkill && top) {
      if (rest) this.headingSkill.text.push(rest);
      for (const field of shifted) {
        if (field.kind === 'prerequisite') {
          if (field.value) this.headingSkill.prerequisites.push({ origin: 'line', raw: field.value, start: field.valueStart, end: field.valueEnd });
          else this.headingSkill.awaitingList = true;
        } else if (field.kind === 'cost' && this.headingSkill.costText === null) {
          this.headingSkill.costText = field.value || null;
          this.headingSkill.costStart = field.valueStart;
          this.headingSkill.costEnd = field.valueEnd;
          this.headingSkill.fields.push(field);
        } else this.headingSkill.fields.push(field);
      }
      const last = shifted[shifted.length - 1];
      this.headingSkill.awaitingValue = last && last.kind !== 'prerequisite' && !last.value ? this.headingSkill.fields.lastIndexOf(last) : null;
      this.headingSkill.end = Math.max(this.headingSkill.end, end);
      return;
    }
    if (top && first && heading && !heading.entrySeen && shifted.every((f) => f.kind === 'prerequisite')) {
      // "## Ritual Magic Spells" then "Prerequisites: Ritual Magic": applies to every skill below. Only at the section's
      // head: a "*Requires: MIG 13 or higher.*" after an entry the parser did not read is that entry's, not the section's.
      for (const field of shifted) heading.prerequisites.push(this.prerequisiteList({ origin: 'line', raw: field.value, start: field.valueStart, end: field.valueEnd }, 'section'));
      this.inherited = null;
    }
  }

  /** `skillTiers`: the tiers of the skill the list is of, which its own tiers are a part of. */
  private prerequisiteList(record: PrerequisiteRecord, origin: PrerequisiteList['origin'], skillTiers: readonly string[] = []): PrerequisiteList {
    const requirements = this.memo.prerequisites(record.raw, this.conditions).map((r) => ({
      alternatives: r.alternatives.map((a) => ({ text: a.text, key: a.key, kind: a.kind, range: this.range(record.start + a.start, record.start + a.end) })),
      range: this.range(record.start + r.start, record.start + r.end),
    }));
    return { origin, raw: record.raw, requirements, tiers: tiersOfList(record.tiers, skillTiers), range: this.range(record.start, record.end) };
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

  /**
   * The price the heading right over the reader states for the rows of its tables (`### Tier 3 — 15 CP each, Level
   * 5+`), in one of the book's units, with what it says after the price as a `Condition` field; null when the heading
   * states none or is itself a skill. Offsets are the file's.
   */
  private headingPrice(): HeadingPriceRead | null {
    const open = this.current;
    if (!open || this.headingSkill || open.notRules) return null;
    const at = open.section.headingRange.start.offset;
    if (this.priceAt?.at === at) return this.priceAt.price;
    const text = this.locator.text;
    const lineEnd = text.indexOf('\n', at);
    const line = text.slice(at, lineEnd === -1 ? open.section.headingRange.end.offset : lineEnd).replace(/\r$/, '');
    const marks = /^ {0,3}#{1,6}[ \t]*/.exec(line)?.[0].length ?? 0;
    const title = line.slice(marks).replace(/[ \t]+#+[ \t]*$/, '').replace(/[ \t]+$/, '');
    const found = headingPrice(title);
    const cost = found && unitNamed(found.unit, this.config.costUnits) ? this.memo.cost(found.costText, this.config.costUnits, true) : null;
    let price: HeadingPriceRead | null = null;
    if (found && cost && cost.cost !== null && cost.unit !== null) {
      const start = at + marks + found.start;
      const condition = found.condition;
      const conditionStart = condition ? at + marks + condition.start : 0;
      price = {
        name: found.name,
        costText: found.costText,
        costStart: start,
        costEnd: start + found.costText.length,
        condition: condition
          ? { name: 'Condition', kind: 'other', value: condition.text, start: conditionStart, end: conditionStart + condition.text.length, valueStart: conditionStart, valueEnd: conditionStart + condition.text.length }
          : null,
      };
    }
    this.priceAt = { at, price };
    return price;
  }

  /** The last heading headingPrice read, and what it found: a table's rows ask for it one by one. */
  private priceAt: { readonly at: number; readonly price: HeadingPriceRead | null } | null = null;

  private listOrTableSkill(record: SkillRecord, base: number, price: HeadingPriceRead | null = null): Skill {
    if (price) {
      // The row's cost is its heading's: where the heading writes it, in file offsets (base 0), not the chunk's.
      const shifted = shiftRecord(record, base);
      const fields = price.condition ? [...shifted.fields, price.condition] : shifted.fields;
      record = { ...shifted, costText: price.costText, costStart: price.costStart, costEnd: price.costEnd, fields };
      base = 0;
    }
    const cost = record.costText === null ? null : this.memo.cost(record.costText, this.config.costUnits, record.form !== 'table');
    // A row of cost columns prices the skill once per class: its cost is every column's, not the first one's.
    const classes = classCostDetail(record.classCosts, this.memo, this.config.costUnits);
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
      cost: classes ? classes.byClass.map((c) => c.cost) : (cost?.cost ?? null),
      costText: classes ? classCostsText(classes.byClass) : cost && (cost.cost !== null || cost.detail) ? record.costText : null,
      costUnit: cost?.unit ?? null,
      costRange: record.costText === null ? null : this.range(record.costStart + base, record.costEnd + base),
      costDetail: classes ?? cost?.detail ?? null,
      tiers: [],
      prerequisites,
      fields: record.fields.map((f) => this.field(shiftField(f, base))),
      text: record.text,
      ...(price ? this.pricedCategory(price.name) : this.category()),
      // A table's category column names the row's category ("Mental") within the headings that hold the table.
      ...(record.categoryText ? { category: record.categoryText, categoryPath: [...this.category().categoryPath, record.categoryText] } : {}),
      sectionId: this.current?.section.id ?? null,
      range: this.range(record.start + base, record.end + base),
    };
  }

  /**
   * The category of a row priced by its heading: the heading above it, then the priced heading's name without the
   * price the skill's cost already says: "Tree 3: Stealth — Tier 1", not "Tier 1 — 5 CP each" (eleven trees have one).
   */
  private pricedCategory(name: string): { category: string | null; categoryPath: string[] } {
    const { categoryPath } = this.category();
    const parent = categoryPath[categoryPath.length - 2];
    return { category: parent ? `${parent} — ${name}` : name, categoryPath };
  }

  private closeHeadingSkill(): void {
    const open = this.headingSkill;
    if (!open) return;
    this.headingSkill = null;
    // Fields that only describe, over the skills the entry has (Fate Core's nameless NPC tiers, "###### Average" over
    // "**Skills**: One or two Average (+1)"; a profession over a table of its skills): an entry with skills is none.
    if (open.describedOnly && open.hasSkills) return;
    const cost = open.costText === null ? null : this.memo.cost(open.costText, this.config.costUnits, false);
    // The skill's category is the heading above its own heading.
    const path = this.stack.slice(0, open.sectionIndex).map((o) => o.section.title).filter(Boolean);
    const section = this.stack[open.sectionIndex]?.section;
    const nameStart = open.nameStart;
    const prerequisites = [
      ...open.prerequisites.map((p) => this.prerequisiteList(p, 'line', open.tiers)),
      ...this.stack.slice(0, open.sectionIndex).flatMap((o) => o.prerequisites),
    ];
    const skill: Skill = {
      kind: 'skill',
      id: `${this.file}#${open.start}`,
      name: open.name,
      key: this.memo.nameKey(open.name),
      nameRange: this.range(nameStart, nameStart + open.name.length),
      form: 'heading',
      cost: cost?.cost ?? null,
      costText: cost && (cost.cost !== null || cost.detail) ? open.costText : null,
      costUnit: cost?.unit ?? null,
      costRange: open.costStart < 0 ? null : this.range(open.costStart, open.costEnd),
      costDetail: cost?.detail ?? null,
      tiers: open.tiers,
      prerequisites,
      fields: open.fields.map((f) => this.field(f)),
      text: open.text.join(' '),
      category: path[path.length - 1] ?? null,
      categoryPath: path,
      sectionId: section?.id ?? null,
      range: this.range(open.start, open.end),
    };
    if (open.slot === this.out.skills.length) this.out.skills.push(skill);
    else this.out.skills.splice(open.slot, 0, skill);
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
   * The state between two chunks, the next starting at `base`, or null while something is half-read (a heading
   * skill, whose fields may follow, or an `ignore` comment waiting for its block): reading can go on from a state.
   */
  saveState(base: number): AssemblerState | null {
    if (this.headingSkill || this.pendingIgnores.length > 0) return null;
    const open = this.stack.map((o): OpenState => {
      const section = o.section;
      return {
        section,
        index: o.index,
        childCount: section.childSectionIds.length,
        hasContent: section.hasContent,
        prerequisites: o.prerequisites.length === 0 ? NONE : [...o.prerequisites],
        entrySeen: o.entrySeen,
        lastEndBack: base - o.lastEnd,
        notRules: o.notRules,
        holdsSkills: o.holdsSkills,
        skillName: o.skillName,
        nameAfterHeading: o.skillName.nameStart - section.headingRange.start.offset,
        leadText: o.leadText.length === 0 ? NONE : [...o.leadText],
      };
    });
    return { open, blocksSinceHeading: Math.min(this.blocksSinceHeading, BLOCKS_COUNTED), localRunBack: this.localRun === null ? null : base - this.localRun, localSeen: this.localSeen };
  }

  /**
   * Goes on from a state an earlier parse saved before the chunk at `base` (the same text before it, so the same
   * place), its nodes before it already in `out`. The sections still open there are set back to what they were:
   * in place, or (`copy`) as copies put in their place in `out`, so that the earlier model keeps its own. Returns
   * what each section open there had become when the earlier parse closed it (in place only, before it is set back).
   */
  restoreState(state: AssemblerState, base: number, copy: boolean): Map<Section, FinalSection> {
    const finals = new Map<Section, FinalSection>();
    this.stack.length = 0;
    for (const o of state.open) {
      let section = o.section as OpenSection['section'];
      if (copy) {
        section = { ...section, childSectionIds: section.childSectionIds.slice(0, o.childCount), hasContent: o.hasContent };
        this.out.sections[this.firstSection + o.index] = section;
      } else {
        finals.set(section, { childSectionIds: [...section.childSectionIds], hasContent: section.hasContent, end: section.range.end.offset });
        section.childSectionIds.length = o.childCount;
        section.hasContent = o.hasContent;
      }
      this.stack.push({
        section,
        index: o.index,
        prerequisites: [...o.prerequisites],
        entrySeen: o.entrySeen,
        lastEnd: base - o.lastEndBack,
        notRules: o.notRules,
        holdsSkills: o.holdsSkills,
        skillName: { ...o.skillName, nameStart: section.headingRange.start.offset + o.nameAfterHeading },
        leadText: [...o.leadText],
      });
    }
    this.blocksSinceHeading = state.blocksSinceHeading;
    this.localRun = state.localRunBack === null ? null : base - state.localRunBack;
    this.localSeen = state.localSeen;
    this.headingSkill = null;
    this.pendingIgnores = [];
    this.inherited = null;
    this.categories = null;
    this.priceAt = null;
    return finals;
  }

  /**
   * Whether reading on from here gives what the earlier parse gave from its state `earlier`, saved before the chunk
   * at `earlierBase` of its text (the text that follows being the same): the same sections open, with the same
   * heading-wide prerequisites, lead text and counts, and their last block ending at the same text. An open section
   * is the same when it is the very one (restored: its final state is in `finals`), or its twin: read again from the
   * same heading at the same place (the earlier one, left out of this model, keeps its final state).
   */
  continuesAs(earlier: AssemblerState, earlierBase: number, finals: ReadonlyMap<Section, FinalSection>, mover: { offset(value: number): number; keeps(value: number): boolean }): boolean {
    if (this.headingSkill || this.pendingIgnores.length > 0) return false;
    if (Math.min(this.blocksSinceHeading, BLOCKS_COUNTED) !== earlier.blocksSinceHeading || this.stack.length !== earlier.open.length) return false;
    if (this.localSeen !== earlier.localSeen || (this.localRun === null) !== (earlier.localRunBack === null)) return false;
    if (earlier.localRunBack !== null) {
      const run = earlierBase - earlier.localRunBack;
      if (!mover.keeps(run) || this.localRun !== mover.offset(run)) return false;
    }
    for (let i = 0; i < this.stack.length; i++) {
      const now = this.stack[i];
      const then = earlier.open[i];
      if (now.section === then.section ? !finals.has(then.section) : !twins(now, then, mover)) return false;
      if (now.entrySeen !== then.entrySeen || now.section.hasContent !== then.hasContent) return false;
      const lastEnd = earlierBase - then.lastEndBack;
      if (!mover.keeps(lastEnd) || now.lastEnd !== mover.offset(lastEnd)) return false;
      if (!sameItems(now.prerequisites, then.prerequisites) || !sameItems(now.leadText, then.leadText)) return false;
    }
    return true;
  }

  /**
   * After the rest of the file was taken over from the earlier parse (continuesAs said it reads on alike):
   * closes the sections still open as that parse closed them, moved, and leaves nothing open.
   */
  closeAsEarlier(earlier: AssemblerState, finals: ReadonlyMap<Section, FinalSection>, mover: { offset(value: number): number; sectionId(value: string): string }): void {
    for (let i = this.stack.length - 1; i >= 0; i--) {
      const open = this.stack[i];
      const twin = earlier.open[i].section;
      const final = finals.get(open.section) ?? { childSectionIds: twin.childSectionIds, hasContent: twin.hasContent, end: twin.range.end.offset };
      const section = open.section;
      for (let c = earlier.open[i].childCount; c < final.childSectionIds.length; c++) section.childSectionIds.push(mover.sectionId(final.childSectionIds[c]));
      section.hasContent = final.hasContent;
      const end = mover.offset(final.end);
      section.range = this.range(section.headingRange.start.offset, end);
      section.isEmpty = !section.hasContent && section.childSectionIds.length === 0;
    }
    this.stack.length = 0;
    this.inherited = null;
    this.categories = null;
  }

  /**
   * Before a chunk that opens with a heading of `depth`: closes what that heading will close (the heading skill,
   * the sections as deep or deeper), as the heading itself would, so that the state between the chunks is the
   * one after it and compares alike whatever the sections it closes held.
   */
  closeBefore(depth: number): void {
    this.closeHeadingSkill();
    while (this.stack.length > 0 && this.current!.section.depth >= depth) this.closeSection();
  }

  /** Closes everything still open at the end of the file. */
  finish(): void {
    this.closeHeadingSkill();
    while (this.stack.length > 0) this.closeSection();
  }
}

/** A skill table's cost columns (Primary, Secondary…): each class's price, when at least two are readable. */
function classCostDetail(columns: SkillRecord['classCosts'], memo: StringMemo, units: readonly string[]): Extract<CostDetail, { kind: 'per-class' }> | null {
  if (columns.length < 2) return null;
  const byClass = columns.flatMap((c): ClassCost[] => {
    const read = memo.cost(c.value, units, false);
    if (typeof read?.cost !== 'number') return [];
    return [{ name: c.name, cost: read.cost, further: read.detail?.kind === 'ranked' ? read.detail.further : null, text: c.value.trim() }];
  });
  return byClass.length >= 2 ? { kind: 'per-class', byClass } : null;
}

/** The row's price per cost column as one line, the way a reader says it: "Primary 10+5, Secondary 10+7, Tertiary 10+10". */
function classCostsText(byClass: readonly ClassCost[]): string {
  return byClass.map((c) => `${c.name} ${c.text}`).join(', ');
}

/** "regulations:regulation:{number}" → a pattern whose first group is the number. */
function linkPattern(written: string): RegExp {
  const [before, after] = written.split('{number}').map(escapeRegExp);
  return new RegExp(`^${before}([A-Za-z0-9]+(?:\\.[A-Za-z0-9]+)*)${after ?? ''}$`, 'i');
}

function shiftField(field: FieldRecord, base: number): FieldRecord {
  if (base === 0) return field;
  return { ...field, start: field.start + base, end: field.end + base, valueStart: field.valueStart + base, valueEnd: field.valueEnd + base };
}

/** A skill record with its offsets made the file's. */
function shiftRecord(record: SkillRecord, base: number): SkillRecord {
  if (base === 0) return record;
  return {
    ...record,
    start: record.start + base,
    end: record.end + base,
    nameStart: record.nameStart + base,
    nameEnd: record.nameEnd + base,
    costStart: record.costStart + base,
    costEnd: record.costEnd + base,
    fields: record.fields.map((f) => shiftField(f, base)),
    prerequisites: record.prerequisites.map((p) => shiftPrerequisite(p, base)),
  };
}

/**
 * The skill's tiers a list labelled with `labelled` holds for: none (every tier) when the label names no tier the skill
 * has ("Tier 1" over a skill without tiers), or every one of them ("Tier 1 - 5" of a skill in tiers I–V).
 */
function tiersOfList(labelled: readonly string[] | undefined, skillTiers: readonly string[]): readonly string[] {
  if (!labelled) return [];
  const tiers = skillTiers.filter((t) => labelled.includes(t));
  return tiers.length === skillTiers.length ? [] : tiers;
}

function shiftPrerequisite(record: PrerequisiteRecord, base: number): PrerequisiteRecord {
  return base === 0 ? record : { ...record, start: record.start + base, end: record.end + base };
}
