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

  test('/init prev over the start of round 2 goes back to the turn taken last in round 1, in the order round 1 went in', async () => {
    await fight(['Alpha', 18], ['Bravo', 12], ['Charlie', 8]);
    await next(1);
    await table.run(GM, 'init', 'set-initiative', { target: 'Alpha', value: 5 });
    expect(await next(3)).toEqual(["It's **Bravo**'s turn.", "It's **Charlie**'s turn.", "**Round 2** begins.\nIt's **Bravo**'s turn."]);
    expect(text(await table.run(GM, 'init', 'prev'))).toBe("Back to **Charlie**'s turn (round 1).");
    expect(trackerOrder()).toEqual(['5 Alpha', '12 Bravo', '8 Charlie']);
    expect(text(await table.run(GM, 'init', 'prev'))).toBe("Back to **Bravo**'s turn (round 1).");
    expect(text(await table.run(GM, 'init', 'prev'))).toBe("Back to **Alpha**'s turn (round 1).");
    expect(await next(5)).toEqual([
      "It's **Bravo**'s turn.",
      "It's **Charlie**'s turn.",
      "**Round 2** resumes.\nIt's **Bravo**'s turn.",
      "It's **Charlie**'s turn.",
      "It's **Alpha**'s turn.",
    ]);
    expect(trackerOrder()).toEqual(['12 Bravo', '8 Charlie', '5 Alpha']);
  });

  test('/init prev back over two round starts keeps a place held in the later round until that round ends', async () => {
    await fight(['Alpha', 18], ['Bravo', 12], ['Charlie', 8]);
    await next(1);
    await table.run(GM, 'init', 'set-initiative', { target: 'Alpha', value: 5 });
    expect(await next(3)).toEqual(["It's **Bravo**'s turn.", "It's **Charlie**'s turn.", "**Round 2** begins.\nIt's **Bravo**'s turn."]);
    // Round 2 goes Bravo, Charlie, Alpha; Bravo, set on its own turn, holds its place through it.
    await table.run(GM, 'init', 'set-initiative', { target: 'Bravo', value: 1 });
    expect(await next(3)).toEqual(["It's **Charlie**'s turn.", "It's **Alpha**'s turn.", "**Round 3** begins.\nIt's **Charlie**'s turn."]);
    for (const back of ['Alpha', 'Charlie', 'Bravo', 'Charlie', 'Bravo']) {
      expect(text(await table.run(GM, 'init', 'prev'))).toMatch(new RegExp(`^Back to \\*\\*${back}\\*\\*'s turn`));
    }
    expect(await next(6)).toEqual([
      "It's **Charlie**'s turn.",
      "**Round 2** resumes.\nIt's **Bravo**'s turn.",
      "It's **Charlie**'s turn.",
      "It's **Alpha**'s turn.",
      "**Round 3** resumes.\nIt's **Charlie**'s turn.",
      "It's **Alpha**'s turn.",
    ]);
    expect(trackerOrder()).toEqual(['8 Charlie', '5 Alpha', '1 Bravo']);
  });

  test('/init undo of it puts the initiative and the order back as they were', async () => {
    await fight(['Alpha', 18], ['Bravo', 12], ['Charlie', 8]);
    await next(1);
    await table.run(GM, 'init', 'set-initiative', { target: 'Alpha', value: 5 });
    await table.run(GM, 'init', 'undo');
    expect(trackerOrder()).toEqual(['18 Alpha', '12 Bravo', '8 Charlie']);
    expect(await next(3)).toEqual(["It's **Bravo**'s turn.", "It's **Charlie**'s turn.", "**Round 2** begins.\nIt's **Alpha**'s turn."]);
  });

  /**
   * On another combatant: moved from still to act to having acted, or the reverse, it too keeps its
   * place until the round ends; a change that leaves it on its side of the turn re-sorts it at once.
   */
  describe('on a combatant other than the one whose turn it is', () => {
    test('moved above the turn being taken, the Dragon still has its turn of round 1, and round 2 takes the new order', async () => {
      await fight(['Alpha', 18], ['Bravo', 12], ['Dragon', 8]);
      await next(2);
      expect(text(await table.run(GM, 'init', 'set-initiative', { target: 'Dragon', value: 15 }))).toBe(
        "Dragon's initiative is now 15 (was 8); it takes its new place as **Round 2** begins.",
      );
      expect(trackerOrder()).toEqual(['18 Alpha', '12 Bravo', '15 Dragon']);
      expect(await next(4)).toEqual([
        "It's **Dragon**'s turn.",
        "**Round 2** begins.\nIt's **Alpha**'s turn.",
        "It's **Dragon**'s turn.",
        "It's **Bravo**'s turn.",
      ]);
      expect(trackerOrder()).toEqual(['18 Alpha', '15 Dragon', '12 Bravo']);
    });

    test('moved below the turn being taken after it acted, Alpha has no second turn in round 1', async () => {
      await fight(['Alpha', 18], ['Bravo', 12], ['Dragon', 8]);
      await next(2);
      expect(text(await table.run(GM, 'init', 'set-initiative', { target: 'Alpha', value: 5 }))).toBe(
        "Alpha's initiative is now 5 (was 18); it takes its new place as **Round 2** begins.",
      );
      expect(await next(4)).toEqual([
        "It's **Dragon**'s turn.",
        "**Round 2** begins.\nIt's **Bravo**'s turn.",
        "It's **Dragon**'s turn.",
        "It's **Alpha**'s turn.",
      ]);
    });

    test('moved below the lair turn under way after it acted: round 1 goes on to the Dragon, and round 2 has its lair turn once', async () => {
      await fight(['Alpha', 22], ['Bravo', 21], ['Dragon*', 8]);
      await next(3);
      expect(trackerHead()).toBe("Round **1** · **Dragon**'s lair turn (initiative 20)");
      expect(text(await table.run(GM, 'init', 'set-initiative', { target: 'Alpha', value: 10 }))).toBe(
        "Alpha's initiative is now 10 (was 22); it takes its new place as **Round 2** begins.",
      );
      expect(await next(5)).toEqual([
        "It's **Dragon**'s turn.",
        "**Round 2** begins.\nIt's **Bravo**'s turn.",
        "Initiative count 20: it's **Dragon**'s lair turn.",
        "It's **Alpha**'s turn.",
        "It's **Dragon**'s turn.",
      ]);
    });

    test('moved from below count 20 to above it during the lair turn under way, Bravo holds its place until round 2 as the others do', async () => {
      await fight(['Alpha', 22], ['Bravo', 12], ['Dragon*', 8]);
      await next(2);
      expect(trackerHead()).toBe("Round **1** · **Dragon**'s lair turn (initiative 20)");
      expect(text(await table.run(GM, 'init', 'set-initiative', { target: 'Bravo', value: 21 }))).toBe(
        "Bravo's initiative is now 21 (was 12); it takes its new place as **Round 2** begins.",
      );
      expect(trackerOrder()).toEqual(['22 Alpha', '21 Bravo', '8 Dragon']);
      expect(await next(5)).toEqual([
        "It's **Bravo**'s turn.",
        "It's **Dragon**'s turn.",
        "**Round 2** begins.\nIt's **Alpha**'s turn.",
        "It's **Bravo**'s turn.",
        "Initiative count 20: it's **Dragon**'s lair turn.",
      ]);
    });

    test('moved during the lair turn that opened round 2, before anyone acted in it: the reply says it moves as the lair turn ends', async () => {
      await fight(['Alpha', 15], ['Bravo', 12], ['Dragon*', 8]);
      // Round 1: the lair turn, Alpha, Bravo, the Dragon; then round 2's lair turn.
      await next(5);
      expect(trackerHead()).toBe("Round **2** · **Dragon**'s lair turn (initiative 20)");
      expect(text(await table.run(GM, 'init', 'set-initiative', { target: 'Alpha', value: 5 }))).toBe(
        "Alpha's initiative is now 5 (was 15); it takes its new place as this lair turn ends.",
      );
      expect(await next(4)).toEqual([
        "It's **Bravo**'s turn.",
        "It's **Dragon**'s turn.",
        "It's **Alpha**'s turn.",
        "**Round 3** begins.\nInitiative count 20: it's **Dragon**'s lair turn.",
      ]);
    });

    test('the lair creature moved above the turn being taken keeps its turn of round 1, after the lair turn', async () => {
      await fight(['Alpha', 22], ['Bravo', 12], ['Dragon*', 8]);
      await next(1);
      await table.run(GM, 'init', 'set-initiative', { target: 'Dragon', value: 25 });
      expect(await next(6)).toEqual([
        "Initiative count 20: it's **Dragon**'s lair turn.",
        "It's **Bravo**'s turn.",
        "It's **Dragon**'s turn.",
        "**Round 2** begins.\nIt's **Dragon**'s turn.",
        "It's **Alpha**'s turn.",
        "Initiative count 20: it's **Dragon**'s lair turn.",
      ]);
    });

    test('moved but left on its side of the turn being taken, it takes its new place at once', async () => {
      await fight(['Alpha', 18], ['Bravo', 12], ['Dragon', 8]);
      await next(1);
      expect(text(await table.run(GM, 'init', 'set-initiative', { target: 'Dragon', value: 15 }))).toBe(
        "Dragon's initiative is now 15 (was 8).",
      );
      expect(trackerOrder()).toEqual(['18 Alpha', '15 Dragon', '12 Bravo']);
      expect(await next(2)).toEqual(["It's **Dragon**'s turn.", "It's **Bravo**'s turn."]);
    });

    test('/init prev straight after it goes back to the turn before, and on again no turn is lost', async () => {
      await fight(['Alpha', 18], ['Bravo', 12], ['Dragon', 8]);
      await next(2);
      await table.run(GM, 'init', 'set-initiative', { target: 'Dragon', value: 15 });
      expect(text(await table.run(GM, 'init', 'prev'))).toBe("Back to **Alpha**'s turn (round 1).");
      expect(await next(4)).toEqual([
        "It's **Bravo**'s turn.",
        "It's **Dragon**'s turn.",
        "**Round 2** begins.\nIt's **Alpha**'s turn.",
        "It's **Dragon**'s turn.",
      ]);
    });

    test('/init undo of it puts the initiative and the order back as they were', async () => {
      await fight(['Alpha', 18], ['Bravo', 12], ['Dragon', 8]);
      await next(2);
      await table.run(GM, 'init', 'set-initiative', { target: 'Dragon', value: 15 });
      await table.run(GM, 'init', 'undo');
      expect(trackerOrder()).toEqual(['18 Alpha', '12 Bravo', '8 Dragon']);
      expect(await next(2)).toEqual(["It's **Dragon**'s turn.", "**Round 2** begins.\nIt's **Alpha**'s turn."]);
    });
  });
});
