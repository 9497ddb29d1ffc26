import { ATTACKS, FAILS_STR_DEX_SAVES, advantageOn, condition, conditionFrom, disadvantageOn } from '../mechanics';
import type { ConditionDefinition } from '../types';
import { CONDITIONS_2024 } from './dnd2024';

/**
 * The 2014 SRD 5.1 conditions (RULES.md §15a); exhaustion is a level track, not listed here.
 * Where the 2024 rules kept a condition's mechanics, the entry is 2024's.
 */
export const CONDITIONS_2014: readonly ConditionDefinition[] = [
  conditionFrom(CONDITIONS_2024, 'blinded'),
  condition('charmed', 'Charmed', "Won't harm the charmer, who has the upper hand in social dealings with it.", {
    noAttacksOnSource: true,
    notes: ["can't target the charmer with harmful abilities or magic", 'the charmer has advantage on social checks against it'],
  }),
  conditionFrom(CONDITIONS_2024, 'deafened'),
  conditionFrom(CONDITIONS_2024, 'frightened'),
  condition('grappled', 'Grappled', 'Held in place.', {
    speed: 'zero',
    notes: ['ends if the grappler is incapacitated or the creature is moved out of reach'],
  }),
  condition('incapacitated', 'Incapacitated', "Can't take actions, bonus actions or reactions; concentration breaks.", {
    noActions: true,
    noReactions: true,
    breaksConcentration: true,
  }),
  condition(
    'invisible',
    'Invisible',
    "Can't be seen without magic or a special sense: its attacks are easier, attacks against it harder.",
    {
      own: [advantageOn(ATTACKS)],
      against: [{ effect: 'disadvantage' }],
      notes: ['heavily obscured for hiding; noise or tracks can give its location away'],
    },
  ),
  condition('paralyzed', 'Paralyzed', "Can't move or speak, fails Strength and Dexterity saves, hits from close by are critical.", {
    implies: ['incapacitated'],
    speed: 'zero',
    cantMove: true,
    cantSpeak: true,
    own: [FAILS_STR_DEX_SAVES],
    against: [{ effect: 'advantage' }],
    autoCriticalWithin5ft: true,
  }),
  condition('petrified', 'Petrified', 'Turned to stone: helpless, resists all damage, immune to poison and disease.', {
    implies: ['incapacitated'],
    speed: 'zero',
    cantMove: true,
    cantSpeak: true,
    own: [FAILS_STR_DEX_SAVES],
    against: [{ effect: 'advantage' }],
    resistAllDamage: true,
    immuneTo: ['poisoned'],
    damageImmunities: ['poison'],
    notes: ['weight ×10, stops aging, unaware of its surroundings; poison and disease already in its system are suspended'],
  }),
  conditionFrom(CONDITIONS_2024, 'poisoned'),
  condition('prone', 'Prone', 'On the ground: its attacks suffer; close attackers gain, distant ones lose.', {
    own: [disadvantageOn(ATTACKS)],
    against: [
      { effect: 'advantage', within: 5 },
      { effect: 'disadvantage', beyond: 5 },
    ],
    notes: ['crawl, or spend half its speed to stand up'],
  }),
  conditionFrom(CONDITIONS_2024, 'restrained'),
  condition('stunned', 'Stunned', "Reeling: can't move, speaks only falteringly, fails Strength and Dexterity saves.", {
    implies: ['incapacitated'],
    speed: 'zero',
    cantMove: true,
    own: [FAILS_STR_DEX_SAVES],
    against: [{ effect: 'advantage' }],
  }),
  condition('unconscious', 'Unconscious', 'Out cold and prone: fails Strength and Dexterity saves, hits from close by are critical.', {
    implies: ['incapacitated', 'prone'],
    leavesBehind: ['prone'],
    speed: 'zero',
    cantMove: true,
    cantSpeak: true,
    own: [FAILS_STR_DEX_SAVES],
    against: [{ effect: 'advantage' }],
    autoCriticalWithin5ft: true,
    notes: ['drops what it holds', 'unaware of its surroundings'],
  }),
];
