import { monstersOf } from '../../../src/compendium/load';
import type { Services } from '../../../src/services';
import type { Reply } from '../../../src/views/reply';
import { ALICE, GM, openTablePer, refused, text, type Player, type ScriptedRandom, type Table } from './support';

/** The game master, who may also choose the server's rule set. */
const ADMIN_GM: Player = { ...GM, admin: true };

/** `/init add monster:` at the table, on the in-memory stores, with the dice the test queues. */
describe('/init add monster:', () => {
  let table: Table;
  let dice: ScriptedRandom;
  let services: Services;
  openTablePer('test', (opened) => ({ table, dice, services } = opened), 1, 'memory');

  async function begin(ruleset: 'dnd2024' | 'dnd2014' = 'dnd2024'): Promise<void> {
    await table.run(ADMIN_GM, 'config', 'ruleset', { ruleset });
    await table.run(GM, 'init', 'begin', {});
  }

  function add(values: Record<string, string | number | boolean>): Promise<Reply> {
    return table.run(GM, 'init', 'add', values);
  }

  it('2024: three Goblin Warriors from the SRD 5.2, AC 15, 10 HP, initiative +2', async () => {
    await begin();
    dice.queue(12);
    const reply = await add({ monster: 'Goblin Warrior', count: 3 });
    expect(reply.ephemeral).toBeUndefined();
    expect(text(reply)).toBe(
      [
        'Goblin Warrior 1–3 join the fight with initiative 14 (d20 12 + 2).',
        '📖 Goblin Warrior, from the SRD 5.2: AC 15 · 10 HP · initiative +2 · saves Str −1, Dex +2, Con +0, Int +0, Wis −1, Cha −1.',
      ].join('\n'),
    );
    expect(text(table.tracker())).toContain('**Goblin Warrior 1** · 10/10 HP · AC 15');
    expect(text(table.tracker())).toContain('**Goblin Warrior 3** · 10/10 HP · AC 15');
  });

  it('2014: a Goblin from the SRD 5.1, AC 15 and 7 HP; source: takes the other book', async () => {
    await begin('dnd2014');
    dice.queue(10);
    expect(text(await add({ monster: 'goblin' }))).toBe(
      [
        'Goblin joins the fight with initiative 12 (d20 10 + 2).',
        '📖 Goblin, from the SRD 5.1: AC 15 · 7 HP · initiative +2 · saves Str −1, Dex +2, Con +0, Int +0, Wis −1, Cha −1.',
      ].join('\n'),
    );
    dice.queue(10);
    expect(text(await add({ monster: 'Goblin Warrior', source: 'srd-5.2', name: 'Warrior' }))).toContain(
      '📖 Goblin Warrior, from the SRD 5.2: AC 15 · 10 HP · initiative +2',
    );
    expect(text(table.tracker())).toContain('**Goblin** · 7/7 HP · AC 15');
  });

  it('hp:roll rolls the Hit Dice for each creature', async () => {
    await begin();
    dice.queue(1, 2, 3, 6, 6, 5, 12);
    const reply = await add({ monster: 'Goblin Warrior', count: 2, hp: 'roll' });
    expect(text(reply)).toBe(
      [
        'Goblin Warrior 1 and Goblin Warrior 2 join the fight with initiative 14 (d20 12 + 2).',
        "🎲 Goblin Warrior 1's HP: 3d6 (**1**, 2, 3) = `6`",
        "🎲 Goblin Warrior 2's HP: 3d6 (**6**, **6**, 5) = `17`",
        '📖 Goblin Warrior, from the SRD 5.2: AC 15 · HP rolled on 3d6 each · initiative +2 · saves Str −1, Dex +2, Con +0, Int +0, Wis −1, Cha −1.',
      ].join('\n'),
    );
    expect(text(table.tracker())).toContain('**Goblin Warrior 2** · 17/17 HP · AC 15');
    expect(dice.pending).toBe(0);
  });

  it('every option given overrides the block; none clears its defences', async () => {
    await begin('dnd2014');
    dice.queue(10);
    const reply = await add({ monster: 'Gargoyle', name: 'Statue', ac: 17, hp: '30', saves: 'dex+5', 'init-mod': 4, resist: 'none' });
    expect(text(reply)).toBe(
      [
        'Statue joins the fight with initiative 14 (d20 10 + 4).',
        '📖 Gargoyle, from the SRD 5.1: saves Str +2, Con +3, Int −2, Wis +0, Cha −2 · immune to poison damage · immune to Exhaustion, Petrified, Poisoned.',
      ].join('\n'),
    );
    expect(text(table.tracker())).toContain('**Statue** · 30/30 HP · AC 17');
    dice.queue(9);
    expect(text(await table.run(GM, 'save', null, { ability: 'dex', target: 'Statue' }))).toContain('d20 9 + 5 (save bonus) = 14');
    // No resistance left: 8 slashing is 8.
    expect(text(await table.run(GM, 'hp', 'damage', { target: 'Statue', amount: '8', type: 'slashing' }))).toBe(
      'Statue takes 8 slashing damage and is at 22 HP.',
    );
  });

  it("a 5.1 block's resistance to nonmagical attacks applies as a plain one", async () => {
    await begin('dnd2014');
    dice.queue(10);
    expect(text(await add({ monster: 'Gargoyle' }))).toBe(
      [
        'Gargoyle joins the fight with initiative 10 (d20 10).',
        '📖 Gargoyle, from the SRD 5.1: AC 15 · 52 HP · initiative +0 · saves Str +2, Dex +0, Con +3, Int −2, Wis +0, Cha −2 · ' +
          'resists bludgeoning, piercing, slashing damage · immune to poison damage · immune to Exhaustion, Petrified, Poisoned.',
      ].join('\n'),
    );
    expect(text(await table.run(GM, 'hp', 'damage', { target: 'Gargoyle', amount: '8', type: 'slashing' }))).toBe(
      'Gargoyle takes 4 slashing damage (halved: resistant) and is at 48 HP.',
    );
  });

  it('an unknown monster answers with the closest names; without a monster, name is needed and hp:roll refused', async () => {
    await begin();
    expect(refused(await add({ monster: 'Goblen' }))).toBe(
      '⚠️ No monster called Goblen. Did you mean Goblin Boss, Goblin Minion, Goblin Warrior?',
    );
    expect(refused(await add({ monster: 'Zzzzqx' }))).toBe(
      "⚠️ No monster called Zzzzqx in the SRD 5.2 or this server's homebrew: `monster` suggests names as you type.",
    );
    expect(refused(await add({ hp: 'roll', name: 'Goblin' }))).toBe(
      '⚠️ `hp:roll` reads the stat block of `monster`: give `monster`, or the hit points.',
    );
    expect(refused(await add({ hp: '7' }))).toBe('⚠️ Give `name`, or `monster` to add one from a stat block.');
  });

  it('monster suggests the names of the rule set’s book, or of source:', async () => {
    await begin();
    expect(await table.suggest(GM, 'init', 'add', 'goblin w', 'monster')).toEqual([
      'Goblin Warrior',
      'Hobgoblin Warrior',
      'Goblin Boss',
      'Goblin Minion',
    ]);
  });

  it("a hidden monster's block reaches the game master alone", async () => {
    await begin();
    dice.queue(10);
    const reply = await add({ monster: 'Ogre', name: 'Shape', hidden: true });
    expect(reply.ephemeral).toBeUndefined();
    // The table reads what it reads of any hidden monster (its total, as the tracker shows it); the
    // roll and modifier, the block, its name and numbers go to the game master.
    expect(text(reply)).toBe('Shape joins the fight with initiative 9.');
    expect(table.messenger.direct.map((d) => text(d.message))).toEqual([
      [
        '🔒 For the game master, from <#channel-1> (the table saw the outcome only):',
        'Shape joins the fight with initiative 9 (d20 10 − 1).',
        '📖 Ogre, from the SRD 5.2: AC 11 · 68 HP · initiative −1 · saves Str +4, Dex −1, Con +3, Int −3, Wis −2, Cha −2.',
      ].join('\n'),
    ]);
    // With its hit points rolled, the whole reply is the game master's, as a hidden monster's rolls are.
    dice.queue(1, 1, 1, 1, 1, 1, 1, 1, 10);
    const rolled = await add({ monster: 'Ogre', name: 'Lump', hidden: true, hp: 'roll' });
    expect(rolled.ephemeral).toBe(true);
    expect(text(rolled)).toBe(
      [
        'Lump joins the fight with initiative 9 (d20 10 − 1).',
        "🎲 Lump's HP: 8d10 (**1**, **1**, **1**, **1**, **1**, **1**, **1**, **1**) + 24 = `32`",
        '📖 Ogre, from the SRD 5.2: AC 11 · HP rolled on 8d10+24 each · initiative −1 · saves Str +4, Dex −1, Con +3, Int −3, Wis −2, Cha −2.',
      ].join('\n'),
    );
  });

  it("a block's condition immunity refuses the condition, Exhaustion too", async () => {
    await begin();
    dice.queue(10);
    await add({ monster: 'Skeleton' });
    expect(refused(await table.run(GM, 'condition', 'add', { target: 'Skeleton', condition: 'Poisoned' }))).toBe(
      '⚠️ Skeleton is immune to Poisoned.',
    );
    expect(refused(await table.run(GM, 'condition', 'add', { target: 'Skeleton', condition: 'Exhaustion' }))).toBe(
      '⚠️ Skeleton is immune to Exhaustion.',
    );
    expect(text(await table.run(GM, 'condition', 'add', { target: 'Skeleton', condition: 'Prone' }))).toBe('Skeleton is now **Prone**.');
    dice.queue(10);
    await add({ monster: 'Zombie', name: 'Shambler', hidden: true });
    await table.run(ALICE, 'init', 'join', { name: 'Alice', hp: 20, initiative: 15 });
    // A player who may not affect a hidden monster learns nothing of its block: the refusal is today's.
    expect(refused(await table.run(ALICE, 'condition', 'add', { target: 'Shambler', condition: 'Poisoned' }))).toBe(
      '⚠️ Only the game master (Gina) or a member with Manage Channels can put Poisoned on Shambler.',
    );
    // One who may (an effect of their own) learns what the effect does: the one condition, no list and no number.
    expect(refused(await table.run(ALICE, 'condition', 'add', { target: 'Shambler', condition: 'Poisoned', source: 'Alice' }))).toBe(
      '⚠️ Shambler is immune to Poisoned.',
    );
  });

  it("/check on a monster uses the block's skill bonus, else the ability modifier", async () => {
    await begin();
    dice.queue(10);
    await add({ monster: 'Goblin Warrior' });
    dice.queue(9);
    expect(text(await table.run(GM, 'check', null, { skill: 'stealth', target: 'Goblin Warrior' }))).toBe(
      'Goblin Warrior: Dexterity (Stealth) check\nd20 9 + 6 (skill bonus) = 15\nTotal: 15',
    );
    dice.queue(9);
    expect(text(await table.run(GM, 'check', null, { skill: 'athletics', target: 'Goblin Warrior' }))).toBe(
      'Goblin Warrior: Strength (Athletics) check\nd20 9 − 1 (Str) = 8\nTotal: 8',
    );
    dice.queue(9);
    expect(text(await table.run(GM, 'check', null, { ability: 'dex', target: 'Goblin Warrior' }))).toBe(
      'Goblin Warrior: Dexterity check\nd20 9 + 2 (Dex) = 11\nTotal: 11',
    );
    dice.queue(9);
    expect(text(await table.run(GM, 'save', null, { ability: 'wis', target: 'Goblin Warrior' }))).toBe(
      'Goblin Warrior: Wisdom save\nd20 9 − 1 (save bonus) = 8\nTotal: 8',
    );
  });

  it("the server's homebrew comes first: its Goblin Warrior, not the book's", async () => {
    const book = (await monstersOf('srd-5.2')).find('Goblin Warrior');
    if (book === undefined) throw new Error('no Goblin Warrior in the SRD 5.2');
    await services.bestiary.homebrew.save('guild-1', [{ ...book, ac: 16, hp: 12, legendary: { perRound: 1, actions: [] } }], 200);
    await begin();
    dice.queue(10);
    expect(text(await add({ monster: 'goblin warrior' }))).toBe(
      [
        'Goblin Warrior joins the fight with initiative 12 (d20 10 + 2).',
        "📖 Goblin Warrior, from this server's homebrew: AC 16 · 12 HP · initiative +2 · " +
          'saves Str −1, Dex +2, Con +0, Int +0, Wis −1, Cha −1 · 1 legendary action a round.',
      ].join('\n'),
    );
    expect(text(table.tracker())).toContain('**Goblin Warrior** · 12/12 HP · AC 16');
  });
});
