import type { Services } from '../../../src/services';
import { ALICE, BOB, GM, Table, openTablePer, refused, text, useRules, type ScriptedRandom } from './support';

/** `/cast` for spells whose effect is more than a roll and its damage: half on a miss, a burst after the hit, death by a word. */
describe('/cast: what a spell does besides its first roll', () => {
  let table: Table;
  let dice: ScriptedRandom;
  let services: Services;
  openTablePer('test', (opened) => ({ table, dice, services } = opened));

  const hpOf = async (name: string): Promise<number | undefined> => {
    const encounter = await services.encounters.get({ guildId: 'guild-1', channelId: 'channel-1' });
    return encounter?.combatants.find((c) => c.name === name)?.rules.hp;
  };

  /** The rule set's goblin: AC 15, Dex save +2, Wis save −1 (2024's Goblin Warrior, 2014's Goblin). */
  const GOBLIN = { dnd2024: 'Goblin Warrior', dnd2014: 'Goblin' } as const;

  /** Merric, a wizard with Int 16 (at level 5: DC 14, +6, slots 4/3/2), against the rule set's goblin (or `count` of them) with 40 HP. */
  async function wizardAndGoblin(ruleSet: keyof typeof GOBLIN, count = 1, level = 5): Promise<string> {
    await useRules(services, ruleSet);
    await table.run(ALICE, 'character', 'create', { name: 'Merric', level, int: 16, hp: 28, class: 'wizard' });
    await table.run(GM, 'init', 'begin', {});
    await table.run(ALICE, 'init', 'join', { initiative: 18 });
    await table.run(GM, 'init', 'add', { monster: GOBLIN[ruleSet], count, hp: '40', initiative: 10 });
    return GOBLIN[ruleSet];
  }

  test("the tracker keeps an effect's rounds and save DC when it also deals damage as it ends", async () => {
    const goblin = await wizardAndGoblin('dnd2024');
    await table.run(GM, 'condition', 'add', {
      target: goblin,
      condition: 'Curse',
      duration: 2,
      save: 'wis',
      dc: 13,
      modifiers: 'expiry-damage:+1d6 [necrotic]',
    });
    expect(table.tracker().embeds?.[0]?.description).toContain('Curse (2) save DC 13');
  });

  test.each(['dnd2024', 'dnd2014'] as const)('Acid Arrow (%s) that misses still splashes half its 4d4 acid', async (ruleSet) => {
    const goblin = await wizardAndGoblin(ruleSet);
    // d20 5 + 6 = 11 misses AC 15; 4d4 = 3 + 3 + 2 + 3 = 11, half is 5.
    dice.queue(5, 3, 3, 2, 3);
    const reply = text(await table.run(ALICE, 'cast', null, { spell: 'Acid Arrow', target: goblin }));
    expect(dice.pending).toBe(0);
    expect(await hpOf(goblin)).toBe(40 - 5);
    expect(reply).toContain(`${goblin} takes 5 acid damage`);
  });

  test.each(['dnd2024', 'dnd2014'] as const)(
    "Acid Arrow (%s) that hits deals 2d4 acid more at the end of the target's next turn, through its defences, and undone with that turn",
    async (ruleSet) => {
      const goblin = await wizardAndGoblin(ruleSet);
      await table.run(GM, 'init', 'next', {});
      await table.run(GM, 'condition', 'add', { target: goblin, condition: 'Acid ward', modifiers: 'resist:acid' });
      // d20 15 + 6 = 21 hits AC 15; 4d4 = 3 + 3 + 2 + 3 = 11, halved by the ward to 5.
      dice.queue(15, 3, 3, 2, 3);
      const hit = text(await table.run(ALICE, 'cast', null, { spell: 'Acid Arrow', target: goblin }));
      expect(dice.pending).toBe(0);
      expect(hit).toContain(`${goblin} takes 5 acid damage`);
      expect(hit).toContain(`${goblin} takes 2d4 acid more at the end of its next turn (Acid Arrow).`);
      const listed = text(await table.run(GM, 'init', 'list', {}));
      expect(listed).toContain(`**${goblin}** · 35/40 HP · AC 15 · Acid ward, Acid Arrow (2d4 acid at the end of its turn)`);
      // The goblin's turn starts: nothing yet.
      expect(text(await table.run(ALICE, 'init', 'next', {}))).not.toContain('acid');
      expect(await hpOf(goblin)).toBe(35);
      // Its turn ends: 2d4 = 4 + 3 = 7 acid, halved to 3.
      dice.queue(4, 3);
      const ended = text(await table.run(GM, 'init', 'next', {}));
      expect(dice.pending).toBe(0);
      expect(ended).toContain('🎲 2d4 (**4**, 3) [acid] = `7`');
      expect(ended).toContain(`${goblin} takes 3 acid damage (halved: resistant) and is at 32 HP.`);
      expect(await hpOf(goblin)).toBe(32);
      // Undone with the turn change, and a turn ended again rolls it again; the arrow lands once.
      await table.run(GM, 'init', 'undo', {});
      expect(await hpOf(goblin)).toBe(35);
      dice.queue(1, 1);
      await table.run(GM, 'init', 'next', {});
      expect(await hpOf(goblin)).toBe(34);
      await table.run(GM, 'init', 'next', {});
      await table.run(GM, 'init', 'next', {});
      expect(dice.pending).toBe(0);
      expect(await hpOf(goblin)).toBe(34);
    },
  );

  test("Acid Arrow's later damage does not hang on a concentration its caster keeps for another spell", async () => {
    const goblin = await wizardAndGoblin('dnd2024');
    await table.run(GM, 'init', 'next', {});
    await table.run(ALICE, 'cast', null, { spell: 'Blur' });
    // d20 15 + 6 hits; 4d4 of 2 each = 8.
    dice.queue(15, 2, 2, 2, 2);
    const hit = text(await table.run(ALICE, 'cast', null, { spell: 'Acid Arrow', target: goblin }));
    expect(hit).toContain(`${goblin} takes 2d4 acid more at the end of its next turn (Acid Arrow).`);
    await table.run(ALICE, 'init', 'drop-concentration', { target: 'Merric' });
    await table.run(ALICE, 'init', 'next', {});
    dice.queue(3, 3);
    expect(text(await table.run(GM, 'init', 'next', {}))).toContain(`${goblin} takes 6 acid damage and is at 26 HP.`);
    expect(dice.pending).toBe(0);
  });

  test('Acid Arrow at 4th level: both its first and its later damage grow by 1d4 a slot level', async () => {
    const goblin = await wizardAndGoblin('dnd2024', 1, 7);
    await table.run(GM, 'init', 'next', {});
    // d20 15 + 6 hits; 6d4 of 2 each = 12.
    dice.queue(15, 2, 2, 2, 2, 2, 2);
    await table.run(ALICE, 'cast', null, { spell: 'Acid Arrow', level: 4, target: goblin });
    await table.run(ALICE, 'init', 'next', {});
    // 4d4 of 1 each at the end of the goblin's turn.
    dice.queue(1, 1, 1, 1);
    expect(text(await table.run(GM, 'init', 'next', {}))).toContain(`${goblin} takes 4 acid damage and is at 24 HP.`);
    expect(dice.pending).toBe(0);
  });

  test('Ice Knife: 1d10 piercing on a hit, then hit or miss a DC 14 Dexterity save for the target and those around it, or 2d6 cold', async () => {
    await wizardAndGoblin('dnd2024', 2);
    const targets = 'Goblin Warrior 1, Goblin Warrior 2';
    // d20 15 + 6 = 21 hits AC 15 for 1d10 = 7 piercing; one 2d6 = 4 + 5 = 9 cold: 5 + 2 fails, 16 + 2 succeeds.
    dice.queue(15, 7, 4, 5, 5, 16);
    const hit = text(await table.run(ALICE, 'cast', null, { spell: 'Ice Knife', target: targets }));
    expect(dice.pending).toBe(0);
    expect(hit).toContain('Goblin Warrior 1 takes 7 piercing damage');
    expect(hit.split('\n').filter((line) => line.includes('Dexterity save (DC 14)'))).toHaveLength(2);
    expect([await hpOf('Goblin Warrior 1'), await hpOf('Goblin Warrior 2')]).toEqual([40 - 7 - 9, 40]);

    // At 2nd level, a miss: no piercing, but 3d6 = 2 + 3 + 4 = 9 cold on both failed saves (3 + 2, 4 + 2).
    dice.queue(2, 2, 3, 4, 3, 4);
    await table.run(ALICE, 'cast', null, { spell: 'Ice Knife', level: 2, target: targets });
    expect(dice.pending).toBe(0);
    expect([await hpOf('Goblin Warrior 1'), await hpOf('Goblin Warrior 2')]).toEqual([24 - 9, 40 - 9]);
  });

  test.each([
    ['dnd2024', ['prone']],
    // 2014's Heal ends blindness and deafness, not poison.
    ['dnd2014', ['poisoned', 'prone']],
  ] as const)(
    "Heal (%s) at 7th level restores 80 HP and ends the conditions it names (2024's Blinded, Deafened, Poisoned)",
    async (ruleSet, left) => {
      await useRules(services, ruleSet);
      await table.run(ALICE, 'character', 'create', { name: 'Sister Vel', level: 13, wis: 16, hp: 90, class: 'cleric' });
      await table.run(BOB, 'character', 'create', { name: 'Bram', level: 13, con: 14, hp: 120 });
      await table.run(GM, 'init', 'begin', {});
      await table.run(ALICE, 'init', 'join', { initiative: 18 });
      await table.run(BOB, 'init', 'join', { initiative: 12 });
      await table.run(GM, 'hp', 'damage', { target: 'Bram', amount: '100' });
      for (const condition of ['Blinded', 'Deafened', 'Poisoned', 'Prone'])
        await table.run(GM, 'condition', 'add', { target: 'Bram', condition });
      const reply = text(await table.run(ALICE, 'cast', null, { spell: 'Heal', level: 7, target: 'Bram' }));
      expect(dice.pending).toBe(0);
      expect(reply).toContain('**Sister Vel** casts **Heal** (7th level');
      expect(reply).toContain('Bram regains 80 HP and is at 100 HP.\nBlinded on Bram ends.\nDeafened on Bram ends.');
      const encounter = await services.encounters.get({ guildId: 'guild-1', channelId: 'channel-1' });
      const bram = encounter?.combatants.find((c) => c.name === 'Bram');
      expect(bram?.rules.hp).toBe(20 + 80);
      expect(bram?.rules.conditions).toEqual(left);
    },
  );

  test.each(['dnd2024', 'dnd2014'] as const)(
    "Hold Monster (%s): Paralyzed on a failed save, repeated at the end of each of the target's turns",
    async (ruleSet) => {
      const goblin = await wizardAndGoblin(ruleSet, 1, 9);
      // A 9th-level wizard's DC is 8 + 4 + 3 = 15; the goblin's Wisdom save: 3 − 1 = 2 fails.
      dice.queue(3);
      await table.run(ALICE, 'cast', null, { spell: 'Hold Monster', target: goblin });
      const held = await services.encounters.get({ guildId: 'guild-1', channelId: 'channel-1' });
      expect(held?.combatants.find((c) => c.name === goblin)?.rules.conditions).toContain('paralyzed');
      await table.run(GM, 'init', 'next', {});
      await table.run(GM, 'init', 'next', {});
      dice.queue(18);
      expect(text(await table.run(GM, 'init', 'next', {}))).toContain(
        `${goblin} repeats its Wisdom save against Hold Monster (DC 15): d20 18 − 1 (save bonus) = 17, the effect ends.`,
      );
      const freed = await services.encounters.get({ guildId: 'guild-1', channelId: 'channel-1' });
      expect(freed?.combatants.find((c) => c.name === goblin)?.rules.conditions).toEqual([]);
    },
  );

  test("2014's Heal and Hold Monster do nothing to a Zombie, the slot spent; 2024's have no such limit; a typed-in creature is the game master's to judge", async () => {
    await useRules(services, 'dnd2014');
    await table.run(ALICE, 'character', 'create', { name: 'Sister Vel', level: 13, wis: 16, hp: 90, class: 'cleric' });
    await table.run(GM, 'init', 'begin', {});
    await table.run(ALICE, 'init', 'join', { initiative: 18 });
    await table.run(GM, 'init', 'add', { monster: 'Zombie', initiative: 10 });
    await table.run(GM, 'init', 'add', { name: 'Thing', hp: '30', initiative: 5 });
    await table.run(GM, 'hp', 'damage', { target: 'Zombie', amount: '10' });
    await table.run(GM, 'hp', 'damage', { target: 'Thing', amount: '10' });
    const heal = text(await table.run(ALICE, 'cast', null, { spell: 'Heal', target: 'Zombie' }));
    expect(heal).toContain(
      '**Sister Vel** casts **Heal** (6th level; 0 of 1 6th-level slots left).\nHeal has no effect on Zombie: it is undead.',
    );
    expect(await hpOf('Zombie')).toBe(12);
    // A 13th-level cleric's DC is 8 + 5 + 3 = 16: no save is rolled.
    const hold = text(await table.run(ALICE, 'cast', null, { spell: 'Hold Monster', target: 'Zombie' }));
    expect(dice.pending).toBe(0);
    expect(hold).toContain('Hold Monster has no effect on Zombie: it is undead.');
    expect(hold).not.toContain('Paralyzed');
    await table.run(GM, 'init', 'undo', {});
    await table.run(GM, 'init', 'undo', {});
    const typed = text(await table.run(ALICE, 'cast', null, { spell: 'Heal', target: 'Thing' }));
    expect(typed).toContain(
      'Heal has no effect on constructs or undead, and the bot does not know what kind of creature Thing is: the game master judges whether it took effect.',
    );
    expect(await hpOf('Thing')).toBe(30);
    await table.run(GM, 'init', 'add', { monster: 'Animated Armor', initiative: 3 });
    const armour = text(await table.run(ALICE, 'cast', null, { spell: 'Cure Wounds', target: 'Animated Armor' }));
    expect(armour).toContain('Cure Wounds has no effect on Animated Armor: it is a construct.');
  });

  test("2024's Heal restores a Zombie's hit points", async () => {
    await useRules(services, 'dnd2024');
    await table.run(ALICE, 'character', 'create', { name: 'Sister Vel', level: 13, wis: 16, hp: 90, class: 'cleric' });
    await table.run(GM, 'init', 'begin', {});
    await table.run(ALICE, 'init', 'join', { initiative: 18 });
    await table.run(GM, 'init', 'add', { monster: 'Zombie', initiative: 10 });
    await table.run(GM, 'hp', 'damage', { target: 'Zombie', amount: '10' });
    expect(text(await table.run(ALICE, 'cast', null, { spell: 'Heal', target: 'Zombie' }))).not.toContain('no effect');
    expect(await hpOf('Zombie')).toBe(15);
  });

  test.each([
    // 2024: 12d12 psychic (6 each, 72) to one with more than 100 HP.
    ['dnd2024', 150 - 72],
    // 2014: no effect on one with more than 100 HP.
    ['dnd2014', 150],
  ] as const)('Power Word Kill (%s): death at 100 HP or fewer, whatever the death rules say', async (ruleSet, after) => {
    await useRules(services, ruleSet);
    await table.run(ALICE, 'character', 'create', { name: 'Merric', level: 17, int: 20, hp: 90, class: 'wizard' });
    await table.run(GM, 'init', 'begin', {});
    await table.run(BOB, 'character', 'create', { name: 'Bram', level: 17, con: 14, hp: 100 });
    await table.run(ALICE, 'init', 'join', { initiative: 18 });
    await table.run(BOB, 'init', 'join', { initiative: 12 });
    await table.run(GM, 'init', 'add', { name: 'Ogre Chief', hp: '150', ac: 14, initiative: 10 });
    if (ruleSet === 'dnd2024') dice.queue(...new Array<number>(12).fill(6));
    await table.run(ALICE, 'cast', null, { spell: 'Power Word Kill', target: 'Ogre Chief' });
    expect(dice.pending).toBe(0);
    expect(await hpOf('Ogre Chief')).toBe(after);

    // Undone, the slot comes back; a character at exactly 100 HP dies, with no death saves to make.
    await table.run(GM, 'init', 'undo', {});
    const reply = text(await table.run(GM, 'cast', null, { spell: 'Power Word Kill', caster: 'Merric', target: 'Bram' }));
    expect(dice.pending).toBe(0);
    expect(reply).toContain('Bram dies outright.');
    const encounter = await services.encounters.get({ guildId: 'guild-1', channelId: 'channel-1' });
    expect(encounter?.combatants.find((c) => c.name === 'Bram')?.rules).toMatchObject({ hp: 0, dead: true });
  });

  /** Sister Vel, a cleric with Wis 16, and the rule set's goblin with 80 HP. */
  async function clericAndGoblin(ruleSet: keyof typeof GOBLIN, level: number): Promise<string> {
    await useRules(services, ruleSet);
    await table.run(ALICE, 'character', 'create', { name: 'Sister Vel', level, wis: 16, hp: 60, class: 'cleric' });
    await table.run(GM, 'init', 'begin', {});
    await table.run(ALICE, 'init', 'join', { initiative: 18 });
    await table.run(GM, 'init', 'add', { monster: GOBLIN[ruleSet], hp: '80', initiative: 10 });
    return GOBLIN[ruleSet];
  }

  test('Flame Strike (2014) at 6th level: the extra 1d6 is fire, or radiant as the caster chooses', async () => {
    const goblin = await clericAndGoblin('dnd2014', 11);
    // Fire is halved: a ward's resistance shows which part the extra die went to.
    await table.run(GM, 'condition', 'add', { target: goblin, condition: 'Fire ward', modifiers: 'resist:fire' });
    // 9d6 of 4 each; the goblin's Dexterity save (DC 8 + 4 + 3 = 15): 5 + 2 fails.
    dice.queue(...new Array<number>(9).fill(4), 5);
    await table.run(ALICE, 'cast', null, { spell: 'Flame Strike', level: 6, target: goblin });
    expect(dice.pending).toBe(0);
    // 5d6 fire = 20, halved to 10, and 4d6 radiant = 16.
    expect(await hpOf(goblin)).toBe(80 - 26);
    await table.run(GM, 'init', 'undo', {});
    dice.queue(...new Array<number>(9).fill(4), 5);
    await table.run(ALICE, 'cast', null, { spell: 'Flame Strike', level: 6, target: goblin, 'damage-type': 'radiant' });
    expect(dice.pending).toBe(0);
    // 4d6 fire = 16, halved to 8, and 5d6 radiant = 20.
    expect(await hpOf(goblin)).toBe(80 - 28);
  });

  test('a damage type the spell does not offer is refused, and nothing changes', async () => {
    const goblin = await clericAndGoblin('dnd2014', 11);
    expect(refused(await table.run(ALICE, 'cast', null, { spell: 'Flame Strike', level: 6, target: goblin, 'damage-type': 'cold' }))).toBe(
      '⚠️ Flame Strike deals fire or radiant damage: `damage-type` is one of those.',
    );
    expect(refused(await table.run(ALICE, 'cast', null, { spell: 'Guiding Bolt', target: goblin, 'damage-type': 'fire' }))).toBe(
      '⚠️ Guiding Bolt offers no choice of damage type: leave `damage-type` out.',
    );
    expect(await hpOf(goblin)).toBe(80);
  });

  /** Alice's Merric (the wizard above) and Bob's Bram (level 5, 40 HP), both in the fight. */
  async function merricAndBram(): Promise<void> {
    await table.run(ALICE, 'character', 'create', { name: 'Merric', level: 5, int: 16, hp: 28, class: 'wizard' });
    await table.run(BOB, 'character', 'create', { name: 'Bram', level: 5, hp: 40 });
    await table.run(GM, 'init', 'begin', {});
    await table.run(ALICE, 'init', 'join', { initiative: 18 });
    await table.run(BOB, 'init', 'join', { initiative: 12 });
  }

  test("a player's save or dart spell at another player's character is refused as an attack is, and nothing changes", async () => {
    await merricAndBram();
    for (const spell of ['Fireball', 'Magic Missile', 'Hold Person']) {
      expect(refused(await table.run(ALICE, 'cast', null, { spell, target: 'Bram' }))).toMatch(
        new RegExp(`^⚠️ Only Bram's player, the game master \\(Gina\\) or a member with Manage Channels can cast ${spell} on Bram:`),
      );
    }
    expect(dice.pending).toBe(0);
    expect(await hpOf('Bram')).toBe(40);
  });

  test("a player's Invisibility on another player's character is a gift, not harm: it lands", async () => {
    await merricAndBram();
    const cast = await table.run(ALICE, 'cast', null, { spell: 'Invisibility', target: 'Bram' });
    expect(text(cast)).toContain('Bram is now **Invisible** (from Merric)');
    const encounter = await services.encounters.get({ guildId: 'guild-1', channelId: 'channel-1' });
    expect(encounter?.combatants.find((c) => c.name === 'Bram')?.rules.conditions).toContain('invisible');
  });
});
