/**
 * The rulebook's own text (styled runs and prose blocks from the publishing model) as HTML, through the same
 * sanitising policy as the app's Preview: the tree is built from the text, cleaned, and only then given the ids
 * the site adds (table rows that define skills), as the Preview adds its anchors after cleaning.
 */
import type { Element, ElementContent, Root } from 'hast';
import type { Run } from '../publish/inline.js';
import type { ProseBlock } from '../publish/prose-blocks.js';
import { sanitizeTree, treeToHtml } from './sanitize.js';

/** Where a content anchor (`rule:…`, `skill:…`) lands on the site: an href relative to the page being written. */
export type HrefOf = (anchor: string) => string | null;

const element = (tagName: string, properties: Element['properties'], children: ElementContent[]): Element => ({ type: 'element', tagName, properties, children });

export function runsToHast(runs: readonly Run[], hrefOf: HrefOf): ElementContent[] {
  const out: ElementContent[] = [];
  for (const run of runs) {
    let node: ElementContent = { type: 'text', value: run.text };
    if (run.code) node = element('code', {}, [node]);
    if (run.strike) node = element('del', {}, [node]);
    if (run.italic) node = element('em', {}, [node]);
    if (run.bold) node = element('strong', {}, [node]);
    // A link needs words to be read out by a screen reader: a blank piece of a linked span stays text.
    const href = run.link && run.text.trim() ? hrefOf(run.link) : null;
    if (href) node = element('a', { href }, [node]);
    else if (run.unresolved) node = element('span', { title: 'This reference does not resolve in the rulebook' }, [node]);
    out.push(node);
  }
  return out;
}

/** Runs as sanitised HTML (inline). */
export function runsHtml(runs: readonly Run[], hrefOf: HrefOf): string {
  return treeToHtml(sanitizeTree({ type: 'root', children: runsToHast(runs, hrefOf) }));
}

/**
 * A numbered rule that stands in a list (a list numbered inside a bullet item): printed as an item of that list, as
 * Markdown shows it, with the rule's id (given after cleaning, as table rows get theirs).
 */
export interface ListedRule {
  readonly kind: 'listed-rule';
  readonly depth: number;
  /** The rule's number as its item shows it ("2."). */
  readonly bullet: string;
  readonly runs: readonly Run[];
  readonly id: string;
}

/** Whether prose (and listed rules) so far leave a list open that a rule `depth` steps in would stand inside. */
export function inOpenList(blocks: ReadonlyArray<ProseBlock | ListedRule>, depth: number): boolean {
  const last = blocks[blocks.length - 1];
  if (!last || depth === 0) return false;
  return last.kind === 'listed-rule' || (last.kind === 'paragraph' && !last.quote && (last.bullet !== null || last.depth > 0));
}

interface ListFrame {
  readonly list: Element;
  readonly depth: number;
  readonly lettered: boolean;
}

/**
 * What an item's marker counts: "3." is the third, a lettered line's "b." (a rule read from an item's paragraph, as
 * the book prints it) the second of a lettered list; null for a bullet.
 */
function itemNumber(bullet: string): { value: number; lettered: boolean } | null {
  const digits = /^(\d{1,9})[.)]?$/.exec(bullet);
  if (digits) return { value: Number.parseInt(digits[1], 10), lettered: false };
  const letter = /^([a-z])[.)]?$/.exec(bullet);
  return letter ? { value: letter[1].charCodeAt(0) - 96, lettered: true } : null;
}

/**
 * Prose blocks in order as sanitised HTML: consecutive list items become one list (nested by indent), a paragraph
 * indented under an item stays in it. `headingLevel` maps a prose heading's level to the page's outline.
 * `rowIds` gives a table row (by its source offset) the id of the skill it defines.
 */
export function proseHtml(blocks: ReadonlyArray<ProseBlock | ListedRule>, hrefOf: HrefOf, headingLevel: (level: number) => number, rowIds?: ReadonlyMap<number, string>): string {
  const root: Root = { type: 'root', children: [] };
  const rowsWithIds: Array<{ table: number; row: number; id: string }> = [];
  // Listed rules by their item's place among all items in document order (items are made in that order).
  const itemIds = new Map<number, string>();
  let items = 0;
  let tables = 0;
  // Whether each ordered list made, in document order, counts in letters.
  const lists: boolean[] = [];
  let stack: ListFrame[] = [];
  for (const block of blocks) {
    if (block.kind === 'listed-rule' || (block.kind === 'paragraph' && (block.bullet !== null || (block.depth > 0 && stack.length > 0)))) {
      const inline = runsToHast(block.runs, hrefOf);
      if (block.bullet === null) {
        // A continuation paragraph `depth` steps in belongs to the last item of the list `depth - 1` steps in: a
        // list nested deeper (a numbered list inside the bullet) has ended.
        while (stack.length > 1 && stack[stack.length - 1].depth >= block.depth) stack.pop();
        const items = stack[stack.length - 1].list.children;
        const last = items[items.length - 1] as Element | undefined;
        if (last) last.children.push(element('p', {}, inline));
        continue;
      }
      const number = itemNumber(block.bullet);
      const ordered = number !== null;
      while (stack.length > 0 && stack[stack.length - 1].depth > block.depth) stack.pop();
      let top = stack[stack.length - 1];
      if (!top || top.depth < block.depth || (top.list.tagName === 'ol') !== ordered || top.lettered !== (number?.lettered ?? false)) {
        if (top && top.depth === block.depth) stack.pop();
        const list = element(ordered ? 'ol' : 'ul', {}, []);
        if (ordered) lists.push(number.lettered);
        const parent = stack[stack.length - 1];
        const parentItems = parent?.list.children;
        const holder = parentItems?.[parentItems.length - 1] as Element | undefined;
        if (holder) holder.children.push(list);
        else root.children.push(list);
        top = { list, depth: block.depth, lettered: number?.lettered ?? false };
        stack.push(top);
      }
      if (block.kind === 'listed-rule') itemIds.set(items, block.id);
      items++;
      top.list.children.push(element('li', number ? { value: String(number.value) } : {}, inline));
      continue;
    }
    stack = [];
    switch (block.kind) {
      case 'paragraph': {
        const p = element('p', {}, runsToHast(block.runs, hrefOf));
        root.children.push(block.quote ? element('blockquote', {}, [p]) : p);
        break;
      }
      case 'heading':
        root.children.push(element(`h${headingLevel(block.level)}`, {}, runsToHast(block.runs, hrefOf)));
        break;
      case 'code':
        root.children.push(element('pre', {}, [element('code', {}, [{ type: 'text', value: block.lines.join('\n') }])]));
        break;
      case 'table': {
        const head = element('thead', {}, [element('tr', {}, block.header.map((cell) => element('th', {}, runsToHast(cell, hrefOf))))]);
        const body = element('tbody', {}, block.rows.map((row) => element('tr', {}, row.cells.map((cell) => element('td', {}, runsToHast(cell, hrefOf))))));
        block.rows.forEach((row, i) => {
          const id = rowIds?.get(row.start);
          if (id) rowsWithIds.push({ table: tables, row: i, id });
        });
        tables++;
        root.children.push(element('table', {}, [head, body]));
        break;
      }
    }
  }
  const clean = sanitizeTree(root);
  if (rowsWithIds.length) decorateRows(clean, rowsWithIds);
  if (itemIds.size) decorateItems(clean, itemIds);
  if (lists.includes(true)) letterLists(clean, lists);
  // Wide tables scroll inside their own box, never the page (a phone is 360 px wide).
  clean.children = clean.children.map((c) => (c.type === 'element' && c.tagName === 'table' ? element('div', { className: ['table-scroll'] }, [c]) : c));
  return treeToHtml(clean);
}

/** Gives skill rows their ids after cleaning (the cleaner would prefix an id it saw); tables stay in order. */
function decorateRows(tree: Root, rows: ReadonlyArray<{ table: number; row: number; id: string }>): void {
  const bodies: Element[] = [];
  collect(tree, 'tbody', bodies);
  for (const { table, row, id } of rows) {
    const trs = bodies[table]?.children.filter((c): c is Element => c.type === 'element' && c.tagName === 'tr') ?? [];
    if (trs[row]) trs[row].properties = { ...trs[row].properties, id };
  }
}

/** Gives listed rules' items their ids after cleaning, found by their place among the items. */
function decorateItems(tree: Root, ids: ReadonlyMap<number, string>): void {
  const items: Element[] = [];
  collect(tree, 'li', items, true);
  for (const [index, id] of ids) if (items[index]) items[index].properties = { ...items[index].properties, id };
}

/**
 * Marks lettered lists `type="a"` after cleaning (the policy keeps no list type from a rulebook's own HTML); lists are
 * made in document order, a nested one after the item that holds it.
 */
function letterLists(tree: Root, lettered: readonly boolean[]): void {
  const lists: Element[] = [];
  collect(tree, 'ol', lists, true);
  lettered.forEach((letters, i) => {
    if (letters && lists[i]) lists[i].properties = { ...lists[i].properties, type: 'a' };
  });
}

/** The elements named `tagName` in document order; `within` also looks inside those found (items in items). */
function collect(node: Root | Element, tagName: string, into: Element[], within = false): void {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === tagName) into.push(child);
    if (child.tagName !== tagName || within) collect(child, tagName, into, within);
  }
}
