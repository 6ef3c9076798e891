/**
 * fast-check generators for the rulebook dialect (docs/format.md): loose fragments that hit the parser's
 * interesting paths, whole chapters built from the grammar (numbered headings and rules, skills as list items,
 * headings and table rows, fields, prerequisites, references, nested lists and quotes, front matter), settings
 * files, and whole books. Shared by the parser's robustness test, the command fuzz test and scripts/fuzz.ts.
 */
import fc from 'fast-check';
import { stringify } from 'yaml';

/** Markdown-ish fragments of the dialect, so random documents hit the interesting paths. */
export const fragment = fc.constantFrom(
  '# ', '## ', '### ', 'Chapter 4. ', '2.1 - ', '1.3.2 ', '100.1a ', '100.1. ', '- ', '  ', '1. ', 'a. ', '> ',
  '**', '*', '_', '`', '```\n', '[[', ']]', '[[3.3]]', '(2 SP)', '(4/5 SP)', '(', ')', 'Prerequisite: ', 'Requires: ',
  'Cost: ', 'Effect:', ' or ', ' and ', ', ', 'see 3.3', 'rule 702.19b', 'rules 201.2a–b', 'chapter 12.7', '| Skill | Cost |\n',
  '| --- | --- |\n', '| Body 1 | 1 |\n', '<!-- lint disable numbering-gap -->', '<!--', '-->', '---\n', 'title: x\n',
  '\n', '\n\n', '\r\n', '\t', 'Urð ', '“', '”', '\u0000', '\uFEFF', '\uD800', 'Energy Ball', 'Magic Healing',
);

/** Fragments, short random strings and a few arbitrary code units, joined: text that is almost the dialect. */
export const markdownish = fc
  .array(fc.oneof(fragment, fc.string({ maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 6 })), { maxLength: 120 })
  .map((parts) => parts.join(''));

// ---------------------------------------------------------------------------------------------------------------
// The grammar, piece by piece.

const SKILL_NAMES = [
  'Energy Ball', 'Lesser Energy Ball', 'Magic Healing', 'Regrow Limb', 'Shield Bash', 'Two Handed Weapons', 'Body 1', 'Body 2',
  'Alchemy 1', 'Alchemy 3', 'Estimate Value', 'Merchant', 'Gust of wind', 'Fireball', 'Familiar', 'Ambidexterity', 'Urð’s Ward',
  'Florentine', 'Power Attack', 'Access to Magic',
];
const WORDS = ['the', 'a', 'character', 'may', 'cast', 'spell', 'players', 'must', 'react', 'when', 'in', 'game', 'Magic', 'of', 'and', 'or', 'humans', 'weapon', '3', 'Level'];
const UNITS = ['SP', 'XP', 'CP', 'PP', 'points', 'pts', 'gold', 'Might points', 'ZZ'];

const pick = <T>(values: readonly T[]) => fc.constantFrom(...values);
/** `nil` most of the time (`weight` to 1), else a value: an option the commands should mostly do without. */
export const rarely = <T, N>(arb: fc.Arbitrary<T>, nil: N, weight = 3): fc.Arbitrary<T | N> => fc.oneof({ weight, arbitrary: fc.constant(nil) }, { weight: 1, arbitrary: arb });
/** Text with a little noise in it: mostly ordinary, sometimes random characters. */
const noise = fc.oneof({ weight: 6, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.string({ maxLength: 6 }) }, { weight: 1, arbitrary: fragment });

export const skillName = fc.oneof(
  { weight: 6, arbitrary: pick(SKILL_NAMES) },
  { weight: 2, arbitrary: fc.array(pick(WORDS), { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')) },
  { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
);

/** Mostly small, now and then far past any book (a gap from 1.1 to 1.99999999 must not be walked a number at a time). */
const small = fc.oneof({ weight: 12, arbitrary: fc.nat(12) }, { weight: 1, arbitrary: fc.integer({ min: 13, max: 2 ** 31 }) });
/** A rule or section number: dotted, with a sub-rule letter, in the hundreds, or odd. */
export const ruleNumber = fc.oneof(
  fc.array(small, { minLength: 1, maxLength: 4 }).map((n) => n.join('.')),
  fc.tuple(fc.integer({ min: 100, max: 999 }), small, fc.option(pick(['a', 'b', 'c', 'k', 'z']), { nil: '' })).map(([a, b, l]) => `${a}.${b}${l}`),
  fc.tuple(small, pick(['a', 'b'])).map(([a, l]) => `${a}${l}`),
  pick(['0000.1.5', '0001-0002.10', '1.2.3.4.5.6.7.8.9', '99999999999999999999.1', '1..2', '.1', '1.']),
);

export const cost = fc.oneof(
  fc.tuple(fc.nat(30), pick(UNITS)).map(([n, u]) => `(${n} ${u})`),
  fc.tuple(fc.nat(9), fc.nat(9), pick(UNITS)).map(([a, b, u]) => `(${a}/${b} ${u})`),
  fc.nat(30).map((n) => `(${n})`),
  pick(['(1.5 XP)', '()', '(x SP)', '(Free)', '(-3 SP)', '(1e308 SP)', '(2 SP) (3 SP)', '(']),
);

const requirement = fc.oneof(
  { weight: 4, arbitrary: skillName },
  { weight: 1, arbitrary: pick(['--', 'none', 'n/a', 'GM permission', '2 Production Points', 'Level 3', 'size Large or larger', 'Strength 7', 'Ability to fly', 'Any level 1 spell', '(a, b)', 'Fly speed']) },
);
export const prerequisites = fc
  .array(fc.tuple(requirement, pick([', ', ' and ', ' or ', '; ', ', and '])), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.map(([r, sep], i) => (i === 0 ? r : sep + r)).join(''));

const reference = fc.oneof(
  ruleNumber.map((n) => `see ${n}`),
  ruleNumber.map((n) => `[[${n}]]`),
  skillName.map((n) => `[[${n}]]`),
  ruleNumber.map((n) => `rule ${n}`),
  fc.tuple(ruleNumber, ruleNumber, pick(['–', '-', ' through ', ' to '])).map(([a, b, sep]) => `rules ${a}${sep}${b}`),
  fc.tuple(ruleNumber, ruleNumber).map(([a, b]) => `rules ${a}, ${b}, and ${a}b`),
  fc.tuple(pick(['section', 'chapter', 'Chapter', 'Appendix']), fc.nat(20)).map(([k, n]) => `${k} ${n}`),
  skillName.map((n) => `[${n}](#${n.toLowerCase().replace(/\W+/g, '-')})`),
  pick(['[the map](map.png)', '![crest](images/crest.png)', '[chapter two](02-skills.md#magic)', '[away](../outside.md)', '[mail](mailto:x@y)', '<https://example.org>']),
);

const inline = fc.oneof(
  { weight: 5, arbitrary: fc.array(pick(WORDS), { minLength: 1, maxLength: 8 }).map((w) => w.join(' ')) },
  { weight: 2, arbitrary: reference },
  { weight: 1, arbitrary: fc.tuple(skillName, cost).map(([n, c]) => `**${n}** ${c}`) },
  { weight: 1, arbitrary: skillName.map((n) => pick([`**${n}**`, `*${n}*`, `_${n}_`, `\`${n}\``, `~~${n}~~`])).chain((x) => x) },
  { weight: 1, arbitrary: noise },
);
export const sentence = fc.array(inline, { minLength: 1, maxLength: 6 }).map((parts) => parts.join(' '));

const fieldLine = fc.oneof(
  fc.tuple(pick(['Range', 'Duration', 'Effect', 'Call', 'Target', 'Cost', 'CP Cost', 'Build', 'Restrictions', 'Reqs']), fc.oneof(fc.constant(''), sentence, fc.nat(20).map(String))).map(([k, v]) => `${k}: ${v}`.trimEnd()),
  fc.tuple(pick(['Prerequisite', 'Prerequisites', 'Requires', 'Requirement']), prerequisites).map(([k, v]) => `${k}: ${v}`),
  fc.tuple(pick(['CP Cost', 'Cost', 'Restrictions']), fc.oneof(fc.nat(9).map(String), prerequisites, pick(['None', 'Free', 'See text', 'X']))).map(([k, v]) => `**${k}**: ${v}`),
  // Daggerheart's card line, its parts sometimes left out, swapped or unclosed.
  fc
    .tuple(fc.nat(10), pick(['Arcana Spell', 'Blade Ability', 'Codex Grimoire']), fc.nat(4), fc.shuffledSubarray([0, 1, 2]), pick(['**_', '***', '**', '_']))
    .map(([level, kind, recall, order, mark]) => {
      const close = [...mark].reverse().join('');
      const parts = [`${mark}Level ${level}${close}`, `_${kind}._`, `**_Recall Cost_** _${recall}._`];
      return order.map((i) => parts[i]).join(' ');
    }),
);

// Blocks: each a list of lines, so quotes and lists can prefix and indent them.
type Lines = string[];

const numberedHeading = fc
  .tuple(fc.integer({ min: 1, max: 6 }), fc.option(pick(['Chapter ', 'Section ', 'Part ', 'Appendix ']), { nil: '' }), ruleNumber, pick(['', '.', ' -', ' –', ':', ')']), sentence, fc.option(cost, { nil: '' }))
  .map(([level, prefix, n, sep, title, c]): Lines => [`${'#'.repeat(level)} ${prefix}${n}${sep} ${title}${c ? ` ${c}` : ''}`]);

const plainHeading = fc
  .tuple(fc.integer({ min: 1, max: 7 }), fc.oneof(pick(['General skills', 'Skills', 'Spells', 'Ritual Magic Spells', 'Change history', 'Notes', 'Credits']), sentence))
  .map(([level, title]): Lines => [`${'#'.repeat(level)} ${title}`]);

const numberedRule = fc
  .tuple(ruleNumber, pick([' ', '. ', ' - ', ') ', '	']), sentence, fc.array(fc.oneof(sentence, fieldLine), { maxLength: 2 }))
  .map(([n, sep, text, more]): Lines => [`${n}${sep}${text}`, ...more]);

const otherRuleStyle = fc
  .tuple(ruleNumber, sentence, pick(['* **{n}** {t}', '- {n}) {t}', '**{n}** {t}', '{n} - {t}', '<mark>{n}</mark> {t}']))
  .map(([n, t, form]): Lines => [form.replace('{n}', n).replace('{t}', t)]);

const listSkill = fc
  .tuple(pick(['- ', '* ', '+ ', '1. ']), skillName, fc.option(cost, { nil: '' }), sentence, fc.array(fieldLine, { maxLength: 3 }), pick(['  ', '   ', '    ', '\t']))
  .map(([bullet, name, c, text, fields, indent]): Lines => [`${bullet}**${name}**${c ? ` ${c}` : ''} ${text}`, ...fields.map((f) => indent + f)]);

const headingSkill = fc
  .tuple(fc.integer({ min: 2, max: 5 }), skillName, fc.option(cost, { nil: '' }), fc.array(fieldLine, { maxLength: 4 }), fc.option(sentence, { nil: '' }))
  .map(([level, name, c, fields, text]): Lines => [`${'#'.repeat(level)} ${name}${c ? ` ${c}` : ''}`, '', ...fields, ...(text ? ['', text] : [])]);

const boldNameSkill = fc
  .tuple(skillName, fc.nat(5), sentence)
  .map(([name, n, text]): Lines => [`**${name} (${n} Might point${n === 1 ? '' : 's'}):** ${text}`]);

const cell = fc.oneof(skillName, fc.nat(20).map(String), prerequisites, pick(['--', '', '|', '\\|', '**x**', '1/2']), sentence);
const table = fc
  .tuple(
    fc.shuffledSubarray(['Skill', 'Name', 'Skill Point Cost', 'Cost', 'Prerequisite', 'Requires', 'Notes', 'Primary', 'Secondary'], { minLength: 1, maxLength: 5 }),
    fc.array(fc.array(cell, { minLength: 0, maxLength: 6 }), { maxLength: 6 }),
    fc.boolean(),
  )
  .map(([header, rows, aligned]): Lines => [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => (aligned ? ':---:' : '---')).join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ]);

const localList = fc
  .array(fc.tuple(sentence, fc.array(sentence, { maxLength: 3 })), { minLength: 1, maxLength: 4 })
  .map((items): Lines => items.flatMap(([text, subs], i) => [`${i + 1}. ${text}`, ...subs.map((s, j) => `   ${String.fromCharCode(97 + j)}. ${s}`)]));

const sectionPrerequisites = prerequisites.map((p): Lines => [`Prerequisites: ${p}`]);
const lintComment = fc
  .tuple(pick(['disable', 'enable', 'ignore', 'bogus']), fc.subarray(['numbering-gap', 'unknown-prerequisite', 'missing-cost', 'no-such-rule']))
  .map(([verb, ids]): Lines => [`<!-- lint ${verb}${ids.length ? ` ${ids.join(' ')}` : ''} -->`]);
const codeFence = fc.tuple(pick(['```', '~~~', '````']), fc.array(sentence, { maxLength: 3 }), fc.boolean()).map(([fence, body, closed]): Lines => [fence, ...body, ...(closed ? [fence] : [])]);
const html = pick<Lines>([['<div>'], ['</div>'], ['<a name="errors"/>'], ['<details><summary>x</summary>'], ['<!--'], ['-->']]);
const paragraph = fc.array(sentence, { minLength: 1, maxLength: 3 });
// Without NUL: a chapter with one is refused as a binary file before anything else is read (rawBytes has them).
const raw = markdownish.map((text): Lines => text.replace(/\u0000/g, '').split('\n'));
/** Quote markers or list levels far past any book (and past the parser's bound of 64). */
const deep = fc
  .tuple(fc.integer({ min: 10, max: 300 }), pick(['>', '> ', '- ', '1. ', '> - ', '* > ']), sentence)
  .map(([depth, marker, text]): Lines => (marker === '- ' || marker === '1. ' ? Array.from({ length: depth }, (_, i) => `${'  '.repeat(i)}${marker}${text}`) : [`${marker.repeat(depth)}${text}`]));

const leaf = fc.oneof(
  { weight: 4, arbitrary: numberedHeading },
  { weight: 2, arbitrary: plainHeading },
  { weight: 5, arbitrary: numberedRule },
  { weight: 1, arbitrary: otherRuleStyle },
  { weight: 4, arbitrary: listSkill },
  { weight: 3, arbitrary: headingSkill },
  { weight: 1, arbitrary: boldNameSkill },
  { weight: 2, arbitrary: table },
  { weight: 2, arbitrary: localList },
  { weight: 1, arbitrary: sectionPrerequisites },
  { weight: 1, arbitrary: lintComment },
  { weight: 1, arbitrary: codeFence },
  { weight: 1, arbitrary: html },
  { weight: 3, arbitrary: paragraph },
  { weight: 1, arbitrary: raw },
  { weight: 1, arbitrary: deep },
);

/** A block: a leaf, or blocks inside a block quote or a list item, nested a few levels. */
const { block } = fc.letrec<{ block: Lines }>((tie) => ({
  block: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 6, arbitrary: leaf },
    {
      weight: 1,
      arbitrary: fc.tuple(pick(['> ', '>', '> > ']), fc.array(tie('block'), { minLength: 1, maxLength: 3 })).map(([marker, blocks]) => blocks.flatMap((b) => [...b, '']).slice(0, -1).map((l) => marker + l)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(pick(['- ', '* ', '1. ', '2) ']), fc.array(tie('block'), { minLength: 1, maxLength: 3 }), fc.boolean())
        .map(([bullet, blocks, loose]) => blocks.flatMap((b) => b.map((l, i) => (i === 0 ? bullet + l : ' '.repeat(bullet.length) + l)).concat(loose ? [''] : []))),
    },
  ),
}));

const YAML_VALUES = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.integer(),
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 2 }),
);
/** A value that is usually of the right shape for its key, sometimes of any shape. */
const sometimes = <T>(right: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: right }, { weight: 1, arbitrary: YAML_VALUES as fc.Arbitrary<unknown> });
const severity = pick(['off', 'info', 'warning', 'error', 'fatal']);
const RULE_IDS = ['numbering-gap', 'unknown-prerequisite', 'missing-cost', 'prerequisite-cycle', 'broken-reference', 'duplicate-skill', 'name-case', 'no-such-rule'];

/** Settings as a marshal writes them (front matter or rulebook.yaml), sometimes with a wrong type. */
export const settings = fc.record(
  {
    title: sometimes(fc.oneof(sentence, pick(['Funjerai', 'Kingdoms of Novitas', '']))),
    edition: sometimes(pick(['2025', '4.0', 'v7.4', ''])),
    date: sometimes(pick(['2025-05-01', 'tomorrow', ''])),
    costUnits: sometimes(fc.subarray(UNITS)),
    conditions: sometimes(fc.array(fc.oneof(requirement, skillName), { maxLength: 3 })),
    numbering: sometimes(fc.record({ skipLetters: sometimes(fc.subarray(['i', 'l', 'o'])), hundredsSections: sometimes(fc.boolean()), allowGaps: sometimes(fc.array(ruleNumber, { maxLength: 2 })) }, { requiredKeys: [] })),
    lint: sometimes(fc.dictionary(pick(RULE_IDS), fc.oneof(severity, fc.record({ severity, threshold: fc.integer() }, { requiredKeys: [] })), { maxKeys: 3 })),
    layout: sometimes(
      fc.record(
        {
          skills: sometimes(fc.record({ headingLevels: sometimes(fc.array(fc.integer({ min: -1, max: 8 }), { maxLength: 3 })), boldNames: sometimes(pick(['fields', 'all', 'some'])), tables: sometimes(fc.array(pick(['Skills', 'Spells']), { maxLength: 2 })), sections: sometimes(fc.array(pick(['Skills', 'Spells', 'Feats']), { maxLength: 2 })), frontMatter: sometimes(fc.record({ name: pick(['title', 'feat.name']), cost: fc.array(pick(['power.xpCost', 'cost']), { maxLength: 2 }), prerequisites: fc.array(pick(['feat.prerequisite', 'requires']), { maxLength: 2 }), text: fc.array(pick(['feat.benefit']), { maxLength: 1 }) }, { requiredKeys: [] })) }, { requiredKeys: [] })),
          fields: sometimes(fc.record({ cost: sometimes(fc.array(pick(['Build', 'CP Cost', '']), { maxLength: 2 })), prerequisites: sometimes(fc.array(pick(['Restrictions', 'Reqs', '']), { maxLength: 2 })) }, { requiredKeys: [] })),
          costs: sometimes(fc.record({ zero: sometimes(fc.array(pick(['Nil', 'None']), { maxLength: 2 })), variable: sometimes(fc.array(pick(['See text', 'X', '']), { maxLength: 2 })), columns: sometimes(fc.array(pick(['Primary', 'Secondary']), { maxLength: 2 })) }, { requiredKeys: [] })),
          conditions: sometimes(fc.record({ attributes: sometimes(fc.array(pick(['Strength', 'Agility', 'Level']), { maxLength: 2 })), phrases: sometimes(fc.array(pick(['Approved by', '', '(']), { maxLength: 2 })) }, { requiredKeys: [] })),
          numbering: sometimes(fc.record({ notRules: sometimes(fc.array(pick(['Updates in 2024', 'Notes']), { maxLength: 2 })), fromContents: sometimes(fc.boolean()), chapterOrder: sometimes(fc.boolean()) }, { requiredKeys: [] })),
          references: sometimes(fc.record({ bare: sometimes(fc.boolean()), links: sometimes(fc.array(pick(['regulations:regulation:{number}', '{number}', '', '(']), { maxLength: 2 })) }, { requiredKeys: [] })),
        },
        { requiredKeys: [] },
      ),
    ),
    publish: sometimes(fc.record({ kinds: sometimes(fc.subarray(['book', 'cards', 'reference', 'sheet', 'extract', 'poster'])), out: sometimes(pick(['published', 'out/pdf/', '../escape', '/abs', ''])), paper: sometimes(pick(['a4', 'A5', 'letter', 'card'])) }, { requiredKeys: [] })),
    feat: sometimes(fc.record({ name: skillName, prerequisite: prerequisites, benefit: sentence }, { requiredKeys: [] })),
  },
  { requiredKeys: [] },
);

/** YAML text: the settings written out, occasionally cut short, or text that is hardly YAML at all. */
export const yamlText = fc.oneof(
  { weight: 6, arbitrary: settings.map((s) => stringify(s)) },
  { weight: 1, arbitrary: fc.tuple(settings, fc.nat()).map(([s, cut]) => { const t = stringify(s); return t.slice(0, cut % (t.length + 1)); }) },
  { weight: 1, arbitrary: pick(['a: &x [1]\nb: *x\nc: *y\n', 'title: a\ntitle: b\n', '- just\n- a list\n', '{', 'title: "unclosed\n', 'x: !!binary AAAA\n', '? [complex, key]\n: 1\n', 'a: &a [*a]\n']) },
  { weight: 1, arbitrary: markdownish },
);

/**
 * A chapter numbered as marshals number one: chapters, sections and rules counted in document order (now and then a
 * number skipped or written twice), skills between them and references back to numbers it has, so renumber and diff
 * have real work to do.
 */
const orderedBody = fc
  .array(fc.tuple(pick(['chapter', 'section', 'rule', 'rule', 'rule', 'skill', 'skill', 'reference', 'paragraph']), fc.nat(12), sentence, skillName, cost), { maxLength: 30 })
  .map((items): Lines => {
    let [c, s, r] = [0, 0, 0];
    const numbers: string[] = [];
    const lines: string[] = [];
    for (const [kind, roll, text, name, price] of items) {
      const step = roll === 0 ? 2 : roll === 1 ? 0 : 1;
      if (kind === 'chapter') {
        [c, s, r] = [c + step, 0, 0];
        numbers.push(String(c));
        lines.push(`# ${c} ${text}`);
      } else if (kind === 'section') {
        [c, s, r] = [Math.max(c, 1), s + step, 0];
        numbers.push(`${c}.${s}`);
        lines.push(`## ${c}.${s} ${text}`);
      } else if (kind === 'rule') {
        [c, s, r] = [Math.max(c, 1), Math.max(s, 1), r + step];
        numbers.push(`${c}.${s}.${r}`);
        lines.push(`${c}.${s}.${r} ${text}`);
      } else if (kind === 'skill') lines.push(`- **${name}** ${price} ${text}${roll % 3 === 0 ? `\n  Prerequisite: ${SKILL_NAMES[roll]}` : ''}`);
      else if (kind === 'reference') lines.push(`See ${numbers[roll % Math.max(1, numbers.length)] ?? '1.1'} for ${text}.`);
      else lines.push(text);
    }
    return lines.join('\n\n').split('\n');
  });

/** A chapter's Markdown from the grammar: optional front matter, then blocks. */
export const chapter = fc
  .record({
    frontMatter: rarely(yamlText, null, 2),
    crlf: fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    bom: fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    blocks: fc.oneof(fc.array(block, { minLength: 0, maxLength: 14 }), fc.tuple(orderedBody, fc.array(block, { maxLength: 3 })).map(([body, more]) => [body, ...more])),
    separator: pick(['\n\n', '\n\n', '\n', '\n\n\n']),
  })
  .map(({ frontMatter, crlf, bom, blocks, separator }) => {
    const body = blocks.map((b) => b.join('\n')).join(separator);
    const text = `${frontMatter === null ? '' : `---\n${frontMatter.replace(/\n?$/, '\n')}---\n\n`}${body}\n`;
    return `${bom ? '\uFEFF' : ''}${crlf ? text.replace(/\n/g, '\r\n') : text}`;
  });

/** Bytes that are not Markdown: anything at all, valid UTF-8 of any code points, or the dialect with junk spliced in. */
export const rawBytes = fc.oneof(
  fc.uint8Array({ maxLength: 2000 }),
  fc.string({ unit: 'binary', maxLength: 400 }).map((s) => new Uint8Array(Buffer.from(s, 'utf8'))),
  fc.tuple(chapter, fc.uint8Array({ minLength: 1, maxLength: 40 }), fc.nat()).map(([text, junk, at]) => {
    const bytes = Buffer.from(text, 'utf8');
    const cut = at % (bytes.length + 1);
    return new Uint8Array(Buffer.concat([bytes.subarray(0, cut), junk, bytes.subarray(cut)]));
  }),
  pick(['\uFEFF', '\uFFFE', '\xFF\xFE#\x00 \x001\x00', '\x89PNG\r\n\x1a\n', '%PDF-1.7\n', 'PK\x03\x04']).map((s) => new Uint8Array(Buffer.from(s, 'latin1'))),
);

const HTML_TAGS = ['div', 'p', 'ul', 'ol', 'li', 'blockquote', 'table', 'tr', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'b', 'i', 'strong', 'em', 'span', 'pre', 'code', 'dl', 'dt', 'dd', 'section', 'br', 'script', 'style'];
/** An HTML page (a wiki's or Word's export): nested elements, some left open, around text of the dialect. */
export const htmlPage = fc
  .letrec<{ node: string }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 3, arbitrary: sentence.map((t) => t.replace(/</g, '&lt;')) },
      { weight: 2, arbitrary: fc.tuple(pick(HTML_TAGS), fc.array(tie('node'), { maxLength: 4 }), fc.boolean(), fc.option(pick([' id="x"', ' class="mw-headline"', ' href="#fireball"', ' style="font-weight:bold"']), { nil: '' })).map(([tag, kids, closed, attribute]) => `<${tag}${attribute}>${kids.join('')}${closed ? `</${tag}>` : ''}`) },
      { weight: 1, arbitrary: pick(['<!-- x -->', '&amp;', '&nbsp;', '&#x1F600;', '&bogus;', '<![CDATA[x]]>', '<', '</div>']) },
    ),
  }))
  .node.map((body) => `<!DOCTYPE html><html><head><title>Rules</title></head><body>${body}</body></html>`);

/** Wiki text (MediaWiki markup, as a wiki's edit box holds it) with lines of the dialect among it. */
export const wikiText = fc
  .array(
    fc.oneof(
      fc.tuple(fc.integer({ min: 1, max: 6 }), sentence).map(([n, t]) => `${'='.repeat(n)} ${t} ${'='.repeat(n)}`),
      fc.tuple(pick(['* ', '** ', '# ', '#* ', ': ', '; ']), sentence).map(([m, t]) => m + t),
      fc.tuple(skillName, cost, sentence).map(([n, c, t]) => `* '''${n}''' ${c} ${t}`),
      pick(["{| class=\"wikitable\"", '! Skill !! Cost', '|-', '| Body 1 || 1', '|}', '{{Infobox|cost=2}}', '[[Category:Skills]]', '<ref>x</ref>', "''italic''", '----', '__NOTOC__']),
      sentence,
    ),
    { maxLength: 30 },
  )
  .map((lines) => `${lines.join('\n')}\n`);

const CHAPTER_NAMES = ['01-fundamentals.md', '02-skills.md', 'magic.md', 'Ünïcode chapter.md', 'a.md', 'z-appendix.md', 'sub/nested.md'];

export interface BookChapter {
  readonly name: string;
  readonly content: string | Uint8Array;
}

/** A rulebook to write to disk: one .md file, or a folder with chapters and maybe a rulebook.yaml. */
export interface Book {
  readonly folder: boolean;
  readonly chapters: readonly BookChapter[];
  /** rulebook.yaml's text (folders only); null for none. */
  readonly manifest: string | null;
}

/** A manifest for the given chapters: usually listing some of them, sometimes files that are not there or not inside. */
const manifestFor = (names: readonly string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: yamlText },
    {
      weight: 3,
      arbitrary: fc
        .tuple(settings, fc.subarray([...names], { minLength: 1 }), fc.oneof({ weight: 4, arbitrary: fc.constant([]) }, fc.subarray(['missing.md', '../outside.md', '/etc/hostname', 'rulebook.yaml', 'sub', '.', ''], { maxLength: 1 })))
        .map(([s, listed, odd]) => stringify({ ...s, files: [...listed, ...odd] })),
    },
  );

/** A book whose chapters are the dialect, or (with `withRaw`) one of which is raw bytes. */
export function book(options: { withRaw?: boolean } = {}): fc.Arbitrary<Book> {
  const content = options.withRaw ? fc.oneof({ weight: 2, arbitrary: chapter as fc.Arbitrary<string | Uint8Array> }, { weight: 1, arbitrary: rawBytes }) : chapter;
  return fc.oneof(
    content.map((c): Book => ({ folder: false, chapters: [{ name: 'book.md', content: c }], manifest: null })),
    fc
      .uniqueArray(fc.tuple(pick(CHAPTER_NAMES), content), { minLength: 1, maxLength: 3, selector: ([name]) => name })
      .chain((chapters) => {
        const names = chapters.map(([name]) => name);
        return fc.option(manifestFor(names), { nil: null }).map((manifest): Book => ({ folder: true, chapters: chapters.map(([name, c]) => ({ name, content: c })), manifest }));
      }),
  );
}

/** The skill names a chapter's text may define: for rename-skill's old name. */
export const SAMPLE_SKILLS: readonly string[] = SKILL_NAMES;
