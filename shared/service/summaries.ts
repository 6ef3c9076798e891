/** Plain data the panels show (outline, skills table, prerequisite graph), computed beside the editor (the app's worker) and posted as is. */
import type { LinkedRulebook } from '../link/types.js';
import type { Cost, SourceRange } from '../model/types.js';
import { writtenPrerequisites } from '../model/prerequisite-tiers.js';
import { plainText } from '../parse/keys.js';
import { prerequisiteJoiners } from './completion.js';

export interface OutlineNode {
  readonly label: string;
  readonly number: string | null;
  readonly kind: 'section' | 'rule';
  readonly range: SourceRange;
  readonly children: OutlineNode[];
}

export interface SkillRow {
  readonly id: string;
  readonly name: string;
  readonly costText: string;
  /** For sorting: the cheapest alternative, Infinity when there is no cost. */
  readonly costValue: number;
  readonly category: string;
  readonly prerequisites: string;
  readonly requiredBy: string;
  readonly range: SourceRange;
}

export interface GraphNode {
  readonly id: string;
  readonly name: string;
  readonly category: string;
  readonly inCycle: boolean;
  readonly range: SourceRange;
}

export interface GraphEdge {
  readonly from: string;
  readonly to: string;
  readonly inCycle: boolean;
}

export interface RulebookSummary {
  readonly title: string | null;
  readonly outline: OutlineNode[];
  readonly skills: SkillRow[];
  readonly graph: { readonly nodes: GraphNode[]; readonly edges: GraphEdge[] };
  /** The field labels this book writes its prerequisites under (its layout): where the editor completes skill names. */
  readonly prerequisiteLabels: readonly string[];
  /** The words between its requirements ("or", and in a Russian book "или"): a name being completed starts after one. */
  readonly prerequisiteJoiners: readonly string[];
  readonly counts: {
    readonly sections: number;
    readonly rules: number;
    readonly skills: number;
    /** Every numbered heading and rule, local list items included: what `rulebook init` counts as numbered rules. */
    readonly numbered: number;
    /** Places where lines look like skill fields or rule numbers but were not read (the unread-* parse diagnostics). */
    readonly unread: number;
  };
}

function costValue(cost: Cost): number {
  if (cost === null) return Number.POSITIVE_INFINITY;
  return typeof cost === 'number' ? cost : Math.min(...cost);
}

/** Sections nest by heading; global rules hang under their innermost section (local list items are left out: they are not the rulebook's numbering). */
export function buildOutline(linked: LinkedRulebook): OutlineNode[] {
  const roots: OutlineNode[] = [];
  const byId = new Map<string, OutlineNode>();
  for (const section of linked.model.sections) {
    const node: OutlineNode = { label: section.title || '(untitled)', number: section.number?.key ?? null, kind: 'section', range: section.headingRange, children: [] };
    byId.set(section.id, node);
    const parent = section.parentId ? byId.get(section.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  for (const rule of linked.model.rules) {
    if (rule.scope !== 'global') continue;
    const text = rule.text.replace(/\s+/g, ' ').trim();
    const node: OutlineNode = { label: text.length > 70 ? `${text.slice(0, 69)}…` : text, number: rule.number.key, kind: 'rule', range: rule.range, children: [] };
    const parent = rule.sectionId ? byId.get(rule.sectionId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  // Rules were appended after subsections: put every level back in document order.
  const sort = (nodes: OutlineNode[]) => {
    nodes.sort((a, b) => (a.range.file === b.range.file ? a.range.start.offset - b.range.start.offset : 0));
    for (const n of nodes) sort(n.children);
  };
  sort(roots);
  return roots;
}

export function buildSkillRows(linked: LinkedRulebook): SkillRow[] {
  return linked.model.skills.map((skill) => ({
    id: skill.id,
    name: skill.name,
    // As a reader sees them: "10 ([Craftsman]({{< ref … >}}))" shows as "10 (Craftsman)".
    costText: plainText(skill.costText ?? ''),
    costValue: costValue(skill.cost),
    category: skill.category ?? '',
    prerequisites: writtenPrerequisites(skill, (p) => plainText(p.raw).trim()),
    requiredBy: (linked.requiredBy.get(skill.id) ?? []).map((s) => s.name).join(', '),
    range: skill.nameRange,
  }));
}

/** The prerequisite graph over skills that take part in it (skills with no edge at all are left out to keep it readable). */
export function buildGraph(linked: LinkedRulebook): RulebookSummary['graph'] {
  const cycleIds = new Set<string>();
  const cycleEdges = new Set<string>();
  for (const cycle of linked.cycles) {
    cycle.skills.forEach((skill, i) => {
      cycleIds.add(skill.id);
      cycleEdges.add(`${skill.id}->${cycle.skills[(i + 1) % cycle.skills.length].id}`);
    });
  }
  const used = new Set<string>();
  const edges: GraphEdge[] = [];
  const seen = new Set<string>();
  for (const edge of linked.edges) {
    // An edge points from the prerequisite to the skill it opens, the way people read a skill tree.
    const id = `${edge.to.id}->${edge.from.id}`;
    if (seen.has(id) || edge.to.id === edge.from.id) continue;
    seen.add(id);
    used.add(edge.from.id);
    used.add(edge.to.id);
    edges.push({ from: edge.to.id, to: edge.from.id, inCycle: cycleEdges.has(`${edge.from.id}->${edge.to.id}`) });
  }
  const nodes: GraphNode[] = linked.model.skills
    .filter((s) => used.has(s.id))
    .map((s) => ({ id: s.id, name: s.name, category: s.category ?? '', inCycle: cycleIds.has(s.id), range: s.nameRange }));
  return { nodes, edges };
}

export function summarise(linked: LinkedRulebook): RulebookSummary {
  return {
    title: linked.model.config.title,
    outline: buildOutline(linked),
    skills: buildSkillRows(linked),
    graph: buildGraph(linked),
    prerequisiteLabels: linked.model.config.layout.fields.prerequisites,
    prerequisiteJoiners: prerequisiteJoiners(linked.model.config),
    counts: {
      sections: linked.model.sections.length,
      rules: linked.model.rules.length,
      skills: linked.model.skills.length,
      numbered: linked.numberedEntries.length,
      unread: linked.model.diagnostics.filter((d) => d.code === 'unread-skills' || d.code === 'unread-rules').length,
    },
  };
}
