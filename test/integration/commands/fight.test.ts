import type { Services } from '../../../src/services';
import { ALICE, BOB, GM, MODERATOR, buttonsOf, openTablePer, refused, text, useRules, type ScriptedRandom, type Table } from './support';

/** One fight played from begin to end through /init and /hp, as the channel would see it. */
describe('a whole fight through /init and /hp', () => {
  let table: Table;
  let dice: ScriptedRandom;
  openTablePer('describe', (opened) => ({ table, dice } = opened), 1, 'memory');

  test('begin posts and pins the tracker', async () => {
    const reply = await table.run(GM, 'init', 'begin', { name: 'Goblin ambush' });
    expect(text(reply)).toBe(
      [
        '**Goblin ambush** begins. Gina is the game master.',
        'Death saves are rolled when the turn starts; concentration saves are rolled with a button.',
        'Add monsters with `/init add`, players join with `/init join`, then **Next turn** starts round 1.',
        'The tracker is pinned in this channel.',
      ].join('\n'),
    );
    expect(table.messenger.posts).toHaveLength(1);
    expect(table.messenger.pinned).toEqual(['msg-1']);
    expect(table.tracker().embeds?.[0]?.title).toBe('⚔️ Goblin ambush');
  });

  test('a second begin in the same channel is refused', async () => {
    expect(refused(await table.run(BOB, 'init', 'begin', {}))).toBe(
      '⚠️ This channel already has Goblin ambush (game master: Gina). End it with `/init end` before beginning another.',
    );
  });

  test('the game master adds two goblins sharing one roll; a player may not add monsters', async () => {
    dice.queue(12);
    const reply = await table.run(GM, 'init', 'add', { name: 'Goblin', hp: 7, ac: 15, count: 2 });
    expect(text(reply)).toBe('Goblin 1 and Goblin 2 join the fight with initiative 12 (d20 12).');
    expect(refused(await table.run(BOB, 'init', 'add', { name: 'Dragon', hp: 300 }))).toBe(
      '⚠️ Only the game master (Gina) or a member with Manage Channels can add monsters.',
    );
  });

  test('players join with their own characters', async () => {
    dice.queue(15, 3);
    expect(text(await table.run(ALICE, 'init', 'join', { name: 'Alice', hp: 12, ac: 14, 'con-save': 3 }))).toBe(
      'Alice joins the fight with initiative 15 (d20 15).',
    );
    expect(text(await table.run(BOB, 'init', 'join', { hp: 9, ac: 12, 'init-mod': 1 }))).toBe(
      'Bob joins the fight with initiative 4 (d20 3 + 1).',
    );
    expect(table.tracker().embeds?.[0]?.description).toBe(
      [
        'Not started yet: **Next turn** starts round 1.',
        '',
        '▫️ `15` **Alice** · 12/12 HP · AC 14',
        '▫️ `12` **Goblin 1** · 7/7 HP · AC 15',
        '▫️ `12` **Goblin 2** · 7/7 HP · AC 15',
        '▫️ ` 4` **Bob** · 9/9 HP · AC 12',
      ].join('\n'),
    );
  });

  test("autocomplete offers the channel's combatants, forgivingly", async () => {
    expect(await table.suggest(BOB, 'hp', 'damage', '')).toEqual(['Alice', 'Goblin 1', 'Goblin 2', 'Bob']);
    expect(await table.suggest(BOB, 'hp', 'damage', 'gob')).toEqual(['Goblin 1', 'Goblin 2']);
    expect(await table.suggest(BOB, 'init', 'remove', 'GOBLN 2')).toEqual(['Goblin 2']);
  });

  test('next starts round 1 and pings only the player whose turn it is', async () => {
    const reply = await table.run(GM, 'init', 'next');
    expect(reply.content).toBe("<@user-alice>, it's your turn.");
    expect(reply.mentionUsers).toEqual(['user-alice']);
    expect(reply.embeds?.[0]?.description).toBe("**Round 1** begins.\nIt's **Alice**'s turn.");
    expect(table.tracker().embeds?.[0]?.description?.split('\n')[0]).toBe("Round **1** · **Alice**'s turn");
  });

  test("only the current combatant's player or the game master ends a turn", async () => {
    expect(refused(await table.run(BOB, 'init', 'next'))).toBe(
      "⚠️ Only Alice's player, the game master (Gina) or a member with Manage Channels can end this turn.",
    );
  });

  test('the done-when play: 9 damage kills Goblin 1, and its turn is skipped', async () => {
    const hit = await table.run(GM, 'hp', 'damage', { target: 'Goblin 1', amount: '9' });
    expect(text(hit)).toBe('Goblin 1 takes 9 damage and drops to 0 HP. It dies.');
    const next = await table.run(ALICE, 'init', 'next');
    expect(text(next)).toBe("Goblin 1 is dead and skipped.\nIt's **Goblin 2**'s turn.");
    expect(next.mentionUsers).toBeUndefined();
    expect(table.tracker().embeds?.[0]?.description).toContain('▫️ `12` ~~Goblin 1~~ · Dead\n▶️ `12` **Goblin 2** · 7/7 HP · AC 15');
  });

  test('a player may damage any combatant; dice amounts show the roll and take the annotated type', async () => {
    dice.queue(2, 5);
    expect(text(await table.run(BOB, 'hp', 'damage', { target: 'goblin 2', amount: '1d4+1d6 [fire]' }))).toBe(
      '🎲 1d4 (2) + 1d6 (5) [fire] = `7`\nGoblin 2 takes 7 fire damage and drops to 0 HP. It dies.',
    );
  });

  test("concentration: damage asks for a save with a button only the caster's player may press", async () => {
    expect(text(await table.run(ALICE, 'init', 'concentrate', { target: 'Alice', effect: 'Bless' }))).toBe(
      'Alice is concentrating on Bless.',
    );
    const hit = await table.run(GM, 'hp', 'damage', { target: 'Alice', amount: '6', type: 'slashing' });
    expect(text(hit)).toBe(
      '<@user-alice>: a save is waiting for your button.\nAlice takes 6 slashing damage and is at 6 HP.\nAlice must make a **DC 10** Constitution save to keep concentrating on Bless.',
    );
    expect(hit.mentionUsers).toEqual(['user-alice']);
    expect(table.tracker().embeds?.[0]?.description).toContain('🔮 Bless (save due: DC 10)');
    const [button] = buttonsOf(hit);
    expect(button?.label).toBe('Roll concentration save (DC 10)');
    expect(refused(await table.press(BOB, button?.customId ?? ''))).toBe(
      "⚠️ Only Alice's player, the game master (Gina) or a member with Manage Channels can roll Alice's concentration save.",
    );
    dice.queue(5);
    expect(text(await table.press(ALICE, button?.customId ?? ''))).toBe(
      "Alice's concentration save (DC 10): d20 5 + 3 (save bonus) = 8. Bless ends.",
    );
    expect(table.tracker().embeds?.[0]?.description).not.toContain('🔮');
  });

  test('a dying player rolls a death save automatically when the turn starts', async () => {
    expect(text(await table.run(GM, 'hp', 'damage', { target: 'Alice', amount: '6' }))).toBe(
      'Alice takes 6 damage and drops to 0 HP. Alice is dying and makes death saves at the start of each turn. Alice is now Unconscious, Incapacitated and Prone.',
    );
    await table.run(GM, 'init', 'next');
    dice.queue(4);
    const turn = await table.run(BOB, 'init', 'next');
    expect(turn.mentionUsers).toEqual(['user-alice']);
    expect(text(turn)).toBe(
      "<@user-alice>, it's your turn.\n**Round 2** begins.\nIt's **Alice**'s turn.\nAlice's death save: 4, a failure (0 successes, 1 failure).",
    );
    expect(table.tracker().embeds?.[0]?.description).toContain('Death saves ✅ 0 ❌ 1');
  });

  test('with death saves on a button, the player presses it on their turn', async () => {
    expect(text(await table.run(GM, 'init', 'options', { 'death-saves': 'button' }))).toBe(
      'Death saves are rolled with a button by the player; concentration saves are rolled with a button.',
    );
    await table.run(GM, 'init', 'next');
    const turn = await table.run(BOB, 'init', 'next');
    expect(text(turn)).toContain('Alice is dying and must make a death save: press **Roll death save**.');
    const [button] = buttonsOf(turn);
    expect(button?.label).toBe('Roll death save for Alice');
    dice.queue(20);
    expect(text(await table.press(ALICE, button?.customId ?? ''))).toBe(
      "Alice's death save: 20, a natural 20! Alice regains 1 HP and is back up. Alice is no longer Unconscious or Incapacitated.",
    );
  });

  test('undo reverts the last change; the log lists changes newest first', async () => {
    await table.run(GM, 'hp', 'heal', { target: 'Bob', amount: '3' });
    expect(text(await table.run(GM, 'init', 'undo'))).toMatch(/^Undone: `\/hp heal` by Gina/);
    const log = text(await table.run(BOB, 'init', 'log', { count: 3 }));
    expect(log.split('\n')[0]).toBe('The last 3 changes, newest first');
    expect(log).toContain('~~');
  });

  test('a member with Manage Channels may do what the game master does', async () => {
    dice.queue(8);
    expect(text(await table.run(MODERATOR, 'init', 'add', { name: 'Ogre', hp: 59, ac: 11, hidden: true }))).toBe(
      'Ogre joins the fight with initiative 8.',
    );
    expect(table.tracker().embeds?.[0]?.description).toContain('▫️ ` 8` **Ogre** · Healthy');
    const gmCopy = await table.run(GM, 'init', 'list');
    expect(gmCopy.ephemeral).toBe(true);
    expect(text(gmCopy)).toContain('**Ogre** (hidden) · 59/59 HP · AC 11');
    const playersCopy = await table.run(BOB, 'init', 'list');
    expect(playersCopy.ephemeral).toBeUndefined();
    expect(text(playersCopy)).toContain('**Ogre** · Healthy');
  });

  test('end asks the game master to confirm, then posts a summary and retires the tracker', async () => {
    expect(refused(await table.run(BOB, 'init', 'end'))).toBe(
      '⚠️ Only the game master (Gina) or a member with Manage Channels can end the encounter.',
    );
    const ask = await table.run(GM, 'init', 'end');
    expect(ask.ephemeral).toBe(true);
    expect(buttonsOf(ask).map((b) => b.label)).toEqual(['End the encounter', 'Keep fighting']);
    const [confirm] = buttonsOf(ask);
    const summary = await table.press(GM, confirm?.customId ?? '');
    expect(text(summary)).toBe(
      [
        '🏁 Goblin ambush is over',
        'The fight lasted 3 rounds. Gina ran it.',
        'Standing: Alice (1/12 HP), Ogre, Bob (9/9 HP)',
        'Dead: Goblin 1, Goblin 2',
        '📜 Recap: Goblin ambush',
        '3 rounds in under a minute of real time.',
        'Biggest hit: **Alice** hit **Goblin 1** for 9 damage.',
        // The game master reported the hits: each is credited to whoever had the turn.
        'Combatants: **Alice**: dealt 9 · took 12 · dropped to 0 once · 1 kill · suffered Unconscious',
        '**Goblin 1**: dealt 0 · took 9 · dropped to 0 once',
        '**Goblin 2**: dealt 12 · took 7 · dropped to 0 once',
        '**Ogre**: numbers kept by the game master',
        '**Bob**: dealt 7 · took 0 · 1 kill',
      ].join('\n'),
    );
    expect(summary.files?.map((f) => f.name)).toEqual(['recap.png']);
    expect(table.tracker().components).toEqual([]);
    expect(table.tracker().embeds?.[0]?.description?.split('\n')[0]).toBe('Ended after 3 rounds.');
    expect(refused(await table.press(GM, confirm?.customId ?? ''))).toBe('⚠️ That encounter is over; this button no longer does anything.');
  });
});

/** Beyond the whole fight: labels, the recap, delays, removals and effects put on before round 1. */
describe('a table at play', () => {
  let table: Table;
  let services: Services;
  openTablePer('test', (opened) => ({ table, services } = opened), 1, 'memory');

  describe('buttons that name a combatant', () => {
    test("a Fireball on two concentrating casters with the longest names gives labels within Discord's 80 characters", async () => {
      // With the group's number, 48 characters: the most a combatant's name holds.
      const name = 'Wizened Archmage of the Seventh Obsidian Spire';
      await table.run(GM, 'init', 'begin', { 'concentration-saves': 'button' });
      await table.run(GM, 'init', 'add', { name, count: 2, hp: '100', initiative: 10 });
      await table.run(GM, 'init', 'add', { monster: 'Mage', initiative: 20 });
      for (const n of [1, 2]) await table.run(GM, 'init', 'concentrate', { target: `${name} ${n}`, effect: 'Shield of Faith' });
      const reply = await table.run(GM, 'cast', null, { spell: 'Fireball', caster: 'Mage', target: `${name} 1, ${name} 2` });
      expect(buttonsOf(reply).map((button) => button.label)).toEqual([
        'Roll concentration save (DC 13) for Wizened Archmage of the Seventh Obsidian… 1',
        'Roll concentration save (DC 13) for Wizened Archmage of the Seventh Obsidian… 2',
      ]);
    });
  });

  describe("the players' recap of damage to a hidden monster", () => {
    test("counts it as the table was told it, not what the monster's resistance made of it; the game master's copy does", async () => {
      await table.run(GM, 'init', 'begin', { name: 'Crypt' });
      await table.run(GM, 'init', 'add', { name: 'Shade', hp: '100', ac: 12, hidden: true, initiative: 4, resist: 'fire' });
      await table.run(ALICE, 'init', 'join', { name: 'Alice', hp: 40, ac: 14, initiative: 20 });
      await table.run(GM, 'init', 'next', {});
      expect(text(await table.run(ALICE, 'hp', 'damage', { target: 'Shade', amount: '40', type: 'fire' }))).toBe(
        'Shade is dealt 40 fire damage.',
      );
      const ask = await table.run(GM, 'init', 'end', {});
      await table.press(GM, buttonsOf(ask).find((button) => button.label === 'End the encounter')?.customId ?? '');
      const players = text(await table.run(ALICE, 'init', 'recap', {}));
      expect(players).toContain('Biggest hit: **Alice** hit **Shade** for 40 fire damage.');
      expect(players).toContain('**Alice**: dealt 40 · took 0');
      const gameMasters = text(await table.run(GM, 'init', 'recap', {}));
      expect(gameMasters).toContain('**Alice**: dealt 20 · took 0');
    });
  });

  describe('a delayer that died meanwhile (2014)', () => {
    test('cannot act: the dead have no turns', async () => {
      await useRules(services, 'dnd2014');
      await table.run(GM, 'init', 'begin', {});
      await table.run(GM, 'init', 'add', { name: 'Orc', hp: '15', ac: 13, initiative: 15 });
      await table.run(ALICE, 'init', 'join', { name: 'Alice', hp: 20, ac: 14, initiative: 20 });
      await table.run(GM, 'init', 'next', {});
      await table.run(GM, 'init', 'next', {});
      await table.run(GM, 'init', 'delay', {});
      await table.run(ALICE, 'hp', 'damage', { target: 'Orc', amount: '30' });
      expect(refused(await table.run(GM, 'init', 'act', { target: 'Orc' }))).toMatch(/^⚠️ Orc is dead/);
      expect(table.tracker().embeds?.[0]?.description?.split('\n')[0]).toBe("Round **2** · **Alice**'s turn");
    });
  });

  describe('removing the combatant whose turn it is', () => {
    const heading = () => table.tracker().embeds?.[0]?.description?.split('\n')[0];

    test('last in the order: the turn goes to the top of the next round, not the same round again', async () => {
      await table.run(GM, 'init', 'begin', {});
      await table.run(ALICE, 'init', 'join', { name: 'Alice', hp: 10, ac: 12, initiative: 20 });
      await table.run(BOB, 'init', 'join', { name: 'Bram', hp: 10, ac: 12, initiative: 15 });
      await table.run(GM, 'init', 'add', { name: 'Orc', hp: '15', ac: 13, initiative: 10 });
      for (let turn = 0; turn < 3; turn += 1) await table.run(GM, 'init', 'next', {});
      expect(heading()).toBe("Round **1** · **Orc**'s turn");
      await table.run(GM, 'init', 'remove', { target: 'Orc' });
      expect(heading()).toBe("Round **2** · **Alice**'s turn");
      await table.run(GM, 'init', 'next', {});
      expect(heading()).toBe("Round **2** · **Bram**'s turn");
    });

    test('the dead after it are passed over, as a turn passes them', async () => {
      await table.run(GM, 'init', 'begin', {});
      await table.run(ALICE, 'init', 'join', { name: 'Alice', hp: 10, ac: 12, initiative: 20 });
      await table.run(GM, 'init', 'add', { name: 'Orc', hp: '15', ac: 13, initiative: 15 });
      await table.run(BOB, 'init', 'join', { name: 'Bram', hp: 10, ac: 12, initiative: 10 });
      await table.run(GM, 'init', 'next', {});
      await table.run(GM, 'hp', 'damage', { target: 'Orc', amount: '30' });
      await table.run(GM, 'init', 'remove', { target: 'Alice' });
      expect(heading()).toBe("Round **1** · **Bram**'s turn");
    });
  });

  describe('an effect put on before round 1', () => {
    test('ends at the start of the first turn it names, as its reply promised', async () => {
      await table.run(GM, 'init', 'begin', {});
      await table.run(ALICE, 'init', 'join', { name: 'Alice', hp: 10, ac: 12, initiative: 20 });
      await table.run(GM, 'init', 'add', { name: 'Orc', hp: '15', ac: 13, initiative: 10 });
      const put = await table.run(GM, 'condition', 'add', {
        target: 'Orc',
        condition: 'Poisoned',
        duration: 1,
        ends: 'start',
        source: 'Alice',
      });
      expect(text(put)).toContain("until the start of Alice's turn");
      const first = await table.run(GM, 'init', 'next', {});
      expect(text(first)).toBe("<@user-alice>, it's your turn.\n**Round 1** begins.\nPoisoned on Orc ends.\nIt's **Alice**'s turn.");
      expect(table.tracker().embeds?.[0]?.description).not.toContain('Poisoned');
    });
  });
});
