/**
 * What `rulebook lsp` says beside a planned edit: the plan's notes (shared/refactor's), as one window/showMessage,
 * worded as the app's preview lists them. The server sends it with every plan that has notes (main/lsp/server.ts).
 */
import { describe, expect, it } from 'vitest';
import { toNotesMessage } from '../../main/lsp/convert.js';
import { RulebookService } from '../../shared/service/index.js';

describe('toNotesMessage', () => {
  it("words a plan's notes under its title, each at its place; a plan without notes says nothing", () => {
    const service = new RulebookService();
    // "Chapter 3: Combat" where Combat is chapter 2: the plan repairs its number, and a note says so.
    service.open({ files: [{ path: 'book.md', text: '# Chapter 1. Characters\n\n1.1 Pick a name. See Chapter 3: Combat for fights.\n\n# Chapter 2. Combat\n\n2.1 Blows land softly.\n' }] });
    const plan = service.renumber(null);
    if (!plan.ok) throw new Error(plan.message);
    expect(toNotesMessage(plan)).toBe(
      'Renumber the rulebook — check:\nbook.md:3: `See Chapter 3: Combat` gives the wrong number: “Combat” is chapter 2; the reference is rewritten to 2',
    );
    expect(toNotesMessage({ ...plan, notes: [] })).toBeNull();
  });
});
