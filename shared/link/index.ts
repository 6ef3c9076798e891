/** linkRulebook: resolves prerequisites and references, and records the facts the linter and the editor read. */
import type { ModelChange, NodeRun } from '../model/change.js';
import type { Link, NumberedEntry, PrerequisiteTerm, Reference, Requirement, Rule, Rulebook, Section, Skill } from '../model/types.js';
import { samePrerequisites, samePrice } from '../model/definitions.js';
import { partitionPoint } from '../model/partition-point.js';
import { CommonWords, HeadingTitles, isCapitalised, isDescribing, isTitleCase, namesCapitalised, namesInTitleCase } from './describing.js';
import { PriceLists } from './listings.js';
import { findCycles } from './cycles.js';
import { checkLinks } from './links.js';
import { LinkMemo } from './memo.js';
import { misspells } from './suggest.js';
import { TitledHeadings } from './titles.js';
import { ChapterOrder } from './chapter-order.js';
import { listItemsSignature, titledClauses } from './clauses.js';
import { VaultFiles } from './vault-files.js';
import { quotedName, splitKind, titledWithKind } from './name-with-kind.js';
import { bookLanguage } from '../model/book-language.js';
import { readingWords, type ReadingWords } from '../model/reading-words.js';
import type {
  BrokenLink,
  DuplicateNumber,
  DuplicateSkill,
  LinkedRulebook,
  PrerequisiteEdge,
  ResolvedReference,
  UnreachableSkill,
  UnresolvedPrerequisite,
  UnresolvedReference,
} from './types.js';

export type * from './types.js';

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Headings with numbers and rules, merged in document order (file order, then offset); both lists already are. */
function mergeNumbered(model: Rulebook, allSections: readonly Section[], rules: readonly Rule[]): NumberedEntry[] {
  const sections = allSections.filter((s) => s.number) as NumberedEntry[];
  const entries: NumberedEntry[] = [];
  if (sections.length === 0) return rules.slice();
  if (rules.length === 0) return sections;
  const single = model.files.length <= 1;
  const fileIndex = single ? null : new Map(model.files.map((f, i) => [f.path, i]));
  const at = (e: NumberedEntry) => (e.kind === 'rule' ? e.range : e.headingRange);
  const before = (a: NumberedEntry, b: NumberedEntry) => {
    const ra = at(a);
    const rb = at(b);
    if (fileIndex && ra.file !== rb.file) {
      const d = (fileIndex.get(ra.file) ?? 0) - (fileIndex.get(rb.file) ?? 0);
      if (d !== 0) return d < 0;
    }
    return ra.start.offset < rb.start.offset;
  };
  let i = 0;
  let j = 0;
  while (i < sections.length && j < rules.length) entries.push(before(sections[i], rules[j]) ? sections[i++] : rules[j++]);
  while (i < sections.length) entries.push(sections[i++]);
  while (j < rules.length) entries.push(rules[j++]);
  return entries;
}


export interface LinkOptions {
  /** What the previous link of the same rulebook found and a keystroke rarely changes (the editor links after every one). */
  readonly memo?: LinkMemo;
  /** The other files in the rulebook's folder (RulebookSource.assets), so that links to them are not broken. */
  readonly assets?: readonly string[];
  /**
   * How the model differs from the one the memo's last link was of (ParseCache.change, from an editor's cache): then
   * only what the changed nodes can change is linked again. The last result is updated in place, as the cache moved
   * its nodes in place: the caller keeps no older result.
   */
  readonly change?: ModelChange | null;
}

export { LinkMemo };

const NO_ASSETS: readonly string[] = [];
/** Words that name a place in the whole book's numbering, never an item of a list nearby. */
const BOOK_WIDE_KEYWORD = /^(?:link|chapters?|parts?|appendix|appendices|books?|volumes?)$/i;

export function linkRulebook(model: Rulebook, options: LinkOptions = {}): LinkedRulebook {
  const memo = options.memo ?? new LinkMemo();
  const assets = options.assets ?? NO_ASSETS;
  const change = options.change;
  const last = memo.last;
  const linked =
    change && last && last.linked.model === change.previous && last.assets === assets && change.previous !== model
      ? relink(model, last.linked, change, memo, assets)
      : link(model, memo, assets);
  memo.last = { linked, assets };
  return linked;
}

/** The facts of the skills: what each prerequisite names, what names nothing, duplicates, cycles, unreachable skills. */
interface SkillFacts {
  readonly skillsByKey: Map<string, Skill[]>;
  readonly edges: PrerequisiteEdge[];
  readonly unresolvedPrerequisites: UnresolvedPrerequisite[];
  readonly duplicateSkills: DuplicateSkill[];
  readonly cycles: LinkedRulebook['cycles'];
  readonly unreachableSkills: LinkedRulebook['unreachableSkills'];
}

/** The numbered headings and rules: in document order, the global ones by number, numbers used twice. */
interface NumberFacts {
  readonly numberedEntries: NumberedEntry[];
  readonly entriesByNumber: Map<string, NumberedEntry[]>;
  readonly duplicateNumbers: DuplicateNumber[];
}

function link(model: Rulebook, memo: LinkMemo, assets: readonly string[]): LinkedRulebook {
  const skills = linkSkills(model, memo);
  const numbers = numberFacts(model, mergeNumbered(model, model.sections, model.rules));
  const references = new ReferenceResolver(model, skills.skillsByKey, numbers, memo);
  for (const reference of model.references) references.resolve(reference);
  return linkedRulebook(model, skills, numbers, references, checkLinks(model, assets));
}

/**
 * Links a model again after an edit, from the link of the model before it: the skill facts are kept while no skill
 * changed, the numbered entries of the changed run are put in place of the old ones, and only the references of the
 * run, and those that named a replaced heading or rule, are resolved again.
 */
function relink(model: Rulebook, last: LinkedRulebook, change: ModelChange, memo: LinkMemo, assets: readonly string[]): LinkedRulebook {
  const { runs, previous } = change;
  const skills: SkillFacts =
    runs.skills.removed === 0 && runs.skills.added === 0
      ? (last as unknown as { [SKILL_FACTS]: SkillFacts })[SKILL_FACTS]
      : linkSkills(model, memo);
  const spliced = spliceNumbered(model, previous, last, runs.sections, runs.rules);
  const numbers = spliced?.numbers ?? numberFacts(model, mergeNumbered(model, model.sections, model.rules));
  const references = new ReferenceResolver(model, skills.skillsByKey, numbers, memo);
  // Resolutions outside the run still hold while the skills and the numbers in use are the same: unless they named a replaced entry.
  const sectionsSame = runs.sections.removed === 0 && runs.sections.added === 0;
  // A heading renamed or moved can change what a title names, and chapters read in order what their places name.
  const keep =
    spliced !== null &&
    spliced.sameKeys &&
    skills.skillsByKey === last.skillsByKey &&
    (sectionsSame || (!model.config.layout.numbering.chapterOrder && !model.references.some((r) => r.after !== undefined)));
  const replaced = spliced?.removed ?? new Set<NumberedEntry>();
  const run = runs.references;
  const oldReferences = previous.references;
  let resolvedAt = 0;
  let unresolvedAt = 0;
  const resolvedBefore = last.resolvedReferences;
  const unresolvedBefore = last.unresolvedReferences;
  /** The earlier resolution of the earlier model's reference at `index`, whichever list holds it. */
  const earlier = (index: number): ResolvedReference | UnresolvedReference => {
    const reference = oldReferences[index];
    if (resolvedAt < resolvedBefore.length && resolvedBefore[resolvedAt].reference === reference) return resolvedBefore[resolvedAt++];
    return unresolvedBefore[unresolvedAt++];
  };
  const reuse = (found: ResolvedReference | UnresolvedReference) => {
    if (!('entries' in found)) {
      references.unresolved.push(found);
      return;
    }
    if (replaced.size > 0) {
      const entries = found.entries;
      for (let i = 0; i < entries.length; i++) {
        if (replaced.has(entries[i])) {
          references.resolve(found.reference);
          return;
        }
      }
    }
    references.resolved.push(found);
  };
  if (!keep) {
    for (const reference of model.references) references.resolve(reference);
  } else {
    for (let i = 0; i < run.start; i++) reuse(earlier(i));
    for (let i = run.start; i < run.start + run.removed; i++) earlier(i);
    for (let i = run.start; i < run.start + run.added; i++) references.resolve(model.references[i]);
    for (let i = run.start + run.removed; i < oldReferences.length; i++) reuse(earlier(i));
  }
  const linksSame = runs.links.removed === 0 && runs.links.added === 0 && runs.anchors.removed === 0 && runs.anchors.added === 0 && runs.sections.removed === 0 && runs.sections.added === 0;
  return linkedRulebook(model, skills, numbers, references, linksSame ? { broken: [...last.brokenLinks], pictures: last.pictures, vault: last.vault } : checkLinks(model, assets));
}

/** Where a linked rulebook keeps its skill facts for the next relink (a symbol: no part of its data). */
const SKILL_FACTS = Symbol('skill facts');

/**
 * The linked rulebook. The maps by id (skills and sections by id, what requires a skill, what refers to an entry) are
 * built on first use: ids move with every edit, and the linter reads none of them.
 */
function linkedRulebook(
  model: Rulebook,
  skills: SkillFacts,
  numbers: NumberFacts,
  references: ReferenceResolver,
  links: { readonly broken: readonly BrokenLink[]; readonly pictures: ReadonlyMap<Link, string>; readonly vault: boolean },
): LinkedRulebook {
  const linked = {
    model,
    skillsByKey: skills.skillsByKey,
    entriesByNumber: numbers.entriesByNumber,
    numberedEntries: numbers.numberedEntries,
    edges: skills.edges,
    unresolvedPrerequisites: skills.unresolvedPrerequisites,
    resolvedReferences: references.resolved,
    unresolvedReferences: references.unresolved,
    duplicateSkills: skills.duplicateSkills,
    duplicateNumbers: numbers.duplicateNumbers,
    cycles: skills.cycles,
    unreachableSkills: skills.unreachableSkills,
    brokenLinks: links.broken,
    pictures: links.pictures,
    vault: links.vault,
  } as Record<string | symbol, unknown>;
  Object.defineProperty(linked, SKILL_FACTS, { value: skills, enumerable: false });
  lazy(linked, 'skillsById', () => new Map(model.skills.map((s) => [s.id, s])));
  lazy(linked, 'sectionsById', () => new Map(model.sections.map((s) => [s.id, s])));
  lazy(linked, 'requiredBy', () => {
    const requiredBy = new Map<string, Skill[]>();
    // A skill's edges come one after another, so a repeat of the pair is always the list's last entry.
    for (const edge of skills.edges) if (requiredBy.get(edge.to.id)?.at(-1) !== edge.from) push(requiredBy, edge.to.id, edge.from);
    return requiredBy;
  });
  lazy(linked, 'chaptersByOrder', () => new ChapterOrder(model).placed().map((p) => p.entry));
  lazy(linked, 'referencedBy', () => {
    const referencedBy = new Map<string, Reference[]>();
    for (const { reference, entries, skill } of references.resolved) {
      if (skill) push(referencedBy, skill.id, reference);
      else for (const entry of entries) push(referencedBy, entry.id, reference);
    }
    return referencedBy;
  });
  return linked as unknown as LinkedRulebook;
}

/** A property computed when first read, then kept. */
function lazy(target: object, key: string, make: () => unknown): void {
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get() {
      const value = make();
      Object.defineProperty(target, key, { value, enumerable: true, configurable: true });
      return value;
    },
  });
}

function linkSkills(model: Rulebook, memo: LinkMemo): SkillFacts {
  const skillsByKey = new Map<string, Skill[]>();
  for (const skill of model.skills) push(skillsByKey, skill.key, skill);
  const skillKeys = [...skillsByKey.keys()];
  const skillNameOf = (key: string) => skillsByKey.get(key)![0].name;

  // Prerequisites: each skill alternative to the first definition of that name.
  const edges: PrerequisiteEdge[] = [];
  const unresolvedPrerequisites: UnresolvedPrerequisite[] = [];
  const reading = readingWords(bookLanguage(model.config));
  const variants = new VariantResolver(skillsByKey, reading);
  const unknown: Omit<UnresolvedPrerequisite, 'suggestions'>[] = [];
  // What each skill term came to: the key of the skill it names, or null when it needs no skill (a describing phrase).
  const termTargets = new Map<PrerequisiteTerm, string | null>();
  for (const skill of model.skills) {
    for (const list of skill.prerequisites) {
      const joined = joinedNames(list.requirements, skillsByKey);
      for (const requirement of list.requirements) {
        for (const term of requirement.alternatives) {
          if (term.kind !== 'skill') continue;
          const target = skillsByKey.get(term.key) ?? joined.get(term) ?? variants.resolve(term.key);
          // "sufficiently high level (see below)": a phrase that describes, not a name, is no unknown skill.
          if (!target && isDescribing(term.text, reading)) {
            termTargets.set(term, null);
            continue;
          }
          if (target && target[0].key !== term.key) termTargets.set(term, target[0].key);
          if (target) {
            edges.push({ from: skill, to: target[0], term, requirement });
            continue;
          }
          unknown.push({ skill, list, requirement, term });
        }
      }
    }
  }
  // Judged only when some name is unknown: most keystrokes in most books leave none.
  // English names a skill in title case; most other languages capitalise its first word alone ("Жаждущий клинок").
  const [namesCased, isCased] = reading.language ? [namesCapitalised, isCapitalised] : [namesInTitleCase, isTitleCase];
  const cased = unknown.length > 0 && namesCased(model.skills);
  const commonWords = new CommonWords(model.skills);
  const headingTitles = new HeadingTitles(model.sections, reading);
  for (const { skill, list, requirement, term } of unknown) {
    // Where every skill is named in title case, "Fly speed", "compatible alignment" and "turn" describe what a
    // character is or has or does (in Russian, "заговор колдуна" where every name opens with a capital); "Human", a
    // word the book's text writes in lower case, names no skill either, unless a skill is named almost so ("Firearm").
    if (cased && !isCased(term.text)) {
      termTargets.set(term, null);
      continue;
    }
    if (headingTitles.has(term.key)) {
      termTargets.set(term, null);
      continue;
    }
    // A skill is never the fix for its own prerequisite.
    const closest = memo.closestNames(term.key, skillKeys).map(skillNameOf);
    const others = (closest.length > 0 ? closest : kindedSuggestions(term, skillsByKey, skillKeys, memo, reading)).filter((name) => name !== skill.name).slice(0, 3);
    if (others.length === 0 && commonWords.has(term.text)) {
      termTargets.set(term, null);
      continue;
    }
    unresolvedPrerequisites.push({ skill, list, requirement, term, suggestions: others });
  }

  const duplicateSkills: DuplicateSkill[] = [];
  let lists: PriceLists | null = null;
  for (const [key, all] of skillsByKey) {
    const definitions = all.length < 2 ? all : (lists ??= new PriceLists(model.skills)).definingOnes(all);
    if (definitions.length < 2) continue;
    duplicateSkills.push({ key, definitions, agree: definitions.every((d) => samePrice(d, definitions[0]) && samePrerequisites(d, definitions[0])) });
  }
  const { cycles, unreachableSkills } = memo.graphFacts(model.skills, skillsByKey, termTargets, () => {
    const found = findCycles(model.skills, edges);
    return { cycles: found, unreachableSkills: findUnreachable(model.skills, skillsByKey, found, termTargets) };
  });
  return { skillsByKey, edges, unresolvedPrerequisites, duplicateSkills, cycles, unreachableSkills };
}

function numberFacts(model: Rulebook, numberedEntries: NumberedEntry[]): NumberFacts {
  const entriesByNumber = new Map<string, NumberedEntry[]>();
  for (const entry of numberedEntries) if (entry.scope === 'global') push(entriesByNumber, entry.number!.key, entry);
  const duplicateNumbers: DuplicateNumber[] = [];
  for (const [key, entries] of entriesByNumber) if (entries.length > 1) duplicateNumbers.push({ key, entries });
  return { numberedEntries, entriesByNumber, duplicateNumbers };
}

function countNumbered(sections: readonly Section[], from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) if (sections[i].number) n++;
  return n;
}

/**
 * The numbered entries after an edit: the earlier list with the run's entries put in place of the old ones. The
 * numbers' lists are updated in place when the edit kept every number (typing in a rule's text): then `sameKeys`.
 */
function spliceNumbered(
  model: Rulebook,
  previous: Rulebook,
  last: LinkedRulebook,
  sectionRun: NodeRun,
  ruleRun: NodeRun,
): { numbers: NumberFacts; sameKeys: boolean; removed: Set<NumberedEntry> } | null {
  const entries = last.numberedEntries as NumberedEntry[];
  const byNumber = last.entriesByNumber as Map<string, NumberedEntry[]>;
  const duplicates = last.duplicateNumbers as DuplicateNumber[];
  if (sectionRun.removed === 0 && sectionRun.added === 0 && ruleRun.removed === 0 && ruleRun.added === 0) {
    return { numbers: { numberedEntries: entries, entriesByNumber: byNumber, duplicateNumbers: duplicates }, sameKeys: true, removed: new Set() };
  }
  // The run's entries are one stretch of the document: they follow every entry of the nodes before the runs.
  const at = countNumbered(previous.sections, 0, sectionRun.start) + ruleRun.start;
  const removedCount = countNumbered(previous.sections, sectionRun.start, sectionRun.start + sectionRun.removed) + ruleRun.removed;
  const added = mergeNumbered(model, model.sections.slice(sectionRun.start, sectionRun.start + sectionRun.added), model.rules.slice(ruleRun.start, ruleRun.start + ruleRun.added));
  const old = entries.slice(at, at + removedCount);
  const numberedEntries = entries.slice(0, at).concat(added, entries.slice(at + removedCount));
  const removed = new Set(old);
  // Global numbers only: those are the ones by number.
  const gone = new Map<string, NumberedEntry[]>();
  const come = new Map<string, NumberedEntry[]>();
  for (const e of old) if (e.scope === 'global') push(gone, e.number!.key, e);
  for (const e of added) if (e.scope === 'global') push(come, e.number!.key, e);
  let sameKeys = gone.size === come.size && sameLocalNumbers(old, added);
  if (sameKeys) for (const [key, list] of gone) if (come.get(key)?.length !== list.length) sameKeys = false;
  if (!sameKeys) return { numbers: numberFacts(model, numberedEntries), sameKeys: false, removed };
  for (const [key, list] of come) {
    const all = byNumber.get(key)!;
    all.splice(all.indexOf(gone.get(key)![0]), list.length, ...list);
  }
  return { numbers: { numberedEntries, entriesByNumber: byNumber, duplicateNumbers: duplicates }, sameKeys: true, removed };
}

/**
 * Whether an edit kept the numbers of the lists' items it touched, and which of them are titled: a reference to a
 * titled clause in its own section resolves to it (ReferenceResolver.localEntry), so an item numbered or titled anew
 * can change what a reference elsewhere names.
 */
function sameLocalNumbers(old: readonly NumberedEntry[], added: readonly NumberedEntry[]): boolean {
  return listItemsSignature(old) === listItemsSignature(added);
}

/** Resolves references one at a time, in the model's order, into the two lists the linked rulebook gives. */
class ReferenceResolver {
  readonly resolved: ResolvedReference[] = [];
  readonly unresolved: UnresolvedReference[] = [];
  private readonly chapters: ChapterOrder;
  private titles: TitledHeadings | null = null;
  private readonly skillKeys: () => string[];
  private numberKeys: string[] | null = null;
  private readonly fileIndex: ReadonlyMap<string, number>;
  private vault: VaultFiles | null = null;
  /** Titled clauses by their section's id and their number (titledClauses), built on first need. */
  private clauses: Map<string, Rule> | null = null;

  constructor(
    private readonly model: Rulebook,
    private readonly skillsByKey: ReadonlyMap<string, readonly Skill[]>,
    private readonly numbers: NumberFacts,
    private readonly memo: LinkMemo,
  ) {
    this.chapters = new ChapterOrder(model);
    let keys: string[] | null = null;
    this.skillKeys = () => (keys ??= [...skillsByKey.keys()]);
    this.fileIndex = new Map(model.files.map((f, i) => [f.path, i]));
  }

  resolve(reference: Reference): void {
    if (reference.kind === 'skill') {
      const skill = this.skillsByKey.get(reference.target)?.[0];
      const page = skill || reference.keyword !== 'link' ? null : this.pageNamed(reference);
      if (skill) this.resolved.push({ reference, entries: [], skill });
      else if (page) this.resolved.push({ reference, entries: [], skill: null, page });
      else {
        const skillNameOf = (key: string) => this.skillsByKey.get(key)![0].name;
        this.unresolved.push({ reference, suggestions: this.memo.closestNames(reference.target, this.skillKeys()).slice(0, 3).map(skillNameOf) });
      }
      return;
    }
    if (reference.after !== undefined) {
      const titled = this.byTitle(reference);
      if (titled) {
        this.resolved.push(titled);
        return;
      }
    }
    const local = this.localEntry(reference);
    if (local) {
      this.resolved.push({ reference, entries: [local], skill: null });
      return;
    }
    const byNumber = this.numbers.entriesByNumber;
    const find = (key: string) => byNumber.get(key)?.[0] ?? this.chapters.listItem(key);
    const first = find(reference.target) ?? this.chapters.byOrder(reference);
    const last = reference.targetEnd ? find(reference.targetEnd) : first;
    if (first && last) {
      this.resolved.push({ reference, entries: first === last ? [first] : this.between(first, last), skill: null });
    } else {
      this.numberKeys ??= [...byNumber.keys()];
      const missing = first ? reference.targetEnd! : reference.target;
      this.unresolved.push({ reference, suggestions: this.memo.closestNumbers(missing, this.numberKeys) });
    }
  }

  /**
   * "Chapter 8: Running the Game" where Running the Game is chapter 7: the title says which chapter is meant, so the
   * reference goes there, and the number it gives is recorded as wrong. A title that agrees with the number, names
   * nothing, or names two headings leaves the reference to its number.
   */
  private byTitle(reference: Reference): ResolvedReference | undefined {
    this.titles ??= new TitledHeadings(this.numbers.numberedEntries, this.chapters.placed());
    const match = this.titles.named(reference);
    if (!match || match.heading.number === reference.target) return undefined;
    const { entry, number, title } = match.heading;
    const written = `${reference.text}${reference.after!.slice(0, match.end)}`.trim();
    const numberNames = this.numbers.entriesByNumber.has(reference.target) || this.chapters.byOrder(reference) !== undefined;
    return { reference, entries: [entry], skill: null, misnumbered: { title, number, written, numberNames } };
  }

  /**
   * The item of a numbered list of titled clauses in the reference's own section that it names, if any: a licence's
   * "the Copyright Notice detailed in Section 7" is its own `7. Copyright Notice: …`, not the book's chapter 7. Only
   * where the section's items are mostly titled so ("1. Definitions:", "2. Grant: …"): a rulebook's list of plain
   * rules under its chapter ("4. The target of an attack has the authority…") does not make "Section 4" its item.
   * A chapter, part or appendix is the book's whatever lists stand near it.
   */
  private localEntry(reference: Reference): Rule | undefined {
    if (reference.sectionId === null || reference.targetEnd !== null || BOOK_WIDE_KEYWORD.test(reference.keyword) || !/^\d+$/.test(reference.target)) return undefined;
    this.clauses ??= titledClauses(this.numbers.numberedEntries);
    return this.clauses.get(`${reference.sectionId}\u0000${reference.target}`);
  }

  /** The page a wiki link's name names when no skill has it (Obsidian's `[[agile]]` for agile.md), or null. */
  private pageNamed(reference: Reference): string | null {
    this.vault ??= new VaultFiles(this.model, []);
    return this.vault.find(reference.targetText, reference.range.file);
  }

  /** A range's entries: the global entries from its first to its last, or the two alone when they come the other way round. */
  private between(first: NumberedEntry, last: NumberedEntry): NumberedEntry[] {
    const from = this.indexOf(first);
    const to = this.indexOf(last);
    if (from === -1 || to === -1) return [first];
    if (from > to) return [first, last];
    const entries: NumberedEntry[] = [];
    const all = this.numbers.numberedEntries;
    for (let i = from; i <= to; i++) if (all[i].scope === 'global') entries.push(all[i]);
    return entries;
  }

  /** Where a global entry stands among the numbered entries (in document order): found by its place, -1 when it is none of them. */
  private indexOf(entry: NumberedEntry): number {
    if (entry.scope !== 'global') return -1;
    const all = this.numbers.numberedEntries;
    const key = (e: NumberedEntry) => {
      const at = e.kind === 'rule' ? e.range : e.headingRange;
      return [this.fileIndex.get(at.file) ?? 0, at.start.offset] as const;
    };
    const [file, offset] = key(entry);
    const at = partitionPoint(all.length, (k) => {
      const [f, o] = key(all[k]);
      return f < file || (f === file && o < offset);
    });
    return all[at] === entry ? at : -1;
  }
}


/**
 * "Trapping and Foraging" read as two requirements: when the two names joined by "and" name a skill, both
 * terms stand for it (a separator inside a name cannot be told from one between names until the names are known).
 */
function joinedNames(requirements: readonly Requirement[], skillsByKey: ReadonlyMap<string, readonly Skill[]>): Map<PrerequisiteTerm, readonly Skill[]> {
  const joined = new Map<PrerequisiteTerm, readonly Skill[]>();
  for (let i = 0; i + 1 < requirements.length; i++) {
    const a = requirements[i].alternatives;
    const b = requirements[i + 1].alternatives;
    if (a.length !== 1 || b.length !== 1 || skillsByKey.has(a[0].key) || skillsByKey.has(b[0].key)) continue;
    const skills = skillsByKey.get(`${a[0].key} and ${b[0].key}`) ?? skillsByKey.get(`${a[0].key} & ${b[0].key}`);
    if (skills) {
      joined.set(a[0], skills);
      joined.set(b[0], skills);
    }
  }
  return joined;
}

/**
 * Close names for a misspelt name written with its kind ("Thirsting Blad Invocation", "воззвание Жаждуший клинок"):
 * skills named almost so under a heading titled with the kind, written as the requirement writes them, kind and all.
 */
function kindedSuggestions(term: PrerequisiteTerm, skillsByKey: ReadonlyMap<string, readonly Skill[]>, skillKeys: readonly string[], memo: LinkMemo, reading: ReadingWords): string[] {
  const words = term.text.trim().split(/\s+/);
  return splitKind(term.key, reading).flatMap((kinded) => {
    const kindLast = term.key.endsWith(` ${kinded.kind}`);
    return memo
      .closestNames(kinded.name, skillKeys)
      // "Fire Magic" abbreviates no "Fireball" with its kind: only a misspelt name is one.
      .filter((key) => misspells(kinded.name, key))
      .map((key) => skillsByKey.get(key)!)
      .filter((skills) => skills.some((s) => titledWithKind(s.categoryPath, kinded.kind, reading)))
      .map((skills) => (kindLast ? `${skills[0].name} ${words[words.length - 1]}` : `${words[0]} ${skills[0].name}`));
  });
}

const TIER = /^(.+?)\s+((?:i|ii|iii|iv|v|vi|vii|viii|ix|x)|\d{1,2})$/;

/**
 * A name that names a skill in another form: a tier of it ("Lethal Strike II" → Lethal Strike, I–III), with its
 * choice written out ("Weapon Focus (Greataxe)", "Weapon Focus with selected weapon" → Weapon Focus), or with its kind
 * ("Thirsting Blade Invocation", under "Eldritch Invocation Options"; "воззвание Жаждущий клинок"), or quoted after what
 * it is ("воззвание «Жаждущий клинок»").
 */
class VariantResolver {
  private readonly found = new Map<string, readonly Skill[] | undefined>();

  constructor(
    private readonly skillsByKey: ReadonlyMap<string, readonly Skill[]>,
    private readonly reading: ReadingWords,
  ) {}

  resolve(key: string): readonly Skill[] | undefined {
    if (this.found.has(key)) return this.found.get(key);
    const result = this.compute(key);
    this.found.set(key, result);
    return result;
  }

  private compute(key: string): readonly Skill[] | undefined {
    const tier = TIER.exec(key);
    if (tier) {
      const skills = this.skillsByKey.get(tier[1]);
      const wanted = tier[2].toUpperCase();
      if (skills?.some((s) => s.tiers.includes(wanted) || (s.tiers.length === 0 && /^[IVX]+$/.test(wanted)))) return skills;
    }
    // "Pact of the Blade Invocation" reads as a choice of "Pact" too: a choice names a skill only when there is one.
    const choice = /^(.+?)\s*\([^()]*\)?$/.exec(key) ?? /^(.+?)\s+(?:feat\s+)?(?:with|in|for|of)\s+(?:a|an|the|any|selected|chosen)\b.*$/.exec(key);
    const chosen = choice && this.skillsByKey.get(choice[1]);
    if (chosen) return chosen;
    const quoted = quotedName(key);
    if (quoted && this.skillsByKey.has(quoted)) return this.skillsByKey.get(quoted);
    for (const kinded of splitKind(key, this.reading)) {
      const skills = this.skillsByKey.get(kinded.name);
      if (skills?.some((s) => titledWithKind(s.categoryPath, kinded.kind, this.reading))) return skills;
    }
    return undefined;
  }
}

/**
 * Skills that can never be bought: some requirement has no alternative that is a condition or an
 * obtainable skill. Computed as a fixed point from the skills that need nothing; `via` names the root cause.
 */
function findUnreachable(
  skills: readonly Skill[],
  skillsByKey: ReadonlyMap<string, readonly Skill[]>,
  cycles: LinkedRulebook['cycles'],
  termTargets: ReadonlyMap<PrerequisiteTerm, string | null>,
): UnreachableSkill[] {
  const keyOf = (term: PrerequisiteTerm): string | null => (termTargets.has(term) ? termTargets.get(term)! : term.key);
  const met = (term: PrerequisiteTerm): boolean => term.kind === 'condition' || keyOf(term) === null;
  // A worklist: each requirement waits on the names of its alternatives; when a name becomes obtainable,
  // the requirements waiting on it are met, and a skill whose requirements are all met becomes obtainable.
  const obtainable = new Set<string>();
  const waiting = new Map<string, Array<{ skill: Skill; met: { value: boolean } }>>();
  const unmet = new Map<Skill, number>();
  const ready: Skill[] = [];
  for (const skill of skills) {
    let count = 0;
    for (const list of skill.prerequisites) {
      for (const requirement of list.requirements) {
        if (requirement.alternatives.some(met)) continue;
        count++;
        const done = { value: false };
        for (const term of requirement.alternatives) {
          const key = keyOf(term)!;
          const list_ = waiting.get(key);
          if (list_) list_.push({ skill, met: done });
          else waiting.set(key, [{ skill, met: done }]);
        }
      }
    }
    unmet.set(skill, count);
    if (count === 0) ready.push(skill);
  }
  while (ready.length > 0) {
    const skill = ready.pop()!;
    if (obtainable.has(skill.key)) continue;
    obtainable.add(skill.key);
    for (const waiter of waiting.get(skill.key) ?? []) {
      if (waiter.met.value) continue;
      waiter.met.value = true;
      const left = unmet.get(waiter.skill)! - 1;
      unmet.set(waiter.skill, left);
      if (left === 0) ready.push(waiter.skill);
    }
  }
  const inCycle = new Set(cycles.flatMap((c) => c.skills.map((s) => s.key)));
  const cause = new Map<string, { reason: 'cycle' | 'unknown'; via: string }>();
  const rootCause = (skill: Skill, seen: Set<string>): { reason: 'cycle' | 'unknown'; via: string } => {
    const known = cause.get(skill.key);
    if (known) return known;
    if (inCycle.has(skill.key) || seen.has(skill.key)) return { reason: 'cycle', via: skill.name };
    seen.add(skill.key);
    let found: { reason: 'cycle' | 'unknown'; via: string } = { reason: 'cycle', via: skill.name };
    outer: for (const list of skill.prerequisites) {
      for (const r of list.requirements) {
        if (r.alternatives.some((t) => met(t) || obtainable.has(keyOf(t)!))) continue;
        const term = r.alternatives[0];
        const target = skillsByKey.get(keyOf(term)!)?.[0];
        found = target ? rootCause(target, seen) : { reason: 'unknown', via: term.text };
        break outer;
      }
    }
    cause.set(skill.key, found);
    return found;
  };
  return skills.filter((s) => !obtainable.has(s.key)).map((skill) => ({ skill, ...rootCause(skill, new Set()) }));
}
