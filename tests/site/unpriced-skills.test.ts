/**
 * The website's skills table for a book that prices nothing and requires nothing (Razorweave's skills, chosen rather
 * than bought): columns no skill fills are left out, and the page says what the table does show.
 */
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../shared/site/build.js';
import { load } from '../publish/helpers.js';

const entry = (name: string, kind: string, text: string) => `#### ${name} — ${kind} (MIG)\n\n**Description:** ${text}\n`;
const BOOK = `---
title: Harbour Tales
layout:
  skills:
    headingLevels: [4]
    sections: [Skills Reference]
---
## 15. Skills Reference

### Might (MIG) Skills

${entry('Hauling', 'Support', 'Moving heavy loads.')}
${entry('Wrestling', 'Conflict', 'Holding on at arm’s reach.')}
`;

const skillsPage = (text: string) => buildSite(load('tales.md', text).linked, load('tales.md', text).source).pages.find((p) => p.file === 'skills.html')!.html;

describe('the skills table of a book that prices nothing', () => {
  it('shows only the columns some skill fills', () => {
    const page = skillsPage(BOOK);
    const header = /<thead><tr>(.*?)<\/tr><\/thead>/.exec(page)![1];
    expect([...header.matchAll(/data-sort="(\w+)"/g)].map((m) => m[1])).toEqual(['name', 'category']);
    expect(page).toContain('<p>Every skill with its category.</p>');
    expect(page).toMatch(/<th scope="row"><a href="[^"]+">Hauling<\/a><\/th><td>Might \(MIG\) Skills<\/td><\/tr>/);
  });

  it('shows cost and prerequisites once a skill has them', () => {
    const priced = BOOK.replace('**Description:** Holding on', 'Cost: 2 SP\nPrerequisites: Hauling\n\n**Description:** Holding on');
    const page = skillsPage(priced);
    const header = /<thead><tr>(.*?)<\/tr><\/thead>/.exec(page)![1];
    expect([...header.matchAll(/data-sort="(\w+)"/g)].map((m) => m[1])).toEqual(['name', 'cost', 'category', 'prerequisites', 'required']);
    expect(page).toContain('Every skill with its cost, category and prerequisites.');
  });
});
