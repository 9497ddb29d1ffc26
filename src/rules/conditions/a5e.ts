import {
  ATTACKS, CHECKS, DEX_SAVES, FAILS_HEARING_CHECKS, FAILS_SIGHT_CHECKS, FAILS_STR_DEX_SAVES, MELEE_ATTACKS,
  advantageOn, condition, disadvantageOn,
} from '../mechanics';
import type { ConditionDefinition } from '../types';

/** The Level Up A5E conditions (RULES.md §15e, from the A5E SRD); fatigue and strife are level tracks. */
export const CONDITIONS_A5E: readonly ConditionDefinition[] = [
  condition('blinded', 'Blinded', "Can't see: fails checks that need sight, attacks against it are easier, its own attacks harder.", {
    own: [FAILS_SIGHT_CHECKS, disadvantageOn(ATTACKS)],
    against: [{ effect: 'advantage' }],
  }),
  condition('bloodied', 'Bloodied', 'At half its hit points or fewer; other rules key off it.', {}),
  condition('charmed', 'Charmed', "Won't act against the charmer, who has the upper hand in social dealings with it.", {
    notes: ["can't take hostile actions against the charmer", 'the charmer has advantage on social checks against it'],
  }),
  condition('confused', 'Confused', 'Addled: no reactions, and a d8 each turn decides what it does.', {
    noReactions: true,
    notes: ['d8 at the start of each turn: 1–4 nothing; 5–6 no action or bonus action, all movement in a random direction; 7–8 a melee attack against a random creature in reach, or nothing'],
  }),
  condition('deafened', 'Deafened', "Can't hear: fails checks that need hearing.", { own: [FAILS_HEARING_CHECKS] }),
  condition('doomed', 'Doomed', 'Marked for death: dies when the Narrator decides or within 2d12 hours.', {
    notes: ['stays doomed after death', 'only magic of 7th level or higher removes it'],
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
  condition('incapacitated', 'Incapacitated', "Can't take actions, bonus actions or reactions; concentration breaks.", {
    incapacitated: true,
    noReactions: true,
    breaksConcentration: true,
  }),
  condition('invisible', 'Invisible', "Can't be seen: its attacks are easier and attacks against it harder, except for those who see it.", {
    own: [advantageOn(ATTACKS)],
    against: [{ effect: 'disadvantage', unlessSeen: true }],
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
  }),
  condition('poisoned', 'Poisoned', 'Sickened: worse attack rolls and ability checks.', {
    own: [disadvantageOn(ATTACKS), disadvantageOn(CHECKS)],
  }),
  condition('prone', 'Prone', 'On the ground: its melee attacks suffer; close attackers gain, distant ones lose.', {
    own: [disadvantageOn(MELEE_ATTACKS)],
    against: [{ effect: 'advantage', within: 5 }, { effect: 'disadvantage', beyond: 5 }],
    notes: ['standing up costs half its movement', 'may drop prone as a reaction to a ranged attack it can see'],
  }),
  condition('rattled', 'Rattled', "Unnerved: no reactions and no expertise dice.", {
    noReactions: true,
    notes: ["can't benefit from expertise dice", 'a creature immune to Stunned is immune to Rattled'],
  }),
  condition('restrained', 'Restrained', 'Bound or stuck: no movement, worse attacks and Dexterity saves, easier to hit.', {
    speed: 'zero',
    own: [disadvantageOn(ATTACKS), disadvantageOn(DEX_SAVES)],
    against: [{ effect: 'advantage' }],
  }),
  condition('slowed', 'Slowed', 'Sluggish: half speed, −2 to AC and Dexterity saves, no reactions.', {
    speed: 'half',
    noReactions: true,
    own: [{ on: DEX_SAVES, effect: { bonus: -2 } }],
    acBonus: -2,
    notes: ['an action or a bonus action each turn, not both', 'at most one melee or ranged attack per turn'],
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
