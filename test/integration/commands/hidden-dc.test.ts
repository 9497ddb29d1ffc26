import { ALICE, GM, Table, buttonsOf, openTablePer, text, type ScriptedRandom } from './support';

/** A hidden monster's save DC on a player's condition: the table reads the condition, the game master the DC. */
describe("a hidden source's save DC", () => {
  let table: Table;
  let dice: ScriptedRandom;
  openTablePer('test', (opened) => ({ table, dice } = opened), 1, 'memory');

  test('stays out of the channel reply, the tracker and the repeat save, and reaches the game master', async () => {
    await table.run(GM, 'init', 'begin', {});
    await table.run(ALICE, 'init', 'join', { name: 'Alice', hp: 30, ac: 14, initiative: 15 });
    await table.run(GM, 'init', 'add', { name: 'Lurker', hp: 40, ac: 13, initiative: 10, hidden: true });
    const added = text(
      await table.run(GM, 'condition', 'add', { target: 'Alice', condition: 'Paralyzed', source: 'Lurker', save: 'wis', dc: 17 }),
    );
    expect(added).toContain('Alice is now **Paralyzed**');
    expect(added).not.toContain('17');
    const told = table.messenger.direct.map((d) => text(d.message)).join('\n');
    expect(told).toContain('Wisdom save (DC 17)');
    expect(text(table.tracker())).not.toContain('17');
    expect(text(await table.run(ALICE, 'condition', 'list', {}))).not.toContain('17');
    expect(text(await table.run(GM, 'condition', 'list', {}))).toContain('save DC 17');
    // Alice's turn, then its end: her repeat save is rolled, told without the DC or the total.
    await table.run(GM, 'init', 'next', {});
    const due = text(await table.run(GM, 'init', 'next', {}));
    expect(due).toContain('Alice repeats their Wisdom save against Paralyzed, the effect');
    expect(due).not.toContain('17');
  });

  test("a hidden monster's concentration save: the channel reads no DC, half of what got through its resistance; the game master does", async () => {
    await table.run(GM, 'init', 'begin', {});
    await table.run(GM, 'init', 'add', { name: 'Boss', hp: '100', ac: 15, hidden: true, initiative: 5, resist: 'fire' });
    await table.run(ALICE, 'init', 'join', { name: 'Alice', hp: 40, ac: 14, initiative: 20 });
    await table.run(GM, 'init', 'concentrate', { target: 'Boss', effect: 'Hold Person' });
    const hit = await table.run(ALICE, 'hp', 'damage', { target: 'Boss', amount: '40', type: 'fire' });
    expect(text(hit)).toBe('Boss is dealt 40 fire damage.\nBoss must make a Constitution save to keep concentrating on Hold Person.');
    expect(buttonsOf(hit).map((button) => button.label)).toEqual(['Roll concentration save']);
    expect(table.tracker().embeds?.[0]?.description).toContain('🔮 Hold Person (save due)');
    expect(text(table.messenger.direct.at(-1)?.message ?? {})).toContain('Boss must make a **DC 10** Constitution save');
    dice.queue(15);
    const saved = await table.press(GM, buttonsOf(hit)[0]?.customId ?? '');
    expect(text(saved)).toBe("Boss's concentration save. Boss keeps concentrating on Hold Person.");
    expect(text(await table.run(ALICE, 'init', 'log', {}))).toContain('Boss rolled a concentration save and kept concentration');
  });
});
