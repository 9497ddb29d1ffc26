import { ALICE, GM, Table, buttonsOf, openTablePer, text, type ScriptedRandom } from './support';

/** A hidden monster's concentration: the players' tracker shows it only when the table was told of the cast. */
describe("a hidden monster's concentration", () => {
  let table: Table;
  let dice: ScriptedRandom;
  openTablePer('test', (opened) => ({ table, dice } = opened), 1, 'memory');

  async function hiddenMage(): Promise<void> {
    await table.run(GM, 'init', 'begin', {});
    await table.run(ALICE, 'init', 'join', { name: 'Alice', hp: 30, ac: 14, initiative: 15 });
    await table.run(GM, 'init', 'add', { monster: 'Mage', initiative: 10, hidden: true });
  }

  const playersLine = (): string | undefined => table.tracker().embeds?.[0]?.description?.split('\n').at(-1);
  const gameMastersLine = async (): Promise<string | undefined> =>
    (await table.run(GM, 'init', 'list', {})).embeds?.[0]?.description?.split('\n').at(-1);

  test("a secret cast's concentration stays off the players' tracker and their /init list, and on the game master's", async () => {
    await hiddenMage();
    const cast = await table.run(GM, 'cast', null, { spell: 'Fly', caster: 'Mage', target: 'Mage', secret: true });
    expect(cast.ephemeral).toBe(true);
    expect(playersLine()).toBe('▫️ `10` **Mage** · Healthy');
    expect(text(await table.run(ALICE, 'init', 'list', {}))).not.toContain('Fly');
    expect(await gameMastersLine()).toBe('▫️ `10` **Mage** (hidden) · 81/81 HP · AC 15 · 🔮 Fly');
  });

  test("the players' /init log tells of a secret cast only that the game master made a change in secret; the game master's names it", async () => {
    await hiddenMage();
    await table.run(GM, 'cast', null, { spell: 'Fly', caster: 'Mage', target: 'Mage', secret: true });
    const players = text(await table.run(ALICE, 'init', 'log', {}));
    expect(players).not.toContain('Fly');
    expect(players.split('\n').filter((line) => line.includes('/cast'))).toEqual([
      expect.stringMatching(/^`\d\d:\d\d:\d\d` Gina · \/cast · a change the game master made in secret$/),
    ]);
    expect(text(await table.run(GM, 'init', 'log', {}))).toContain('Fly');
  });

  test('a cast whose reply went to the game master alone (Invisibility on itself) leaves no concentration on the tracker', async () => {
    await hiddenMage();
    const cast = await table.run(GM, 'cast', null, { spell: 'Invisibility', caster: 'Mage', target: 'Mage' });
    expect(cast.ephemeral).toBe(true);
    expect(playersLine()).toBe('▫️ `10` **Mage** · Healthy');
    expect(await gameMastersLine()).toBe('▫️ `10` **Mage** (hidden) · 81/81 HP · AC 15 · 🔮 Invisibility · Invisible ⟲');
  });

  test('damage rolls the concentration save of a secret cast at once, for the game master alone: no line, no button in the channel', async () => {
    await hiddenMage();
    await table.run(GM, 'cast', null, { spell: 'Fly', caster: 'Mage', target: 'Mage', secret: true });
    dice.queue(2);
    const hit = await table.run(ALICE, 'hp', 'damage', { target: 'Mage', amount: '10' });
    expect(text(hit)).toBe('Mage is dealt 10 damage.');
    expect(buttonsOf(hit)).toEqual([]);
    expect(text(table.messenger.direct.at(-1)?.message ?? {})).toContain("Mage's concentration save (DC 10): d20 2 = 2. Fly ends.");
    expect(await gameMastersLine()).toBe('▫️ `10` **Mage** (hidden) · 71/81 HP · AC 15');
  });

  test('a cast told in the channel shows its concentration to the players', async () => {
    await hiddenMage();
    const cast = await table.run(GM, 'cast', null, { spell: 'Fly', caster: 'Mage', target: 'Mage' });
    expect(cast.ephemeral).toBeUndefined();
    expect(playersLine()).toBe('▫️ `10` **Mage** · Healthy · 🔮 Fly');
  });
});
