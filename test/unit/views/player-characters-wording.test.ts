import { noteText } from '../../../src/views/change-notes';
import { addCondition } from '../../../src/combat/conditions';
import { dealDamage, grantTempHp, heal } from '../../../src/combat/hit-points';
import { pressRepeatSave } from '../../../src/combat/repeat-saves';
import { addMonsters, joinEncounter } from '../../../src/combat/roster';
import { readyAction, useReaction } from '../../../src/combat/turn-actions';
import { nextTurn, pressDeathSave } from '../../../src/combat/turns';
import type { Encounter } from '../../../src/combat/types';
import { abilityTestReply } from '../../../src/views/ability-test-text';
import { describeEvents } from '../../../src/views/encounter-text';
import { describeDamage } from '../../../src/views/encounter-rules-text';
import { checklistReply } from '../../../src/views/turn-checklist';
import { turnChecklist } from '../../../src/combat/checklist';
import { getRuleSet } from '../../../src/rules';
import { rollAbilityTest } from '../../../src/rules/ability-tests';
import { alice, bob, ctx, fresh, gm, noDice, refusalOf, scripted } from '../combat/support';

/**
 * Bram (Bob's character, 15) and an Ogre (12), in round 1 at Bram's turn. Characters are "their" or
 * called by name; monsters keep "its".
 */
function table(options: { autoDeathSaves?: boolean } = {}): Encounter {
  let encounter = fresh('dnd2024', { autoConcentrationSaves: true, ...options });
  encounter = joinEncounter(encounter, ctx(bob), { name: 'Bram', hp: 20, initiative: 15 }).encounter;
  encounter = addMonsters(encounter, ctx(gm), { name: 'Ogre', hp: 59, initiative: 12 }).encounter;
  return nextTurn(encounter, ctx(gm)).encounter;
}

describe('a player character is not "it"', () => {
  it('reactions and readied actions: their for Bram, its for the Ogre', () => {
    const bramReacts = useReaction(table(), ctx(bob), { target: 'Bram', note: 'Shield' });
    expect(describeEvents(bramReacts)).toEqual(['Bram uses their reaction: Shield.']);
    expect(noteText(bramReacts.note)).toBe('Bram used their reaction (Shield)');
    expect(describeEvents(useReaction(table(), ctx(gm), { target: 'Ogre' }))).toEqual(['Ogre uses its reaction.']);
    expect(refusalOf(() => useReaction(bramReacts.encounter, ctx(bob), { target: 'Bram' }))).toBe(
      'Bram has already used their reaction (Shield); it comes back at the start of their turn.',
    );
    expect(refusalOf(() => useReaction(table(), ctx(bob), { target: 'Bram', note: 'ready' }))).toBe(
      'Bram has no readied action: ready one on their turn with `/init ready trigger:<what sets it off>`.',
    );

    const readied = readyAction(table(), ctx(bob), 'the ogre moves');
    expect(describeEvents(readied)).toEqual([
      'Bram readies an action for when the ogre moves; it lasts until the start of their next turn.',
    ]);
    const taken = useReaction(nextTurn(readied.encounter, ctx(bob)).encounter, ctx(bob), { target: 'Bram', note: 'ready' });
    expect(describeEvents(taken)[0]).toBe('Bram takes their readied action (the ogre moves), spending their reaction.');
    expect(noteText(taken.note)).toBe('Bram took their readied action');
  });

  it('repeat saves: Bram repeats their save, the Ogre its own', () => {
    let encounter = addCondition(table(), ctx(gm), { target: 'Bram', condition: 'Frightened', save: 'wis', dc: 15 });
    expect(describeEvents(encounter)).toEqual([
      'Bram is now **Frightened**; Bram repeats the Wisdom save (DC 15) at the end of each of their turns.',
    ]);
    encounter = addCondition(encounter.encounter, ctx(gm), { target: 'Ogre', condition: 'Frightened', save: 'wis', dc: 15 });
    expect(describeEvents(encounter)).toEqual([
      'Ogre is now **Frightened**; it repeats the Wisdom save (DC 15) at the end of each of its turns.',
    ]);
    const bramSaves = nextTurn(encounter.encounter, ctx(gm, scripted(9)));
    expect(describeEvents(bramSaves)[0]).toBe('Bram repeats their Wisdom save against Frightened (DC 15): 9, the effect continues.');
    const ogreSaves = nextTurn(bramSaves.encounter, ctx(gm, scripted(9)));
    expect(describeEvents(ogreSaves)[0]).toBe('Ogre repeats its Wisdom save against Frightened (DC 15): 9, the effect continues.');
  });

  it('a character called by name is escaped once', () => {
    const encounter = joinEncounter(table(), ctx(alice), { name: 'Sir *Bold*', hp: 9, initiative: 3 }).encounter;
    expect(
      describeEvents(addCondition(encounter, ctx(gm), { target: 'Sir *Bold*', condition: 'Frightened', save: 'wis', dc: 15 })),
    ).toEqual(['Sir \\*Bold\\* is now **Frightened**; Sir \\*Bold\\* repeats the Wisdom save (DC 15) at the end of each of their turns.']);
  });

  it('below a damage threshold: the character by name, escaped once, and "their"', () => {
    const subject = { name: 'Sir \\*Bold\\*', isPlayerCharacter: true, showNumbers: true };
    expect(describeDamage(subject, { amount: 4, type: null, critical: null }, [{ kind: 'below-threshold', amount: 4, threshold: 5 }])).toBe(
      'Sir \\*Bold\\* shrugs off 4 damage: Sir \\*Bold\\* is below their damage threshold of 5.',
    );
  });

  it('repeat saves by button: Bram must repeat their save; pressed too early, it comes at the end of their turn', () => {
    const held = addCondition(table({ autoDeathSaves: false }), ctx(gm), { target: 'Bram', condition: 'Frightened', save: 'wis', dc: 15 });
    const effectId = held.encounter.effects[0]!.id;
    expect(refusalOf(() => pressRepeatSave(held.encounter, ctx(bob), effectId))).toBe(
      'Bram has no repeat save to roll now: it comes at the end of their turn.',
    );
    expect(describeEvents(nextTurn(held.encounter, ctx(bob)))[0]).toBe(
      'Bram must repeat their Wisdom save against Frightened (DC 15): press **Roll Wisdom save**.',
    );
  });

  it("surprise, the turn's owner, the death save button and the checklist", () => {
    let encounter = fresh('dnd2014', { autoDeathSaves: false });
    encounter = joinEncounter(encounter, ctx(bob, noDice, 'dnd2014'), { name: 'Bram', hp: 20, initiative: 15, surprised: true }).encounter;
    encounter = addMonsters(encounter, ctx(gm, noDice, 'dnd2014'), { name: 'Ogre', hp: 59, initiative: 12 }).encounter;
    const started = nextTurn(encounter, ctx(gm, noDice, 'dnd2014'));
    expect(describeEvents(started)).toContain('Bram is surprised and loses their first turn.');
    expect(refusalOf(() => useReaction(encounter, ctx(bob, noDice, 'dnd2014'), { target: 'Bram' }))).toBe(
      'Bram is surprised: they have no reaction until their first turn is over.',
    );

    const bramsTurn = table();
    expect(refusalOf(() => nextTurn(bramsTurn, ctx({ userId: 'carol', name: 'Carol', canManageChannel: false })))).toBe(
      "Only Bram's player, the game master (Gina) or a member with Manage Channels can end this turn.",
    );
    expect(refusalOf(() => readyAction(bramsTurn, ctx({ userId: 'carol', name: 'Carol', canManageChannel: false }), 'x'))).toBe(
      "It is Bram's turn: only their player or the game master can ready an action now.",
    );
    expect(refusalOf(() => pressDeathSave(bramsTurn, ctx(bob), 'Bram'))).toBe('Bram has no death save to roll now: Bram is not dying.');
    const down = dealDamage(table({ autoDeathSaves: false }), ctx(gm), { target: 'Bram', amount: '20' }).encounter;
    expect(refusalOf(() => pressDeathSave(down, ctx(bob), 'Bram'))).toBe(
      'Bram has no death save to roll now: one is rolled as each of their turns starts, and this turn has begun.',
    );
    const ogresTurn = nextTurn(down, ctx(gm)).encounter;
    expect(refusalOf(() => pressDeathSave(ogresTurn, ctx(bob), 'Bram'))).toBe(
      'Bram has no death save to roll now: it is rolled at the start of their turn.',
    );
    const later = nextTurn(bramsTurn, ctx(gm)).encounter;
    const bram = later.combatants.find((c) => c.name === 'Bram')!;
    expect(checklistReply(later, turnChecklist(later, bob, bram)).embeds?.[0]?.description).toContain(
      "It is no longer Bram's turn; this is where Bram stands now.",
    );
  });

  it('temporary HP and a save with no bonus recorded', () => {
    const temp = grantTempHp(table(), ctx(gm), { target: 'Bram', amount: '5' }).encounter;
    expect(describeEvents(grantTempHp(temp, ctx(gm), { target: 'Bram', amount: '3' }))).toEqual([
      "Bram keeps 5 temporary HP: temporary HP don't add up, and 3 is not more.",
    ]);
    const result = rollAbilityTest(
      getRuleSet('dnd2024'),
      { conditions: [], tracks: { exhaustion: 0, fatigue: 0, strife: 0 } },
      { test: { kind: 'save', ability: 'wis' }, own: [], extra: null, mode: 'normal', effects: [], dc: null },
      scripted(12),
    );
    const reply = abilityTestReply({ name: 'Bram', isPlayerCharacter: true, result, noBonusRecorded: true, hidden: false, secret: false });
    expect(JSON.stringify(reply)).toContain('No Wisdom save bonus is recorded for Bram, so Bram rolls at +0');
  });

  it('the dead: Bram is brought back by name and "they" had conditions; the Ogre stays "it"', () => {
    const bramDead = dealDamage(table(), ctx(gm), { target: 'Bram', amount: '40' }).encounter;
    expect(refusalOf(() => heal(bramDead, ctx(gm), { target: 'Bram', amount: '5' }))).toBe(
      'Bram is dead and cannot regain hit points. `/hp set` above 0 brings Bram back to life first.',
    );
    expect(refusalOf(() => addCondition(bramDead, ctx(gm), { target: 'Bram', condition: 'Poisoned' }))).toBe(
      'Bram is dead: conditions and effects no longer change anything for Bram (`/condition remove` still clears what they had).',
    );
    const ogreDead = dealDamage(table(), ctx(gm), { target: 'Ogre', amount: '59' }).encounter;
    expect(refusalOf(() => heal(ogreDead, ctx(gm), { target: 'Ogre', amount: '5' }))).toBe(
      'Ogre is dead and cannot regain hit points. `/hp set` above 0 brings it back to life first.',
    );
  });
});
