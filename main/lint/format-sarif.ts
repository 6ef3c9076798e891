/** `--format sarif`: SARIF 2.1.0, the format GitHub code scanning and other CI tools accept for upload. */
import { listRules } from '../../shared/lint/index.js';
import { toJsonFindings, type JsonRange } from './format-json.js';
import type { RulebookLintResult } from './run-lint.js';

const LEVEL = { error: 'error', warning: 'warning', info: 'note' } as const;

function region(r: JsonRange) {
  return { startLine: r.line, startColumn: r.column, endLine: r.endLine, endColumn: r.endColumn };
}

function location(r: JsonRange) {
  return { physicalLocation: { artifactLocation: { uri: encodeURI(r.file) }, region: region(r) } };
}

export function toSarif(results: readonly RulebookLintResult[], version: string) {
  const rules = listRules();
  const index = new Map(rules.map((r, i) => [r.id, i]));
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'rulebook-lint',
            version,
            informationUri: 'https://github.com/rulebook-studio/rulebook-studio',
            rules: rules.map((r) => ({
              id: r.id,
              shortDescription: { text: r.description },
              helpUri: r.docs,
              defaultConfiguration: { level: LEVEL[r.defaultSeverity] },
            })),
          },
        },
        results: toJsonFindings(results).map((f) => ({
          ruleId: f.ruleId,
          ...(index.has(f.ruleId) ? { ruleIndex: index.get(f.ruleId) } : {}),
          level: LEVEL[f.severity],
          message: { text: f.message },
          locations: [location(f)],
          ...(f.related?.length ? { relatedLocations: f.related.map((r, id) => ({ id, ...location(r), message: { text: r.message } })) } : {}),
          ...(f.suggestions?.length
            ? {
                fixes: f.suggestions.map((s) => ({
                  description: { text: s.title },
                  artifactChanges: groupByFile(s.edits).map(([file, edits]) => ({
                    artifactLocation: { uri: encodeURI(file) },
                    replacements: edits.map((e) => ({ deletedRegion: region(e), insertedContent: { text: e.newText } })),
                  })),
                })),
              }
            : {}),
        })),
      },
    ],
  };
}

function groupByFile<T extends JsonRange>(edits: readonly T[]): Array<[string, T[]]> {
  const map = new Map<string, T[]>();
  for (const e of edits) map.set(e.file, [...(map.get(e.file) ?? []), e]);
  return [...map];
}

export function formatSarif(results: readonly RulebookLintResult[], version: string): string {
  return `${JSON.stringify(toSarif(results, version), null, 2)}\n`;
}
