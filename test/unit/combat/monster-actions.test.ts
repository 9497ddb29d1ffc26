import { srdMonster } from '../../support/monsters';
import { deltaOf, revert } from '../../../src/combat/delta';
import { monsterAction, type MonsterActionInput } from '../../../src/combat/monster-actions';
import type { CastInput } from '../../../src/combat/spells';
import { spellsOf } from '../../../src/compendium';
import { addCondition, addMonsters, joinEncounter, nextTurn, startConcentration } from '../../../src/combat/steps';
import type { Encounter, MonsterLink } from '../../../src/combat/types';

import type { Monster } from '../../../src/compendium/types';
import { describeEvents } from '../../../src/views/encounter-text';
import { alice, bob, ctx, current, detailOf, fresh, gm, kinds, named, noDice, refusalOf, scripted } from './support';

function linkTo(block: Monster): MonsterLink {
  return {
    source: 'srd-5.2',
    block: block.name,
    skills: block.skills ?? {},
    conditionImmunities: block.conditionImmunities ?? [],
    recharging: [],
    usesLeft: {},
  };
}

let dragon: Monster;
let goblin: Monster;

beforeAll(async () => {
  [dragon, goblin] = await Promise.all([srdMonster('srd-5.2', 'Adult Red Dragon'), srdMonster('srd-5.2', 'Goblin Warrior')]);
});

/**
 * 2024 rules, concentration saves rolled at once: Alice (80 HP, concentrating on Bless), Bob (70 HP,
 * resisting fire through a named effect), a Goblin Warrior (10 HP, Dex save +2) and an Adult Red
 * Dragon at initiative 20, the first to act.
 */
function lair(hidden = false): Encounter {
  let encounter = fresh('dnd2024', { autoConcentrationSaves: true });
  encounter = joinEncounter(encounter, ctx(alice), { hp: 80, ac: 15, initiative: 15 }).encounter;
  encounter = joinEncounter(encounter, ctx(bob), { hp: 70, ac: 16, initiative: 12 }).encounter;
  encounter = startConcentration(encounter, ctx(alice), { target: 'Alice', effect: 'Bless' }).encounter;
  encounter = addCondition(encounter, ctx(gm), { target: 'Bob', condition: 'Fire ward', modifiers: 'resist:fire' }).encounter;
  encounter = addMonsters(encounter, ctx(gm), {
    name: 'Goblin Warrior',
    hp: 10,
    ac: 15,
    initiative: 5,
    saves: { dex: 2 },
    monster: linkTo(goblin),
  }).encounter;
  return addMonsters(encounter, ctx(gm), {
    name: 'Adult Red Dragon',
    hp: 256,
    ac: 19,
    initiative: 20,
    legendary: 3,
    hidden,
    saves: { dex: 6, wis: 7, con: 7 },
    monster: linkTo(dragon),
  }).encounter;
}

function act(action: string, targets: string[], more: Partial<MonsterActionInput> = {}): MonsterActionInput {
  return { attacker: 'Adult Red Dragon', block: dragon, action, targets, bonusReason: 'attack bonus', ...more };
}

/** 17d6 = 62: 6+5+4+3+2+1 twice, then 6+5+4+3+2. */
const BREATH = [6, 5, 4, 3, 2, 1, 6, 5, 4, 3, 2, 1, 6, 5, 4, 3, 2];

describe("a monster's action from its stat block", () => {
  it('breathes fire: one 17d6 roll, DC 21 Dexterity saves, half on a success, resistance and a concentration save, as one change', () => {
    const before = lair();
    // Alice's save 5 fails and her concentration save (DC 31) 10 fails; Bob's 3 fails; the goblin's 19 + 2 = 21 succeeds.
    const dice = scripted(...BREATH, 5, 10, 3, 19);
    const breathed = monsterAction(before, ctx(gm, dice), act('Fire Breath', ['Alice', 'Bob', 'Goblin Warrior']));
    expect(dice.left()).toBe(0);
    expect(['Alice', 'Bob', 'Goblin Warrior'].map((name) => named(breathed.encounter, name).rules.hp)).toEqual([80 - 62, 70 - 31, 0]);
    expect(named(breathed.encounter, 'Alice').rules.concentration).toBeNull();
    expect(named(breathed.encounter, 'Goblin Warrior').rules.dead).toBe(true);
    const lines = describeEvents(breathed);
    expect(lines[0]).toBe('**Adult Red Dragon** uses **Fire Breath** (recharge 5–6).');
    expect(lines.filter((line) => line.includes('Dexterity save (DC 21)'))).toHaveLength(3);
    expect(detailOf(breathed)).toBe(
      [
        'Adult Red Dragon used Fire Breath',
        'Alice failed a DC 21 Dexterity save',
        'Alice: 62 fire damage',
        'Bob failed a DC 21 Dexterity save',
        'Bob: 62 fire damage, 31 taken',
        'Goblin Warrior made a DC 21 Dexterity save',
        'Goblin Warrior: 31 fire damage',
      ].join('; '),
    );
    expect(kinds(breathed)).toContain('concentration-save');

    // One undo puts everything back, the recharge too.
    const undone = revert(breathed.encounter, deltaOf(before, breathed.encounter));
    expect(['Alice', 'Bob', 'Goblin Warrior'].map((name) => named(undone, name).rules.hp)).toEqual([80, 70, 10]);
    expect(named(undone, 'Alice').rules.concentration).toBe('Bless');
    expect(named(undone, 'Adult Red Dragon').monster?.recharging).toEqual([]);
  });

  it('refuses a spent Fire Breath until a 5 or 6 at the start of its turn', () => {
    const breathed = monsterAction(lair(), ctx(gm, scripted(...BREATH, 15, 15, 15)), act('Fire Breath', ['Alice', 'Bob'])).encounter;
    expect(refusalOf(() => monsterAction(breathed, ctx(gm, noDice), act('Fire Breath', ['Alice'])))).toBe(
      "Adult Red Dragon's Fire Breath is spent: it recharges on 5–6, rolled at the start of its turn.",
    );
    // Round 1 starts with the dragon's turn: a 4 leaves it spent.
    const first = nextTurn(breathed, ctx(gm, scripted(4)));
    expect(current(first.encounter)).toBe('Adult Red Dragon');
    expect(describeEvents(first)).toContain('Adult Red Dragon rolls 4 for Fire Breath (recharge 5–6): still spent.');
    let encounter = first.encounter;
    for (const name of ['Alice', 'Bob', 'Goblin Warrior']) {
      encounter = nextTurn(encounter, ctx(gm, noDice)).encounter;
      expect(current(encounter)).toBe(name);
    }
    // Round 2: a 5 makes it ready again, and it breathes.
    const second = nextTurn(encounter, ctx(gm, scripted(5)));
    expect(describeEvents(second)).toContain('Adult Red Dragon rolls 5 for Fire Breath (recharge 5–6): it is ready again.');
    expect(named(second.encounter, 'Adult Red Dragon').monster?.recharging).toEqual([]);
    const again = monsterAction(second.encounter, ctx(gm, scripted(...BREATH, 15)), act('Fire Breath', ['Goblin Warrior']));
    expect(named(again.encounter, 'Goblin Warrior').rules.dead).toBe(true);
  });

  it('makes three Rend attacks for its Multiattack: +14, 1d10+8 slashing plus 2d4 fire each', () => {
    // Each Rend: d20 10 + 14 = 24 hits AC 15; 1d10 5 + 8 = 13 slashing, 2d4 2 + 3 = 5 fire; then
    // Alice's concentration save, d20 12 against DC 10, keeps Bless.
    const rend = [10, 5, 2, 3, 12];
    const dice = scripted(...rend, ...rend, ...rend);
    const mauled = monsterAction(lair(), ctx(gm, dice), act('Multiattack', ['Alice']));
    const attacks = mauled.events.filter((e) => e.kind === 'attack-rolled');
    expect(attacks).toHaveLength(3);
    expect(attacks.map((e) => (e.kind === 'attack-rolled' ? e.total : 0))).toEqual([24, 24, 24]);
    expect(dice.left()).toBe(0);
    expect(named(mauled.encounter, 'Alice').rules.hp).toBe(80 - 3 * 18);
    expect(named(mauled.encounter, 'Alice').rules.concentration).toBe('Bless');
    expect(detailOf(mauled)).toContain('Adult Red Dragon → Alice: hit, 13 slashing + 5 fire damage');
  });

  it('spends a legendary action for Pounce, one Rend, at the end of another turn', () => {
    const started = nextTurn(nextTurn(lair(), ctx(gm, noDice)).encounter, ctx(gm, noDice)).encounter;
    expect(current(started)).toBe('Alice');
    // A natural 1 misses.
    const pounced = monsterAction(started, ctx(gm, scripted(1)), act('Pounce', ['Alice'], { legendary: true }));
    expect(named(pounced.encounter, 'Adult Red Dragon').actions.legendary).toEqual({ max: 3, left: 2 });
    expect(pounced.events.filter((e) => e.kind === 'attack-rolled')).toHaveLength(1);
    // Its Fire Breath is an action, not a legendary one: refused as one, with the legendary actions named.
    expect(refusalOf(() => monsterAction(started, ctx(gm, noDice), act('Fire Breath', ['Alice'], { legendary: true })))).toMatch(
      /^Adult Red Dragon has no legendary action called "Fire Breath"\./,
    );
  });

  it('casts Scorching Ray for its legendary Fiery Rays: three rays at +12 from its Spellcasting, 2d6 fire each, for one legendary action', async () => {
    const ray = (await spellsOf('srd-5.2')).find('Scorching Ray');
    if (ray === undefined) throw new Error('the SRD 5.2 lacks Scorching Ray');
    const started = nextTurn(nextTurn(lair(), ctx(gm, noDice)).encounter, ctx(gm, noDice)).encounter;
    const cast: CastInput = {
      caster: 'Adult Red Dragon',
      spell: ray,
      targets: ['Alice', 'Bob'],
      attackBonus: 12,
      dc: 20,
      modifier: 6,
      casterLevel: 19,
      cost: { kind: 'none' },
      bonusReason: 'attack bonus',
    };
    // Ray 1 at Alice: d20 10 + 12 hits, 2d6 = 3 + 4, then her concentration save 15 (DC 10) keeps Bless;
    // rays 2 and 3 at Bob: a natural 1 misses, then d20 10 hits for 2d6 = 5 + 5, halved by his fire ward.
    const dice = scripted(10, 3, 4, 15, 1, 10, 5, 5);
    const rayed = monsterAction(started, ctx(gm, dice), act('Fiery Rays', ['Alice', 'Bob'], { legendary: true, cast }));
    expect(dice.left()).toBe(0);
    expect(rayed.events.filter((e) => e.kind === 'attack-rolled')).toHaveLength(3);
    expect([named(rayed.encounter, 'Alice').rules.hp, named(rayed.encounter, 'Bob').rules.hp]).toEqual([80 - 7, 70 - 5]);
    expect(named(rayed.encounter, 'Adult Red Dragon').actions.legendary).toEqual({ max: 3, left: 2 });
    expect(describeEvents(rayed).slice(0, 2)).toEqual([
      'Adult Red Dragon takes a legendary action (2/3 left).',
      '**Adult Red Dragon** uses **Fiery Rays**.',
    ]);
    expect(describeEvents(rayed)).toContain('**Adult Red Dragon** casts **Scorching Ray** (2nd level).');
  });

  it("keeps a hidden dragon's DC from the players, and gives it to the game master", () => {
    const breathed = monsterAction(lair(true), ctx(gm, scripted(...BREATH, 5, 10, 3, 19)), act('Fire Breath', ['Alice', 'Bob']));
    const told = describeEvents(breathed).join('\n');
    expect(told).not.toContain('21');
    expect(told).toContain("Alice's Dexterity save, failed.");
    expect(describeEvents(breathed, true).join('\n')).toContain('Dexterity save (DC 21)');
    expect(detailOf(breathed)).not.toContain('21');
  });

  it("keeps a hidden dragon's attack bonus and damage dice from the players", () => {
    // Rend: d20 10 + 14 = 24 hits; 1d10 5 + 8 slashing, 2d4 2 + 3 fire; Alice's concentration save 12.
    const mauled = monsterAction(lair(true), ctx(gm, scripted(10, 5, 2, 3, 12)), act('Rend', ['Alice']));
    const told = describeEvents(mauled).join('\n');
    expect(told).not.toMatch(/14|24|1d10/);
    expect(told).toContain('Alice takes 18 damage');
    expect(describeEvents(mauled, true).join('\n')).toMatch(/24/);
  });

  it('refuses an action the bot does not run, an unknown one, and too many targets for an attack, changing nothing', () => {
    const encounter = lair();
    expect(refusalOf(() => monsterAction(encounter, ctx(gm, noDice), act('Spellcasting', ['Alice'])))).toBe(
      "Spellcasting is Adult Red Dragon's list of spells: cast one with `/cast spell:<name> caster:Adult Red Dragon`.",
    );
    expect(refusalOf(() => monsterAction(encounter, ctx(gm, noDice), act('Fiery Rays', ['Alice'], { legendary: true })))).toBe(
      'Fiery Rays casts Scorching Ray: cast it with `/cast spell:<name> caster:Adult Red Dragon`.',
    );
    expect(refusalOf(() => monsterAction(encounter, ctx(gm, noDice), act('Tail', ['Alice'])))).toBe(
      'Adult Red Dragon has no action called "Tail". Its actions: Multiattack, Rend, Fire Breath, Spellcasting, Commanding Presence, Fiery Rays, Pounce.',
    );
    expect(refusalOf(() => monsterAction(encounter, ctx(gm, noDice), act('Rend', ['Alice', 'Bob'])))).toBe(
      'Rend takes at most 1 target, not 2.',
    );
    expect(refusalOf(() => monsterAction(encounter, ctx(alice, noDice), act('Rend', ['Bob'])))).toMatch(/game master/);
  });
});
