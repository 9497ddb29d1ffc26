import {
  ATTACKS, CHECKS, DEX_SAVES, FAILS_HEARING_CHECKS, FAILS_SIGHT_CHECKS, FAILS_STR_DEX_SAVES,
  advantageOn, condition, disadvantageOn,
} from '../mechanics';
import type { ConditionDefinition } from '../types';

/** The 2014 SRD 5.1 conditions (RULES.md §15a); exhaustion is a level track, not listed here. */
export const CONDITIONS_2014: readonly ConditionDefinition[] = [
  condition('blinded', 'Blinded', "Can't see: fails checks that need sight, attacks against it are easier, its own attacks harder.", {
    own: [FAILS_SIGHT_CHECKS, disadvantageOn(ATTACKS)],
    against: [{ effect: 'advantage' }],
  }),
  condition('charmed', 'Charmed', "Won't harm the charmer, who has the upper hand in social dealings with it.", {
    notes: ["can't attack the charmer or target it with harmful abilities or magic", 'the charmer has advantage on social checks against it'],
  }),
  condition('deafened', 'Deafened', "Can't hear: fails checks that need hearing.", { own: [FAILS_HEARING_CHECKS] }),
  condition('frightened', 'Frightened', 'Shaken by a source of fear: worse checks and attacks while it can see the source.', {
    own: [disadvantageOn(CHECKS), disadvantageOn(ATTACKS)],
    notes: ['only while the source of fear is in line of sight', "can't willingly move closer to the source"],
  }),
  condition('grappled', 'Grappled', 'Held in place.', {
    speed: 'zero',
    notes: ['ends if the grappler is incapacitated or the creature is moved out of reach'],
  }),
  condition('incapacitated', 'Incapacitated', "Can't take actions, bonus actions or reactions; concentration breaks.", {
    incapacitated: true,
    noReactions: true,
    breaksConcentration: true,
  }),
  condition('invisible', 'Invisible', "Can't be seen without magic or a special sense: its attacks are easier, attacks against it harder.", {
    own: [advantageOn(ATTACKS)],
    against: [{ effect: 'disadvantage' }],
    notes: ['heavily obscured for hiding; noise or tracks can give its location away'],
  }),
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
  condition('poisoned', 'Poisoned', 'Sickened: worse attack rolls and ability checks.', {
    own: [disadvantageOn(ATTACKS), disadvantageOn(CHECKS)],
  }),
  condition('prone', 'Prone', 'On the ground: its attacks suffer; close attackers gain, distant ones lose.', {
    own: [disadvantageOn(ATTACKS)],
    against: [{ effect: 'advantage', within: 5 }, { effect: 'disadvantage', beyond: 5 }],
    notes: ['crawl, or spend half its speed to stand up'],
  }),
  condition('restrained', 'Restrained', 'Bound or stuck: no movement, worse attacks and Dexterity saves, easier to hit.', {
    speed: 'zero',
    own: [disadvantageOn(ATTACKS), disadvantageOn(DEX_SAVES)],
    against: [{ effect: 'advantage' }],
  }),
  condition('stunned', 'Stunned', "Reeling: can't move, speaks only falteringly, fails Strength and Dexterity saves.", {
    implies: ['incapacitated'],
    speed: 'zero',
    cantMove: true,
    own: [FAILS_STR_DEX_SAVES],
    against: [{ effect: 'advantage' }],
  }),
  condition('unconscious', 'Unconscious', 'Out cold and prone: fails Strength and Dexterity saves, hits from close by are critical.', {
    implies: ['incapacitated', 'prone'],
    speed: 'zero',
    cantMove: true,
    cantSpeak: true,
    own: [FAILS_STR_DEX_SAVES],
    against: [{ effect: 'advantage' }],
    autoCriticalWithin5ft: true,
    notes: ['drops what it holds', 'unaware of its surroundings'],
  }),
];
