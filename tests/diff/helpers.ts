/** Test helpers: rulebook text → linked model, and a template tag that strips the indentation of inline rulebooks. */
import { linkRulebook } from '../../shared/link/index.js';
import type { LinkedRulebook } from '../../shared/link/types.js';
import { parseRulebook } from '../../shared/parse/index.js';

export function md(strings: TemplateStringsArray, ...values: unknown[]): string {
  const raw = strings.reduce((out, s, k) => out + s + (k < values.length ? String(values[k]) : ''), '');
  const lines = raw.replace(/^\n/, '').split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^ */.exec(l)![0].length));
  return lines.map((l) => l.slice(indent)).join('\n');
}

export function linked(text: string, path = 'rulebook.md'): LinkedRulebook {
  return linkRulebook(parseRulebook({ files: [{ path, text }] }));
}
