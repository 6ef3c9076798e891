/** headingSkills: the skill a section's heading is written as, and back, joined by the name's line. */
import { describe, expect, it } from 'vitest';
import { headingSkills } from '../../shared/model/heading-skills.js';
import { md, parse } from '../helpers/md.js';

const BOOK = md`
  # 1. Skills

  ## 1.5 Flying Fist (5 SP)

  A kick that leaves the ground.

  ## Iron Will

  Cost: 4 SP
  Prerequisite: Flying Fist

  ## General skills

  - **Swim** (2 SP) Crosses water.
`;

describe('headingSkills', () => {
  const model = parse({ 'a.md': BOOK, 'b.md': BOOK });
  const section = (file: string, title: string) => model.sections.find((s) => s.headingRange.file === file && s.title.startsWith(title))!;
  const skill = (file: string, name: string) => model.skills.find((s) => s.nameRange.file === file && s.name === name)!;

  it('finds the skill a heading is written as, in its own file, after the heading’s number', () => {
    const headings = headingSkills(model);
    expect(skill('b.md', 'Flying Fist').nameRange.start.offset).toBeGreaterThan(section('b.md', 'Flying Fist').headingRange.start.offset);
    expect(headings.skillOf(section('b.md', 'Flying Fist'))).toBe(skill('b.md', 'Flying Fist'));
    expect(headings.skillOf(section('a.md', 'Iron Will'))).toBe(skill('a.md', 'Iron Will'));
    expect(headings.sectionOf(skill('a.md', 'Flying Fist'))).toBe(section('a.md', 'Flying Fist'));
    expect(headings.sectionOf(skill('b.md', 'Iron Will'))).toBe(section('b.md', 'Iron Will'));
  });

  it('finds none for a heading that is no skill, nor a section for a skill of another form', () => {
    const headings = headingSkills(model);
    expect(headings.skillOf(section('a.md', 'Skills'))).toBeUndefined();
    expect(headings.skillOf(section('a.md', 'General skills'))).toBeUndefined();
    expect(skill('a.md', 'Swim').form).toBe('list');
    expect(headings.sectionOf(skill('a.md', 'Swim'))).toBeUndefined();
  });

  it('answers once per model', () => {
    expect(headingSkills(model)).toBe(headingSkills(model));
    expect(headingSkills({ ...model })).not.toBe(headingSkills(model));
  });
});
