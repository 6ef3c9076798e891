/**
 * A skill written as a heading (`### Flying Fist` over `Cost: 5`) is also a section: the heading opens both. The
 * publisher, the linker, lint and the layout's description all ask which skill a section's heading is, or which
 * heading a skill is written as; this is the one join they ask.
 */
import type { Rulebook, Section, Skill, SourceRange } from './types.js';

export interface HeadingSkills {
  /** The skill the section's heading is written as; undefined for a heading that is no skill. */
  skillOf(section: Section): Skill | undefined;
  /** The section whose heading a heading skill is written as; undefined for a skill of any other form. */
  sectionOf(skill: Skill): Section | undefined;
}

const byModel = new WeakMap<Rulebook, HeadingSkills>();

const lineOf = (range: SourceRange) => `${range.file}:${range.start.line}`;

/**
 * The join by file and line, of a heading skill's name with a section's heading. By line, because that is what the
 * two share: the name stands on the heading's line but not at its start (the `#` marks, and a number, come before
 * it), so an offset of one is never an offset of the other. A heading opens one heading skill at most (the parser's
 * rule), so a line gives one skill. One answer per model, each direction built when first asked: a model is never
 * changed once read, and several callers ask about the same one (lint, the publisher, the hover cards).
 */
export function headingSkills(model: Rulebook): HeadingSkills {
  let found = byModel.get(model);
  if (!found) {
    let skillsByLine: ReadonlyMap<string, Skill> | undefined;
    let sectionsByLine: ReadonlyMap<string, Section> | undefined;
    found = {
      skillOf(section) {
        skillsByLine ??= new Map(model.skills.filter((s) => s.form === 'heading').map((s) => [lineOf(s.nameRange), s]));
        return skillsByLine.get(lineOf(section.headingRange));
      },
      sectionOf(skill) {
        if (skill.form !== 'heading') return undefined;
        sectionsByLine ??= new Map(model.sections.map((s) => [lineOf(s.headingRange), s]));
        return sectionsByLine.get(lineOf(skill.nameRange));
      },
    };
    byModel.set(model, found);
  }
  return found;
}
