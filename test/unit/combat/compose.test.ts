import { chain, eachOf, step, then } from '../../../src/combat/compose';
import { deltaOf, revert } from '../../../src/combat/delta';
import { saveMade, savingThrow } from '../../../src/combat/saving-throws';
import { addCondition, addMonsters, attack, joinEncounter, startConcentration } from '../../../src/combat/steps';
import type { Change } from '../../../src/combat/transition';
import { alice, ctx, detailOf, fresh, gm, kinds, named, noDice, scripted } from './support';
import { fireball, OGRES } from '../../support/fireball';

/** Five Ogres of 59 HP with a Dexterity save of −1, as the SRD gives them. */
function ogres() {
  return addMonsters(fresh(), ctx(gm, scripted(10)), { name: 'Ogre', hp: 59, count: 5, saves: { dex: -1 } }).encounter;
}

describe('changes that compose', () => {
  it('rolls a save for each of five targets and lands half the damage on a success, as one transition', () => {
    const before = ogres();
    // 8d6 = 3+4+5+6+1+2+3+4 = 28; then the d20s: 15, 3, 20, 16, 9 (−1 each): fail, fail, made, made, fail.
    const dice = scripted(3, 4, 5, 6, 1, 2, 3, 4, 15, 3, 20, 16, 9);
    const burnt = fireball(before, ctx(gm, dice), OGRES);
    expect(dice.left()).toBe(0);
    expect(OGRES.map((name) => named(burnt.encounter, name).rules.hp)).toEqual([31, 31, 45, 45, 31]);
    expect(kinds(burnt).filter((kind) => kind === 'save-rolled' || kind === 'damage-taken')).toEqual(
      OGRES.flatMap(() => ['save-rolled', 'damage-taken']),
    );
    // One transition, so one log line for all five.
    expect(detailOf(burnt)).toBe(
      [
        'Ogre 1 failed a DC 15 Dexterity save; Ogre 1: 28 fire damage',
        'Ogre 2 failed a DC 15 Dexterity save; Ogre 2: 28 fire damage',
        'Ogre 3 made a DC 15 Dexterity save; Ogre 3: 14 fire damage',
        'Ogre 4 made a DC 15 Dexterity save; Ogre 4: 14 fire damage',
        'Ogre 5 failed a DC 15 Dexterity save; Ogre 5: 28 fire damage',
      ].join('; '),
    );
    // One delta, so one undo puts all five back.
    const undone = revert(burnt.encounter, deltaOf(before, burnt.encounter));
    expect(OGRES.map((name) => named(undone, name).rules.hp)).toEqual([59, 59, 59, 59, 59]);
  });

  it('decides on the state the links before it left: a condition follows a failed save only', () => {
    const hold: Change = chain(
      eachOf(['Ogre 1', 'Ogre 2'], (target) =>
        then(step(savingThrow, { target, ability: 'wis', dc: 13 }), (save) =>
          saveMade(save) ? null : step(addCondition, { target, condition: 'Paralyzed' }),
        ),
      ),
    );
    const held = hold(ogres(), ctx(gm, scripted(4, 18)));
    expect(named(held.encounter, 'Ogre 1').rules.conditions).toContain('paralyzed');
    expect(named(held.encounter, 'Ogre 2').rules.conditions).not.toContain('paralyzed');
  });

  it('chains an attack, the damage of its hit, the concentration save it calls for and a condition on a hit, as one transition', () => {
    let encounter = fresh('dnd2024', { autoConcentrationSaves: true });
    encounter = joinEncounter(encounter, ctx(alice), { hp: 20, ac: 14, initiative: 18 }).encounter;
    encounter = addMonsters(encounter, ctx(gm), { name: 'Ogre', hp: 59, ac: 11, initiative: 8 }).encounter;
    encounter = startConcentration(encounter, ctx(alice), { target: 'Alice', effect: 'Bless' }).encounter;
    const slam = {
      attacker: 'Ogre',
      target: 'Alice',
      bonus: { parts: [{ bonus: 6, reason: 'attack bonus' }] },
      damage: '2d8+4',
      weapon: true,
    };
    const grab: Change = chain(
      then(step(attack, { ...slam, reach: 'melee' }), (done) =>
        done.events.some((e) => e.kind === 'attack-rolled' && (e.outcome === 'hit' || e.outcome === 'critical'))
          ? step(addCondition, { target: 'Alice', condition: 'Grappled', source: 'Ogre' })
          : null,
      ),
    );
    // d20 15 + 6 = 21 hits AC 14; 2d8 = 5 + 6, + 4 = 15; the DC 10 Constitution save: d20 3, Bless ends.
    const dice = scripted(15, 5, 6, 3);
    const grabbed = grab(encounter, ctx(gm, dice));
    expect(dice.left()).toBe(0);
    const held = named(grabbed.encounter, 'Alice');
    expect([held.rules.hp, held.rules.concentration, held.rules.conditions]).toEqual([5, null, ['grappled']]);
    expect(kinds(grabbed).filter((k) => ['attack-rolled', 'damage-taken', 'concentration-save', 'effect-started'].includes(k))).toEqual([
      'attack-rolled',
      'damage-taken',
      'concentration-save',
      'effect-started',
    ]);
    expect(detailOf(grabbed)).toBe('Ogre → Alice: hit, 15 damage; Grappled on Alice');
  });

  it('a chain whose links all pass gives nothing to save, and says so as a bug', () => {
    const idle: Change = chain(eachOf([], (target: string) => step(savingThrow, { target, ability: 'dex', dc: 10 })));
    expect(() => idle(ogres(), ctx(gm, noDice))).toThrow('a chain of changes did nothing');
  });
});
