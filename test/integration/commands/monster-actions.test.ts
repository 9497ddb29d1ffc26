import type { Reply } from '../../../src/views/reply';
import { ALICE, BOB, GM, openTablePer, refused, text, type Player, type ScriptedRandom, type Table } from './support';

/** The game master, who may also choose the server's rule set. */
const ADMIN_GM: Player = { ...GM, admin: true };

/** 17d6 with every die a 1: 17 fire, so everyone lives and the halves are plain to read. */
const ONES = Array.from({ length: 17 }, () => 1);
const SEVENTEEN = `🎲 17d6 (${ONES.map(() => '**1**').join(', ')}) [fire] = \`17\``;

/**
 * A monster acting from its stat block at the table, on the in-memory stores with the dice the test
 * queues: `/attack action:`, `/init legendary action:`, recharge, uses a day, hidden numbers.
 */
describe('monster actions at the table', () => {
  let table: Table;
  let dice: ScriptedRandom;
  openTablePer('test', (opened) => ({ table, dice } = opened), 1, 'memory');

  async function begin(ruleset: 'dnd2024' | 'dnd2014'): Promise<void> {
    await table.run(ADMIN_GM, 'config', 'ruleset', { ruleset });
    await table.run(GM, 'init', 'begin', { 'concentration-saves': 'automatic' });
  }

  /** 2024: an Adult Red Dragon (initiative d20 10) and Alice with 150 HP and AC 15. */
  async function dragonAndAlice(): Promise<void> {
    await begin('dnd2024');
    dice.queue(10);
    await table.run(GM, 'init', 'add', { monster: 'Adult Red Dragon' });
    await table.run(ALICE, 'init', 'join', { name: 'Alice', hp: 150, ac: 15, initiative: 15 });
  }

  function act(attacker: string, action: string, target: string): Promise<Reply> {
    return table.run(GM, 'attack', null, { attacker, action, target });
  }

  /**
   * 2024: the dragon (initiative 22), Alice (100 HP, Con save +2, concentrating on Bless), Bram (60 HP,
   * resisting fire by an effect) and a Goblin Warrior (10 HP, Dex save +2, initiative 7).
   */
  async function dragonsLair(dragon: Record<string, string | boolean> = {}): Promise<void> {
    await begin('dnd2024');
    dice.queue(10);
    await table.run(GM, 'init', 'add', { monster: 'Adult Red Dragon', ...dragon });
    await table.run(ALICE, 'init', 'join', { name: 'Alice', hp: 100, ac: 15, initiative: 15, 'con-save': 2 });
    await table.run(BOB, 'init', 'join', { name: 'Bram', hp: 60, ac: 16, initiative: 12 });
    dice.queue(5);
    await table.run(GM, 'init', 'add', { monster: 'Goblin Warrior' });
    await table.run(ALICE, 'init', 'concentrate', { target: 'Alice', effect: 'Bless' });
    await table.run(BOB, 'condition', 'add', { target: 'Bram', condition: 'Fire Ward', modifiers: 'resist:fire' });
  }

  it('2024 Fire Breath: a DC 21 save each, one 17d6 roll, full, resisted and half, a concentration save; one undo', async () => {
    await dragonsLair();
    const before = text(table.tracker());
    // 17d6, then Alice's Dexterity save and her concentration save, Bram's and the goblin's saves.
    dice.queue(...ONES, 5, 12, 20, 19);
    const breath = await act('Adult Red Dragon', 'Fire Breath', 'Alice, Bram, Goblin Warrior');
    expect(breath.ephemeral).toBeUndefined();
    // One roll of the dice, shown once: the whole on a failure, half on a success.
    expect(text(breath)).toBe(
      [
        '**Adult Red Dragon** uses **Fire Breath** (recharge 5–6).',
        "Alice's Dexterity save (DC 21): d20 5 = 5, failed.",
        SEVENTEEN,
        'Alice takes 17 fire damage and is at 83 HP.',
        "Alice's concentration save (DC 10): d20 12 + 2 (save bonus) = 14. Alice keeps concentrating on Bless.",
        "Bram's Dexterity save (DC 21): d20 20 = 20, failed.",
        'Bram takes 8 fire damage (halved: resistant) and is at 52 HP.',
        "Goblin Warrior's Dexterity save (DC 21): d20 19 + 2 (save bonus) = 21, made.",
        'Goblin Warrior takes 8 fire damage and is at 2 HP.',
      ].join('\n'),
    );
    expect(dice.pending).toBe(0);
    const tracker = text(table.tracker());
    expect(tracker).toContain('**Alice** · 83/100 HP · AC 15 · 🔮 Bless');
    expect(tracker).toContain('**Bram** · 52/60 HP · AC 16 · Fire Ward');
    expect(tracker).toContain('**Goblin Warrior** · 2/10 HP · AC 15');
    const log = text(await table.run(GM, 'init', 'log', {}));
    expect(log.split('\n')[1]).toMatch(
      / Gina · \/attack · Adult Red Dragon used Fire Breath; Alice failed a DC 21 Dexterity save; Alice: 17 fire damage; Bram failed a DC 21 Dexterity save; Bram: 17 fire damage, 8 taken; Goblin Warrior made a DC 21 Dexterity save; Goblin Warrior: 8 fire damage$/,
    );

    // One undo takes back every save, every hit point and the spent recharge.
    const undone = await table.run(GM, 'init', 'undo', {});
    expect(text(undone)).toMatch(/^Undone: `\/attack` by Gina \(Adult Red Dragon used Fire Breath; /);
    expect(text(table.tracker())).toBe(before);
    dice.queue(...ONES, 5, 12);
    expect(text(await act('Adult Red Dragon', 'Fire Breath', 'Alice'))).toContain('Alice takes 17 fire damage and is at 83 HP.');
  });

  it('a spent Fire Breath is refused until a recharge roll of 5 or 6 at the start of its turn', async () => {
    await dragonsLair();
    dice.queue(...ONES, 5, 12, 20);
    await act('Adult Red Dragon', 'Fire Breath', 'Alice, Bram');
    expect(dice.pending).toBe(0);
    expect(refused(await act('Adult Red Dragon', 'Fire Breath', 'Alice'))).toBe(
      "⚠️ Adult Red Dragon's Fire Breath is spent: it recharges on 5–6, rolled at the start of its turn.",
    );
    // Round 1: the dragon's turn starts, its recharge die shows 4.
    dice.queue(4);
    expect(text(await table.run(GM, 'init', 'next', {}))).toBe(
      [
        '**Round 1** begins.',
        "It's **Adult Red Dragon**'s turn.",
        'Adult Red Dragon rolls 4 for Fire Breath (recharge 5–6): still spent.',
      ].join('\n'),
    );
    expect(refused(await act('Adult Red Dragon', 'Fire Breath', 'Alice'))).toBe(
      "⚠️ Adult Red Dragon's Fire Breath is spent: it recharges on 5–6, rolled at the start of its turn.",
    );
    for (const _ of ['Alice', 'Bram', 'Goblin Warrior']) await table.run(GM, 'init', 'next', {});
    // Round 2: a 5 recharges it.
    dice.queue(5);
    expect(text(await table.run(GM, 'init', 'next', {}))).toBe(
      [
        '**Round 2** begins.',
        "It's **Adult Red Dragon**'s turn.",
        'Adult Red Dragon rolls 5 for Fire Breath (recharge 5–6): it is ready again.',
      ].join('\n'),
    );
    dice.queue(...ONES, 5);
    expect(text(await act('Adult Red Dragon', 'Fire Breath', 'Bram'))).toBe(
      [
        '**Adult Red Dragon** uses **Fire Breath** (recharge 5–6).',
        "Bram's Dexterity save (DC 21): d20 5 = 5, failed.",
        SEVENTEEN,
        'Bram takes 8 fire damage (halved: resistant) and is at 44 HP.',
      ].join('\n'),
    );
    expect(dice.pending).toBe(0);
  });

  it('Multiattack: three Rend attacks, +14, 1d10+8 slashing plus 2d4 fire each', async () => {
    await dragonAndAlice();
    dice.queue(15, 5, 2, 3, 12, 9, 1, 1, 18, 1, 4, 4);
    expect(text(await act('Adult Red Dragon', 'Multiattack', 'Alice'))).toBe(
      [
        '**Adult Red Dragon** uses **Multiattack**.',
        '**Adult Red Dragon** makes a melee weapon attack on **Alice**: d20 15 + 14 (attack bonus) = 29 against AC 15. **Hit.**',
        '🎲 1d10 (5) + 8 [slashing] = `13` + 2d4 (2, 3) [fire] = `5`',
        'Alice takes 18 damage (13 slashing; 5 fire) and is at 132 HP.',
        '**Adult Red Dragon** makes a melee weapon attack on **Alice**: d20 12 + 14 (attack bonus) = 26 against AC 15. **Hit.**',
        '🎲 1d10 (9) + 8 [slashing] = `17` + 2d4 (**1**, **1**) [fire] = `2`',
        'Alice takes 19 damage (17 slashing; 2 fire) and is at 113 HP.',
        '**Adult Red Dragon** makes a melee weapon attack on **Alice**: d20 18 + 14 (attack bonus) = 32 against AC 15. **Hit.**',
        '🎲 1d10 (**1**) + 8 [slashing] = `9` + 2d4 (**4**, **4**) [fire] = `8`',
        'Alice takes 17 damage (9 slashing; 8 fire) and is at 96 HP.',
      ].join('\n'),
    );
    expect(dice.pending).toBe(0);
  });

  it('/init legendary action:Pounce spends 1 of 3 and makes a Rend attack', async () => {
    await dragonAndAlice();
    dice.queue(15, 5, 2, 3);
    expect(text(await table.run(GM, 'init', 'legendary', { target: 'Adult Red Dragon', action: 'Pounce', on: 'Alice' }))).toBe(
      [
        'Adult Red Dragon takes a legendary action (2/3 left).',
        '**Adult Red Dragon** uses **Pounce**.',
        '**Adult Red Dragon** makes a melee weapon attack on **Alice**: d20 15 + 14 (attack bonus) = 29 against AC 15. **Hit.**',
        '🎲 1d10 (5) + 8 [slashing] = `13` + 2d4 (2, 3) [fire] = `5`',
        'Alice takes 18 damage (13 slashing; 5 fire) and is at 132 HP.',
      ].join('\n'),
    );
    expect(text(table.tracker())).toContain('Legendary 2/3');
    expect(await table.suggest(GM, 'init', 'legendary', '', 'action', { target: 'Adult Red Dragon' })).toEqual([
      'Commanding Presence',
      'Fiery Rays',
      'Pounce',
    ]);
  });

  it("a hidden dragon's DC and numbers reach the game master alone: replies, log and autocomplete", async () => {
    await dragonsLair({ name: 'Shadow', hidden: true });
    // A player's autocomplete offers nothing of the hidden monster; the game master's its block's actions.
    expect(await table.suggest(ALICE, 'attack', null, '', 'action', { attacker: 'Shadow' })).toEqual([]);
    expect(await table.suggest(ALICE, 'init', 'legendary', '', 'action', { target: 'Shadow' })).toEqual([]);
    expect(await table.suggest(GM, 'attack', null, 'f', 'action', { attacker: 'Shadow' })).toEqual(['Fire Breath', 'Fiery Rays']);

    dice.queue(...ONES, 5, 12, 20);
    const breath = await act('Shadow', 'Fire Breath', 'Alice, Bram');
    expect(breath.ephemeral).toBeUndefined();
    // Its recharge is a number of its block, which the tracker keeps from the table too.
    expect(text(breath)).toBe(
      [
        '**Shadow** uses **Fire Breath**.',
        "Alice's Dexterity save, failed.",
        'Alice takes 17 fire damage and is at 83 HP.',
        "Alice's concentration save (DC 10): d20 12 + 2 (save bonus) = 14. Alice keeps concentrating on Bless.",
        "Bram's Dexterity save, failed.",
        'Bram takes 8 fire damage (halved: resistant) and is at 52 HP.',
      ].join('\n'),
    );
    const gameMasters = table.messenger.direct.map((d) => text(d.message));
    expect(gameMasters[gameMasters.length - 1]).toBe(
      [
        '🔒 For the game master, from <#channel-1> (the table saw the outcome only):',
        '**Shadow** uses **Fire Breath** (recharge 5–6).',
        "Alice's Dexterity save (DC 21): d20 5 = 5, failed.",
        SEVENTEEN,
        'Alice takes 17 fire damage and is at 83 HP.',
        "Alice's concentration save (DC 10): d20 12 + 2 (save bonus) = 14. Alice keeps concentrating on Bless.",
        "Bram's Dexterity save (DC 21): d20 20 = 20, failed.",
        'Bram takes 8 fire damage (halved: resistant) and is at 52 HP.',
      ].join('\n'),
    );

    // Without its times of day, which may hold any number.
    const playersLog = text(await table.run(ALICE, 'init', 'log', {})).replace(/`\d\d:\d\d:\d\d`/g, '');
    expect(playersLog).toContain(
      'Shadow used Fire Breath; Alice failed a Dexterity save; Alice: 17 fire damage; Bram failed a Dexterity save',
    );
    expect(playersLog).not.toMatch(/\b21\b/);
    expect(playersLog).not.toContain('17d6');
    const gameMastersLog = text(await table.run(GM, 'init', 'log', {}));
    expect(gameMastersLog).toContain(`🔒 Alice d20 5 = 5 against DC 21; ${SEVENTEEN}; Bram d20 20 = 20 against DC 21\n`);

    // The recharge roll at the start of its turn is the game master's too.
    const directBefore = table.messenger.direct.length;
    dice.queue(6);
    const next = await table.run(GM, 'init', 'next', {});
    expect(text(next)).not.toContain('Fire Breath');
    expect(text(table.messenger.direct[directBefore]?.message ?? {})).toContain(
      'Shadow rolls 6 for Fire Breath (recharge 5–6): it is ready again.',
    );
  });

  it('2014: a breath weapon of two options, each run by name, sharing one recharge', async () => {
    await begin('dnd2014');
    dice.queue(10);
    await table.run(GM, 'init', 'add', { monster: 'Brass Dragon Wyrmling', name: 'Wyrmling' });
    await table.run(ALICE, 'init', 'join', { name: 'Alice', hp: 30, ac: 15, initiative: 15 });
    expect(await table.suggest(GM, 'attack', null, 'breath', 'action', { attacker: 'Wyrmling' })).toEqual([
      'Breath Weapons',
      'Fire Breath',
      'Sleep Breath',
    ]);
    expect(refused(await act('Wyrmling', 'Breath Weapons', 'Alice'))).toBe(
      '⚠️ Breath Weapons is a choice: name one of Fire Breath, Sleep Breath in `action:`.',
    );
    dice.queue(3);
    // A partial option: the save and the condition run; waking on damage is the game master's.
    expect(text(await act('Wyrmling', 'Sleep Breath', 'Alice'))).toBe(
      [
        "**Wyrmling** uses **Sleep Breath** (recharge 5–6; in part: the rest of the block is the game master's).",
        "Alice's Constitution save (DC 11): d20 3 = 3, failed.",
        "Alice is now **Unconscious** (from Wyrmling) for 10 rounds, until the end of Wyrmling's turn.",
        'Alice is now Incapacitated and Prone.',
      ].join('\n'),
    );
    // Both options are one action: one recharge.
    expect(refused(await act('Wyrmling', 'Fire Breath', 'Alice'))).toBe(
      "⚠️ Wyrmling's Breath Weapons is spent: it recharges on 5–6, rolled at the start of its turn.",
    );
  });

  it('2014: uses a day are counted down; an action the bot cannot run rolls nothing', async () => {
    await begin('dnd2014');
    dice.queue(10);
    await table.run(GM, 'init', 'add', { monster: 'Quasit' });
    await table.run(ALICE, 'init', 'join', { name: 'Alice', hp: 30, ac: 15, initiative: 15 });
    dice.queue(8);
    expect(text(await act('Quasit', 'Scare', 'Alice'))).toBe(
      [
        "**Quasit** uses **Scare** (0 of 1 a day left; in part: the rest of the block is the game master's).",
        "Alice's Wisdom save (DC 10): d20 8 = 8, failed.",
        "Alice is now **Frightened** (from Quasit) for 10 rounds, until the end of Quasit's turn.",
      ].join('\n'),
    );
    expect(refused(await act('Quasit', 'Scare', 'Alice'))).toBe('⚠️ Quasit has used Scare 1 time today, all it has.');
    const logBefore = text(await table.run(GM, 'init', 'log', {}));
    expect(refused(await act('Quasit', 'Invisibility', 'Alice'))).toBe(
      '⚠️ Invisibility is not automated: the bot rolls nothing for it. Run it by hand (`/roll`, `/hp`, `/condition`).',
    );
    expect(text(await table.run(GM, 'init', 'log', {}))).toBe(logBefore);
    expect(dice.pending).toBe(0);
    // A typing mistake is answered with the closest names, a word from nowhere with the whole list.
    expect(refused(await act('Quasit', 'Clawz', 'Alice'))).toBe('⚠️ Quasit has no action called "Clawz". Did you mean Claw?');
    expect(refused(await act('Quasit', 'Zzyzx', 'Alice'))).toBe(
      '⚠️ Quasit has no action called "Zzyzx". Its actions: Claw, Scare, Invisibility.',
    );
  });
});
