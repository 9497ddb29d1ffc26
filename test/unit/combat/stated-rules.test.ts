import { attack, type AttackInput } from '../../../src/combat/attacks';
import { addCondition, removeCondition } from '../../../src/combat/conditions';
import { dealDamage, heal } from '../../../src/combat/hit-points';
import { addMonsters, joinEncounter } from '../../../src/combat/roster';
import type { Encounter } from '../../../src/combat/types';
import { RULESET_IDS, type RuleSetId } from '../../../src/rules/ids';
import { describeEvents } from '../../../src/views/encounter-text';
import { alice, ctx, fresh, gm, named, noDice, scripted } from './support';

// Issue 22: consequences the rule sets' catalogues and seeds state, applied by the commands they concern.

/** Alice (a player, 20 HP, AC 14, initiative 18) and a Goblin (30 HP, AC 13, initiative 12). */
function table(ruleSet: RuleSetId = 'dnd2024'): Encounter {
  const joined = joinEncounter(fresh(ruleSet), ctx(alice, noDice, ruleSet), { hp: 20, ac: 14, initiative: 18 }).encounter;
  return addMonsters(joined, ctx(gm, noDice, ruleSet), { name: 'Goblin', hp: 30, ac: 13, initiative: 12 }).encounter;
}

describe('damage reduced below 0 by a penalty deals 0, never a refusal (A5E [004])', () => {
  it.each(RULESET_IDS)('%s: /hp damage 1d4-3 rolling a 1 deals 0 damage', (ruleSet) => {
    const hit = dealDamage(table(ruleSet), ctx(gm, scripted(1), ruleSet), { target: 'Goblin', amount: '1d4-3' });
    expect(named(hit.encounter, 'Goblin').rules.hp).toBe(30);
    expect(describeEvents(hit)).toEqual(['🎲 1d4 (**1**) - 3 = `-2`', 'Goblin takes 0 damage.']);
  });

  it.each(RULESET_IDS)('%s: an /attack hit for 1d4-3 rolling a 1 deals 0 damage', (ruleSet) => {
    const sword: AttackInput = {
      target: 'Goblin',
      bonus: { parts: [{ bonus: 5, reason: 'Str' }] },
      damage: '1d4-3',
      weapon: true,
      reach: 'melee',
    };
    const hit = attack(table(ruleSet), ctx(alice, scripted(15, 1), ruleSet), sword);
    expect(named(hit.encounter, 'Goblin').rules.hp).toBe(30);
    expect(hit.detail).toBe('Alice → Goblin: hit, 0 damage');
  });

  it('a penalty on one typed part floors that part at 0 and leaves the other whole: 1d4-3 [slashing] + 1d6 [fire] rolling 1 and 4 deals 4', () => {
    const hit = dealDamage(table(), ctx(gm, scripted(1, 4)), { target: 'Goblin', amount: '1d4-3 [slashing] + 1d6 [fire]' });
    expect(named(hit.encounter, 'Goblin').rules.hp).toBe(26);
    expect(hit.detail).toBe('Goblin: 0 slashing + 4 fire damage');
  });
});

describe('Petrified resists all damage, damage given without a type included (000 "Petrified")', () => {
  it.each(['dnd2024', 'crown-misery', 'dnd2014', 'a5e'] as const)('%s: a Petrified Goblin takes 5 of an untyped 11', (ruleSet) => {
    const stone = addCondition(table(ruleSet), ctx(gm, noDice, ruleSet), { target: 'Goblin', condition: 'Petrified' }).encounter;
    const hit = dealDamage(stone, ctx(gm, noDice, ruleSet), { target: 'Goblin', amount: '11' });
    expect(named(hit.encounter, 'Goblin').rules.hp).toBe(25);
    expect(describeEvents(hit)).toEqual(['Goblin takes 5 damage (halved: petrified) and is at 25 HP.']);
  });
});

describe('a condition implied by another and also given on its own stays when the implying one ends (the catalogues\' "includes")', () => {
  it.each(['dnd2024', 'crown-misery', 'dnd2014', 'a5e'] as const)(
    '%s: removing Stunned leaves the Incapacitated put on beside it, whichever came first',
    (ruleSet) => {
      const gmCtx = ctx(gm, noDice, ruleSet);
      for (const order of [
        ['Stunned', 'Incapacitated'],
        ['Incapacitated', 'Stunned'],
      ]) {
        const both = order.reduce((e, condition) => addCondition(e, gmCtx, { target: 'Goblin', condition }).encounter, table(ruleSet));
        const removed = removeCondition(both, gmCtx, { target: 'Goblin', condition: 'Stunned' });
        expect(named(removed.encounter, 'Goblin').rules.conditions).toEqual(['incapacitated']);
        expect(describeEvents(removed)).toEqual(['Stunned on Goblin ends.']);
      }
    },
  );

  it.each(['dnd2024', 'crown-misery', 'dnd2014', 'a5e'] as const)(
    '%s: waking from 0 HP ends Unconscious, and the Incapacitated given on its own stays with Prone',
    (ruleSet) => {
      const gmCtx = ctx(gm, noDice, ruleSet);
      const down = dealDamage(table(ruleSet), gmCtx, { target: 'Alice', amount: '20' }).encounter;
      const held = addCondition(down, gmCtx, { target: 'Alice', condition: 'Incapacitated' }).encounter;
      const healed = heal(held, gmCtx, { target: 'Alice', amount: '3' });
      expect(named(healed.encounter, 'Alice').rules.conditions).toEqual(['incapacitated', 'prone']);
      expect(healed.encounter.effects.map((e) => e.name)).toEqual(['Incapacitated']);
    },
  );

  it('dnd-next, which has no Incapacitated: Prone given on its own stays when Paralyzed ends', () => {
    const gmCtx = ctx(gm, noDice, 'dnd-next');
    const prone = addCondition(table('dnd-next'), gmCtx, { target: 'Goblin', condition: 'Prone' }).encounter;
    const both = addCondition(prone, gmCtx, { target: 'Goblin', condition: 'Paralyzed' }).encounter;
    const removed = removeCondition(both, gmCtx, { target: 'Goblin', condition: 'Paralyzed' });
    expect(named(removed.encounter, 'Goblin').rules.conditions).toEqual(['prone']);
  });
});
