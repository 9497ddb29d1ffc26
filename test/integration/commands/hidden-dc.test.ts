import { ALICE, GM, Table, openTablePer, text } from './support';

/** A hidden monster's save DC on a player's condition: the table reads the condition, the game master the DC. */
describe("a hidden source's save DC", () => {
  let table: Table;
  openTablePer('test', (opened) => ({ table } = opened), 1, 'memory');

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
});
