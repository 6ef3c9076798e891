/**
 * The rulebook as HTML for the Preview panel: Markdown → HTML, sanitised (a rulebook is untrusted:
 * no script, no raw HTML, no images or other remote content), then anchors and working cross links added.
 */
import type { Element, ElementContent, Root, Text } from 'hast';
import rehypeStringify from 'rehype-stringify';
import { nameKey } from '../../shared/parse/index.js';
import { safeMarkdownProcessor } from '../../shared/site/sanitize.js';

const RULE_AT_START = /^(?:(?:Chapter|Section|Part|Appendix)\s+)?(\d+(?:\.\d+)*[a-z]?)\b/;
const REFERENCE = /\[\[([^\]\n]+)\]\]|\b((?:[Ss]ee\s+(?:[Rr]ules?\s+)?)|(?:[Rr]ules?\s+)|(?:[Ss]ection|[Cc]hapter|[Aa]ppendix)\s+)(\d+(?:\.\d+)*[a-z]?)/g;

export function ruleAnchor(key: string): string {
  return `rule-${key.replace(/\.$/, '')}`;
}

export function skillAnchor(name: string): string {
  // Letters of any alphabet: "Магия" and "Исцеление" must not both be "skill-".
  return `skill-${nameKey(name).replace(/[^\p{L}\p{N}]+/gu, '-')}`;
}

function textOf(node: ElementContent | Root): string {
  if (node.type === 'text') return node.value;
  if ('children' in node) return (node.children as ElementContent[]).map(textOf).join('');
  return '';
}

/** Adds ids to numbered headings, numbered paragraphs and skill names, and turns references into links. */
function crossLinks(skillKeys: ReadonlySet<string>) {
  return () => (tree: Root) => {
    const seen = new Set<string>();
    const anchor = (node: Element, id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      node.properties = { ...node.properties, id };
    };
    // Headings are the targets of references, never references themselves ("Chapter 1. Introductions").
    const walk = (parent: Root | Element, inHeading = false) => {
      for (let i = 0; i < parent.children.length; i++) {
        const child = parent.children[i];
        if (child.type === 'element') {
          if (/^h[1-6]$/.test(child.tagName) || child.tagName === 'p' || child.tagName === 'li') {
            const m = RULE_AT_START.exec(textOf(child).trim());
            if (m && (child.tagName !== 'li' || m[1].includes('.'))) anchor(child, ruleAnchor(m[1]));
          }
          if (child.tagName === 'strong' && skillKeys.has(nameKey(textOf(child)))) anchor(child, skillAnchor(textOf(child)));
          if (child.tagName === 'td' && parent.type === 'element' && parent.tagName === 'tr' && parent.children.find((c) => c.type === 'element') === child) {
            const name = textOf(child).trim();
            if (skillKeys.has(nameKey(name))) anchor(child, skillAnchor(name));
          }
          if (child.tagName !== 'a' && child.tagName !== 'code') walk(child, inHeading || /^h[1-6]$/.test(child.tagName));
        } else if (child.type === 'text' && !inHeading) {
          const replaced = linkText(child, skillKeys);
          if (replaced) {
            parent.children.splice(i, 1, ...replaced);
            i += replaced.length - 1;
          }
        }
      }
    };
    walk(tree);
  };
}

function linkText(node: Text, skillKeys: ReadonlySet<string>): ElementContent[] | null {
  const out: ElementContent[] = [];
  let at = 0;
  for (const m of node.value.matchAll(REFERENCE)) {
    let href: string;
    let label: string;
    if (m[1] !== undefined) {
      const target = m[1].trim();
      const isNumber = /^\d+(?:\.\d+)*[a-z]?$/.test(target);
      if (!isNumber && !skillKeys.has(nameKey(target))) continue;
      href = `#${isNumber ? ruleAnchor(target) : skillAnchor(target)}`;
      label = target;
    } else {
      href = `#${ruleAnchor(m[3])}`;
      label = m[0];
    }
    if (m.index > at) out.push({ type: 'text', value: node.value.slice(at, m.index) });
    out.push({ type: 'element', tagName: 'a', properties: { href, className: ['xref'] }, children: [{ type: 'text', value: label }] });
    at = m.index + m[0].length;
  }
  if (out.length === 0) return null;
  if (at < node.value.length) out.push({ type: 'text', value: node.value.slice(at) });
  return out;
}

/** Front matter is settings, not text: it is not shown. */
export function stripFrontMatter(text: string): string {
  return text.replace(/^\uFEFF?---\r?\n[\s\S]*?\r?\n---\s*(?:\r?\n|$)/, '');
}

/** The blocks that carry their source line, for scrolling the preview with the editor and jumping from a click. */
const LINED = /^(h[1-6]|p|li|tr|pre|blockquote|hr)$/;

/**
 * Marks each block with the line of the file it starts on (`data-line`), counted in the whole file: `skipped` is the
 * number of lines of front matter taken off before parsing. rehype-sanitize keeps positions; the attribute is ours.
 */
function sourceLines(skipped: number) {
  return () => (tree: Root) => {
    const walk = (parent: Root | Element) => {
      for (const child of parent.children) {
        if (child.type !== 'element') continue;
        const line = child.position?.start.line;
        if (line !== undefined && LINED.test(child.tagName)) child.properties = { ...child.properties, dataLine: line + skipped };
        walk(child);
      }
    };
    walk(tree);
  };
}

export function renderPreviewHtml(files: readonly { path: string; text: string }[], skillNames: readonly string[]): string {
  const keys = new Set(skillNames.map(nameKey));
  return files.map((f) => {
    const body = stripFrontMatter(f.text);
    const skipped = f.text.slice(0, f.text.length - body.length).split('\n').length - 1;
    const processor = safeMarkdownProcessor().use(crossLinks(keys)).use(sourceLines(skipped)).use(rehypeStringify);
    return `<section class="preview-file" data-file="${f.path.replace(/[^\w./-]/g, '')}">${String(processor.processSync(body))}</section>`;
  }).join('\n');
}
