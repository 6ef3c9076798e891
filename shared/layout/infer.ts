/**
 * inferLayout: proposes the `layout:` settings a book needs, from statistics over its lines (never the parser), and
 * says why in plain words. It proposes only what differs from the defaults of the book's language (defaultLayout), and
 * never edits the book.
 */
import { defaultLayout } from '../model/layout.js';
import { readingWords, type ReadingWords } from '../model/reading-words.js';
import { bookVocabulary, ENGLISH_WORDS } from '../model/book-words.js';
import { skillNameColumn, type PriceColumnWords } from '../parse/extract.js';
import { plainText } from '../parse/keys.js';
import { titleWithoutTagAndTiers } from '../parse/titles.js';
import type { RulebookSource } from '../model/types.js';
import { collectText } from './collect-text.js';
import { labelWords } from './field-words.js';
import { inferAttributes } from './infer-attributes.js';
import { inferConditionGroups } from './infer-groups.js';
import { inferCosts, unitsIn } from './infer-costs.js';
import { classifyFields, skillHeadingLevels, type LabelFinding } from './infer-fields.js';
import { inferFrontMatter } from './infer-front-matter.js';
import { inferNumbers, type NumberStyle } from './infer-numbers.js';
import { inferBareHeadings, inferBareLeads, inferKinds } from './infer-kinds.js';
import { declaredLanguage, inferLanguage } from './infer-language.js';
import { inferSkillSections } from './infer-sections.js';
import { inferTitleAloneSections } from './infer-title-alone.js';
import { inferSkillTables } from './infer-skill-tables.js';
import { inferCostTables, inferHeadingPricedTables } from './infer-tables.js';
import { inferLabelPricedLists, ownPricedListItems } from './infer-priced-lists.js';
import { DEFAULT_COST_UNITS, unitNamed } from '../parse/costs.js';
import { plural, thousands, wordList } from '../model/plural.js';

export interface LayoutInference {
  /**
   * Top-level settings to merge into rulebook.yaml or front matter: a `layout:` block with only its non-default
   * parts, and `costUnits` when the book's units are not the default ones. Empty when the defaults read the book.
   */
  readonly settings: Record<string, unknown>;
  /** One sentence per finding, in a marshal's words; every proposal has one. */
  readonly reasons: string[];
}

const code = (s: string) => `\`${s.length > 70 ? `${s.slice(0, 69)}…` : s}\``;
const isDefault = (defaults: readonly string[], label: string) => defaults.some((d) => d.toLowerCase() === label.toLowerCase());

/** "452 lines are numbered in `1a)` style." */
function styleSentence(style: NumberStyle, count: number, example: string): string {
  switch (style) {
    case 'dotted':
      return `${plural(count, 'paragraph is', 'paragraphs are')} numbered in ${code(example)} style.`;
    case 'paren':
      return `${plural(count, 'line is', 'lines are')} numbered in ${code(example)} style.`;
    case 'bold-bullet':
      return `${plural(count, 'bullet opens', 'bullets open')} with a bold number such as ${code(example)}.`;
    case 'heading':
      return `${plural(count, 'heading carries a number', 'headings carry numbers')} such as ${code(example)}.`;
    case 'article':
      return `${plural(count, 'heading is an article', 'headings are articles')} such as ${code(example)}.`;
  }
}

/** An entry's name as requirements write it, lower case: as the heading has it, and without a type tag or tiers. */
function nameForms(name: string, reading: ReadingWords): string[] {
  return [name, titleWithoutTagAndTiers(name, reading).replace(/#+$/, '').trim()].filter((n) => n.length >= 2).map((n) => n.toLowerCase());
}

/** The units priced headings and labels write, with how many entries each prices: "5 CP each" over six rows is CP six times. */
function priceUnitUses(costs: readonly { readonly unit: string }[]): { unit: string; uses: number }[] {
  const uses = new Map<string, { unit: string; uses: number }>();
  for (const { unit } of costs) {
    const seen = uses.get(unit.toLowerCase());
    if (seen) seen.uses++;
    else uses.set(unit.toLowerCase(), { unit, uses: 1 });
  }
  return [...uses.values()].sort((a, b) => b.uses - a.uses);
}

export function inferLayout(source: RulebookSource): LayoutInference {
  const reasons: string[] = [];
  const layout: Record<string, Record<string, unknown>> = {};
  const set = (group: string, key: string, value: unknown) => {
    layout[group] ??= {};
    layout[group][key] = value;
  };
  const settings: Record<string, unknown> = {};

  // The book's language first: its words are the labels and requirements read below, as the parser will read them.
  const inferred = inferLanguage(source);
  const reading = readingWords(declaredLanguage(source) ?? inferred?.tag ?? null);
  const defaults = defaultLayout(reading);
  const words = labelWords(reading);
  // A table's name column and its own cost column, as the parser tells them in this language.
  const costLabels = new Set(defaults.fields.cost.map((l) => l.toLowerCase()));
  const priceColumns: PriceColumnWords = { names: words.skillColumns, isCostLabel: (h) => costLabels.has(h.toLowerCase()) };

  const front = inferFrontMatter(source);
  const text = collectText(source, words);
  const names = new Set<string>();
  for (const e of text.entries) for (const name of nameForms(e.name, reading)) names.add(name);
  for (const e of front?.entries ?? []) if (e.name.length >= 2) names.add(e.name.toLowerCase());

  // Skills kept one per file in front matter.
  if (front) {
    const { skills } = front;
    set('skills', 'frontMatter', { name: skills.name, cost: [...skills.cost], prerequisites: [...skills.prerequisites], text: [...skills.text] });
    const where = wordList(front.folders.map((f) => `${plural(f.files, 'file', 'files')} in ${code(f.folder || '.')}`));
    const uses = (key: string) => `${code(key)} (${plural(front.uses.get(key) ?? 0, 'file', 'files')})`;
    const parts = [`the name from ${code(skills.name)}`];
    if (skills.prerequisites.length) parts.push(`prerequisites from ${wordList(skills.prerequisites.map(uses))}`);
    if (skills.cost.length) parts.push(`the cost from ${wordList(skills.cost.map(uses))}`);
    if (skills.text.length) parts.push(`the text from ${wordList(skills.text.map(code))}`);
    reasons.push(`${where} are one entry each, with the entry's data in front matter: ${parts.join('; ')}.`);
  }

  // Field labels.
  const fields = classifyFields(text, names, words);
  const accepted = new Set(fields.labels.map((l) => l.key));
  const describeLabel = (l: LabelFinding) => `${code(l.label)} (${plural(l.entries, 'entry', 'entries')}, e.g. ${code(l.example)})`;
  for (const kind of ['cost', 'prerequisite'] as const) {
    const labels = fields.labels.filter((l) => l.kind === kind);
    const read = kind === 'cost' ? defaults.fields.cost : defaults.fields.prerequisites;
    const fresh = labels.filter((l) => !isDefault(read, l.label));
    const known = labels.filter((l) => isDefault(read, l.label));
    const what = kind === 'cost' ? 'a cost' : 'prerequisites';
    if (known.length) reasons.push(`${wordList(known.map(describeLabel))} ${known.length === 1 ? 'gives' : 'give'} ${what}, read without a setting.`);
    for (const l of fresh) {
      const why =
        l.by === 'name'
          ? `its name says it is ${kind === 'cost' ? 'a cost' : 'a requirement'}`
          : kind === 'cost'
            ? `its values are numbers in ${thousands(l.matching)} of ${plural(l.uses, 'line', 'lines')}`
            : `its values name other entries of the book in ${thousands(l.matching)} of ${plural(l.uses, 'line', 'lines')}`;
      reasons.push(`${describeLabel(l)} gives ${what}: ${why}.`);
    }
    if (fresh.length) set('fields', kind === 'cost' ? 'cost' : 'prerequisites', fresh.map((l) => l.label));
  }
  // A label the defaults read as prerequisites that this book gives other things by ("Requirements" beside
  // "Prerequisites"): the settings add to the defaults, so it is named as an ordinary field.
  const ordinary = fields.demoted.filter((d) => d.kind === 'prerequisite' && isDefault(defaults.fields.prerequisites, d.label)).map((d) => d.label);
  if (ordinary.length) set('fields', 'other', ordinary);
  for (const d of fields.demoted) {
    const what = d.kind === 'cost' ? 'the price' : 'the prerequisites';
    const stays = d.kind === 'cost' ? 'an ordinary field' : 'an ordinary field (what using the skill needs)';
    reasons.push(`${code(d.label)} is written beside ${code(d.beside)} in ${plural(d.entries, 'entry', 'entries')}: ${code(d.beside)} is read as ${what} and ${code(d.label)} stays ${stays}.`);
  }
  for (const s of fields.spent) {
    reasons.push(`${code(s.label)} (${plural(s.entries, 'entry', 'entries')}) names what using a skill spends, not what learning it costs: it stays an ordinary field.`);
  }
  const levels = skillHeadingLevels(fields);
  if (levels.length) {
    const headings = fields.fieldEntries.byKind.get('heading') ?? 0;
    const marks = levels.map((d) => code('#'.repeat(d)));
    reasons.push(`${plural(headings, 'heading has', 'headings have')} cost or prerequisite lines under ${headings === 1 ? 'it' : 'them'}, at level ${wordList(marks)}: skills are ${wordList(marks)} headings.`);
    set('skills', 'headingLevels', levels);
  }
  const bold = fields.fieldEntries.byKind.get('bold') ?? 0;
  if (bold >= 2) reasons.push(`${plural(bold, 'bold name on a line of its own is', 'bold names on lines of their own are')} followed by cost or prerequisite lines: read as skills without a setting.`);

  // Costs: bold-lead abilities, units, cost words, cost tables.
  const costKeys = new Set(fields.labels.filter((l) => l.kind === 'cost').map((l) => l.key));
  const costValues = text.fields.filter((f) => costKeys.has(f.key)).map((f) => f.value);
  for (const e of front?.entries ?? []) costValues.push(...e.costs);
  // "### Athletics (2 skill points)" (Atomic Robo): a price in points in a heading's title, in a unit the defaults lack.
  const titlePrices = text.entries.flatMap((e) => e.titlePrice ?? []);
  costValues.push(...titlePrices);
  const fieldEntries = new Set(text.fields.filter((f) => accepted.has(f.key)).map((f) => f.entry));
  const leadsWithFields = text.leads.filter((l) => fieldEntries.has(l.entry)).length;
  const costs = inferCosts(costValues, text.leads, leadsWithFields, reading);
  // Tables whose rows a heading prices ("### Tier 1 — 5 CP each"), in a unit the book writes costs in.
  const known = [...DEFAULT_COST_UNITS, ...costValues.flatMap((c) => unitsIn(c, reading)), ...text.leads.flatMap((l) => (l.cost ? unitsIn(l.cost, reading) : []))];
  const pricedTables = inferHeadingPricedTables(text.tables, known, priceColumns);
  const pricedLists = inferLabelPricedLists(source, known);
  if (costs.leads) {
    set('skills', 'boldNames', 'all');
    reasons.push(
      `${plural(costs.leads.count, 'paragraph opens', 'paragraphs open')} with a bold name and a colon, ${thousands(costs.leads.withCost)} of them with a cost in parentheses (${code(costs.leads.example)}): every such name is a skill.`,
    );
  }
  // Where skills are written, when other chapters write other things the same way.
  const sectionLabels = (kind: LabelFinding['kind']) => new Set(fields.labels.filter((l) => l.kind === kind).map((l) => l.key));
  const sections = inferSkillSections(text, levels, sectionLabels('cost'), sectionLabels('prerequisite'), costs.leads !== null, [
    ...(pricedTables?.places ?? []),
    ...(pricedLists?.places ?? []),
    ...ownPricedListItems(source, known),
  ], known);
  if (sections) {
    set('skills', 'sections', [...sections.sections]);
    reasons.push(
      `${plural(sections.others, 'entry', 'entries')} under ${wordList(sections.otherChapters.map(code))} ${sections.others === 1 ? 'is' : 'are'} written like skills but without cost or prerequisites, while the ${thousands(sections.priced)} priced ones stand under ${wordList(sections.sections.map(code))}: skills are read there only.`,
    );
  }
  // Skills priced nowhere, named by headings with their kind after the name, in chapters named for skills. Where the
  // book prices skills elsewhere and says nothing of where, naming the chapters would lose those.
  const kinds = inferKinds(text);
  const costColumnTable = text.tables.some((t) => skillNameColumn(t.header.map(plainText), words.skillColumns) !== -1 && t.header.some((h) => /cost/i.test(h) || words.cost.test(plainText(h))));
  // Tables with a cost column for each class or skillset ("| Skill | Primary | Secondary |") price their rows too.
  const tables = inferCostTables(text.tables);
  const pricesNothing = fields.fieldEntries.total === 0 && titlePrices.length === 0 && !costs.leads && !costColumnTable && !tables && !pricedTables && !pricedLists;
  if (kinds && (sections || pricesNothing)) {
    set('skills', 'headingLevels', [...new Set([...levels, ...kinds.levels])].sort((a, b) => a - b));
    set('skills', 'sections', [...new Set([...(sections?.sections ?? []), ...kinds.sections])]);
    const marks = wordList(kinds.levels.map((d) => code('#'.repeat(d))));
    reasons.push(
      `${plural(kinds.entries, 'heading', 'headings')} under ${wordList(kinds.sections.map(code))} name an entry and its kind or attribute (${code(kinds.example)}…), with no cost or prerequisite line: skills are ${marks} headings there, priced or not.`,
    );
  }
  // Skills written with nothing but their heading and text, under chapters named for skills. In a book that prices
  // nothing, `headings: all` (every heading at the level, in every section the layout names); beside skills that carry
  // their kind (Mythras's `#### Athletics (STR+DEX)`), in other chapters (its spells, `#### Alarm`), the setting names
  // those chapters. In a book that prices skills, only chapters named for talents, feats or powers with no priced
  // heading are listed, and no `sections`: the priced skills may stand anywhere, and `all` would make Ashfall's rules
  // in its priced skill trees skills too.
  const kindsHere = kinds && pricesNothing ? kinds : null;
  const pricedHeadings = new Set(text.entries.flatMap((e, i) => (e.kind === 'heading' && (fieldEntries.has(i) || e.titlePrice) ? [i] : [])));
  const bareHeadings = sections ? null : inferBareHeadings(text, kindsHere?.sections ?? [], pricesNothing ? null : pricedHeadings);
  if (bareHeadings) {
    const bareLevels = [...new Set([...levels, ...(kindsHere?.levels ?? []), ...bareHeadings.levels])].sort((a, b) => a - b);
    set('skills', 'headingLevels', bareLevels);
    set('skills', 'headings', kindsHere || !pricesNothing ? [...bareHeadings.sections] : 'all');
    if (pricesNothing) set('skills', 'sections', [...new Set([...(kindsHere?.sections ?? []), ...bareHeadings.sections])]);
    const marks = wordList(bareHeadings.levels.map((d) => code('#'.repeat(d))));
    const beside = pricesNothing ? '' : ', while the book prices its other skills';
    reasons.push(
      `${plural(bareHeadings.entries, 'heading', 'headings')} under ${wordList(bareHeadings.sections.map(code))} name an entry with its text alone (${code(bareHeadings.example)}…), with no cost, prerequisite or kind${beside}: every ${marks} heading there is a skill.`,
    );
  }
  // Skills priced nowhere, written as bold-lead paragraphs under a heading named for skills (Fate Condensed's `####
  // Skill List`): every bold name opening a paragraph is a skill there, and skills are read there only.
  const bareLeads = pricesNothing && !kinds && !bareHeadings ? inferBareLeads(text) : null;
  if (bareLeads) {
    set('skills', 'boldNames', 'all');
    set('skills', 'sections', [...bareLeads.sections]);
    reasons.push(
      `${plural(bareLeads.entries, 'paragraph', 'paragraphs')} under ${wordList(bareLeads.sections.map(code))} open with a bold name and a colon (${code(bareLeads.example)}…), with no price anywhere: every such name there is a skill.`,
    );
  }
  // Skill headings by their fields with a few among them by their place alone: those sections read every heading.
  const titleAlone = levels.length ? inferTitleAloneSections(text, levels, fieldEntries) : null;
  if (titleAlone) {
    set('skills', 'headings', [...(bareHeadings?.sections ?? []), ...titleAlone.sections]);
    reasons.push(
      `${plural(titleAlone.gained, 'heading', 'headings')} under ${wordList(titleAlone.sections.map(code))} (${code(titleAlone.example)}…) ${titleAlone.gained === 1 ? 'stands' : 'stand'} among ${thousands(titleAlone.byFields)} skills with cost or prerequisite lines, written as they are but without: every heading of their level there is a skill.`,
    );
  }
  // Skills listed in tables with no price: in a book that prices nothing, or whose headings of the same names
  // describe them (and are no skills by what is proposed above).
  const headingsAreSkills = Boolean((kinds && (sections || pricesNothing)) || bareHeadings || titleAlone);
  const skillHeadingNames = new Set(
    text.entries.flatMap((e, i) => (e.kind === 'heading' && (headingsAreSkills || fieldEntries.has(i) || e.titlePrice || e.tagged) ? [e.name.toLowerCase()] : [])),
  );
  const skillTables = inferSkillTables(text, priceColumns, { pricesNothing, headingIsSkill: (name) => skillHeadingNames.has(name.toLowerCase()) });
  if (skillTables) {
    set('skills', 'tables', [...skillTables.sections]);
    // Where skills are read in some sections only, the tables' sections are among them.
    const only = layout.skills?.sections as string[] | undefined;
    if (only) set('skills', 'sections', [...new Set([...only, ...skillTables.sections])]);
    const why = pricesNothing ? 'and the book prices nothing' : 'and headings of their names describe them';
    reasons.push(
      `${skillTables.tables === 1 ? 'A table' : `${thousands(skillTables.tables)} tables`} under ${wordList(skillTables.sections.map(code))} ${skillTables.tables === 1 ? 'names' : 'name'} ${plural(skillTables.rows, 'skill', 'skills')} (${code(skillTables.example)}…, first at ${skillTables.file}:${skillTables.line}, ${code(skillTables.header)}) with no cost column, ${why}: each row is a skill without a price.`,
    );
  }
  // The units the priced headings and labels write join the list, or, when the defaults read every other cost, the defaults.
  const units = [...costs.units];
  const priceUnits = priceUnitUses([...(pricedTables?.costs ?? []), ...(pricedLists?.costs ?? [])]);
  const unitList = () => (units.length ? units.map((u) => u.unit) : DEFAULT_COST_UNITS);
  const fresh = priceUnits.filter((u) => unitNamed(u.unit, unitList()) === null);
  if (fresh.length && !units.length) units.push(...DEFAULT_COST_UNITS.map((unit) => ({ unit, uses: 0 })));
  for (const u of fresh) units.push(u);
  if (units.length) {
    settings.costUnits = units.map((u) => u.unit);
    const used = units.filter((u) => u.uses > 0).sort((a, b) => b.uses - a.uses);
    reasons.push(
      `Costs are written in ${wordList(used.slice(0, 6).map((u) => `${u.unit} (${thousands(u.uses)})`))}${used.length > 6 ? ' and more' : ''}: listed under costUnits (the list replaces the default units, so it names every unit the book uses${costs.units.length ? '' : ', the default ones kept'}).`,
    );
  }
  if (pricedTables) {
    reasons.push(
      `${plural(pricedTables.groups, 'table lists', 'tables list')} ${plural(pricedTables.rows, 'entry', 'entries')} under headings that state their price (first at ${pricedTables.file}:${pricedTables.line}, under ${code(pricedTables.title)}): each row is a skill at its heading's price, read without a setting.`,
    );
  }
  if (pricedLists) {
    reasons.push(
      `${plural(pricedLists.groups, 'list names', 'lists name')} ${plural(pricedLists.rows, 'entry', 'entries')} in bold under labels that state the price of each (first at ${pricedLists.file}:${pricedLists.line}, ${code(pricedLists.title)}): each is a skill at its label's price, read without a setting.`,
    );
  }
  if (costs.zero.length) {
    set('costs', 'zero', costs.zero);
    reasons.push(`${wordList(costs.zero.map(code))} ${costs.zero.length === 1 ? 'stands' : 'stand'} where a cost is written, meaning no cost.`);
  }
  if (costs.variable.length) {
    set('costs', 'variable', costs.variable);
    reasons.push(`${wordList(costs.variable.map(code))} ${costs.variable.length === 1 ? 'stands' : 'stand'} where a cost is written, for a cost explained in words.`);
  }
  if (tables) {
    set('costs', 'columns', tables.columns);
    reasons.push(
      `${plural(tables.tables, 'table lists', 'tables list')} ${plural(tables.rows, 'entry', 'entries')} (first at ${tables.file}:${tables.line}) with numbers in the ${tables.columns.length === 1 ? 'column' : 'columns'} ${wordList(tables.columns.map(code))}: ${tables.columns.length === 1 ? 'it is the cost' : 'each is the cost for one class or skillset'}.`,
    );
  }

  // Attributes written with a score in requirements.
  const prerequisiteKeys = new Set(fields.labels.filter((l) => l.kind === 'prerequisite').map((l) => l.key));
  const byEntry = new Map<number, string[]>();
  // "**Prerequisites:**" with nothing after it heads a list of tiers ("- **Tier 1 - 2:** Agility 3"): those are its values.
  let tiersOf = -1;
  for (const f of text.fields) {
    const tier = f.entry === tiersOf && /^[ \t]*[-*+][ \t]/.test(f.text);
    if (!prerequisiteKeys.has(f.key) && !tier) {
      tiersOf = -1;
      continue;
    }
    if (!tier) tiersOf = f.value === '' ? f.entry : -1;
    const texts = byEntry.get(f.entry) ?? [];
    texts.push(f.value);
    byEntry.set(f.entry, texts);
  }
  const attributes = inferAttributes([...byEntry.values(), ...(front?.entries ?? []).map((e) => e.requirements)], names);
  if (attributes.length) {
    set('conditions', 'attributes', attributes.map((a) => a.word));
    reasons.push(
      `${wordList(attributes.slice(0, 8).map((a) => `${code(a.word)} (${plural(a.entries, 'entry', 'entries')})`))}${attributes.length > 8 ? ' and more' : ''} ${attributes.length === 1 ? 'is' : 'are'} written with a score in requirements (${code(attributes[0].example)}) and no entry is named so: ${attributes.length === 1 ? 'an attribute, not a skill' : 'attributes, not skills'}.`,
    );
  }

  const groups = inferConditionGroups([...byEntry.values(), ...(front?.entries ?? []).map((e) => e.requirements)], names);
  if (groups.length) {
    settings.conditions = groups.flatMap((g) => g.terms);
    for (const g of groups) {
      reasons.push(
        `${plural(g.entries, 'entry requires', 'entries require')} one of ${wordList(g.terms.slice(0, 6).map(code))}${g.terms.length > 6 ? ' and more' : ''}, and no entry is named so: ${/^[aeiou]/i.test(g.word) ? 'an' : 'a'} ${g.word.toLowerCase()} is something a character is or has, listed under conditions.`,
      );
    }
  }

  // Numbers, references, contents and change histories.
  const numbers = inferNumbers(source);
  for (const s of numbers.styles) reasons.push(styleSentence(s.style, s.count, s.example));
  const { bare } = numbers;
  if (bare.matching >= 2 && bare.matching * 10 >= bare.count * 6) {
    set('references', 'bare', true);
    reasons.push(`Dotted numbers in running text name numbers of the book in ${thousands(bare.matching)} of ${plural(bare.count, 'place', 'places')} (${code(bare.example ?? '')}): a bare number is a reference.`);
  } else if (bare.count >= 3 && numbers.styles.length > 0) {
    reasons.push(`Only ${thousands(bare.matching)} of ${plural(bare.count, 'dotted number', 'dotted numbers')} in running text name numbers of the book: bare numbers are left as text.`);
  }
  if (numbers.links.length) {
    set('references', 'links', numbers.links.map((l) => l.pattern));
    for (const l of numbers.links) reasons.push(`${plural(l.uses, 'link points', 'links point')} at ${code(l.example)} and the like: a link to ${code(l.pattern)} is a reference to that number.`);
  }
  const toc = numbers.contents;
  if (toc.links >= 3 && toc.resolved * 10 >= toc.links * 6 && toc.unnumbered * 10 >= toc.resolved * 6) {
    set('numbering', 'fromContents', true);
    reasons.push(`A contents list gives numbers to ${plural(toc.unnumbered, 'heading', 'headings')} that carry none (${code(toc.example ?? '')}): the headings take their numbers from it.`);
  }
  const { chapters, chapterLists } = numbers;
  if (chapters.mentions >= 2 && chapters.numberedTop === 0 && chapters.fitting * 10 >= chapters.mentions * 8) {
    set('numbering', 'chapterOrder', true);
    reasons.push(
      `The text names chapters by number in ${plural(chapters.mentions, 'place', 'places')} (${code(chapters.example ?? '')}) but no top-level heading carries a number: chapter N is the N-th of the ${thousands(chapters.topHeadings)} top-level headings.`,
    );
  } else if (chapterLists.fitting > 0) {
    set('numbering', 'chapterOrder', true);
    reasons.push(
      `The text names ${plural(chapterLists.fitting, 'rule', 'rules')} by numbers no heading carries (${code(chapterLists.example ?? '')}): they are the chapters' numbered lists counted under each chapter, chapter N the N-th of the ${thousands(chapterLists.chapters)} chapters.`,
    );
  }
  if (numbers.notRules.length) {
    set('numbering', 'notRules', numbers.notRules.map((r) => r.title));
    for (const r of numbers.notRules) reasons.push(`${code(r.title)} (${r.file}:${r.line}) is a change history: the numbers in it are not rules.`);
  }

  const order = ['skills', 'fields', 'costs', 'conditions', 'numbering', 'references'];
  const block = Object.fromEntries(order.filter((g) => layout[g]).map((g) => [g, layout[g]]));
  const out: Record<string, unknown> = {};
  if (Object.keys(block).length) out.layout = block;
  if (settings.costUnits) out.costUnits = settings.costUnits;
  if (settings.conditions) out.conditions = settings.conditions;
  if (inferred) {
    out.language = inferred.tag;
    // What the setting promises is what Rulebook Studio has of the language: words it prints around the text (French),
    // words it reads the text by only (Italian: its labels and joining words), or none (Chinese), when the setting
    // still tells the website and the PDFs what the text is in.
    const prints = bookVocabulary(inferred.tag) !== ENGLISH_WORDS;
    const reads = readingWords(inferred.tag).language !== null;
    const what = `The book is written in ${inferred.name}: \`language: ${inferred.tag}\``;
    reasons.push(
      prints
        ? `${what} hyphenates its PDFs by ${inferred.name} rules and puts the words around its text (contents, index, cards, the website's navigation) in ${inferred.name} where Rulebook Studio has them.`
        : reads
          ? `${what} reads its labels and the words between its requirements in ${inferred.name} and hyphenates its PDFs by ${inferred.name} rules; Rulebook Studio has no words of its own in ${inferred.name}, so the words around the text stay English.`
          : `${what} tells the website's pages and the PDFs what their text is in; Rulebook Studio has no words of its own in ${inferred.name}, so the words around the text stay English.`,
    );
  }
  return { settings: out, reasons };
}
