import { ALICE, BOB, GM, buttonsOf, openTable, openTablePer, text, type ScriptedRandom, type Table } from './support';

/** The game master's corrections, the other /hp subcommands, defences, and a tracker that went missing. */
describe('/init corrections and the rest of /hp', () => {
  let table: Table;
  let dice: ScriptedRandom;
  openTablePer('describe', (opened) => ({ table, dice } = opened), 7);

  test('without an encounter, commands say how to start one and autocomplete offers nothing', async () => {
    const reply = await table.run(ALICE, 'init', 'list');
    expect(reply.ephemeral).toBe(true);
    expect(text(reply)).toBe('⚠️ There is no encounter in this channel. Start one with `/init begin`.');
    expect(text(await table.run(ALICE, 'hp', 'damage', { target: 'Goblin', amount: '3' }))).toBe(
      '⚠️ There is no encounter in this channel. Start one with `/init begin`.',
    );
    expect(await table.suggest(ALICE, 'hp', 'damage', 'gob')).toEqual([]);
  });

  test('a channel where the bot may not pin still gets its tracker', async () => {
    table.messenger.mayPin = false;
    const reply = await table.run(GM, 'init', 'begin', { 'death-saves': 'button', 'concentration-saves': 'automatic' });
    expect(text(reply).split('\n').slice(1)).toEqual([
      'Death saves are rolled with a button by the player; concentration saves are rolled at once.',
      'Add monsters with `/init add`, players join with `/init join`, then **Next turn** starts round 1.',
      'The tracker is posted in this channel (I may not pin it here).',
    ]);
    expect(table.messenger.pinned).toEqual([]);
  });

  test('given initiatives, advantage, and defences listed as damage types', async () => {
    expect(
      text(
        await table.run(GM, 'init', 'add', {
          name: 'Fire Elemental',
          hp: 102,
          ac: 13,
          initiative: 16,
          immune: 'fire, poison',
          vulnerable: 'cold',
        }),
      ),
    ).toBe('Fire Elemental joins the fight with initiative 16 (given).');
    dice.queue(4, 17);
    expect(text(await table.run(GM, 'init', 'add', { name: 'Scout', hp: 16, 'init-mod': 2, mode: 'advantage', resist: 'piercing' }))).toBe(
      'Scout joins the fight with initiative 19 (d20 4, 17 with advantage + 2).',
    );
    expect(text(await table.run(GM, 'init', 'add', { name: 'Imp', resist: 'fire, ice' }))).toBe(
      '⚠️ "ice" in `resist` is not a damage type. Use a comma-separated list of: acid, bludgeoning, cold, fire, force, lightning, necrotic, piercing, poison, psychic, radiant, slashing, thunder.',
    );
    // What was typed is shown as typed, not as markdown.
    expect(text(await table.run(GM, 'init', 'add', { name: 'Imp', immune: 'fire, **ice** `x`' }))).toMatch(
      /^⚠️ "\\\*\\\*ice\\\*\\\* \\`x\\`" in `immune` is not a damage type\./,
    );
    dice.queue(10);
    await table.run(ALICE, 'init', 'join', { hp: 20, 'con-save': 5, 'init-mod': 1 });
  });

  test('immunity, vulnerability, resistance and a critical hit, in words', async () => {
    expect(text(await table.run(BOB, 'hp', 'damage', { target: 'fire', amount: '8', type: 'fire' }))).toBe(
      'Fire Elemental is immune to fire damage and takes none.',
    );
    expect(text(await table.run(BOB, 'hp', 'damage', { target: 'Fire Elemental', amount: '5 [cold]' }))).toContain(
      'Fire Elemental takes 10 cold damage (doubled: vulnerable) and is at 92 HP.',
    );
    dice.queue(3, 6);
    expect(text(await table.run(BOB, 'hp', 'damage', { target: 'Scout', amount: '1d8+2', type: 'piercing', critical: true }))).toBe(
      '🎲 2d8 (3, 6) + 2 = `11`\nCritical hit. Scout takes 5 piercing damage (halved: resistant) and is at 11 HP.',
    );
  });

  test('temporary HP, set and max', async () => {
    expect(text(await table.run(ALICE, 'hp', 'temp', { target: 'Alice', amount: '5' }))).toBe('Alice has 5 temporary HP.');
    expect(text(await table.run(ALICE, 'hp', 'temp', { target: 'Alice', amount: '3' }))).toBe(
      "Alice keeps 5 temporary HP: temporary HP don't add up, and 3 is not more.",
    );
    expect(text(await table.run(GM, 'hp', 'set', { target: 'Scout', amount: '4' }))).toBe('Scout is now at 4 HP (was 11).');
    expect(text(await table.run(GM, 'hp', 'max', { target: 'Alice', amount: '24' }))).toBe("Alice's hit point maximum is now 24 (was 20).");
    expect(text(await table.run(GM, 'hp', 'heal', { target: 'Alice', amount: 'lots' }))).toMatch(/^⚠️ /);
  });

  test("automatic concentration saves roll at once, with the caster's bonus", async () => {
    await table.run(ALICE, 'init', 'concentrate', { target: 'Alice', effect: 'Shield of Faith' });
    dice.queue(6);
    const hit = await table.run(GM, 'hp', 'damage', { target: 'Alice', amount: '24' });
    expect(text(hit)).toBe(
      "Alice takes 24 damage (5 absorbed by temporary HP, 0 left) and is at 1 HP.\nAlice's concentration save (DC 12): d20 6 + 5 (save bonus) = 11. Shield of Faith ends.",
    );
    expect(buttonsOf(hit)).toEqual([]);
    await table.run(ALICE, 'init', 'concentrate', { target: 'Alice', effect: 'Bless' });
    expect(text(await table.run(ALICE, 'init', 'drop-concentration', { target: 'Alice' }))).toBe('Alice stops concentrating on Bless.');
  });

  test('set-initiative reorders, move makes a combatant current, prev goes back, remove takes one out', async () => {
    expect(text(await table.run(GM, 'init', 'set-initiative', { target: 'Alice', value: 25 }))).toBe(
      "Alice's initiative is now 25 (was 11).",
    );
    expect(text(await table.run(GM, 'init', 'move', { target: 'Scout' }))).toBe('The turn moves to **Scout**.');
    expect(table.tracker().embeds?.[0]?.description?.split('\n')[0]).toBe("Round **1** · **Scout**'s turn");
    expect(text(await table.run(GM, 'init', 'prev'))).toBe("Back to **Alice**'s turn (round 1).");
    expect(text(await table.run(BOB, 'init', 'remove', { target: 'Scout' }))).toBe(
      '⚠️ Only the game master (Gina) or a member with Manage Channels can remove combatants.',
    );
    expect(text(await table.run(GM, 'init', 'remove', { target: 'Scout' }))).toBe('Scout leaves the encounter.');
    expect(table.tracker().embeds?.[0]?.description).not.toContain('Scout');
  });

  test('a deleted tracker is posted again on the next change', async () => {
    table.messenger.posts.splice(0, table.messenger.posts.length);
    await table.run(GM, 'init', 'next');
    expect(table.messenger.posts).toHaveLength(1);
    expect(table.tracker().embeds?.[0]?.description?.split('\n')[0]).toBe("Round **1** · **Fire Elemental**'s turn");
    await table.run(GM, 'init', 'next');
    expect(table.messenger.posts).toHaveLength(1);
    expect(table.messenger.posts[0]?.versions).toHaveLength(2);
  });
});

describe('racing presses of Next turn', () => {
  test('all take effect, and the tracker ends on the newest state', async () => {
    const { table, services, close } = await openTable(11);
    try {
      await table.run(GM, 'init', 'begin', {});
      await table.run(GM, 'init', 'add', { name: 'Kobold', hp: 5, count: 4, initiative: 12 });
      await Promise.all(Array.from({ length: 10 }, () => table.run(GM, 'init', 'next')));
      const encounter = await services.encounters.get({ guildId: 'guild-1', channelId: table.channelId });
      expect(encounter?.round).toBe(3);
      expect(encounter?.combatants.find((c) => c.id === encounter.currentId)?.name).toBe('Kobold 2');
      expect(table.tracker().embeds?.[0]?.description?.split('\n')[0]).toBe("Round **3** · **Kobold 2**'s turn");
    } finally {
      await close();
    }
  });
});

describe('/init prev back over a round boundary, then /init next', () => {
  test('tells the round reached again as resumed, not as beginning anew', async () => {
    const { table, close } = await openTable(13);
    try {
      await table.run(GM, 'init', 'begin', {});
      await table.run(GM, 'init', 'add', { name: 'Alpha', hp: 10, initiative: 18 });
      await table.run(GM, 'init', 'add', { name: 'Bravo', hp: 10, initiative: 12 });
      for (let i = 0; i < 3; i += 1) await table.run(GM, 'init', 'next');
      expect(text(await table.run(GM, 'init', 'prev'))).toBe("Back to **Bravo**'s turn (round 1).");
      expect(text(await table.run(GM, 'init', 'next'))).toBe("**Round 2** resumes.\nIt's **Alpha**'s turn.");
      expect(table.tracker().embeds?.[0]?.description?.split('\n')[0]).toBe("Round **2** · **Alpha**'s turn");
    } finally {
      await close();
    }
  });
});
