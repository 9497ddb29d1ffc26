import {
  ATTACKS,
  ATTACKS_NOT_ON_SOURCE,
  CHECKS,
  DEX_SAVES,
  FAILS_HEARING_CHECKS,
  FAILS_SIGHT_CHECKS,
  FAILS_STR_DEX_SAVES,
  INITIATIVE,
  advantageOn,
  condition,
  disadvantageOn,
} from '../mechanics';
import type { ConditionDefinition } from '../types';

/** The 2024 free-rules conditions (RULES.md §15b); exhaustion is a level track, not listed here. */
export const CONDITIONS_2024: readonly ConditionDefinition[] = [
  condition('blinded', 'Blinded', "Can't see: fails checks that need sight, attacks against it are easier, its own attacks harder.", {
    own: [FAILS_SIGHT_CHECKS, disadvantageOn(ATTACKS)],
    against: [{ effect: 'advantage' }],
  }),
  condition('charmed', 'Charmed', "Won't harm the charmer, who has the upper hand in social dealings with it.", {
    noAttacksOnSource: true,
    notes: ["can't target the charmer with damaging abilities or magical effects", 'the charmer has advantage on social checks against it'],
  }),
  condition('deafened', 'Deafened', "Can't hear: fails checks that need hearing.", { own: [FAILS_HEARING_CHECKS] }),
  condition('frightened', 'Frightened', 'Shaken by a source of fear: worse checks and attacks while it can see the source.', {
    own: [disadvantageOn(CHECKS), disadvantageOn(ATTACKS)],
    notes: ['only while the source of fear is in line of sight', "can't willingly move closer to the source"],
  }),
  condition('grappled', 'Grappled', 'Held in place; attacks on anyone but the grappler suffer.', {
    speed: 'zero',
    own: [disadvantageOn(ATTACKS_NOT_ON_SOURCE)],
    notes: ['the grappler can drag it at 1 extra foot per foot', 'escape: action, Athletics or Acrobatics check against the escape DC'],
  }),
  condition('incapacitated', 'Incapacitated', "Can't act, react or speak; concentration breaks.", {
    noActions: true,
    noReactions: true,
    cantSpeak: true,
    breaksConcentration: true,
    own: [disadvantageOn(INITIATIVE)],
  }),
  condition('invisible', 'Invisible', "Can't be seen: its attacks are easier and attacks against it harder, except for those who see it.", {
    own: [advantageOn(INITIATIVE), advantageOn(ATTACKS)],
    against: [{ effect: 'disadvantage', unlessSeen: true }],
    notes: ['its attacks lose advantage against a creature that can see it'],
  }),
  condition('paralyzed', 'Paralyzed', 'Locked rigid: helpless, fails Strength and Dexterity saves, hits from close by are critical.', {
    implies: ['incapacitated'],
    speed: 'zero',
    own: [FAILS_STR_DEX_SAVES],
    against: [{ effect: 'advantage' }],
    autoCriticalWithin5ft: true,
  }),
  condition('petrified', 'Petrified', 'Turned to stone: helpless, resists all damage, cannot be poisoned.', {
    implies: ['incapacitated'],
    speed: 'zero',
    own: [FAILS_STR_DEX_SAVES],
    against: [{ effect: 'advantage' }],
    resistAllDamage: true,
    immuneTo: ['poisoned'],
    notes: ['weight ×10, stops aging'],
  }),
  condition('poisoned', 'Poisoned', 'Sickened: worse attack rolls and ability checks.', {
    own: [disadvantageOn(ATTACKS), disadvantageOn(CHECKS)],
  }),
  condition('prone', 'Prone', 'On the ground: its attacks suffer; close attackers gain, distant ones lose.', {
    own: [disadvantageOn(ATTACKS)],
    against: [
      { effect: 'advantage', within: 5 },
      { effect: 'disadvantage', beyond: 5 },
    ],
    notes: ['crawl, or spend half its speed (rounded down) to stand; impossible at speed 0'],
  }),
  condition('restrained', 'Restrained', 'Bound or stuck: no movement, worse attacks and Dexterity saves, easier to hit.', {
    speed: 'zero',
    own: [disadvantageOn(ATTACKS), disadvantageOn(DEX_SAVES)],
    against: [{ effect: 'advantage' }],
  }),
  condition('stunned', 'Stunned', 'Reeling: helpless and fails Strength and Dexterity saves (it can still move).', {
    implies: ['incapacitated'],
    own: [FAILS_STR_DEX_SAVES],
    against: [{ effect: 'advantage' }],
  }),
  condition('unconscious', 'Unconscious', 'Out cold and prone: fails Strength and Dexterity saves, hits from close by are critical.', {
    implies: ['incapacitated', 'prone'],
    leavesBehind: ['prone'],
    speed: 'zero',
    own: [FAILS_STR_DEX_SAVES],
    against: [{ effect: 'advantage' }],
    autoCriticalWithin5ft: true,
    notes: ['drops what it holds', 'unaware of its surroundings'],
  }),
];
