import type { Services } from '../../../src/services';
import { ALICE, BOB, GM, Table, buttonsOf, openTablePer, refused, text, useRules, type ScriptedRandom } from './support';

/** `/cast` at the table (issue 20): a wizard's slots, saves for half, Hold Person and concentration, undo, a monster's spells. */
describe('/cast', () => {
  let table: Table;
  let dice: ScriptedRandom;
  let services: Services;
  openTablePer('test', (opened) => ({ table, dice, services } = opened));

  const lineOf = (reply: string, start: string): string | undefined => reply.split('\n').find((line) => line.startsWith(start));
  const hpOf = async (name: string): Promise<number | undefined> => {
    const encounter = await services.encounters.get({ guildId: 'guild-1', channelId: 'channel-1' });
    return encounter?.combatants.find((c) => c.name === name)?.rules.hp;
  };

  /** Merric, a level 5 wizard with Int 16 (DC 14, +6, slots 4/3/2), in a fight with three 2024 Goblin Warriors. */
  async function wizardAndGoblins(concentrationSaves: 'automatic' | 'button' = 'button'): Promise<void> {
    await table.run(ALICE, 'character', 'create', { name: 'Merric', level: 5, int: 16, hp: 28, class: 'wizard' });
    await table.run(GM, 'init', 'begin', { 'concentration-saves': concentrationSaves });
    await table.run(ALICE, 'init', 'join', { initiative: 18 });
    // Goblin Warriors: 10 HP, Dex save +2; each reaches 59 HP on its own to show the damage whole.
    await table.run(GM, 'init', 'add', { monster: 'Goblin Warrior', count: 3, hp: '40', initiative: 10 });
  }

  test('Fireball at 3rd level: DC 14 Dexterity saves, one 8d6 fire roll, half on a success, a 3rd-level slot spent', async () => {
    await wizardAndGoblins();
    // 8d6 = 4 each = 32; the saves: 5 + 2 fails, 13 + 2 = 15 succeeds, 11 + 2 = 13 fails.
    dice.queue(4, 4, 4, 4, 4, 4, 4, 4, 5, 13, 11);
    const reply = text(
      await table.run(ALICE, 'cast', null, { spell: 'Fireball', target: 'Goblin Warrior 1, Goblin Warrior 2, Goblin Warrior 3' }),
    );
    expect(dice.pending).toBe(0);
    expect(lineOf(reply, '**Merric** casts')).toBe('**Merric** casts **Fireball** (3rd level; 1 of 2 3rd-level slots left).');
    expect(reply.split('\n').filter((line) => line.includes('Dexterity save (DC 14)'))).toHaveLength(3);
    expect([await hpOf('Goblin Warrior 1'), await hpOf('Goblin Warrior 2'), await hpOf('Goblin Warrior 3')]).toEqual([8, 24, 8]);
  });

  test('Fireball at 4th level, by a 7th-level wizard with a 4th-level slot, rolls 9d6', async () => {
    await table.run(ALICE, 'character', 'create', { name: 'Merric', level: 7, int: 16, hp: 40, class: 'wizard' });
    await table.run(GM, 'init', 'begin', {});
    await table.run(ALICE, 'init', 'join', { initiative: 18 });
    await table.run(GM, 'init', 'add', { monster: 'Goblin Warrior', hp: '40', initiative: 10 });
    // 9d6 of 2 = 18; the save: 1 + 2 fails.
    dice.queue(2, 2, 2, 2, 2, 2, 2, 2, 2, 1);
    const reply = text(await table.run(ALICE, 'cast', null, { spell: 'Fireball', level: 4, target: 'Goblin Warrior' }));
    expect(dice.pending).toBe(0);
    expect(lineOf(reply, '**Merric** casts')).toBe('**Merric** casts **Fireball** (4th level; 0 of 1 4th-level slots left).');
    expect(await hpOf('Goblin Warrior')).toBe(40 - 18);
  });

  test('/init undo after a cast gives the slot back; the last slot of a level is refused; a long rest restores them', async () => {
    await wizardAndGoblins();
    dice.queue(1, 1, 1, 1, 1, 1, 1, 1, 20);
    await table.run(ALICE, 'cast', null, { spell: 'Fireball', target: 'Goblin Warrior 1' });
    await table.run(GM, 'init', 'undo', {});
    expect(await hpOf('Goblin Warrior 1')).toBe(40);
    dice.queue(1, 1, 1, 1, 1, 1, 1, 1, 20, 1, 1, 1, 1, 1, 1, 1, 1, 20);
    await table.run(ALICE, 'cast', null, { spell: 'Fireball', target: 'Goblin Warrior 1' });
    const second = text(await table.run(ALICE, 'cast', null, { spell: 'Fireball', target: 'Goblin Warrior 1' }));
    expect(lineOf(second, '**Merric** casts')).toBe('**Merric** casts **Fireball** (3rd level; 0 of 2 3rd-level slots left).');
    expect(refused(await table.run(ALICE, 'cast', null, { spell: 'Fireball', target: 'Goblin Warrior 1' }))).toBe(
      '⚠️ Merric has used all 2 3rd-level slots: a higher `level` may have one left, and a long rest brings them back.',
    );
    // The fight writes the slots spent back to the sheet; a long rest restores them.
    const asked = await table.run(GM, 'init', 'end', {});
    const end = buttonsOf(asked).find((button) => button.customId.startsWith('init:end'));
    if (end === undefined) throw new Error('no button to end the fight');
    await table.press(GM, end.customId);
    expect(lineOf(text(await table.run(ALICE, 'character', 'show', {})), '**Spell slots**')).toBe(
      '**Spell slots** 1st 4/4 · 2nd 3/3 · 3rd 0/2',
    );
    expect(lineOf(text(await table.run(ALICE, 'rest', 'long', {})), 'Spell slots:')).toBe('Spell slots: 1st 4/4 · 2nd 3/3 · 3rd 2/2.');
  });

  test('Hold Person on two: failures are Paralyzed; a failed concentration save ends it on both; a repeat save ends it for one', async () => {
    await wizardAndGoblins('automatic');
    // Wisdom saves (Goblin Warriors −1): 3 fails, 4 fails.
    dice.queue(3, 4);
    const held = text(
      await table.run(ALICE, 'cast', null, { spell: 'Hold Person', level: 3, target: 'Goblin Warrior 1, Goblin Warrior 2' }),
    );
    expect(lineOf(held, '**Merric** casts')).toBe('**Merric** casts **Hold Person** (3rd level; 1 of 2 3rd-level slots left).');
    const encounter = await services.encounters.get({ guildId: 'guild-1', channelId: 'channel-1' });
    const paralyzed = encounter?.combatants.filter((c) => c.rules.conditions.includes('paralyzed')).map((c) => c.name);
    expect(paralyzed).toEqual(['Goblin Warrior 1', 'Goblin Warrior 2']);
    expect(encounter?.combatants.find((c) => c.name === 'Merric')?.rules.concentration).toBe('Hold Person');

    // 12 damage: a DC 10 Constitution save; a 2 fails and Hold Person ends on both in the same reply.
    dice.queue(2);
    const hit = text(await table.run(GM, 'hp', 'damage', { target: 'Merric', amount: '12' }));
    expect(hit).toMatch(/Hold Person ends/);
    const after = await services.encounters.get({ guildId: 'guild-1', channelId: 'channel-1' });
    expect(after?.combatants.filter((c) => c.rules.conditions.includes('paralyzed'))).toEqual([]);
  });

  test("Hold Person: a repeat save at the end of a held target's turn ends it for that one only", async () => {
    await wizardAndGoblins();
    dice.queue(3, 4);
    await table.run(ALICE, 'cast', null, { spell: 'Hold Person', level: 3, target: 'Goblin Warrior 1, Goblin Warrior 2' });
    await table.run(GM, 'init', 'next', {});
    await table.run(GM, 'init', 'next', {});
    // Goblin Warrior 1's Wisdom save at the end of its turn, rolled as its turn ends: 18 − 1 = 17 against DC 14.
    dice.queue(18);
    const turnEnds = text(await table.run(GM, 'init', 'next', {}));
    expect(turnEnds).toContain(
      'Goblin Warrior 1 repeats its Wisdom save against Hold Person (DC 14): d20 18 − 1 (save bonus) = 17, the effect ends.',
    );
    const encounter = await services.encounters.get({ guildId: 'guild-1', channelId: 'channel-1' });
    expect(encounter?.combatants.filter((c) => c.rules.conditions.includes('paralyzed')).map((c) => c.name)).toEqual(['Goblin Warrior 2']);
  });

  test('Fire Bolt by a 5th-level wizard rolls 2d10; Cure Wounds heals 2d8 + the modifier', async () => {
    await table.run(ALICE, 'character', 'create', { name: 'Merric', level: 5, int: 16, hp: 28, class: 'wizard' });
    await table.run(BOB, 'character', 'create', { name: 'Brother Bram', level: 3, wis: 16, hp: 24, class: 'cleric' });
    await table.run(GM, 'init', 'begin', {});
    await table.run(ALICE, 'init', 'join', { initiative: 18 });
    await table.run(BOB, 'init', 'join', { initiative: 12 });
    await table.run(GM, 'init', 'add', { monster: 'Goblin Warrior', hp: '30', initiative: 10 });
    // d20 15 + 6 = 21 hits AC 15; 2d10 = 7 + 8 = 15 fire.
    dice.queue(15, 7, 8);
    const bolt = text(await table.run(ALICE, 'cast', null, { spell: 'Fire Bolt', target: 'Goblin Warrior' }));
    expect(lineOf(bolt, '**Merric** casts')).toBe('**Merric** casts **Fire Bolt** (cantrip).');
    expect(await hpOf('Goblin Warrior')).toBe(15);

    await table.run(GM, 'hp', 'damage', { target: 'Brother Bram', amount: '20' });
    // 2d8 = 3 + 5, + Wis 3 = 11.
    dice.queue(3, 5);
    await table.run(BOB, 'cast', null, { spell: 'Cure Wounds', target: 'Brother Bram' });
    expect(await hpOf('Brother Bram')).toBe(24 - 20 + 11);
  });

  test("a 2014 Mage's upcast spends a slot of the level it is cast at, and a level it has no slots of is refused", async () => {
    await useRules(services, 'dnd2014');
    await table.run(ALICE, 'character', 'create', { name: 'Merric', level: 5, int: 16, hp: 200, class: 'wizard' });
    await table.run(GM, 'init', 'begin', {});
    await table.run(ALICE, 'init', 'join', { initiative: 5 });
    await table.run(GM, 'init', 'add', { monster: 'Mage', initiative: 18 });
    // Three 3rd-level slots: Magic Missile cast at 3rd takes one of them, and two Fireballs the others.
    await table.run(GM, 'cast', null, { spell: 'Magic Missile', caster: 'Mage', target: 'Merric', level: 3 });
    for (let cast = 0; cast < 2; cast += 1) await table.run(GM, 'cast', null, { spell: 'Fireball', caster: 'Mage', target: 'Merric' });
    expect(refused(await table.run(GM, 'cast', null, { spell: 'Fireball', caster: 'Mage', target: 'Merric' }))).toMatch(/^⚠️ Mage has /);
    expect(refused(await table.run(GM, 'cast', null, { spell: 'Fireball', caster: 'Mage', target: 'Merric', level: 6 }))).toBe(
      '⚠️ Mage has no 6th-level spell slots to cast it with.',
    );
    // A 4th-level slot is left for the upcast.
    expect(text(await table.run(GM, 'cast', null, { spell: 'Fireball', caster: 'Mage', target: 'Merric', level: 4 }))).toContain(
      '**Mage** casts **Fireball** (4th level',
    );
  });

  test("a Mage from the bestiary casts Fireball from its block: the block's DC 14, its 2 a day counted", async () => {
    await table.run(ALICE, 'character', 'create', { name: 'Merric', level: 5, int: 16, hp: 28, class: 'wizard' });
    await table.run(GM, 'init', 'begin', {});
    await table.run(ALICE, 'init', 'join', { initiative: 5 });
    await table.run(GM, 'init', 'add', { monster: 'Mage', initiative: 18 });
    dice.queue(2, 2, 2, 2, 2, 2, 2, 2, 3);
    const reply = text(await table.run(GM, 'cast', null, { spell: 'Fireball', caster: 'Mage', target: 'Merric' }));
    expect(reply).toContain("Merric's Dexterity save (DC 14)");
    expect(await hpOf('Merric')).toBe(28 - 16);
    dice.queue(1, 1, 1, 1, 1, 1, 1, 1, 20);
    await table.run(GM, 'cast', null, { spell: 'Fireball', caster: 'Mage', target: 'Merric' });
    expect(refused(await table.run(GM, 'cast', null, { spell: 'Fireball', caster: 'Mage', target: 'Merric' }))).toBe(
      '⚠️ Mage has cast Fireball 2 times today, all its stat block gives.',
    );
    const refusal = refused(await table.run(GM, 'cast', null, { spell: 'Cure Wounds', caster: 'Mage', target: 'Mage' }));
    expect(refusal).toMatch(/^⚠️ Mage cannot cast Cure Wounds: Its block casts Detect Magic/);
  });

  test('target: suggests the name being typed after the last comma, after the ones given, never one of them twice', async () => {
    await wizardAndGoblins();
    expect(await table.suggest(ALICE, 'cast', null, 'Gob')).toEqual(['Goblin Warrior 1', 'Goblin Warrior 2', 'Goblin Warrior 3']);
    expect(await table.suggest(ALICE, 'cast', null, 'Goblin Warrior 2, gob')).toEqual([
      'Goblin Warrior 2, Goblin Warrior 1',
      'Goblin Warrior 2, Goblin Warrior 3',
    ]);
    expect(await table.suggest(ALICE, 'cast', null, 'Goblin Warrior 1, Goblin Warrior 3, m')).toEqual([
      'Goblin Warrior 1, Goblin Warrior 3, Merric',
    ]);
  });

  test('bad input is refused with the reason and changes nothing', async () => {
    await wizardAndGoblins();
    expect(refused(await table.run(ALICE, 'cast', null, { spell: 'Firebal', target: 'Goblin Warrior 1' }))).toMatch(
      /^⚠️ No spell called Firebal\. Did you mean Fireball/,
    );
    expect(refused(await table.run(ALICE, 'cast', null, { spell: 'Fireball' }))).toBe(
      '⚠️ Fireball needs a target: `target:` takes a combatant, or several separated by commas.',
    );
    expect(refused(await table.run(ALICE, 'cast', null, { spell: 'Fireball', level: 2, target: 'Goblin Warrior 1' }))).toBe(
      '⚠️ Fireball is cast at 3rd level or higher, up to 9th.',
    );
    expect(refused(await table.run(ALICE, 'cast', null, { spell: 'Fire Bolt', target: 'Goblin Warrior 1, Goblin Warrior 2' }))).toBe(
      '⚠️ Fire Bolt takes at most 1 target, not 2.',
    );
    expect(refused(await table.run(ALICE, 'cast', null, { spell: 'Fireball', level: 6, target: 'Goblin Warrior 1' }))).toBe(
      '⚠️ Merric has no 6th-level spell slots: its sheet says which it has (`/character show`).',
    );
    expect(await hpOf('Goblin Warrior 1')).toBe(40);
  });
});
