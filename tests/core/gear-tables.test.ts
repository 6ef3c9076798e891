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
