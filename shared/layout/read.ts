/**
 * The `layout:` block of rulebook.yaml or front matter, checked and merged with the defaults (the book's language's:
 * see defaultLayout). Lists add to the defaults' lists.
 */
import type { FrontMatterSkills, Layout } from '../model/layout.js';

export interface LayoutProblem {
  /** The key at fault, dotted from `layout` ("layout.fields.cost"). */
  readonly key: string;
  readonly message: string;
}

type Data = Record<string, unknown>;

const SHAPE: Record<string, readonly string[]> = {
  skills: ['headingLevels', 'boldNames', 'headings', 'tables', 'sections', 'frontMatter'],
  fields: ['cost', 'prerequisites', 'other'],
  costs: ['zero', 'variable', 'columns'],
  conditions: ['attributes', 'phrases'],
  numbering: ['notRules', 'fromContents', 'chapterOrder'],
  references: ['bare', 'links'],
};

function isMapping(value: unknown): value is Data {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

class Reader {
  readonly problems: LayoutProblem[] = [];

  strings(data: Data, group: string, key: string, base: readonly string[]): readonly string[] {
    const value = data[key];
    if (value === undefined || value === null) return base;
    const list = typeof value === 'string' || typeof value === 'number' ? [value] : value;
    if (!Array.isArray(list) || list.some((v) => typeof v !== 'string' && typeof v !== 'number')) {
      this.problems.push({ key: `layout.${group}.${key}`, message: `\`layout.${group}.${key}\` must be a list of words or phrases` });
      return base;
    }
    const seen = new Set(base.map((b) => b.toLowerCase()));
    return [...base, ...list.map(String).filter((v) => !seen.has(v.toLowerCase()) && seen.add(v.toLowerCase()))];
  }

  boolean(data: Data, group: string, key: string, base: boolean): boolean {
    const value = data[key];
    if (value === undefined || value === null) return base;
    if (typeof value !== 'boolean') {
      this.problems.push({ key: `layout.${group}.${key}`, message: `\`layout.${group}.${key}\` must be true or false` });
      return base;
    }
    return value;
  }

  levels(data: Data, base: readonly number[]): readonly number[] {
    const value = data.headingLevels;
    if (value === undefined || value === null) return base;
    const list = typeof value === 'number' ? [value] : value;
    if (!Array.isArray(list) || list.some((v) => !Number.isInteger(v) || v < 1 || v > 6)) {
      this.problems.push({ key: 'layout.skills.headingLevels', message: '`layout.skills.headingLevels` must be a list of heading levels from 1 to 6' });
      return base;
    }
    return list as number[];
  }

  frontMatter(data: Data): FrontMatterSkills | null {
    const value = data.frontMatter;
    if (value === undefined || value === null || value === false) return null;
    if (!isMapping(value) || typeof value.name !== 'string') {
      this.problems.push({ key: 'layout.skills.frontMatter', message: '`layout.skills.frontMatter` must name the key of the skill\'s name (`name: title`) and may list `cost`, `prerequisites` and `text` keys' });
      return null;
    }
    for (const key of Object.keys(value)) {
      if (!['name', 'cost', 'prerequisites', 'text'].includes(key)) this.problems.push({ key: `layout.skills.frontMatter.${key}`, message: `\`layout.skills.frontMatter.${key}\` is not a setting (name, cost, prerequisites, text)` });
    }
    return {
      name: value.name,
      cost: this.strings(value, 'skills.frontMatter', 'cost', []),
      prerequisites: this.strings(value, 'skills.frontMatter', 'prerequisites', []),
      text: this.strings(value, 'skills.frontMatter', 'text', []),
    };
  }
}

/** Reads a `layout:` value over the defaults of the book's language; an absent one gives those defaults. */
export function readLayout(value: unknown, defaults: Layout): { layout: Layout; problems: readonly LayoutProblem[] } {
  if (value === undefined || value === null) return { layout: defaults, problems: [] };
  const reader = new Reader();
  if (!isMapping(value)) return { layout: defaults, problems: [{ key: 'layout', message: '`layout` must be a mapping (skills, fields, costs, conditions, numbering, references)' }] };
  const group = (name: string): Data => {
    const g = value[name];
    if (g === undefined || g === null) return {};
    if (!isMapping(g)) {
      reader.problems.push({ key: `layout.${name}`, message: `\`layout.${name}\` must be a mapping` });
      return {};
    }
    for (const key of Object.keys(g)) {
      if (!SHAPE[name].includes(key)) reader.problems.push({ key: `layout.${name}.${key}`, message: `\`layout.${name}.${key}\` is not a setting (${SHAPE[name].join(', ')})` });
    }
    return g;
  };
  for (const key of Object.keys(value)) {
    if (!(key in SHAPE)) reader.problems.push({ key: `layout.${key}`, message: `\`layout.${key}\` is not a setting (${Object.keys(SHAPE).join(', ')})` });
  }
  const skills = group('skills');
  const boldNames = skills.boldNames ?? defaults.skills.boldNames;
  if (boldNames !== 'fields' && boldNames !== 'all') reader.problems.push({ key: 'layout.skills.boldNames', message: '`layout.skills.boldNames` must be `fields` or `all`' });
  // `fields`, `all`, or the titles of the sections where every heading is a skill.
  const headingsValue = skills.headings ?? defaults.skills.headings;
  const headingsIn = Array.isArray(headingsValue) ? reader.strings(skills, 'skills', 'headings', []) : null;
  const headings = headingsIn ?? headingsValue;
  if (headings !== 'fields' && headings !== 'all' && !headingsIn) {
    reader.problems.push({ key: 'layout.skills.headings', message: '`layout.skills.headings` must be `fields`, `all` or a list of section titles' });
  }
  const fields = group('fields');
  const costs = group('costs');
  const conditions = group('conditions');
  const numbering = group('numbering');
  const references = group('references');
  const links = reader.strings(references, 'references', 'links', defaults.references.links);
  for (const pattern of links) {
    if (!pattern.includes('{number}')) reader.problems.push({ key: 'layout.references.links', message: `\`layout.references.links\`: \`${pattern}\` must say where the number stands with {number}` });
  }
  const headingLevels = reader.levels(skills, defaults.skills.headingLevels);
  // `all` at no level in particular reads nothing: it would make every heading a skill, chapters included.
  if ((headings === 'all' || (headingsIn?.length ?? 0) > 0) && headingLevels.length === 0) {
    reader.problems.push({ key: 'layout.skills.headings', message: `\`layout.skills.headings: ${headingsIn ? '[…]' : 'all'}\` needs the levels skills are written at, in \`layout.skills.headingLevels\`` });
  }
  const layout: Layout = {
    skills: {
      headingLevels,
      boldNames: boldNames === 'all' ? 'all' : 'fields',
      headings: headingsIn ?? (headings === 'all' ? 'all' : 'fields'),
      tables: reader.strings(skills, 'skills', 'tables', defaults.skills.tables),
      sections: reader.strings(skills, 'skills', 'sections', defaults.skills.sections),
      frontMatter: reader.frontMatter(skills),
    },
    fields: {
      cost: reader.strings(fields, 'fields', 'cost', defaults.fields.cost),
      prerequisites: reader.strings(fields, 'fields', 'prerequisites', defaults.fields.prerequisites),
      other: reader.strings(fields, 'fields', 'other', defaults.fields.other),
    },
    costs: {
      zero: reader.strings(costs, 'costs', 'zero', defaults.costs.zero),
      variable: reader.strings(costs, 'costs', 'variable', defaults.costs.variable),
      columns: reader.strings(costs, 'costs', 'columns', defaults.costs.columns),
    },
    conditions: {
      attributes: reader.strings(conditions, 'conditions', 'attributes', defaults.conditions.attributes),
      phrases: reader.strings(conditions, 'conditions', 'phrases', defaults.conditions.phrases),
    },
    numbering: {
      notRules: reader.strings(numbering, 'numbering', 'notRules', defaults.numbering.notRules),
      fromContents: reader.boolean(numbering, 'numbering', 'fromContents', defaults.numbering.fromContents),
      chapterOrder: reader.boolean(numbering, 'numbering', 'chapterOrder', defaults.numbering.chapterOrder),
    },
    references: { bare: reader.boolean(references, 'references', 'bare', defaults.references.bare), links },
  };
  return { layout, problems: reader.problems };
}
