/** The rulebook dialect for Monaco: a Monarch tokenizer (rule numbers, skill names, costs, prerequisites, references, lint comments) and editing behaviour. */
import { DEFAULT_LAYOUT } from '../../shared/model/layout.js';
import { MARKDOWN_EXTENSIONS } from '../../shared/model/markdown-files.js';
import { prerequisiteLabelPattern } from '../../shared/service/completion.js';
import { LANGUAGE_ID } from './convert.js';
import { BOLD_LIST_ITEM, COST, STRONG } from './inline-patterns.js';
import { monaco } from './monaco.js';

/**
 * The tokenizer for a book whose prerequisites are written under `labels` (its layout's `fields.prerequisites`: the
 * usual "Prerequisites", "Requires"…, or its own "Restrictions"), bold or not.
 */
function tokenizerFor(labels: readonly string[]): monaco.languages.IMonarchLanguage {
  const prerequisiteLabel = prerequisiteLabelPattern(labels);
  return {
    defaultToken: '',
    ignoreCase: false,
    // STRONG asks for Unicode punctuation, as CommonMark's flanking rules do.
    unicode: true,
    tokenizer: {
      root: [
        // Front matter only at the very start; Monarch cannot see "first line", so a lone --- opens it.
        [/^---\s*$/, { token: 'meta.separator', next: '@frontMatter' }],
        // Monarch tries no rule on a line it has used up, so a state pushed there would colour the lines after it
        // until a blank one: a heading that is its marks or number alone pushes none, and every state below pops on
        // the rule that ends its line.
        [/^#{1,6}\s*$/, 'keyword.heading'],
        [/^(#{1,6}\s+)((?:(?:Chapter|Section|Part|Appendix)\s+)?)(\d+(?:\.\d+)*[a-z]?\.?)(\s*)$/, ['keyword.heading', 'keyword.heading', 'number.heading', '']],
        [/^(#{1,6}\s+)((?:(?:Chapter|Section|Part|Appendix)\s+)?)(\d+(?:\.\d+)*[a-z]?\.?)/, ['keyword.heading', 'keyword.heading', { token: 'number.heading', next: '@heading' }]],
        [/^#{1,6}\s+/, { token: 'keyword.heading', next: '@heading' }],
        [/^\s*\d+(?:\.\d+)+[a-z]?\.?(?=\s)/, 'number.rule'],
        [/^\s*\d+\.\d*[a-z]\.?(?=\s)/, 'number.rule'],
        [/^\s*[a-z]\.(?=\s)/, 'number.local'],
        [/^\s*\d+\.(?=\s)/, 'number.local'],
        [BOLD_LIST_ITEM, ['delimiter.bullet', 'delimiter.strong', 'skill.name', 'delimiter.strong']],
        [prerequisiteLabel, ['', 'keyword.prerequisite', { token: 'delimiter', next: '@prerequisites' }]],
        [/^(\s*)(Cost)(\s*:)/i, ['', 'keyword.field', { token: 'delimiter', next: '@costLine' }]],
        [/^(\s*)([A-Z][A-Za-z ]{0,24})(:)(?=\s|$)/, ['', 'keyword.field', 'delimiter']],
        { include: '@inline' },
      ],
      inline: [
        [/<!--\s*lint\b/, { token: 'comment.lint', next: '@lintComment' }],
        [/<!--/, { token: 'comment', next: '@comment' }],
        [/\[\[/, { token: 'reference.bracket', next: '@link' }],
        [/\b([Ss]ee\s+(?:[Rr]ules?\s+)?)(\d+(?:\.\d+)+[a-z]?(?:\s*[–-]\s*\d*(?:\.\d+)*[a-z]?)?)/, ['reference.keyword', 'reference.number']],
        [/\b([Rr]ules?\s+)(\d+(?:\.\d+)*[a-z]?(?:\s*[–-]\s*\d*(?:\.\d+)*[a-z]?)?)/, ['reference.keyword', 'reference.number']],
        [/\b([Ss]ection|[Cc]hapter|[Aa]ppendix)(\s+)(\d+(?:\.\d+)*)/, ['reference.keyword', '', 'reference.number']],
        [COST, 'number.cost'],
        [STRONG, ['delimiter.strong', 'strong', 'delimiter.strong']],
        [/\|/, 'delimiter.table'],
        [/[^<[\\(*|sSrRcCaA]+/, ''],
        [/./, ''],
      ],
      heading: [
        [new RegExp(`${COST.source}\\s*$`), 'number.cost', '@pop'],
        [COST, 'number.cost'],
        [/[^(]+$/, 'heading', '@pop'],
        [/[^(]+/, 'heading'],
        [/\($/, 'heading', '@pop'],
        [/\(/, 'heading'],
        [/$/, '', '@pop'],
      ],
      prerequisites: [
        [/$/, '', '@pop'],
        [/\s*(?:,|;|\band\b|\bor\b)\s*$/, 'delimiter.prerequisite', '@pop'],
        [/\s*(?:,|;|\band\b|\bor\b)\s*/, 'delimiter.prerequisite'],
        [/\[\[/, { token: 'reference.bracket', next: '@link' }],
        [/(--|none|n\/a)\s*$/i, 'comment', '@pop'],
        [/[^,;[]+?(?=\s*(?:,|;|\band\b|\bor\b))/, 'skill.prerequisite'],
        [/[^,;[]+$/, 'skill.prerequisite', '@pop'],
        [/[^,;[]+/, 'skill.prerequisite'],
        [/.$/, 'skill.prerequisite', '@pop'],
        [/./, 'skill.prerequisite'],
      ],
      costLine: [
        [/$/, '', '@pop'],
        [/\d+(?:\.\d+)?(?:\s*\/\s*\d+(?:\.\d+)?)*(?:\s*[A-Za-z]{1,6})?\s*$/, 'number.cost', '@pop'],
        [/\d+(?:\.\d+)?(?:\s*\/\s*\d+(?:\.\d+)?)*(?:\s*[A-Za-z]{1,6})?/, 'number.cost'],
        [/\D+$/, '', '@pop'],
        [/./, ''],
      ],
      link: [
        // A link that ends the line ends whatever line it stands in (a prerequisite line's state too).
        [/\]\]\s*$/, { token: 'reference.bracket', next: '@popall' }],
        [/\]\]/, { token: 'reference.bracket', next: '@pop' }],
        [/\d+(?:\.\d+)*[a-z]?/, 'reference.number'],
        [/[^\]]+/, 'reference.skill'],
        [/\]/, 'reference.skill'],
      ],
      lintComment: [
        [/-->/, { token: 'comment.lint', next: '@pop' }],
        [/\b(disable|enable|ignore)\b/, 'comment.lint.keyword'],
        [/[^-]+/, 'comment.lint'],
        [/-/, 'comment.lint'],
      ],
      comment: [
        [/-->/, { token: 'comment', next: '@pop' }],
        [/[^-]+/, 'comment'],
        [/-/, 'comment'],
      ],
      frontMatter: [
        [/^---\s*$/, { token: 'meta.separator', next: '@pop' }],
        [/^(\s*-?\s*)([\w-]+)(\s*:)/, ['', 'meta.key', 'delimiter']],
        [/.*/, 'meta.value'],
      ],
    },
  };
}

export function registerLanguage(): void {
  if (monaco.languages.getLanguages().some((l) => l.id === LANGUAGE_ID)) return;
  monaco.languages.register({ id: LANGUAGE_ID, extensions: [...MARKDOWN_EXTENSIONS], aliases: ['Rulebook Markdown'] });
  monaco.languages.setMonarchTokensProvider(LANGUAGE_ID, tokenizerFor(DEFAULT_LAYOUT.fields.prerequisites));
  monaco.languages.setLanguageConfiguration(LANGUAGE_ID, {
    comments: { blockComment: ['<!--', '-->'] },
    // Only [[links]] are brackets: parentheses in prose (costs, asides) should not be coloured or matched.
    brackets: [['[[', ']]']],
    autoClosingPairs: [{ open: '[[', close: ']]' }, { open: '(', close: ')' }, { open: '**', close: '**' }],
    surroundingPairs: [{ open: '(', close: ')' }, { open: '*', close: '*' }],
    // Skill names have spaces; a "word" for double-click and highlighting is still one word.
    wordPattern: /[\p{L}\p{N}'’_-]+/u,
  });
}

let labelsInUse = DEFAULT_LAYOUT.fields.prerequisites.join('\n');

/** Colours the prerequisites the open book writes under its own labels (its summary says which), once they change. */
export function usePrerequisiteLabels(labels: readonly string[]): void {
  const key = labels.join('\n');
  if (key === labelsInUse || labels.length === 0) return;
  labelsInUse = key;
  monaco.languages.setMonarchTokensProvider(LANGUAGE_ID, tokenizerFor(labels));
}
