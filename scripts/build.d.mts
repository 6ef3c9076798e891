// Types of scripts/build.mjs for the TypeScript that imports it (the tests' global setup).
export declare const ROOT: string;
export declare function inputFiles(root?: string): string[];
export declare function statInputs(files: readonly string[], root?: string): Array<[string, number, number]>;
export declare function build(options?: { force?: boolean; root?: string; log?: (line: string) => void }): Promise<{ id: string; dir: string }>;
