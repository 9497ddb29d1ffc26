import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { dropConcentration, pressConcentrationSave, startConcentration } from '../../../src/combat/concentration';
import { deltaOf, revert } from '../../../src/combat/delta';
import { dealDamage, heal } from '../../../src/combat/hit-points';
import { addMonsters, joinEncounter, removeCombatant, setInitiative } from '../../../src/combat/roster';
import type { Transition } from '../../../src/combat/transition';
import { readyAction, spendLegendaryAction, useReaction } from '../../../src/combat/turn-actions';
import { actNow, delayTurn, moveTurn, nextTurn, pressDeathSave, previousTurn } from '../../../src/combat/turns';
import type { Actor, Encounter } from '../../../src/combat/types';
import { createSeededRandom } from '../../../src/dice/seeded';
import { CombatRefusal } from '../../../src/combat/refusals';
import { RULESET_IDS, type RuleSetId } from '../../../src/rules/ids';
import { alice, bob, ctx, fresh, gm } from './support';
import { countOf } from '../../../src/combat/order';

// Whatever a table does, in any order: properties a game master would call a bug if broken.
const NAMES = ['Goblin', 'Orc', 'Wolf', 'Alice', 'Bob'];
const TARGETS = ['Goblin 1', 'Goblin 2', 'Orc', 'Wolf', 'Alice', 'Bob', 'Goblin 3'];

type Step = (encounter: Encounter, actor: Actor, ruleSet: RuleSetId, seed: number) => Transition;

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc
    .record({
      name: fc.constantFrom(...NAMES),
      count: fc.integer({ min: 1, max: 3 }),
      initiative: fc.option(fc.integer({ min: 5, max: 15 }), { nil: undefined }),
      hp: fc.integer({ min: 1, max: 30 }),
    })
    .map(
      (input): Step =>
        (e, _a, r, seed) =>
          addMonsters(e, ctx(gm, createSeededRandom(seed), r), input),
    ),
  fc
    .record({ name: fc.constantFrom('Alice', 'Bob'), initiative: fc.integer({ min: 5, max: 15 }), hp: fc.integer({ min: 1, max: 30 }) })
    .map(
      (input): Step =>
        (e, _a, r, seed) =>
          joinEncounter(e, ctx(input.name === 'Alice' ? alice : bob, createSeededRandom(seed), r), input),
    ),
  fc.constant<Step>((e, a, r, seed) => nextTurn(e, ctx(a, createSeededRandom(seed), r))),
  fc.constant<Step>((e, a, r, seed) => previousTurn(e, ctx(a, createSeededRandom(seed), r))),
  fc
    .record({
      target: fc.constantFrom(...TARGETS),
      amount: fc.constantFrom('1', '4', '9', '2d6', '1d8+3 [fire]', '30'),
      critical: fc.boolean(),
    })
    .map(
      (input): Step =>
        (e, a, r, seed) =>
          dealDamage(e, ctx(a, createSeededRandom(seed), r), input),
    ),
  fc.record({ target: fc.constantFrom(...TARGETS), amount: fc.constantFrom('1', '5', '2d4+2') }).map(
    (input): Step =>
      (e, a, r, seed) =>
        heal(e, ctx(a, createSeededRandom(seed), r), input),
  ),
  fc.constantFrom(...TARGETS).map(
    (target): Step =>
      (e, a, r, seed) =>
        removeCombatant(e, ctx(a, createSeededRandom(seed), r), target),
  ),
  fc.constantFrom(...TARGETS).map(
    (target): Step =>
      (e, a, r, seed) =>
        moveTurn(e, ctx(a, createSeededRandom(seed), r), target),
  ),
  fc.record({ target: fc.constantFrom(...TARGETS), value: fc.integer({ min: 5, max: 15 }) }).map(
    (input): Step =>
      (e, a, r, seed) =>
        setInitiative(e, ctx(a, createSeededRandom(seed), r), input),
  ),
  fc.record({ target: fc.constantFrom(...TARGETS), effect: fc.constantFrom('Bless', 'Web') }).map(
    (input): Step =>
      (e, a, r, seed) =>
        startConcentration(e, ctx(a, createSeededRandom(seed), r), input),
  ),
  fc.constantFrom(...TARGETS).map(
    (target): Step =>
      (e, a, r, seed) =>
        dropConcentration(e, ctx(a, createSeededRandom(seed), r), target),
  ),
  fc.constantFrom(...TARGETS).map(
    (target): Step =>
      (e, a, r, seed) =>
        pressConcentrationSave(e, ctx(a, createSeededRandom(seed), r), target),
  ),
  fc.constantFrom(...TARGETS).map(
    (target): Step =>
      (e, a, r, seed) =>
        pressDeathSave(e, ctx(a, createSeededRandom(seed), r), target),
  ),
  fc.record({ target: fc.constantFrom(...TARGETS, 'Dragon'), cost: fc.integer({ min: 1, max: 3 }) }).map(
    (input): Step =>
      (e, a, r, seed) =>
        spendLegendaryAction(e, ctx(a, createSeededRandom(seed), r), input),
  ),
  fc.record({ target: fc.constantFrom(...TARGETS, 'Dragon'), note: fc.constantFrom(undefined, 'Shield', 'ready') }).map(
    (input): Step =>
      (e, a, r, seed) =>
        useReaction(e, ctx(a, createSeededRandom(seed), r), input.note === undefined ? { target: input.target } : input),
  ),
  fc.constant<Step>((e, a, r, seed) => readyAction(e, ctx(a, createSeededRandom(seed), r), 'the door opens')),
  fc.constant<Step>((e, a, r, seed) => delayTurn(e, ctx(a, createSeededRandom(seed), r))),
  fc.constantFrom(undefined, ...TARGETS).map(
    (target): Step =>
      (e, a, r, seed) =>
        actNow(e, ctx(a, createSeededRandom(seed), r), target),
  ),
);

const playArb = fc.record({
  ruleSet: fc.constantFrom(...RULESET_IDS),
  autoDeathSaves: fc.boolean(),
  autoConcentrationSaves: fc.boolean(),
  setupSeed: fc.integer(),
  steps: fc.array(fc.tuple(stepArb, fc.constantFrom(gm, gm, alice, bob), fc.integer()), { minLength: 15, maxLength: 40 }),
});

/** Alice and Bob (with concentration) against two Goblins, an Orc, a surprised Wolf and a Dragon with legendary actions and a lair. */
function table(ruleSet: RuleSetId, options: { autoDeathSaves: boolean; autoConcentrationSaves: boolean }, seed: number): Encounter {
  const random = createSeededRandom(seed);
  let encounter = fresh(ruleSet, options);
  encounter = joinEncounter(encounter, ctx(alice, random, ruleSet), { hp: 12, conSave: 2 }).encounter;
  encounter = joinEncounter(encounter, ctx(bob, random, ruleSet), { hp: 9 }).encounter;
  encounter = addMonsters(encounter, ctx(gm, random, ruleSet), { name: 'Goblin', count: 2, hp: 7, initMod: 2 }).encounter;
  encounter = addMonsters(encounter, ctx(gm, random, ruleSet), { name: 'Orc', hp: 15 }).encounter;
  encounter = addMonsters(encounter, ctx(gm, random, ruleSet), { name: 'Wolf', hp: 11, initMod: 2, surprised: true }).encounter;
  encounter = addMonsters(encounter, ctx(gm, random, ruleSet), { name: 'Dragon', hp: 40, initMod: 9, legendary: 3, lair: true }).encounter;
  return startConcentration(encounter, ctx(bob, random, ruleSet), { target: 'Bob', effect: 'Bless' }).encounter;
}

/**
 * Each property is gathered over the whole encounter and asserted once: an expect() per combatant
 * per step cost seconds (each builds every matcher), for the same checks.
 */
function checkInvariants(encounter: Encounter): void {
  // A place held through the round (initiative set during its own turn) stands for the count that turn was taken at.
  const totals = encounter.combatants.map(countOf);
  expect(totals).toEqual([...totals].sort((a, b) => b - a));
  const groups = encounter.combatants.map((c) => c.groupId).filter((g): g is string => g !== null);
  const groupPlaces = [...new Set(groups)].map((group) => encounter.combatants.flatMap((c, i) => (c.groupId === group ? [i] : [])));
  expect(groupPlaces).toEqual(groupPlaces.map((at) => at.map((_, i) => (at[0] ?? 0) + i)));
  const ids = encounter.combatants.map((c) => c.id);
  if (encounter.currentId !== null) expect(ids).toContain(encounter.currentId);
  expect(new Set(encounter.combatants.map((c) => c.name.toLowerCase())).size).toBe(encounter.combatants.length);
  const concentration = encounter.combatants.map((c) => ({
    id: c.id,
    held: encounter.effects.filter((e) => e.kind === 'concentration' && e.sourceId === c.id).map((e) => e.name),
    pending: c.rules.concentration === null ? c.pendingConcentrationDcs : [],
  }));
  expect(concentration).toEqual(
    encounter.combatants.map((c) => ({ id: c.id, held: c.rules.concentration === null ? [] : [c.rules.concentration], pending: [] })),
  );
  expect(encounter.combatants.filter((c) => !(c.rules.hp <= c.rules.maxHp)).map((c) => c.name)).toEqual([]);
  expect(encounter.effects.filter((e) => e.sourceId !== null && !ids.includes(e.sourceId)).map((e) => e.name)).toEqual([]);
}

describe('encounter invariants over generated sessions', () => {
  it('keep the order sorted, groups together, names unique, concentration in step, and every change revertible', () => {
    fc.assert(
      fc.property(playArb, ({ ruleSet, autoDeathSaves, autoConcentrationSaves, setupSeed, steps }) => {
        let encounter = table(ruleSet, { autoDeathSaves, autoConcentrationSaves }, setupSeed);
        checkInvariants(encounter);
        for (const [step, actor, seed] of steps) {
          let transition: Transition;
          try {
            transition = step(encounter, actor, ruleSet, seed);
          } catch (error) {
            // A refusal changes nothing; anything else is a bug.
            if (!(error instanceof CombatRefusal)) expect(error).toBeInstanceOf(CombatRefusal);
            continue;
          }
          checkInvariants(transition.encounter);
          const reverted = { ...revert(transition.encounter, deltaOf(encounter, transition.encounter)), nextSeq: encounter.nextSeq };
          // toEqual decides; a strictly equal copy (nearly every step) passes it without building a matcher.
          if (!isDeepStrictEqual(reverted, encounter)) expect(reverted).toEqual(encounter);
          encounter = transition.encounter;
        }
      }),
      { seed: 5, numRuns: 200 },
    );
  });
});
