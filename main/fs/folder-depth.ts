/**
 * How many folders below a rulebook's folder its pages, pictures and temporary files are looked for: one bound for the
 * three walks, so that every page `rulebook init` lists has its pictures found and its stale temporary files cleaned.
 * The 13th Age SRD's Obsidian vault nests its dragons six folders down (Compendium/13A/Bestiary/Dragon/Chromatic-Dragon/
 * Black-Dragons/); the bound, with each walk's limit on entries, keeps a mistaken root (a home folder) quick.
 */
export const FOLDER_DEPTH = 8;
