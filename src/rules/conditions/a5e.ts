import { ATTACKS, CHECKS, DEX_SAVES, MELEE_ATTACKS, advantageOn, condition, conditionFrom, disadvantageOn } from '../mechanics';
import type { ConditionDefinition } from '../types';
import { CONDITIONS_2014 } from './dnd2014';

/**
 * The Level Up A5E conditions (RULES.md §15e, from the A5E SRD); fatigue and strife are level tracks.
 * Where the A5E SRD keeps SRD 5.1's wording, the entry is 2014's.
 */
export const CONDITIONS_A5E: readonly ConditionDefinition[] = [
  conditionFrom(CONDITIONS_2014, 'blinded'),
  condition('bloodied', 'Bloodied', 'At half its hit points or fewer; other rules key off it.', {}),
  condition('charmed', 'Charmed', "Won't act against the charmer, who has the upper hand in social dealings with it.", {
    noAttacksOnSource: true,
    notes: ["can't take other hostile actions against the charmer", 'the charmer has advantage on social checks against it'],
  }),
  condition('confused', 'Confused', 'Addled: no reactions, and a d8 each turn decides what it does.', {
    noReactions: true,
    notes: [
      'd8 at the start of each turn: 1–4 nothing; 5–6 no action or bonus action, all movement in a random direction; 7–8 a melee attack against a random creature in reach, or nothing',
    ],
  }),
  conditionFrom(CONDITIONS_2014, 'deafened'),
  condition('doomed', 'Doomed', 'Marked for death: dies when the Narrator decides or within 2d12 hours, and stays doomed after death.', {
    notes: ['dies when the Narrator decides or within 13 (2d12) hours', 'only magic of 7th level or higher removes it'],
  }),
  condition('encumbered', 'Encumbered', 'Weighed down: speed 5 ft.', { speed: 'five-feet' }),
  condition('frightened', 'Frightened', 'Shaken by a source of fear: worse checks and attacks while it can see the source.', {
    own: [disadvantageOn(CHECKS), disadvantageOn(ATTACKS)],
    notes: ['only while it can see the source', "can't willingly move closer to the source"],
  }),
  condition('grappled', 'Grappled', 'Held in place.', {
    speed: 'zero',
    notes: ["ends if the grappler is incapacitated or the creature leaves the grappler's reach"],
  }),
  conditionFrom(CONDITIONS_2014, 'incapacitated'),
  condition('invisible', 'Invisible', "Can't be seen: its attacks are easier and attacks against it harder, except for those who see it.", {
    own: [advantageOn(ATTACKS)],
    against: [{ effect: 'disadvantage', unlessSeen: true }],
  }),
  conditionFrom(CONDITIONS_2014, 'paralyzed'),
  conditionFrom(CONDITIONS_2014, 'petrified'),
  conditionFrom(CONDITIONS_2014, 'poisoned'),
  condition('prone', 'Prone', 'On the ground: its melee attacks suffer; close attackers gain, distant ones lose.', {
    own: [disadvantageOn(MELEE_ATTACKS)],
    against: [
      { effect: 'advantage', within: 5 },
      { effect: 'disadvantage', beyond: 5 },
    ],
    notes: ['standing up costs half its movement', 'may drop prone as a reaction to a ranged attack it can see'],
  }),
  condition('rattled', 'Rattled', 'Unnerved: no reactions and no expertise dice.', {
    noReactions: true,
    notes: ["can't benefit from expertise dice", 'a creature immune to Stunned is immune to Rattled'],
  }),
  conditionFrom(CONDITIONS_2014, 'restrained'),
  condition('slowed', 'Slowed', 'Sluggish: half speed, −2 to AC and Dexterity saves, no reactions.', {
    speed: 'half',
    noReactions: true,
    own: [{ on: DEX_SAVES, effect: { bonus: -2 } }],
    acBonus: -2,
    notes: ['an action or a bonus action each turn, not both', 'at most one melee or ranged attack per turn'],
  }),
  conditionFrom(CONDITIONS_2014, 'stunned'),
  conditionFrom(CONDITIONS_2014, 'unconscious'),
];
