/**
 * Runs of skill headings with a few written without fields among them: the SRD 5.2's `### Eldritch Invocation
 * Options` holds 28 `####` invocations, 23 with a `*Prerequisite: …*` line and five (`#### Pact of the Blade`…) with
 * their text alone, which the fields cannot name. Where most headings of a level under one heading are skills by their
 * fields, the rest there are skills too: `layout.skills.headings` lists that heading.
 */
import { GRANTED_OR_GROUP, namesNoEntry } from '../parse/titles.js';
import type { Entry, TextStats } from './collect-text.js';
import { headingPlaces } from './heading-places.js';

export interface TitleAloneFinding {
  /** The headings (their titles as the parser has them) over the runs. */
  readonly sections: readonly string[];
  /** Headings there that only their place makes skills. */
  readonly gained: number;
  /** Headings there that their fields make skills. */
  readonly byFields: number;
  /** One gained heading's name, for the reason. */
  readonly example: string;
}

/** Fewer skills by their fields than this under a heading are too few to say what its other headings are. */
const LEAST_BY_FIELDS = 5;
/** The share of the level's headings there that their fields must make skills. */
const LEAST_SHARE = 0.6;

/**
 * `levels`: the skill heading levels; `byFields`: the entries (indexes into text.entries) with cost or prerequisite
 * lines. Only leaf headings count: one with headings under it is a group, not an entry.
 */
export function inferTitleAloneSections(text: TextStats, levels: readonly number[], byFields: ReadonlySet<number>): TitleAloneFinding | null {
  const runs = new Map<Entry, { title: string; byFields: number; bare: string[]; other: boolean }>();
  for (const { entry, index, above, leaf } of headingPlaces(text)) {
    const parent = above[above.length - 1];
    if (!parent || !levels.includes(entry.depth)) continue;
    const run = runs.get(parent) ?? { title: parent.name, byFields: 0, bare: [], other: false };
    runs.set(parent, run);
    if (byFields.has(index)) run.byFields++;
    else if (leaf && !entry.kindAfterName && !namesNoEntry(entry.name, text.reading) && !GRANTED_OR_GROUP.test(entry.name)) run.bare.push(entry.name);
    // A group or a summary among them: the heading holds more than entries, and its title says nothing of them all.
    else run.other = true;
  }
  const found = [...runs.values()].filter((r) => !r.other && r.bare.length > 0 && r.byFields >= LEAST_BY_FIELDS && r.byFields >= (r.byFields + r.bare.length) * LEAST_SHARE);
  if (found.length === 0) return null;
  return {
    sections: [...new Set(found.map((r) => r.title))],
    gained: found.reduce((n, r) => n + r.bare.length, 0),
    byFields: found.reduce((n, r) => n + r.byFields, 0),
    example: found[0].bare[0],
  };
}
