/** Small books written the way real ones are, inline, for the layout tests (nothing is read from outside the repository). */
import { md } from '../helpers/md.js';

/** A LARP skills list: one `##` heading per skill, bold field lines, a second cost-like field, links in requirements. */
export const LARP = md`
  ---
  title: Crestwood
  ---
  # Skills

  Skills are bought with Character Points (CP).

  ## Florentine

  **CP Cost**: 4

  **ST Cost**: None

  **Restrictions**: None

  Fight with a weapon in each hand.

  ## Ambidextrous

  **CP Cost**: 4

  **ST Cost**: None

  **Restrictions**: Must have [Florentine](#florentine)

  No off-hand penalty.

  ## Shield Wall

  **CP Cost**: 6

  **ST Cost**: 2

  **Restrictions**: Strength 2

  Hold the line.

  ## Berserk

  **CP Cost**: 8

  **ST Cost**: 3

  **Restrictions**: Strength 3, [Ambidextrous](#ambidextrous)

  Rage.

  ## Disarm

  **CP Cost**: 3

  **ST Cost**: 1

  **Restrictions**: Strength 2, Agility 1

  Knock a weapon away.
`;

/** One feat or power per file, all data in front matter (a Jekyll collection). */
export const FEATS: Record<string, string> = {
  '_feats/power-attack.md': md`
    ---
    title: "Power Attack"
    feat:
      types: ["General", "Fighter"]
      prerequisite: |
        Str 13.
      benefit: |
        On your action, before making attack rolls for a round, you may choose to subtract a number from all melee attack rolls and add the same number to all melee damage rolls.
    ---
  `,
  '_feats/cleave.md': md`
    ---
    title: "Cleave"
    feat:
      types: ["General", "Fighter"]
      prerequisite: |
        Str 13, Power Attack.
      benefit: |
        If you deal a creature enough damage to make it drop, you get an immediate, extra melee attack against another creature within reach.
    ---
  `,
  '_feats/great-cleave.md': md`
    ---
    title: "Great Cleave"
    feat:
      types: ["General", "Fighter"]
      prerequisite: |
        Str 13, {% feat_link cleave %}, Power Attack, base attack bonus +4.
      benefit: |
        This feat works like Cleave, except that there is no limit to the number of times you can use it per round.
    ---
  `,
  '_feats/dodge.md': md`
    ---
    title: "Dodge"
    feat:
      types: ["General", "Fighter"]
      prerequisite: |
        Dex 13.
      benefit: |
        During your action, you designate an opponent and receive a +1 dodge bonus to Armor Class against attacks from that opponent.
    ---
  `,
  '_feats/mobility.md': md`
    ---
    title: "Mobility"
    feat:
      types: ["General", "Fighter"]
      prerequisite: |
        Dex 13, Dodge.
      benefit: |
        You get a +4 dodge bonus to Armor Class against attacks of opportunity caused when you move out of or within a threatened area.
    ---
  `,
  '_feats/spring-attack.md': md`
    ---
    title: "Spring Attack"
    feat:
      types: ["General", "Fighter"]
      prerequisite: |
        Dex 13, Dodge, Mobility, base attack bonus +4.
      benefit: |
        When using the attack action with a melee weapon, you can move both before and after the attack.
    ---
  `,
  '_powers/adapt-body.md': md`
    ---
    title: "Adapt Body"
    power:
      powerPoints: 9
      description: |
        Your body automatically adapts to hostile environments. You can adapt to underwater, extremely hot, extremely cold, or airless environments.
    ---
  `,
  '_powers/astral-seed.md': md`
    ---
    title: "Astral Seed"
    power:
      powerPoints: 15
      xpCost: 1000
      description: |
        This power weaves strands of astral ectoplasm into a crystal containing the seed of your living mind.
    ---
  `,
  '_powers/bend-reality.md': md`
    ---
    title: "Bend Reality"
    power:
      powerPoints: 15
      xpCost: 300
      description: |
        Bend reality lets you create nearly any type of effect, such as duplicating any psion power of 6th level or lower.
    ---
  `,
};

/** A nomic ruleset: `- 1a)` list items, links with a scheme of their own naming rules. */
export const NOMIC = md`
  # Rules of the Game

  ## Players

  - 1a) A player is anyone who has joined the game.
  - 1b) A player may leave at any time; see [Rule 2a](nomic:rule:2a).
  - 1c) A player who leaves loses their points.

  ## Turns

  - 2a) Turns go in the order players joined; see [Rule 1a](nomic:rule:1a).
  - 2b) On their turn a player proposes one change to the rules.
  - 2c) A change passes when most players vote for it, as [Rule 2b](nomic:rule:2b) says.
`;

/** Abilities as bold-lead paragraphs with their costs in pool points. */
export const ABILITIES = md`
  # Abilities

  **Bash (1 Might point):** This is a pummeling melee attack. Action.

  **Blast (2 Intellect points):** You fire a beam of force. Action.

  **Connected:** You know people who get things done. Enabler.

  **Crush (3 Might points):** You squeeze a foe. Action.

  **Dash (2 Speed points):** You move a long distance. Action.

  **Fling (4 Might points):** You throw a foe. Action.

  **Hurl (5 Might points):** You throw anything. Action.

  **Ignite (3 Intellect points):** You set a thing on fire. Action.

  **Lift (2 Might points):** You lift a heavy thing. Action.

  **Mind Read (4 Intellect points):** You read a mind. Action.

  **Practiced:** You are practiced with a weapon. Enabler.
`;

/** Plain prose: nothing to read as a skill or a rule. */
export const PROSE = md`
  # Welcome

  This is a story about a village by the sea. Nobody in it keeps a rulebook.

  The fishermen go out at dawn and come back at dusk.
`;

/** The dialect the defaults read: a numbered section with a rule, and skills with their costs and prerequisites. */
export const DIALECT = md`
  ## 1.3 Combat

  1.3.1 Blows land on the torso.

  - **Energy Ball** (4 SP) The caster throws a ball of energy.
    Prerequisite: Lesser Energy Ball
  - **Lesser Energy Ball** (2 SP) A smaller ball.
    Prerequisite: Magic
`;
