/** The engine: settings, lint comments as a filter, unknown ids, a crashing rule isolated, sorted output. */
import { describe, expect, it } from 'vitest';
import { defineRule } from '../../shared/lint/define-rule.js';
import { runLint } from '../../shared/lint/engine.js';
import { lintRulebook, listRules, ruleIds } from '../../shared/lint/index.js';
import { RULES } from '../../shared/lint/registry.js';
import { at, link, md, sourceOf } from '../helpers/md.js';

const show = (findings: ReturnType<typeof lintRulebook>) => findings.map((f) => `${f.range.file} ${at(f.range)} ${f.severity} ${f.ruleId}`);

const BOOK = md`
  # 1 Magic
  - **Fireball** (4 SP) Burns.
    Prerequisite: Fire Magic

  ### Familiar
  Cost: 3
  Effect:
`;

describe('lint engine', () => {
  it('uses defaults, then the rulebook settings, then the caller’s', () => {
    expect(show(lintRulebook(link(BOOK)))).toEqual(['rulebook.md 3:17-3:27 error unknown-prerequisite', 'rulebook.md 7:1-7:8 warning empty-field']);
    const configured = `---\nlint:\n  unknown-prerequisite: warning\n  empty-field: { severity: off }\n---\n${BOOK}`;
    expect(show(lintRulebook(link(configured)))).toEqual(['rulebook.md 8:17-8:27 warning unknown-prerequisite']);
    expect(show(lintRulebook(link(configured), { rules: { 'unknown-prerequisite': 'off', 'empty-field': 'info' } }))).toEqual(['rulebook.md 12:1-12:8 info empty-field']);
    expect(() => lintRulebook(link(BOOK), { rules: { 'no-such-rule': 'off' } })).toThrow(/no-such-rule/);
  });

  it('reads settings from rulebook.yaml and reports unknown ids and bad values there', () => {
    const findings = lintRulebook(
      link({ 'rulebook.yaml': 'lint:\n  empty-feild: off\n  empty-field: sometimes\n  numbering-gap: { severity: error, allowed: [1] }\n', 'a.md': BOOK }),
    );
    expect(findings.map((f) => `${f.range.file} ${f.ruleId} ${f.message}`)).toEqual([
      'rulebook.yaml invalid-lint-config Lint rule `numbering-gap` has no option `allowed` (options: allow)',
      'rulebook.yaml invalid-lint-config Lint setting for `empty-field` must be off, info, warning or error, not `sometimes`',
      'rulebook.yaml unknown-rule Unknown lint rule `empty-feild` in the `lint:` settings; did you mean `empty-field`?',
      'a.md unknown-prerequisite Unknown prerequisite `Fire Magic` of `Fireball`: no skill or declared condition has this name',
      // A bad value leaves the rule at its default rather than silencing it.
      'a.md empty-field Field `Effect` of `Familiar` has no value',
    ]);
  });

  it('reports a bad setting at its key in rulebook.yaml or the front matter when given the source', () => {
    const manifestHost = { 'rulebook.yaml': 'title: Novitas\nlint:\n  # house settings\n  empty-feild: off\n  "empty-field": sometimes\nnumbering:\n  allowGaps: [12.1]\n', 'a.md': BOOK };
    const fromManifest = lintRulebook(link(manifestHost), { source: sourceOf(manifestHost) });
    expect(fromManifest.filter((f) => f.range.file === 'rulebook.yaml').map((f) => `${at(f.range)} ${f.ruleId}`)).toEqual([
      '4:3-4:14 unknown-rule',
      '5:4-5:15 invalid-lint-config',
    ]);
    const front = `---\ntitle: Funjerai\nlint: { unknown-prerequisite: warning, misplaced-numbr: off }\n---\n${BOOK}`;
    const fromFront = lintRulebook(link(front), { source: sourceOf(front) });
    expect(fromFront.filter((f) => f.ruleId === 'unknown-rule').map((f) => `${f.range.file} ${at(f.range)}`)).toEqual(['rulebook.md 3:40-3:55']);
    // Without the source the key cannot be found: the start of the front matter.
    expect(lintRulebook(link(front)).filter((f) => f.ruleId === 'unknown-rule').map((f) => at(f.range))).toEqual(['1:1-1:1']);
  });

  it('applies disable, enable and ignore after the rules ran, per rule and for all rules', () => {
    const text = md`
      <!-- lint disable -->
      ### Familiar
      Cost: 3
      Effect:
      <!-- lint enable -->

      <!-- lint disable empty-field -->
      ### Golem
      Cost: 4
      Effect:
      <!-- lint enable empty-field -->

      <!-- lint ignore empty-section -->
      ### Statue notes

      ### Speed notes

      <!-- lint ignore emty-section -->
    `;
    // "ignore" silences the next block only: the Statue heading, not the Speed heading after it.
    expect(lintRulebook(link(text)).map((f) => `${f.range.start.line} ${f.ruleId} ${f.message}`)).toEqual([
      '16 empty-section Section `Speed notes` is empty',
      '18 unknown-rule Unknown lint rule `emty-section` in this lint comment; did you mean `empty-section`?',
    ]);
  });

  it('a disable left open at the end of one file does not reach into the next file', () => {
    const chapter = (name: string) => `### ${name}\nCost: 4\nEffect:\n`;
    const findings = lintRulebook(link({ 'a.md': `<!-- lint disable empty-field -->\n\n${chapter('Golem')}`, 'b.md': chapter('Statue') }));
    expect(show(findings)).toEqual(['b.md 3:1-3:8 warning empty-field']);
  });

  it('an ignore above a heading skill covers the whole entry, not only its heading line', () => {
    const text = md`
      <!-- lint ignore empty-field -->
      ### Familiar
      Cost: 3
      Effect:

      ### Golem
      Cost: 4
      Effect:

      ## Constructs

      <!-- lint ignore empty-field -->
      A note on constructs.

      ### Statue
      Cost: 5
      Effect:
    `;
    // Familiar's empty Effect is silenced; Golem has no comment; the ignore above a paragraph covers only that paragraph.
    expect(lintRulebook(link(text)).map((f) => `${f.range.start.line} ${f.ruleId} ${f.message}`)).toEqual([
      '8 empty-field Field `Effect` of `Golem` has no value',
      '17 empty-field Field `Effect` of `Statue` has no value',
    ]);
  });

  it('turns a crashing rule into one internal-error finding and keeps the others', () => {
    const broken = defineRule({
      id: 'broken',
      meta: { description: 'crashes', defaultSeverity: 'error', messages: { never: 'never' } },
      check() {
        throw new Error('boom');
      },
    });
    const findings = runLint(link(BOOK), [...RULES, broken]);
    expect(findings.map((f) => `${f.ruleId} ${f.message}`)).toEqual([
      'internal-error Lint rule `broken` failed and was skipped: boom',
      'unknown-prerequisite Unknown prerequisite `Fire Magic` of `Fireball`: no skill or declared condition has this name',
      'empty-field Field `Effect` of `Familiar` has no value',
    ]);
  });

  it('sorts by file in rulebook order, then line and column', () => {
    const findings = lintRulebook(link({ 'b.md': '### Golem\nCost: 4\nEffect:\n', 'a.md': BOOK }));
    expect(show(findings)).toEqual(['b.md 3:1-3:8 warning empty-field', 'a.md 3:17-3:27 error unknown-prerequisite', 'a.md 7:1-7:8 warning empty-field']);
  });

  it('lists every rule with its metadata', () => {
    expect(listRules().map((r) => r.id)).toEqual(ruleIds());
    expect(listRules().find((r) => r.id === 'numbering-gap')).toEqual({
      id: 'numbering-gap', description: 'Numbers follow each other without gaps', defaultSeverity: 'warning', docs: 'docs/rules/numbering-gap.md', builtin: false,
      options: { allow: 'numbers whose absence is intentional, in addition to numbering.allowGaps' },
    });
  });
});
