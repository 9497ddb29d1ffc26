import { startConcentration } from '../../../src/combat/concentration';
import { deltaOf, hiddenHitPointChanges, loggedBefore, loggedSide, revert } from '../../../src/combat/delta';
import { dealDamage, grantTempHp } from '../../../src/combat/hit-points';
import { endEncounter, undoChange, type LastChange } from '../../../src/combat/lifecycle';
import { addMonsters, joinEncounter, removeCombatant, setInitiative } from '../../../src/combat/roster';
import type { Transition } from '../../../src/combat/transition';
import { nextTurn } from '../../../src/combat/turns';
import type { Combatant, Encounter } from '../../../src/combat/types';
import { alice, bob, ctx, fresh, gm, moderator, named, names, noDice, NOW, scripted, refusalOf, detailOf } from './support';

function fight(): Encounter {
  let encounter = joinEncounter(fresh(), ctx(alice), { hp: 12, initiative: 18 }).encounter;
  encounter = addMonsters(encounter, ctx(gm), { name: 'Goblin', count: 2, hp: 7, initiative: 12 }).encounter;
  encounter = addMonsters(encounter, ctx(gm), { name: 'Orc', hp: 15, initiative: 8 }).encounter;
  return nextTurn(encounter, ctx(gm)).encounter;
}

const changes: [string, (e: Encounter) => Transition][] = [
  ['add', (e) => addMonsters(e, ctx(gm, scripted(19)), { name: 'Wolf', count: 2, hp: 11 })],
  ['damage that kills', (e) => dealDamage(e, ctx(bob), { target: 'Goblin 1', amount: '9' })],
  ['remove', (e) => removeCombatant(e, ctx(gm), 'Goblin 1')],
  ['set-initiative', (e) => setInitiative(e, ctx(gm), { target: 'Orc', value: 25 })],
  ['concentrate', (e) => startConcentration(e, ctx(alice), { target: 'Alice', effect: 'Bless' })],
  ['next', (e) => nextTurn(e, ctx(alice))],
  ['end', (e) => endEncounter(e, ctx(gm))],
];

describe('a change as the log keeps it', () => {
  it.each(changes)('%s: reverting the delta gives back the encounter before it, ids handed out stay used', (_, change) => {
    const before = fight();
    const after = change(before).encounter;
    const reverted = revert(after, deltaOf(before, after));
    expect({ ...reverted, nextSeq: before.nextSeq }).toEqual(before);
    expect(reverted.nextSeq).toBe(after.nextSeq);
  });

  it.each(changes)('%s: reverting the delta as the log keeps it gives back the encounter before it', (_, change) => {
    const before = fight();
    const after = change(before).encounter;
    const delta = deltaOf(before, after);
    const logged = JSON.parse(JSON.stringify({ before: loggedBefore(delta), after: loggedSide(delta.after) })) as Parameters<
      typeof revert
    >[1];
    expect({ ...revert(after, logged), nextSeq: before.nextSeq }).toEqual(before);
  });

  it('logs a combatant the change kept as the fields it altered, of its rules too; one it removed whole', () => {
    const before = fight();
    const hit = deltaOf(before, dealDamage(before, ctx(bob), { target: 'Orc', amount: '4' }).encounter);
    const orc = before.combatants[3];
    expect(loggedBefore(hit).combatants).toEqual([
      { sortOrder: 3, combatant: { id: orc?.id, name: 'Orc', hidden: false, hpKnown: true, rules: { hp: 15 } } },
    ]);
    const removal = deltaOf(before, removeCombatant(before, ctx(gm), 'Goblin 1').encounter);
    expect(loggedBefore(removal).combatants.find((p) => p.combatant.name === 'Goblin 1')?.combatant).toEqual(before.combatants[1]);
  });

  it('reverts an entry that logged the rules whole, as the log kept them before it kept the altered ones', () => {
    const before = fight();
    const after = dealDamage(before, ctx(bob), { target: 'Orc', amount: '4' }).encounter;
    const delta = deltaOf(before, after);
    const wholeRules = loggedBefore(delta);
    wholeRules.combatants = wholeRules.combatants.map((p) => ({
      ...p,
      combatant: { ...p.combatant, rules: before.combatants.find((c) => c.id === p.combatant.id)?.rules },
    }));
    expect(wholeRules.combatants[0]?.combatant.rules?.maxHp).toBe(15);
    expect(revert(after, { before: wholeRules, after: loggedSide(delta.after) })).toEqual({ ...before, nextSeq: after.nextSeq });
  });

  it("words a hidden combatant's hit points before a change from the altered ones it logged, the rest from after", () => {
    const before = addMonsters(fight(), ctx(gm), { name: 'Ogre', hp: 59, initiative: 9, hidden: true }).encounter;
    const hit = deltaOf(before, dealDamage(before, ctx(bob), { target: 'Ogre', amount: '9' }).encounter);
    expect(hiddenHitPointChanges(loggedBefore(hit), loggedSide(hit.after))).toEqual([
      { name: 'Ogre', before: { hp: 59, maxHp: 59, tempHp: 0 }, after: { hp: 50, maxHp: 59, tempHp: 0 } },
    ]);
    const shielded = deltaOf(before, grantTempHp(before, ctx(gm), { target: 'Ogre', amount: '5' }).encounter);
    expect(loggedBefore(shielded).combatants[0]?.combatant.rules).toEqual({ tempHp: 0 });
    expect(hiddenHitPointChanges(loggedBefore(shielded), loggedSide(shielded.after))).toEqual([
      { name: 'Ogre', before: { hp: 59, maxHp: 59, tempHp: 0 }, after: { hp: 59, maxHp: 59, tempHp: 5 } },
    ]);
  });

  it('holds only what the change touched', () => {
    const before = fight();
    const after = dealDamage(before, ctx(bob), { target: 'Orc', amount: '4' }).encounter;
    const delta = deltaOf(before, after);
    expect(delta.before.combatants.map((p) => [p.sortOrder, p.combatant.name, p.combatant.rules.hp])).toEqual([[3, 'Orc', 15]]);
    expect(delta.after.combatants.map((p) => [p.sortOrder, p.combatant.name, p.combatant.rules.hp])).toEqual([[3, 'Orc', 11]]);
    expect(delta.after.effects).toEqual([]);
  });

  it('a moved combatant is recorded at both places; one rebuilt unchanged is not recorded', () => {
    const before = fight();
    // Still after Alice, whose turn it is, the Orc takes its new place at once.
    const moved = setInitiative(before, ctx(gm), { target: 'Orc', value: 13 }).encounter;
    expect(deltaOf(before, moved).before.combatants.map((p) => [p.sortOrder, p.combatant.name])).toEqual([
      [1, 'Goblin 1'],
      [2, 'Goblin 2'],
      [3, 'Orc'],
    ]);
    const rebuilt = { ...before, combatants: before.combatants.map((c) => ({ ...c, rules: { ...c.rules } })) };
    expect(deltaOf(before, rebuilt).after.combatants).toEqual([]);
  });

  it('compares only the combatants a change replaced, however many the encounter holds', () => {
    let fought = fight();
    for (let n = 0; n < 4; n += 1)
      fought = addMonsters(fought, ctx(gm), { name: `Kobold ${n}`, count: 10, hp: 5, initiative: 1 + n }).encounter;
    // Each combatant counts the fields read from it while the delta is worked out, beyond its id.
    const read = new Set<string>();
    let counting = false;
    const watched = (combatant: Combatant): Combatant =>
      new Proxy(combatant, {
        get(target, field, receiver) {
          if (counting && field !== 'id') read.add(target.name);
          return Reflect.get(target, field, receiver) as unknown;
        },
      });
    const before = { ...fought, combatants: fought.combatants.map(watched) };
    const after = dealDamage(before, ctx(bob), { target: 'Orc', amount: '4' }).encounter;
    counting = true;
    const delta = deltaOf(before, after);
    counting = false;
    expect(delta.after.combatants.map((p) => p.combatant.name)).toEqual(['Orc']);
    // The Orc, replaced by the hit; none of the 43 others.
    expect([...read]).toEqual(['Orc']);
  });
});

describe('undo', () => {
  /** The logged change as the store reads it back: the label the caller stamped, the words the views gave it. */
  function last(before: Encounter, change: Transition, actorId: string, actorName: string, command: string): LastChange {
    return { id: '7', actorId, actorName, command, detail: detailOf(change), delta: deltaOf(before, change.encounter) };
  }

  it('reverts the last change for its author, the game master or a moderator, keeping ids unused', () => {
    const before = fight();
    const added = addMonsters(before, ctx(gm, scripted(19)), { name: 'Wolf', hp: 11 });
    const change = last(before, added, 'gm', 'Gina', 'init add');
    for (const actor of [gm, moderator]) {
      const undone = undoChange(added.encounter, ctx(actor, noDice), change);
      expect(names(undone.encounter)).toEqual(names(before));
      expect(undone.encounter.nextSeq).toBe(added.encounter.nextSeq);
      expect(undone.events).toEqual([{ kind: 'undone', command: 'init add', actorName: 'Gina', detail: 'added Wolf (initiative 19)' }]);
    }
    expect(refusalOf(() => undoChange(added.encounter, ctx(alice), change))).toContain(
      "Only the game master (Gina) or a member with Manage Channels can undo Gina's change (init add).",
    );
  });

  it('lets a player undo their own change', () => {
    const before = fight();
    const hit = dealDamage(before, ctx(bob), { target: 'Orc', amount: '4' });
    const undone = undoChange(hit.encounter, ctx(bob), last(before, hit, 'bob', 'Bob', 'hp damage'));
    expect(undone.encounter.combatants).toEqual(before.combatants);
    expect(detailOf(undone)).toBe("undid Bob's hp damage (Orc: 4 damage)");
  });

  it('has nothing to undo at the start', () => {
    expect(refusalOf(() => undoChange(fresh(), ctx(gm), null))).toContain('There is nothing to undo.');
  });
});

describe('ending the encounter', () => {
  it('is for the game master, counts the rounds, and settles what waited for the end (A5E fatigue)', () => {
    let encounter = joinEncounter(fresh('a5e'), ctx(alice, noDice, 'a5e'), { hp: 12, initiative: 18 }).encounter;
    encounter = nextTurn(nextTurn(encounter, ctx(gm, noDice, 'a5e')).encounter, ctx(gm, noDice, 'a5e')).encounter;
    encounter = dealDamage(encounter, ctx(gm, noDice, 'a5e'), { target: 'Alice', amount: '12' }).encounter;
    expect(named(encounter, 'Alice').rules).toMatchObject({ pendingFatigue: 1, tracks: { fatigue: 0 } });
    expect(refusalOf(() => endEncounter(encounter, ctx(alice, noDice, 'a5e')))).toContain(
      'Only the game master (Gina) or a member with Manage Channels can end the encounter.',
    );
    const ended = endEncounter(encounter, ctx(gm, noDice, 'a5e'));
    expect(ended.encounter.endedAt).toEqual(NOW);
    expect(named(ended.encounter, 'Alice').rules).toMatchObject({ pendingFatigue: 0, tracks: { fatigue: 1 } });
    expect(ended.events[ended.events.length - 1]).toEqual({ kind: 'encounter-ended', rounds: 2 });
    expect(detailOf(ended)).toBe('ended Encounter after 2 rounds');
  });
});
