/** Strongly connected groups of a directed graph (Tarjan's algorithm, iterative so a deep chain cannot overflow the stack). */

/**
 * Every group of nodes that reach each other, single nodes included, in the order Tarjan's algorithm closes them
 * (a group before any group that leads into it). A group's members are in the order they leave the stack: the node
 * the walk entered the group by comes last. A node only `next` names is visited when the walk reaches it.
 */
export function stronglyConnectedGroups(nodes: Iterable<string>, next: (node: string) => readonly string[]): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let counter = 0;
  const work: { node: string; children: readonly string[]; at: number }[] = [];
  const enter = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    work.push({ node, children: next(node), at: 0 });
  };
  for (const root of nodes) {
    if (index.has(root)) continue;
    enter(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (frame.at < frame.children.length) {
        const child = frame.children[frame.at++];
        if (!index.has(child)) enter(child);
        else if (onStack.has(child)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(child)!));
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
        groups.push(group);
      }
    }
  }
  return groups;
}
