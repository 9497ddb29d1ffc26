import fc from 'fast-check';
import { createSeededRandom } from '../../../src/dice';
import { createRulesState, DAMAGE_TYPES, getRuleSet, RULESET_IDS, type CombatantRulesState, type DamageInput } from '../../../src/rules';

// RULES.md §6–§10 as invariants over many generated hits: what a table would call a bug.
const stateArb = fc
  .record({
    maxHp: fc.integer({ min: 1, max: 120 }),
    hpShare: fc.double({ min: 0, max: 1, noNaN: true }),
    tempHp: fc.integer({ min: 0, max: 20 }),
    isPlayerCharacter: fc.boolean(),
    level: fc.integer({ min: 1, max: 20 }),
    conScore: fc.integer({ min: 3, max: 20 }),
    resistant: fc.boolean(),
  })
  .map(({ maxHp, hpShare, tempHp, isPlayerCharacter, level, conScore, resistant }): CombatantRulesState =>
    createRulesState({
      maxHp,
      hp: Math.round(maxHp * hpShare),
      tempHp,
      isPlayerCharacter,
      level,
      conScore,
      resistances: resistant ? ['fire'] : [],
      concentration: 'bless',
    }),
  );

const damageArb = fc.record({
  amount: fc.integer({ min: 0, max: 200 }),
  type: fc.constantFrom(...DAMAGE_TYPES),
  critical: fc.boolean(),
  fromAttack: fc.boolean(),
  melee: fc.boolean(),
  knockOut: fc.boolean(),
  inEncounter: fc.boolean(),
}) as fc.Arbitrary<DamageInput>;

describe('RULES.md §6–§10 invariants of damage and healing', () => {
  it.each(RULESET_IDS)('%s: damage never raises HP or temporary HP, and only Next goes below 0', (id) => {
    const rules = getRuleSet(id);
    fc.assert(
      fc.property(stateArb, damageArb, fc.integer(), (state, damage, seed) => {
        const after = rules.applyDamage(state, damage, createSeededRandom(seed)).state;
        expect(after.hp).toBeLessThanOrEqual(state.hp);
        expect(after.tempHp).toBeLessThanOrEqual(state.tempHp);
        if (id !== 'dnd-next') expect(after.hp).toBeGreaterThanOrEqual(0);
        if (after.dead) expect(after.concentration).toBeNull();
        expect(after.deathSaves.failures).toBeLessThanOrEqual(3);
      }),
      { seed: 2024, numRuns: 300 },
    );
  });

  it.each(RULESET_IDS)('%s: healing never passes the maximum and never lowers HP', (id) => {
    const rules = getRuleSet(id);
    fc.assert(
      fc.property(stateArb, fc.integer({ min: 0, max: 300 }), (state, amount) => {
        const after = rules.applyHealing(state, amount).state;
        expect(after.hp).toBeLessThanOrEqual(rules.maxHp(state));
        expect(after.hp).toBeGreaterThanOrEqual(state.hp);
      }),
      { seed: 2014, numRuns: 300 },
    );
  });
});
