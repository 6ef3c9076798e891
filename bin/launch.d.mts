// Types of bin/launch.mjs for the TypeScript that imports it (tests).
export declare const STAMP_FORMAT: number;
export declare function freshBuild(root?: string): { id: string; dir: string } | null;
export declare function load(entry: 'rulebook' | 'web', source: string): Promise<Record<string, unknown>>;
