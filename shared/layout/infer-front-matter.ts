/**
 * One file per entry with its data in YAML front matter (a Jekyll or Hugo collection): found by the keys most files
 * of a folder share and what their values look like. Key paths are dotted ("feat.prerequisite").
 */
import type { FrontMatterSkills } from '../model/layout.js';
import type { RulebookSource } from '../model/types.js';
import { parseYaml, splitFrontMatter } from '../parse/config.js';

export interface FrontMatterFinding {
  readonly skills: FrontMatterSkills;
  /** The files that are one entry each. */
  readonly files: readonly string[];
  /** The folders they are in, with how many entry files each. */
  readonly folders: readonly { readonly folder: string; readonly files: number }[];
  /** Each entry's name, and its requirement texts (for attributes and name checks). */
  readonly entries: readonly { readonly name: string; readonly requirements: readonly string[]; readonly costs: readonly string[] }[];
  /** How many entries have a value under each chosen key. */
  readonly uses: ReadonlyMap<string, number>;
}

const COST_KEY = /(?:cost|price|points|xp|build)$/i;
const PREREQUISITE_KEY = /(?:prereq\w*|requires?|requirements?|restrictions?|reqs?)$/i;
const NUMERIC = /^\s*\d+(?:[.,]\d+)?(?:\s*[A-Za-z]{1,6})?\s*$/;

/**
 * An Obsidian Dataview expression showing the file's own data: Pokerole's moves are front matter and a body of
 * `### \`= this.name\`` and `**Effect:** \`= this.Effect\``, the same template in every file.
 */
const RENDERS_DATA = /`=[ \t]*this\./;

type Data = Record<string, unknown>;

function isMapping(v: unknown): v is Data {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);
}

/** Leaf values by dotted path, in document order; mappings are entered, lists are leaves. */
function flatten(data: Data, prefix: string, out: [string, unknown][], depth = 0): void {
  for (const [key, value] of Object.entries(data)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isMapping(value) && depth < 4) flatten(value, path, out, depth + 1);
    else out.push([path, value]);
  }
}

interface KeyStats {
  files: number;
  position: number;
  values: unknown[];
}

interface Parsed {
  readonly path: string;
  readonly leaves: [string, unknown][];
  /** The body adds nothing to the data: next to nothing, or a view of it. */
  readonly emptyBody: boolean;
}

function folderOf(path: string): string {
  const at = path.lastIndexOf('/');
  return at === -1 ? '' : path.slice(0, at);
}

function analyseFolder(files: readonly Parsed[]): { skills: FrontMatterSkills; keys: Map<string, KeyStats> } | null {
  const keys = new Map<string, KeyStats>();
  for (const f of files) {
    f.leaves.forEach(([path, value], i) => {
      const s = keys.get(path) ?? { files: 0, position: 0, values: [] };
      s.files++;
      s.position += i;
      s.values.push(value);
      keys.set(path, s);
    });
  }
  const n = files.length;
  const strings = (s: KeyStats) => s.values.filter((v): v is string => typeof v === 'string' && v.trim() !== '');
  const last = (path: string) => path.slice(path.lastIndexOf('.') + 1);
  const nameCandidates = [...keys].filter(([path, s]) => !path.includes('.') && s.files * 10 >= n * 9 && strings(s).length * 10 >= s.files * 9);
  const preferred = nameCandidates.find(([p]) => /^(?:title|name)$/i.test(p)) ?? nameCandidates.sort((a, b) => new Set(strings(b[1])).size - new Set(strings(a[1])).size)[0];
  if (!preferred) return null;
  // A price or a requirement is the entry's own field, top-level or under its kind (`power.powerPoints`,
  // `feat.prerequisite`): a key deeper down is a part's, what an effect spends in play (Pokerole's moves,
  // `AddedEffects.Heal.WillPointCost`).
  const ownField = (path: string) => path.split('.').length <= 2;
  const byFiles = (a: [string, KeyStats], b: [string, KeyStats]) => b[1].files - a[1].files || a[1].position / a[1].files - b[1].position / b[1].files;
  const cost = [...keys]
    .filter(([p, s]) => p !== preferred[0] && ownField(p) && COST_KEY.test(last(p)) && s.files >= 2)
    .filter(([, s]) => s.values.filter((v) => typeof v === 'number' || (typeof v === 'string' && NUMERIC.test(v))).length * 10 >= s.values.length * 6)
    .sort(byFiles);
  const prerequisites = [...keys].filter(([p, s]) => p !== preferred[0] && ownField(p) && PREREQUISITE_KEY.test(last(p)) && s.files >= 2).sort(byFiles);
  const taken = new Set([preferred[0], ...cost.map(([p]) => p), ...prerequisites.map(([p]) => p)]);
  const text = [...keys]
    .filter(([p, s]) => !taken.has(p) && s.files * 5 >= n)
    .filter(([, s]) => {
      const texts = strings(s);
      if (texts.length * 2 < s.files) return false;
      const long = texts.filter((t) => t.length >= 60 || t.includes('\n')).length;
      return long * 2 >= texts.length;
    })
    .sort((a, b) => a[1].position / a[1].files - b[1].position / b[1].files);
  return {
    skills: { name: preferred[0], cost: cost.map(([p]) => p), prerequisites: prerequisites.map(([p]) => p), text: text.map(([p]) => p) },
    keys,
  };
}

function valueAt(leaves: readonly [string, unknown][], path: string): unknown {
  return leaves.find(([p]) => p === path)?.[1];
}

export function inferFrontMatter(source: RulebookSource): FrontMatterFinding | null {
  const byFolder = new Map<string, { parsed: Parsed[]; total: number }>();
  for (const file of source.files) {
    const folder = folderOf(file.path);
    const group = byFolder.get(folder) ?? { parsed: [], total: 0 };
    group.total++;
    byFolder.set(folder, group);
    const front = splitFrontMatter(file.text);
    if (!front) continue;
    const { data } = parseYaml(front.yaml);
    if (!data || Object.keys(data).length === 0) continue;
    const leaves: [string, unknown][] = [];
    flatten(data, '', leaves);
    const body = file.text.slice(front.bodyOffset);
    group.parsed.push({ path: file.path, leaves, emptyBody: body.trim().length < 40 || RENDERS_DATA.test(body) });
  }

  const found: { folder: string; parsed: Parsed[]; skills: FrontMatterSkills }[] = [];
  for (const [folder, { parsed, total }] of byFolder) {
    if (parsed.length < 3 || parsed.length * 10 < total * 6) continue;
    const result = analyseFolder(parsed);
    if (!result) continue;
    // Pages of a site carry front matter too (title, weight): entries are files with next to no body, or files whose
    // data names a cost or a prerequisite.
    const empty = parsed.filter((p) => p.emptyBody).length;
    const priced = result.skills.cost.length + result.skills.prerequisites.length > 0;
    if (empty * 10 < parsed.length * 6 && !priced) continue;
    found.push({ folder, parsed, skills: result.skills });
  }
  if (found.length === 0) return null;
  found.sort((a, b) => b.parsed.length - a.parsed.length);

  // One name key for the book: the one most entry files use; the other lists gather every folder's keys.
  const nameVotes = new Map<string, number>();
  for (const f of found) nameVotes.set(f.skills.name, (nameVotes.get(f.skills.name) ?? 0) + f.parsed.length);
  const name = [...nameVotes].sort((a, b) => b[1] - a[1])[0][0];
  const union = (pick: (s: FrontMatterSkills) => readonly string[]) => [...new Set(found.flatMap((f) => pick(f.skills)))];
  const skills: FrontMatterSkills = { name, cost: union((s) => s.cost), prerequisites: union((s) => s.prerequisites), text: union((s) => s.text) };

  const uses = new Map<string, number>();
  const entries = found.flatMap((f) =>
    f.parsed.map((p) => {
      for (const key of [skills.name, ...skills.cost, ...skills.prerequisites, ...skills.text]) {
        const v = valueAt(p.leaves, key);
        if (v !== undefined && v !== null && v !== '') uses.set(key, (uses.get(key) ?? 0) + 1);
      }
      const text = (key: string) => {
        const v = valueAt(p.leaves, key);
        return typeof v === 'string' || typeof v === 'number' ? String(v) : null;
      };
      return {
        name: text(name) ?? '',
        requirements: skills.prerequisites.map(text).filter((v): v is string => v !== null),
        costs: skills.cost.map(text).filter((v): v is string => v !== null),
      };
    }),
  );
  return {
    skills,
    files: found.flatMap((f) => f.parsed.map((p) => p.path)),
    folders: found.map((f) => ({ folder: f.folder, files: f.parsed.length })),
    entries,
    uses,
  };
}
