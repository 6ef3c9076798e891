/** Reads the `publish:` settings of a rulebook (which PDFs to export, where), naming the key at fault when they are wrong. */
import type { ExportKind, Paper } from '../../shared/publish/types.js';
import { UserError } from '../errors.js';

export const PUBLISH_KINDS: readonly ExportKind[] = ['book', 'cards', 'reference', 'sheet', 'extract'];
const PAPERS: readonly Paper[] = ['a4', 'a5', 'letter'];

export interface PublishSettings {
  readonly kinds: readonly ExportKind[];
  /** Output folder, relative to the rulebook folder. */
  readonly out: string;
  readonly paper: Paper;
}

/** `publish: { kinds: [book, cards], out: published/, paper: a4 }`; every key optional. */
export function readPublishSettings(extra: Readonly<Record<string, unknown>>, where: string): PublishSettings {
  const value = extra.publish;
  if (value === undefined || value === null) return { kinds: ['book'], out: 'published', paper: 'a4' };
  if (typeof value !== 'object' || Array.isArray(value)) throw new UserError(`${where}: \`publish\` must be a mapping such as { kinds: [book, cards], out: published/ }`);
  const settings = value as Record<string, unknown>;
  for (const key of Object.keys(settings)) {
    if (!['kinds', 'out', 'paper'].includes(key)) throw new UserError(`${where}: unknown key \`publish.${key}\` (known: kinds, out, paper)`);
  }
  let kinds: ExportKind[] = ['book'];
  if (settings.kinds !== undefined) {
    const list = Array.isArray(settings.kinds) ? settings.kinds : [settings.kinds];
    const wrong = list.find((k) => typeof k !== 'string' || !PUBLISH_KINDS.includes(k as ExportKind));
    if (wrong !== undefined) throw new UserError(`${where}: \`publish.kinds\` has \`${String(wrong)}\`; use ${PUBLISH_KINDS.join(', ')}`);
    kinds = [...new Set(list as ExportKind[])];
  }
  const out = settings.out ?? 'published';
  if (typeof out !== 'string' || !out.trim() || out.split(/[\\/]/).includes('..') || /^([a-z]:)?[\\/]/i.test(out)) {
    throw new UserError(`${where}: \`publish.out\` must be a folder inside the rulebook folder, such as published/`);
  }
  const paper = typeof settings.paper === 'string' ? settings.paper.toLowerCase() : settings.paper ?? 'a4';
  if (!PAPERS.includes(paper as Paper)) throw new UserError(`${where}: \`publish.paper\` must be one of ${PAPERS.join(', ')}`);
  return { kinds, out: out.replace(/[\\/]+$/, ''), paper: paper as Paper };
}
