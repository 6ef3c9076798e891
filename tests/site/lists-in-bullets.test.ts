/**
 * Lists inside bullets and quotes on the website, as the book prints them: a numbered item's lettered lines ("a) …",
 * sub-rules the book sets one step in with "a." and "b.") are a lettered list inside that item; a bullet's paragraph
 * after the numbered list inside it stays in the bullet; a numbered list written in a block quote stays in the quote.
 */
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../shared/site/build.js';
import { load } from '../publish/helpers.js';

// A beekeepers' guild's rules, shaped as marshals write them.
const RULES = `# Apiary Rules

## 1 Hives

- Opening a hive takes care:
  1. Smoke the entrance, choosing one:
     a) pine needles for a calm colony
     b) dried moss for an angry one
  2. Lift the lid slowly.

  A keeper who is stung twice closes the hive for the day.
- Closing a hive takes none.

> The founding keepers held to this:
>
> 1. Never open a hive in the rain.
> 2. Never open one after dusk.
`;

const html = () =>
  buildSite(load('apiary.md', RULES).linked, load('apiary.md', RULES).source)
    .pages.map((p) => p.html)
    .join('\n');

describe('lettered lines of a numbered item inside a bullet', () => {
  it('are a lettered list inside their item, and the numbered list goes on after them', () => {
    const page = html();
    expect(page).toMatch(
      /<li value="1" id="[^"]+">Smoke the entrance, choosing one:<ol type="a"><li value="1" id="[^"]+">pine needles for a calm colony<\/li><li value="2" id="[^"]+">dried moss for an angry one<\/li><\/ol><\/li><li value="2" id="[^"]+">Lift the lid slowly\./,
    );
    // None is a rule paragraph of its own that would close the lists around it.
    expect(page).not.toMatch(/<p class="rule[^>]*>.*(pine needles|Lift the lid)/);
  });
});

describe('a paragraph continuing a bullet after the numbered list inside it', () => {
  it('is in that bullet’s item, after its numbered list, not in the list’s last item', () => {
    expect(html()).toMatch(/Lift the lid slowly\.<\/li><\/ol><p>A keeper who is stung twice closes the hive for the day\.<\/p><\/li><li>Closing a hive takes none\.<\/li><\/ul>/);
  });
});

describe('a numbered list in a block quote', () => {
  it('stays in the quote: each numbered rule inside a blockquote, as the quote’s paragraphs are', () => {
    const page = html();
    expect(page).toMatch(/<blockquote><p>The founding keepers held to this:<\/p><\/blockquote>/);
    expect(page).toMatch(/<blockquote><p class="rule indent-0" id="[^"]+"><a class="num permalink-number"[^>]*>1<\/a> Never open a hive in the rain\.<\/p><\/blockquote>/);
    expect(page).toMatch(/<blockquote><p class="rule indent-0" id="[^"]+"><a class="num permalink-number"[^>]*>2<\/a> Never open one after dusk\.<\/p><\/blockquote>/);
  });
});
