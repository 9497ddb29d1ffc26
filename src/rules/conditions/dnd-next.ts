import {
  ATTACKS,
  CHECKS,
  DEX_SAVES,
  FAILS_HEARING_CHECKS,
  FAILS_SIGHT_CHECKS,
  FAILS_STR_DEX_SAVES,
  SAVES,
  advantageOn,
  condition,
  disadvantageOn,
} from '../mechanics';
import type { ConditionDefinition } from '../types';

/**
 * The D&D Next playtest conditions (RULES.md §15d) plus Encumbered (§17). Next has no Incapacitated,
 * Grappled, Petrified or Poisoned condition, and no exhaustion.
 */
export const CONDITIONS_NEXT: readonly ConditionDefinition[] = [
  condition('blinded', 'Blinded', "Can't see: fails checks that need sight, attacks against it are easier, its own attacks harder.", {
    own: [FAILS_SIGHT_CHECKS, disadvantageOn(ATTACKS)],
    against: [{ effect: 'advantage' }],
    notes: ["creatures that don't rely on sight are usually immune"],
  }),
  condition('charmed', 'Charmed', "Won't harm the charmer, who has the upper hand in social dealings with it.", {
    noAttacksOnSource: true,
    notes: ["can't target the charmer with harmful abilities or magic", 'the charmer has advantage on social checks against it'],
  }),
  condition('deafened', 'Deafened', "Can't hear: fails checks that need hearing.", { own: [FAILS_HEARING_CHECKS] }),
  condition('encumbered', 'Encumbered', 'Carrying more than Strength × 10 lb: slower, and worse at everything.', {
    speed: { minus: 10 },
    own: [disadvantageOn(CHECKS), disadvantageOn(ATTACKS), disadvantageOn(SAVES)],
  }),
  condition(
    'ethereal',
    'Ethereal',
    'Half in another plane: deals and takes half damage across the boundary, except force, necrotic, psychic and radiant.',
    {
      halfDamageAcross: { except: ['force', 'necrotic', 'psychic', 'radiant'] },
      notes: [
        'passes through non-ethereal creatures and objects as part of a move, action or reaction',
        'inside an object it is blinded and can target only that object',
      ],
    },
  ),
  condition('frightened', 'Frightened', 'Shaken by a source of fear: worse checks and attacks while it can see the source.', {
    own: [disadvantageOn(CHECKS), disadvantageOn(ATTACKS)],
    notes: ['only while the source of fear is in line of sight', 'may not willingly end a turn nearer the source than where it began'],
  }),
  condition('intoxicated', 'Intoxicated', 'Drunk: worse attacks and checks, shaky spellcasting, but numb to pain (−1d6 to each damage).', {
    own: [disadvantageOn(ATTACKS), disadvantageOn(CHECKS)],
    damageReductionDie: 6,
    notes: ['DC 10 Constitution check to cast a spell; on a failure the action is lost but not the spell'],
  }),
  condition(
    'invisible',
    'Invisible',
    "Can't be seen without magic or a special sense: its attacks are easier, attacks against it harder.",
    {
      own: [advantageOn(ATTACKS)],
      against: [{ effect: 'disadvantage' }],
    },
  ),
  condition('paralyzed', 'Paralyzed', "Can't move, speak or act except mentally; falls prone and fails Strength and Dexterity saves.", {
    implies: ['prone'],
    leavesBehind: ['prone'],
    speed: 'zero',
    cantMove: true,
    cantSpeak: true,
    noActions: true,
    noReactions: true,
    own: [FAILS_STR_DEX_SAVES],
    against: [{ effect: 'advantage' }],
    notes: ['drops what it holds'],
  }),
  condition('prone', 'Prone', 'On the ground: −2 to its attacks; melee attackers gain, ranged ones beyond 10 ft lose.', {
    own: [{ on: ATTACKS, effect: { bonus: -2 } }],
    against: [
      { effect: 'advantage', range: 'melee' },
      { effect: 'disadvantage', range: 'ranged', beyond: 10 },
    ],
    notes: ['standing up costs 5 ft of movement; crawling costs 5 extra ft per 5 ft'],
  }),
  condition('restrained', 'Restrained', 'Bound or stuck: no movement, worse attacks and Dexterity saves, easier to hit.', {
    speed: 'zero',
    own: [disadvantageOn(ATTACKS), disadvantageOn(DEX_SAVES)],
    against: [{ effect: 'advantage' }],
  }),
  condition('stunned', 'Stunned', "Can't move or act, fails Strength and Dexterity saves; concentration breaks.", {
    speed: 'zero',
    cantMove: true,
    noActions: true,
    noReactions: true,
    breaksConcentration: true,
    own: [FAILS_STR_DEX_SAVES],
    against: [{ effect: 'advantage' }],
  }),
  condition(
    'unconscious',
    'Unconscious',
    "Out cold and prone: can't act or perceive, fails Strength and Dexterity saves; concentration breaks.",
    {
      implies: ['prone'],
      leavesBehind: ['prone'],
      speed: 'zero',
      cantMove: true,
      cantSpeak: true,
      noActions: true,
      noReactions: true,
      breaksConcentration: true,
      own: [FAILS_STR_DEX_SAVES],
      against: [{ effect: 'advantage' }],
      notes: ['drops what it holds'],
    },
  ),
];
