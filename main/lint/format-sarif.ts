/** `--format sarif`: SARIF 2.1.0, the format GitHub code scanning and other CI tools accept for upload. */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { listRules, type RuleInfo } from '../../shared/lint/index.js';
import { toJsonFindings, type JsonRange } from './format-json.js';
import type { RulebookLintResult } from './run-lint.js';

const LEVEL = { error: 'error', warning: 'warning', info: 'note' } as const;

function region(r: JsonRange) {
  return { startLine: r.line, startColumn: r.column, endLine: r.endLine, endColumn: r.endColumn };
}

/**
 * A file as a SARIF URI: a relative reference for paths inside the working folder (code scanning resolves
 * them from the repository root), a file: URI otherwise. Each segment is escaped, so `#` or `?` in a
 * file name cannot turn into a fragment or a query.
 */
export function artifactUri(file: string): string {
  if (file.startsWith('/') || /^[A-Za-z]:/.test(file)) return pathToFileURL(file).href;
  return file.split('/').map(encodeURIComponent).join('/');
}

function location(r: JsonRange) {
  return { physicalLocation: { artifactLocation: { uri: artifactUri(r.file) }, region: region(r) } };
}

/**
 * The rule's documentation as SARIF `help`, which code scanning shows beside each alert. helpUri would
 * need an absolute URI, and the docs ship as files beside the tool, so their text is embedded instead.
 */
function help(rule: RuleInfo) {
  try {
    const markdown = readFileSync(new URL(`../../${rule.docs}`, import.meta.url), 'utf8');
    return { text: `${rule.description}. See ${rule.docs}.`, markdown };
  } catch {
    return { text: `${rule.description}. See ${rule.docs}.` };
  }
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
            rules: rules.map((r) => ({
              id: r.id,
              shortDescription: { text: r.description },
              help: help(r),
              defaultConfiguration: { level: LEVEL[r.defaultSeverity] },
            })),
          },
        },
        // Columns count UTF-16 code units, as in the editor (SARIF's default, stated for readers).
        columnKind: 'utf16CodeUnits',
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
                    artifactLocation: { uri: artifactUri(file) },
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
