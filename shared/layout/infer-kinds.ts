/**
 * Skills that carry no price, named by headings with their kind after the name: Razorweave's `## 15. Skills
 * Reference` holds `#### Athletic Movement — Exploration / Conflict (MIG)` and fifteen more, its proficiencies
 * chapter `#### Harbor Operations — Domain Proficiency`; Ashfall's `# Skills` holds `### Athletics (MIG)`. No cost or
 * prerequisite line stands under them, so only where they stand says what they are: a run of such headings at one
 * level under a chapter named for skills.
 */
import { NAMES_SKILL_KIND, titleWithoutTagAndTiers } from '../parse/titles.js';
import type { TextStats } from './collect-text.js';

export interface KindsFinding {
  /** The heading levels the entries stand at. */
  readonly levels: readonly number[];
  /** The chapters (their titles as the parser has them) that hold them. */
  readonly sections: readonly string[];
  readonly entries: number;
  /** One entry's name and kind, for the reason. */
  readonly example: string;
}

/** Fewer entries than this under a chapter are a stray heading or two, not a list of skills. */
const LEAST_ENTRIES = 5;
/** The share of a chapter's headings at the level that must carry a kind: the rest are its explanations. */
const LEAST_SHARE = 0.6;

export function inferKinds(text: TextStats): KindsFinding | null {
  // Per chapter and level: its headings, and those with a kind after the name.
  const groups = new Map<string, { chapter: string; depth: number; headings: number; kinded: number; example: string }>();
  let file = '';
  let stack: { depth: number; name: string }[] = [];
  for (const entry of text.entries) {
    if (entry.kind !== 'heading') continue;
    if (entry.file !== file) {
      file = entry.file;
      stack = [];
    }
    while (stack.length && stack[stack.length - 1].depth >= entry.depth) stack.pop();
    // The outermost heading named for skills: "Skills" over "Physical Skills (MIG/AGI/END)" over "Athletics (MIG)".
    const chapter = stack.find((h) => NAMES_SKILL_KIND.test(h.name));
    if (chapter) {
      const key = `${chapter.name}\n${entry.depth}`;
      const group = groups.get(key) ?? { chapter: chapter.name, depth: entry.depth, headings: 0, kinded: 0, example: '' };
      group.headings++;
      if (entry.kindAfterName) {
        group.kinded++;
        group.example ||= `${titleWithoutTagAndTiers(entry.name)} ${entry.kindAfterName}`;
      }
      groups.set(key, group);
    }
    stack.push({ depth: entry.depth, name: entry.name });
  }
  const lists = [...groups.values()].filter((g) => g.kinded >= LEAST_ENTRIES && g.kinded >= g.headings * LEAST_SHARE);
  if (lists.length === 0) return null;
  return {
    levels: [...new Set(lists.map((g) => g.depth))].sort((a, b) => a - b),
    sections: [...new Set(lists.map((g) => g.chapter))],
    entries: lists.reduce((n, g) => n + g.kinded, 0),
    example: lists[0].example,
  };
}

/**
 * Skills written with no field and no kind at all, a heading and its text alone: Blades in the Dark's `## Special
 * abilities` over `### Battleborn`, `### Bodyguard` and fourteen more. Only where they stand says what they are: a run
 * of headings at one level under a chapter named for skills, none with headings of its own under it (a group's
 * headings, "Combat Abilities" over its entries, have theirs).
 */
export function inferBareHeadings(text: TextStats): KindsFinding | null {
  const headings = text.entries.filter((e) => e.kind === 'heading');
  const groups = new Map<string, { chapter: string; depth: number; headings: number; bare: number; example: string }>();
  let stack: { depth: number; name: string }[] = [];
  headings.forEach((entry, i) => {
    if (i === 0 || headings[i - 1].file !== entry.file) stack = [];
    while (stack.length && stack[stack.length - 1].depth >= entry.depth) stack.pop();
    const chapter = stack.find((h) => NAMES_SKILL_KIND.test(h.name));
    if (chapter) {
      const key = `${chapter.name}\n${entry.depth}`;
      const group = groups.get(key) ?? { chapter: chapter.name, depth: entry.depth, headings: 0, bare: 0, example: '' };
      group.headings++;
      const next = headings[i + 1];
      const leaf = !next || next.file !== entry.file || next.depth <= entry.depth;
      if (leaf && !entry.kindAfterName && !entry.tagged && !NAMES_SKILL_KIND.test(entry.name)) {
        group.bare++;
        group.example ||= entry.name;
      }
      groups.set(key, group);
    }
    stack.push({ depth: entry.depth, name: entry.name });
  });
  const lists = [...groups.values()].filter((g) => g.bare >= LEAST_ENTRIES && g.bare >= g.headings * LEAST_SHARE);
  if (lists.length === 0) return null;
  return {
    levels: [...new Set(lists.map((g) => g.depth))].sort((a, b) => a - b),
    sections: [...new Set(lists.map((g) => g.chapter))],
    entries: lists.reduce((n, g) => n + g.bare, 0),
    example: lists[0].example,
  };
}
