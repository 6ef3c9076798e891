/** Prerequisite cycles: strongly connected groups of skills that require each other. */
import type { Skill } from '../model/types.js';
import { stronglyConnectedGroups } from './strongly-connected.js';
import type { PrerequisiteCycle, PrerequisiteEdge } from './types.js';

/**
 * Only requirements with a single skill alternative count: "A or B" where B is free does not trap anyone.
 * One cycle is reported per strongly connected group, its skills in the order they require each other.
 */
export function findCycles(skills: readonly Skill[], edges: readonly PrerequisiteEdge[]): PrerequisiteCycle[] {
  const next = new Map<string, string[]>();
  const byKey = new Map<string, Skill>();
  for (const skill of skills) if (!byKey.has(skill.key)) byKey.set(skill.key, skill);
  for (const edge of edges) {
    if (edge.requirement.alternatives.length !== 1) continue;
    const list = next.get(edge.from.key) ?? [];
    if (!list.includes(edge.to.key)) list.push(edge.to.key);
    next.set(edge.from.key, list);
  }
  const groups = stronglyConnectedGroups(byKey.keys(), (key) => next.get(key) ?? []).filter(
    (group) => group.length > 1 || (next.get(group[0]) ?? []).includes(group[0]),
  );
  return groups.map((group) => ({ skills: orderCycle(group, next).map((key) => byKey.get(key)!) }));
}

/** Walks the group from its first skill in document order, following requirements inside the group. */
function orderCycle(group: string[], next: ReadonlyMap<string, readonly string[]>): string[] {
  const members = new Set(group);
  const start = group[group.length - 1];
  const order = [start];
  const seen = new Set(order);
  let current = start;
  for (;;) {
    const step = (next.get(current) ?? []).find((k) => members.has(k) && !seen.has(k));
    if (!step) break;
    order.push(step);
    seen.add(step);
    current = step;
  }
  for (const key of group) if (!seen.has(key)) order.push(key);
  return order;
}
