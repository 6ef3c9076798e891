/** Small rulebook texts that the tests of more than one file read, written inline as real books write them. */
import { md } from './md.js';

/**
 * Three unnumbered chapters that the settings number by their order (1 Character Creation, 2 Combat with its
 * sections 2.1 Attacks and 2.2 Defence, 3 Running the Game); the last line, `sentence`, is the game master's text
 * referring to them (line 11).
 */
export const chaptersReadInOrder = (sentence: string): string => md`
  ---
  layout:
    numbering:
      chapterOrder: true
  ---
  # Character Creation
  # Combat
  ## 2.1 Attacks
  ## 2.2 Defence
  # Running the Game
  ${sentence}
`;

/** Two skills that require each other (lines 1 to 4): neither can ever be bought. */
export const TWO_SKILL_LOOP = md`
  - **Loop A** (1 SP) One.
    Prerequisite: Loop B
  - **Loop B** (1 SP) Two.
    Prerequisite: Loop A
`;
