/** Skill cards as one PDF per category (`--per-category`, `print.cards.perCategory`): a deck per guild or school, printed on its own. */
import path from 'node:path';
import { slug } from 'github-slugger';
import type { LinkedRulebook } from '../../shared/link/types.js';
import { selectSkills } from '../../shared/publish/handouts.js';
import type { Progress } from '../../shared/publish/types.js';
import { exportPdf, type ExportOptions } from './index.js';

export interface CategoryFile {
  readonly category: string;
  readonly file: string;
  readonly pages: number;
}

/**
 * `cards.pdf` becomes `cards-offensive-magic.pdf`, `cards-curses.pdf`…, one per category (the heading right above
 * the skills) in book order; skills under no heading go to `cards-other.pdf`. Each file is written atomically.
 */
export async function exportCardsPerCategory(linked: LinkedRulebook, options: ExportOptions, out: string, onProgress?: Progress): Promise<{ files: CategoryFile[]; warnings: string[] }> {
  const categories = [...new Set(selectSkills(linked, options.categories).map((s) => s.category ?? ''))];
  const stem = out.replace(/\.pdf$/i, '');
  const files: CategoryFile[] = [];
  const warnings: string[] = [];
  const taken = new Set<string>();
  for (const category of categories) {
    let name = slug(category) || 'other';
    // Two headings that slug alike ("Magic" and "MAGIC!") still get a file each.
    for (let n = 2; taken.has(name); n++) name = `${slug(category) || 'other'}-${n}`;
    taken.add(name);
    const file = `${stem}-${name}.pdf`;
    const result = await exportPdf(linked, { ...options, cards: { ...options.cards, category } }, file, onProgress);
    files.push({ category: category || 'Other skills', file: path.normalize(file), pages: result.pages });
    for (const warning of result.warnings) if (!warnings.includes(warning)) warnings.push(warning);
  }
  return { files, warnings };
}
