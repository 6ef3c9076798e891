/// <reference types="vite/client" />
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listRules, ruleIds } from '../../shared/lint/index.js';
import type { LintRule } from '../../shared/lint/define-rule.js';
import { RULES } from '../../shared/lint/registry.js';

const root = path.resolve(import.meta.dirname, '../..');
const ruleFiles = readdirSync(path.join(root, 'shared/lint/rules')).filter((f) => f.endsWith('.ts')).map((f) => f.replace(/\.ts$/, ''));
const modules = import.meta.glob<{ default: LintRule }>('../../shared/lint/rules/*.ts', { eager: true });

describe('lint rule registry', () => {
  it('registers every rule file, once, under its file name', () => {
    expect(RULES.map((r) => r.id).sort()).toEqual([...ruleFiles].sort());
    expect(new Set(ruleIds()).size).toBe(ruleIds().length);
  });

  it.each(ruleFiles)('%s has its doc with every part and its test', (id) => {
    const rule = modules[`../../shared/lint/rules/${id}.ts`].default;
    expect(rule.id).toBe(id);
    expect(rule.meta.description).toMatch(/\S/);
    const doc = readFileSync(path.join(root, 'docs/rules', `${id}.md`), 'utf8');
    expect(doc.startsWith(`# ${id}\n`)).toBe(true);
    for (const part of ['## What it finds', '## Why it matters', '## Failing example', '## Passing example', '## How to fix it']) expect(doc, part).toContain(part);
    expect(existsSync(path.join(root, 'tests/lint/rules', `${id}.test.ts`))).toBe(true);
  });

  it('lists the engine’s own findings with their docs too', () => {
    for (const info of listRules()) expect(existsSync(path.join(root, info.docs)), info.docs).toBe(true);
    expect(listRules().filter((r) => r.builtin).map((r) => r.id)).toEqual(['unknown-rule', 'invalid-lint-config', 'internal-error']);
    // The engine never lets a lint comment silence these, so their docs must not offer one.
    for (const info of listRules().filter((r) => r.builtin)) expect(readFileSync(path.join(root, info.docs), 'utf8'), info.docs).not.toContain('lint ignore');
  });
});
