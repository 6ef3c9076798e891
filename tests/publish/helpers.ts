/** Shared by the publish tests: the Funjerai fixture and a generated rulebook, parsed and linked, and a real font measure. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { generateRulebook } from '../../bench/generate.js';
import { linkRulebook } from '../../shared/link/index.js';
import type { LinkedRulebook } from '../../shared/link/types.js';
import type { RulebookSource } from '../../shared/model/types.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { measureText } from '../../main/publish/fonts.js';

export interface Loaded {
  readonly source: RulebookSource;
  readonly linked: LinkedRulebook;
}

export function load(name: string, text: string): Loaded {
  const source: RulebookSource = { files: [{ path: name, text }] };
  return { source, linked: linkRulebook(parseRulebook(source)) };
}

export const funjerai = (): Loaded => load('funjerai.md', readFileSync(path.join(import.meta.dirname, 'fixtures/funjerai.md'), 'utf8'));
export const generated = (bytes = 40_000): Loaded => load('generated.md', generateRulebook(bytes, 7).text);

/** The real metrics of the embedded TTFs (fontkit), as the Node side passes them to the planner. */
export const measure = measureText;

/** Whitespace-free text, to compare what pdfjs reads back (justified lines lose their spaces) with the source. */
export const squash = (text: string) => text.replace(/\s+/g, '');
