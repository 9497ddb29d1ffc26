import { addCondition, removeCondition } from '../../../src/combat/conditions';
import { startConcentration } from '../../../src/combat/concentration';
import { dealDamage } from '../../../src/combat/hit-points';
import { pressRepeatSave } from '../../../src/combat/repeat-saves';
import { addMonsters, joinEncounter } from '../../../src/combat/roster';
import { nextTurn } from '../../../src/combat/turns';
import type { Encounter } from '../../../src/combat/types';
import { parseButtonId } from '../../../src/views/button-ids';
import { conditionListReply } from '../../../src/views/condition-list';
import { resultReply } from '../../../src/views/encounter-replies';
import { describeEvents } from '../../../src/views/encounter-text';
import { combatantLine } from '../../../src/views/tracker';
import { alice, ctx, fresh, gm, named, noDice, refusalOf, scripted, detailOf } from './support';

/** Alice (18, 12 HP, Con save +3), Goblin 1 and 2 (12, 7 HP), round 1 on Alice's turn. */
function party(options: { autoDeathSaves?: boolean; hiddenGoblins?: boolean } = {}): Encounter {
  let encounter = fresh('dnd2024', { autoConcentrationSaves: true, autoDeathSaves: options.autoDeathSaves ?? true });
  encounter = joinEncounter(encounter, ctx(alice), { hp: 12, initiative: 18, conSave: 3 }).encounter;
  encounter = addMonsters(encounter, ctx(gm), {
    name: 'Goblin',
    count: 2,
    hp: 7,
    initiative: 12,
    hidden: options.hiddenGoblins ?? false,
  }).encounter;
  return nextTurn(encounter, ctx(gm)).encounter;
}

function turns(encounter: Encounter, count: number): Encounter {
  let next = encounter;
  for (let i = 0; i < count; i += 1) next = nextTurn(next, ctx(gm)).encounter;
  return next;
}

describe('/condition add modifiers', () => {
  it('stores the typed modifiers with the effect and says them', () => {
    const added = addCondition(party(), ctx(gm), { target: 'Alice', condition: 'Bless', modifiers: 'attack:+1d4, save:+1d4' });
    expect(added.encounter.effects[0]?.modifiers).toHaveLength(2);
    expect(describeEvents(added)).toEqual(['Alice is now **Bless** [attack:+1d4, save:+1d4].']);
  });

  it('refuses modifiers it cannot read, showing the syntax, with nothing applied', () => {
    const text = refusalOf(() => addCondition(party(), ctx(gm), { target: 'Alice', condition: 'Bless', modifiers: 'attack:+1d4 luck:+2' }));
    expect(text).toContain('"luck:+2" is not a modifier I know.');
    expect(text).toContain('`attack:+1d4` `save:+1d4`');
    expect(refusalOf(() => addCondition(party(), ctx(gm), { target: 'Alice', condition: 'Exhaustion', modifiers: 'ac:+1' }))).toBe(
      'Exhaustion has its own mechanics: leave out `modifiers`.',
    );
  });

  it('Bless adds its d4 to a concentration save, shown as its own part', () => {
    let encounter = startConcentration(party(), ctx(alice), { target: 'Alice', effect: 'Bless' }).encounter;
    encounter = addCondition(encounter, ctx(alice), {
      target: 'Alice',
      condition: 'Bless',
      source: 'Alice',
      modifiers: 'save:+1d4',
    }).encounter;
    const hit = dealDamage(encounter, ctx(gm, scripted(5, 2)), { target: 'Alice', amount: '4' });
    expect(describeEvents(hit)).toContain(
      "Alice's concentration save (DC 10): d20 5 + 3 (save bonus) + 2 (Bless 1d4) = 10. Alice keeps concentrating on Bless.",
    );
  });

  it('2024: exhaustion 2 shows −4 on a concentration save, and a failure ends the effect', () => {
    let encounter = startConcentration(party(), ctx(alice), { target: 'Alice', effect: 'Hold Person' }).encounter;
    encounter = addCondition(encounter, ctx(gm), { target: 'Alice', condition: 'Exhaustion', level: 2 }).encounter;
    const hit = dealDamage(encounter, ctx(gm, scripted(10)), { target: 'Alice', amount: '4' });
    expect(describeEvents(hit)).toContain(
      "Alice's concentration save (DC 10): d20 10 + 3 (save bonus) − 4 (Exhaustion 2) = 9. Hold Person ends.",
    );
  });

  it('an ac modifier shows in the tracker while the effect lasts', () => {
    let encounter = addMonsters(party(), ctx(gm), { name: 'Ogre', hp: 59, ac: 11, initiative: 8 }).encounter;
    encounter = addCondition(encounter, ctx(gm), { target: 'Ogre', condition: 'Shield of Faith', modifiers: 'ac:+2' }).encounter;
    expect(combatantLine(named(encounter, 'Ogre'), encounter, 'players')).toContain('AC 13');
    const ended = removeCondition(encounter, ctx(gm), { target: 'Ogre', condition: 'Shield of Faith' }).encounter;
    expect(combatantLine(named(ended, 'Ogre'), ended, 'players')).toContain('AC 11');
  });

  it('a resist modifier halves that damage type', () => {
    const warded = addCondition(party(), ctx(gm), { target: 'Goblin 1', condition: 'Fire Ward', modifiers: 'resist:fire' }).encounter;
    expect(named(dealDamage(warded, ctx(gm), { target: 'Goblin 1', amount: '6 [fire]' }).encounter, 'Goblin 1').rules.hp).toBe(4);
    expect(named(dealDamage(warded, ctx(gm), { target: 'Goblin 1', amount: '6 [cold]' }).encounter, 'Goblin 1').rules.hp).toBe(1);
  });

  it('a save:+1d4 modifier counts on repeat saves', () => {
    let encounter = addCondition(party(), ctx(gm), { target: 'Goblin 1', condition: 'Paralyzed', save: 'wis', dc: 15 }).encounter;
    encounter = addCondition(encounter, ctx(gm), { target: 'Goblin 1', condition: 'Bless', modifiers: 'save:+1d4' }).encounter;
    encounter = turns(encounter, 1);
    const saved = nextTurn(encounter, ctx(gm, scripted(12, 3)));
    expect(describeEvents(saved)).toContain(
      'Goblin 1 repeats its Wisdom save against Paralyzed (DC 15): d20 12 + 3 (Bless 1d4) = 15, the effect ends.',
    );
  });
});

describe('repeat saves by button', () => {
  it('the turn reply offers the button; pressing it rolls and ends the effect on a success', () => {
    let encounter = addCondition(party({ autoDeathSaves: false }), ctx(gm), {
      target: 'Goblin 1',
      condition: 'Paralyzed',
      save: 'wis',
      dc: 15,
    }).encounter;
    encounter = turns(encounter, 1);
    const ended = nextTurn(encounter, ctx(gm));
    expect(describeEvents(ended)).toContain('Goblin 1 must repeat its Wisdom save against Paralyzed (DC 15): press **Roll Wisdom save**.');
    const button = resultReply(ended).components?.[0]?.buttons.find((b) => b.label === 'Roll Wisdom save for Goblin 1');
    const parsed = parseButtonId(button?.customId ?? '');
    expect(parsed).toMatchObject({ command: 'condition', action: 'save' });
    if (parsed?.command !== 'condition' || parsed.action !== 'save') throw new Error('no repeat save button');
    const pressed = pressRepeatSave(ended.encounter, ctx(gm, scripted(16)), parsed.effectId);
    expect(describeEvents(pressed)).toContain('Goblin 1 repeats its Wisdom save against Paralyzed (DC 15): 16, the effect ends.');
    expect(named(pressed.encounter, 'Goblin 1').rules.conditions).toEqual([]);
    expect(refusalOf(() => pressRepeatSave(pressed.encounter, ctx(gm, scripted(16)), parsed.effectId))).toContain(
      'no repeat save to roll now',
    );
  });

  it('a second press before the next turn is refused', () => {
    let encounter = addCondition(party({ autoDeathSaves: false }), ctx(gm), {
      target: 'Goblin 1',
      condition: 'Poisoned',
      save: 'con',
      dc: 15,
    }).encounter;
    encounter = turns(encounter, 2);
    const id = encounter.effects[0]?.id ?? '';
    const failed = pressRepeatSave(encounter, ctx(gm, scripted(3)), id);
    expect(describeEvents(failed)).toContain('Goblin 1 repeats its Constitution save against Poisoned (DC 15): 3, the effect continues.');
    expect(refusalOf(() => pressRepeatSave(failed.encounter, ctx(gm, scripted(19)), id))).toBe(
      'Goblin 1 has no repeat save to roll now: it comes at the end of its turn.',
    );
  });
});

describe('conditions on hidden monsters', () => {
  it("the game master's condition on a hidden monster is told to the game master alone, and stays off the players' tracker", () => {
    const added = addCondition(party({ hiddenGoblins: true }), ctx(gm), { target: 'Goblin 1', condition: 'Poisoned', duration: 1 });
    const reply = resultReply(added);
    expect(reply.ephemeral).toBe(true);
    expect(detailOf(added)).toBe('an effect on Goblin 1');
    const goblin = named(added.encounter, 'Goblin 1');
    expect(combatantLine(goblin, added.encounter, 'players')).not.toContain('Poisoned');
    expect(combatantLine(goblin, added.encounter, 'game-master')).toContain('Poisoned');
    const ended = turns(added.encounter, 1);
    const expiry = nextTurn(ended, ctx(gm));
    expect(expiry.encounter.effects).toEqual([]);
    expect(describeEvents(expiry).join(' ')).not.toContain('Poisoned');
    const list = conditionListReply(added.encounter, null, alice.userId).embeds?.[0]?.description ?? '';
    expect(list).not.toContain('Goblin 1');
  });

  it('taking it off again is told to the game master alone', () => {
    const added = addCondition(party({ hiddenGoblins: true }), ctx(gm), { target: 'Goblin 1', condition: 'Poisoned' });
    const removed = removeCondition(added.encounter, ctx(gm), { target: 'Goblin 1', condition: 'Poisoned' });
    expect(resultReply(removed).ephemeral).toBe(true);
    expect(detailOf(removed)).toBe('an effect off Goblin 1');
    expect(describeEvents(removed, true)).toEqual(['Poisoned on Goblin 1 ends.']);
  });

  it('public:true shows it to the channel and on the players’ tracker', () => {
    const added = addCondition(party({ hiddenGoblins: true }), ctx(gm), { target: 'Goblin 1', condition: 'Prone', public: true });
    expect(resultReply(added).ephemeral).toBeUndefined();
    expect(describeEvents(added)).toEqual(['Goblin 1 is now **Prone**.']);
    expect(combatantLine(named(added.encounter, 'Goblin 1'), added.encounter, 'players')).toContain('Prone');
  });
});

it('the log names an effect the players may see', () => {
  expect(detailOf(addCondition(party(), ctx(gm, noDice), { target: 'Alice', condition: 'Shield of Faith', modifiers: 'ac:+2' }))).toBe(
    'Shield of Faith on Alice',
  );
});
