import { GM, openTablePer, text, type Table } from './support';

/**
 * `/init set-initiative` on the combatant whose turn it is: its turn goes on, the rest of the round
 * is taken in the order it had, and the new order holds from the next round.
 */
describe('/init set-initiative during the turn it changes', () => {
  let table: Table;
  openTablePer('test', (opened) => ({ table } = opened));

  /** Begins a fight of combatants with given initiatives (a lair creature's name ends in `*`). */
  async function fight(...combatants: [string, number][]): Promise<void> {
    await table.run(GM, 'init', 'begin');
    for (const [name, initiative] of combatants) {
      const lair = name.endsWith('*');
      await table.run(GM, 'init', 'add', { name: name.replace('*', ''), hp: 10, initiative, ...(lair ? { lair: true } : {}) });
    }
  }

  /** What each of `count` next turns says, then the tracker's first line. */
  async function next(count: number): Promise<string[]> {
    const said: string[] = [];
    for (let i = 0; i < count; i += 1) said.push(text(await table.run(GM, 'init', 'next')));
    return said;
  }

  function trackerHead(): string | undefined {
    return table.tracker().embeds?.[0]?.description?.split('\n')[0];
  }

  function trackerOrder(): string[] {
    const lines = table.tracker().embeds?.[0]?.description?.split('\n') ?? [];
    return lines.flatMap((line) => /^\S+ `\s*(-?\d+)` \*\*(.+?)\*\*/u.exec(line)?.slice(1, 3).join(' ') ?? []);
  }

  test('moved down on its first turn: the others keep their turns of round 1, and round 2 takes the new order', async () => {
    await fight(['Alpha', 18], ['Bravo', 12], ['Charlie', 8]);
    await next(1);
    expect(text(await table.run(GM, 'init', 'set-initiative', { target: 'Alpha', value: 5 }))).toBe(
      "Alpha's initiative is now 5 (was 18); it takes its new place as **Round 2** begins.",
    );
    expect(trackerOrder()).toEqual(['5 Alpha', '12 Bravo', '8 Charlie']);
    expect(await next(5)).toEqual([
      "It's **Bravo**'s turn.",
      "It's **Charlie**'s turn.",
      "**Round 2** begins.\nIt's **Bravo**'s turn.",
      "It's **Charlie**'s turn.",
      "It's **Alpha**'s turn.",
    ]);
    expect(trackerOrder()).toEqual(['12 Bravo', '8 Charlie', '5 Alpha']);
  });

  test('moved up on the last turn of round 1: nobody has a second turn in it, and round 2 opens with it', async () => {
    await fight(['Alpha', 18], ['Bravo', 12], ['Charlie', 8]);
    await next(3);
    await table.run(GM, 'init', 'set-initiative', { target: 'Charlie', value: 20 });
    expect(await next(3)).toEqual(["**Round 2** begins.\nIt's **Charlie**'s turn.", "It's **Alpha**'s turn.", "It's **Bravo**'s turn."]);
  });

  test("moved below count 20 on its first turn: round 1's lair turn still comes after it", async () => {
    await fight(['Alpha', 22], ['Bravo', 12], ['Dragon*', 8]);
    await next(1);
    await table.run(GM, 'init', 'set-initiative', { target: 'Alpha', value: 15 });
    expect(await next(5)).toEqual([
      "Initiative count 20: it's **Dragon**'s lair turn.",
      "It's **Bravo**'s turn.",
      "It's **Dragon**'s turn.",
      "**Round 2** begins.\nInitiative count 20: it's **Dragon**'s lair turn.",
      "It's **Alpha**'s turn.",
    ]);
  });

  test("changed during the lair turn that followed its turn: the round goes on to Bravo's turn, and round 3 begins once", async () => {
    await fight(['Alpha', 22], ['Bravo', 12], ['Dragon*', 8]);
    await next(6);
    expect(trackerHead()).toBe("Round **2** · **Dragon**'s lair turn (initiative 20)");
    await table.run(GM, 'init', 'set-initiative', { target: 'Alpha', value: 15 });
    expect(await next(1)).toEqual(["It's **Bravo**'s turn."]);
    expect(trackerHead()).toBe("Round **2** · **Bravo**'s turn");
    expect(await next(3)).toEqual([
      "It's **Dragon**'s turn.",
      "**Round 3** begins.\nInitiative count 20: it's **Dragon**'s lair turn.",
      "It's **Alpha**'s turn.",
    ]);
  });

  test('/init prev straight after it goes back to the turn before, and next comes back to the same turn', async () => {
    await fight(['Alpha', 18], ['Bravo', 12], ['Charlie', 8]);
    await next(2);
    await table.run(GM, 'init', 'set-initiative', { target: 'Bravo', value: 3 });
    expect(text(await table.run(GM, 'init', 'prev'))).toBe("Back to **Alpha**'s turn (round 1).");
    expect(await next(4)).toEqual([
      "It's **Bravo**'s turn.",
      "It's **Charlie**'s turn.",
      "**Round 2** begins.\nIt's **Alpha**'s turn.",
      "It's **Charlie**'s turn.",
    ]);
  });

  test('/init undo of it puts the initiative and the order back as they were', async () => {
    await fight(['Alpha', 18], ['Bravo', 12], ['Charlie', 8]);
    await next(1);
    await table.run(GM, 'init', 'set-initiative', { target: 'Alpha', value: 5 });
    await table.run(GM, 'init', 'undo');
    expect(trackerOrder()).toEqual(['18 Alpha', '12 Bravo', '8 Charlie']);
    expect(await next(3)).toEqual(["It's **Bravo**'s turn.", "It's **Charlie**'s turn.", "**Round 2** begins.\nIt's **Alpha**'s turn."]);
  });
});
