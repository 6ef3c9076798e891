/** Prerequisite cycles: strongly connected groups of skills that require each other (Tarjan, iterative). */
import type { Skill } from '../model/types.js';
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
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let counter = 0;
  for (const root of byKey.keys()) {
    if (index.has(root)) continue;
    const work: Array<{ node: string; child: number }> = [{ node: root, child: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const children = next.get(frame.node) ?? [];
      if (frame.child < children.length) {
        const child = children[frame.child++];
        if (!index.has(child)) {
          index.set(child, counter);
          low.set(child, counter++);
          stack.push(child);
          onStack.add(child);
          work.push({ node: child, child: 0 });
        } else if (onStack.has(child)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(child)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        const selfLoop = group.length === 1 && (next.get(group[0]) ?? []).includes(group[0]);
        if (group.length > 1 || selfLoop) groups.push(group);
      }
    }
  }
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
