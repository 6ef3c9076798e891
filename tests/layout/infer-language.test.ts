/**
 * `rulebook init` proposes the book's `language:` from its text (shared/layout/infer-language.ts, franc): a French or
 * Russian book gets `language: fr` / `ru`, a Chinese one `zh`, an English one nothing, and a book with too little
 * prose to tell nothing. Apotheosis (Portuguese, a real book kept outside the repository) was so found. The texts
 * here are our own.
 */
import { describe, expect, it } from 'vitest';
import { inferLanguage } from '../../shared/layout/infer-language.js';
import { inferLayout } from '../../shared/layout/infer.js';

const FRENCH = `# Chapitre 1. Le jeu

Chaque joueur incarne un personnage des Terres de Brume, une contrée couverte de marais et de forêts anciennes. Les
personnages voyagent de village en village, rencontrent des créatures étranges et découvrent les secrets oubliés de
leurs ancêtres. Le meneur de jeu décrit le monde et arbitre les actions des joueurs.

## Compétences

- **Écoute** (1 PX) Le personnage entend les conversations à travers une porte fermée et reconnaît les voix.
- **Armes** (1 PX) Le personnage manie les armes courtes sans pénalité, même dans l’obscurité la plus complète.
- **Zèle** (2 PX) Le personnage résiste une fois par combat à la peur que provoquent les morts qui marchent.
`;

const RUSSIAN = `# Глава 1. Игра

Каждый игрок управляет персонажем, который путешествует по Туманным землям. Персонажи встречают странных существ,
торгуют в деревнях и раскрывают тайны забытых предков. Мастер описывает мир и решает, чем закончатся действия игроков.
Правила этой книги помогают мастеру и игрокам договориться о том, что происходит в игре.

## Навыки

- **Слух** (1 ОО) Персонаж слышит разговоры за закрытой дверью и узнаёт голоса знакомых людей.
- **Оружие** (1 ОО) Персонаж владеет коротким оружием без штрафа, даже в полной темноте.
`;

const ENGLISH = `# Chapter 1. The game

Each player takes the part of a character who travels the Misty Lands, meets strange creatures, trades in villages and
uncovers the secrets of forgotten ancestors. The game master describes the world and decides how the players' actions
end. The rules of this book help the game master and the players agree on what happens in the game.
`;

/** Our own words in Chinese, in the shape of a talents chapter (the Year Zero Engine SRD's translation writes so). */
const CHINESE = `## 專長

每位角色在遊戲開始時可以選擇一項專長。專長代表角色長年訓練所得的特殊技巧，能在關鍵時刻扭轉局面。你可以在冒險之間
花費經驗點學習新的專長，但每次只能學習一項，並且必須找到願意教導你的老師。

## 快速反應

當戰鬥開始時，你可以比其他角色更早行動。若同時有多名角色擁有這項專長，由主持人決定他們的順序。

## 戰地軍醫

你熟悉在戰場上處理傷口的方法。當你替受傷的同伴包紮時，你的擲骰獲得額外的加值，並且可以在同一回合內照顧兩名傷者。

## 幸運兒

無論情況多麼危險，你似乎總能毫髮無傷地脫身。每場冒險一次，你可以重新擲骰並選擇你偏好的結果。

## 負重能手

你習慣背著沉重的行囊長途跋涉。你能攜帶的物品數量比一般角色多兩件，而且在翻越山嶺時不會因為負重而減慢速度。
長途旅行時，同伴們常常請你幫忙搬運帳篷、糧食與各種工具，你也總是樂於協助。
`;

const book = (text: string) => ({ files: [{ path: 'book.md', text }] });

describe('the language init proposes', () => {
  it('finds a French or Russian book’s language, and nothing for an English one', () => {
    expect(inferLanguage(book(FRENCH))).toEqual({ tag: 'fr', name: 'French' });
    expect(inferLanguage(book(RUSSIAN))).toEqual({ tag: 'ru', name: 'Russian' });
    expect(inferLanguage(book(ENGLISH))).toBeNull();
  });

  it('guesses nothing from too little prose, and reads past front matter, links and code', () => {
    expect(inferLanguage(book('# Compétences\n\n- **Écoute** (1 PX)\n- **Armes** (1 PX)\n'))).toBeNull();
    const noisy = `---\ntitle: The Misty Lands\nauthor: Someone English\n---\n${'```\nconst english = "code that is no part of the text";\n```\n'.repeat(3)}${FRENCH.replace('forêts anciennes', '[forêts anciennes](https://example.org/the-old-forests-of-england)')}`;
    expect(inferLanguage(book(noisy))?.tag).toBe('fr');
  });

  it('judges the whole sample, not the opening franc alone reads: a translation that opens with its licence in English', () => {
    // franc reads 2,048 characters of its input; the Russian Basic Roleplaying SRD opens with the BRP Open Game
    // License, left in English, longer than that (tests/fixtures/wild/brp-srd-ru).
    const licence = `# Legal Information\n\n${ENGLISH.replace(/^# .*\n/, '').repeat(6)}`;
    expect(licence.length).toBeGreaterThan(2_048);
    const translated = { files: [{ path: '00_Legal.md', text: licence }, ...['01.md', '02.md', '03.md', '04.md', '05.md', '06.md', '07.md', '08.md'].map((path) => ({ path, text: RUSSIAN }))] };
    expect(inferLanguage(translated)?.tag).toBe('ru');
    // And the other way: an English book with one translated page stays English.
    expect(inferLanguage({ files: [{ path: 'a.md', text: RUSSIAN }, ...['b.md', 'c.md', 'd.md'].map((path) => ({ path, text: licence }))] })).toBeNull();
  });

  it('reads past a page’s styles, which are no prose', () => {
    const sheet = `# Лист персонажа\n\n<style>\n${'.sheet .field label { font-size: 10px; white-space: nowrap; border-bottom: 1px solid #999; }\n'.repeat(40)}</style>\n`;
    expect(inferLanguage({ files: [{ path: 'sheet.md', text: sheet + RUSSIAN }] })?.tag).toBe('ru');
  });

  it('writes `language:` among the settings it proposes, with its reason', () => {
    const { settings, reasons } = inferLayout(book(FRENCH));
    expect(settings.language).toBe('fr');
    expect(reasons).toContainEqual(expect.stringMatching(/^The book is written in French: `language: fr` hyphenates its PDFs/));
    expect(inferLayout(book(ENGLISH)).settings.language).toBeUndefined();
  });

  it('promises Italian its reading, not words of ours around its text', () => {
    const italian = `# Combattimento\n\n${'Il personaggio che vuole colpire un avversario tira i dadi e somma la propria abilità di combattimento. Se il risultato supera la difesa del bersaglio, il colpo va a segno e il danno viene sottratto dai punti ferita. '.repeat(4)}\n`;
    const { settings, reasons } = inferLayout(book(italian));
    expect(settings.language).toBe('it');
    expect(reasons).toContainEqual(
      "The book is written in Italian: `language: it` reads its labels and the words between its requirements in Italian and hyphenates its PDFs by Italian rules; Rulebook Studio has no words of its own in Italian, so the words around the text stay English.",
    );
  });

  it('names Chinese by its two-letter tag, and promises no words of ours in it', () => {
    // franc calls it Mandarin (`cmn`), which has no two-letter tag of its own: BCP 47 writes the macrolanguage, `zh`.
    expect(inferLanguage(book(CHINESE))).toEqual({ tag: 'zh', name: 'Chinese' });
    const { settings, reasons } = inferLayout(book(CHINESE));
    expect(settings.language).toBe('zh');
    expect(reasons).toContainEqual(
      'The book is written in Chinese: `language: zh` tells the website’s pages and the PDFs what their text is in; Rulebook Studio has no words of its own in Chinese, so the words around the text stay English.'.replace('’', "'"),
    );
  });
});
