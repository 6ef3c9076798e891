/**
 * What the linker keeps from one link of a rulebook to the next, because a keystroke almost never
 * changes it. "Did you mean" suggestions compare a missing name with every skill name (an edit distance
 * each), and the cycle and reachability searches walk the whole prerequisite graph; yet the answers only
 * change when the names or prerequisites do, and typing in a rule's text changes neither.
 */
import type { PrerequisiteList, PrerequisiteTerm, Skill } from '../model/types.js';
import { closestNames, closestNumbers } from './suggest.js';
import type { LinkedRulebook, PrerequisiteCycle, UnreachableSkill } from './types.js';
import { sameItems } from '../model/same-items.js';

/** What the prerequisite graph alone decides: its cycles and the skills no character can ever get. */
export interface GraphFacts {
  readonly cycles: PrerequisiteCycle[];
  readonly unreachableSkills: UnreachableSkill[];
}

/** The closest keys to each missing key, valid while the list of existing keys stays the same. */
class SuggestionTable {
  private keys: readonly string[] = [];
  private answers = new Map<string, string[]>();

  get(missing: string, keys: readonly string[], find: (missing: string, keys: readonly string[]) => string[]): string[] {
    if (!sameItems(keys, this.keys)) {
      this.keys = keys;
      this.answers = new Map();
    }
    let answer = this.answers.get(missing);
    if (!answer) {
      answer = find(missing, keys);
      this.answers.set(missing, answer);
    }
    return answer;
  }
}

export class LinkMemo {
  /** The last link made with this memo, for the next to build on when told how the model changed (LinkOptions.change). */
  last: { readonly linked: LinkedRulebook; readonly assets: readonly string[] } | null = null;
  private readonly names = new SuggestionTable();
  private readonly numbers = new SuggestionTable();
  /** The skills the graph facts were found for, and those facts by skill key and position. */
  private graphOf: readonly Skill[] | null = null;
  /** What the terms that do not name a skill directly came to when the facts were found, in the order they were judged. */
  private targetsOf: ReadonlyArray<readonly [string, string, string | null]> = [];
  private graph: { cycles: string[][]; unreachable: Array<{ index: number; reason: 'cycle' | 'unknown'; via: string }> } | null = null;

  /**
   * Cycles and unreachable skills, found again only when a skill's name or prerequisites changed, or what a term
   * came to (`termTargets`): typing in a description or a rule changes neither, and the search is a walk over the
   * whole graph. The terms' targets count because they hang on more than the graph: a heading titled as a
   * prerequisite, or a word the skills' text writes in lower case, makes it a describing phrase that is always met.
   */
  graphFacts(
    skills: readonly Skill[],
    skillsByKey: ReadonlyMap<string, readonly Skill[]>,
    termTargets: ReadonlyMap<PrerequisiteTerm, string | null>,
    find: () => GraphFacts,
  ): GraphFacts {
    // Keyed by name and text, not by term: the terms of a skill the edit touched are new objects. The same
    // graph judges the same terms in the same order, and a term's target hangs on its key and text alone.
    const targets = [...termTargets].map(([term, target]) => [term.key, term.text, target] as const);
    const sameTargets = targets.length === this.targetsOf.length && targets.every((t, i) => t.every((part, j) => part === this.targetsOf[i][j]));
    this.targetsOf = targets;
    if (this.graph && this.graphOf && sameTargets && sameGraph(this.graphOf, skills)) {
      // The facts hold keys and places, not skills: these skills serve as well, and next time most of them
      // are the very same objects (the chapters an edit did not touch), which compare at once.
      this.graphOf = skills;
      return {
        cycles: this.graph.cycles.map((keys) => ({ skills: keys.map((key) => skillsByKey.get(key)![0]) })),
        unreachableSkills: this.graph.unreachable.map(({ index, reason, via }) => ({ skill: skills[index], reason, via })),
      };
    }
    const facts = find();
    const indexOf = new Map(skills.map((skill, i) => [skill, i]));
    this.graphOf = skills;
    this.graph = {
      cycles: facts.cycles.map((c) => c.skills.map((s) => s.key)),
      unreachable: facts.unreachableSkills.map((u) => ({ index: indexOf.get(u.skill)!, reason: u.reason, via: u.via })),
    };
    return facts;
  }

  /** Up to four skill keys close to a missing one (the caller drops the skill's own). */
  closestNames(missing: string, skillKeys: readonly string[]): string[] {
    return this.names.get(missing, skillKeys, (key, keys) => closestNames(key, keys, 4));
  }

  closestNumbers(missing: string, numberKeys: readonly string[]): string[] {
    return this.numbers.get(missing, numberKeys, closestNumbers);
  }
}

/** Same skills in the same order with the same names and prerequisites (the skills an edit did not touch are the same objects). */
function sameGraph(a: readonly Skill[], b: readonly Skill[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (x.key !== y.key || x.name !== y.name || !sameLists(x.prerequisites, y.prerequisites)) return false;
  }
  return true;
}

function sameLists(a: readonly PrerequisiteList[], b: readonly PrerequisiteList[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i].requirements;
    const y = b[i].requirements;
    if (x.length !== y.length) return false;
    for (let j = 0; j < x.length; j++) {
      const p = x[j].alternatives;
      const q = y[j].alternatives;
      if (p.length !== q.length) return false;
      for (let k = 0; k < p.length; k++) if (p[k].key !== q[k].key || p[k].kind !== q[k].kind || p[k].text !== q[k].text) return false;
    }
  }
  return true;
}
