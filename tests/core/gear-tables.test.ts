/**
 * A table priced in a unit the book buys no skill with is gear, not skills: Ashfall's equipment tables (`| Name |
 * Details | Cost |` with `25 cr` cells) were read as 89 skills beside its real ones. The book text is our own.
 */
import { describe, expect, it } from 'vitest';
import { analyse } from '../../shared/analyse/index.js';

const book = (costUnits: string) => `---
costUnits: [${costUnits}]
---
# Skills

| Skill | Cost | Notes |
| --- | --- | --- |
| Lockpicking | 2 CP | Open simple locks. |
| Field Surgery | 4 | Close wounds. |

# Equipment

| Name | Details | Cost |
| --- | --- | --- |
| Tracking Beacon | Pings every minute. | 25 cr |
| Power Cell | Runs a device for a day. | 5,000 cr |
`;

const names = (text: string) => analyse({ files: [{ path: 'book.md', text }] }).model.skills.map((s) => [s.name, s.costText]);

describe('a table priced in another unit', () => {
  it('holds no skills, while the book\'s own skill table does, a bare number priced in any unit', () => {
    expect(names(book('CP'))).toEqual([
      ['Lockpicking', '2 CP'],
      ['Field Surgery', '4'],
    ]);
  });

  it('holds skills once the book names its unit among its costUnits', () => {
    expect(names(book('CP, cr')).map(([name]) => name)).toEqual(['Lockpicking', 'Field Surgery', 'Tracking Beacon', 'Power Cell']);
  });
});

// Ashfall prices its vehicle compartments and augmentations under headings, `**Cost:** 500 cr | **Slot:** 1`, among
// skills priced in CP. Our own words in that shape.
const headings = (front: string) => `${front}# Skills

### Lockpicking

**Cost:** 2 CP

Open simple locks.

### Shield Wall

Cost: 50 for each
Range: Self

### Iron Skin

Cost: 2 body points
Duration: 1 hour

# Compartments

### Chart Room

**Cost:** 700 cr | **Slot:** 1

A table of maps under glass.

### Bilge Pump

Cost: 1,500 credits per refit
Crew: 2
`;

const read = (text: string) => {
  const { model } = analyse({ files: [{ path: 'book.md', text }] });
  return { names: model.skills.map((s) => s.name), unread: model.diagnostics.filter((d) => d.code === 'unread-skills').map((d) => `${d.range.start.line}: ${d.message}`) };
};

describe('a heading priced in another unit', () => {
  it('is gear, not a skill, and the unread check names the unit to add if it is a skill', () => {
    expect(read(headings(''))).toEqual({
      names: ['Lockpicking', 'Shield Wall', 'Iron Skin'],
      unread: ['23: 2 lines look like skill costs or prerequisites (first: `**Cost:** 700 cr | **Slot:** 1`) but no skill was read from them: `cr` is none of the units skills are bought with: add it to costUnits if they are skills, or list the units skills cost under costUnits if they are not'],
    });
  });

  it('is gear by the book\'s word where the book lists the units its skills cost: nothing is unread', () => {
    expect(read(headings('---\ncostUnits: [CP, points]\n---\n'))).toEqual({ names: ['Lockpicking', 'Shield Wall', 'Iron Skin'], unread: [] });
  });

  it('is a skill once the book lists the unit among its costUnits', () => {
    expect(read(headings('---\ncostUnits: [CP, points, cr, credits]\n---\n')).names).toEqual(['Lockpicking', 'Shield Wall', 'Iron Skin', 'Chart Room', 'Bilge Pump']);
  });
});
