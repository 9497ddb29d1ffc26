import { ALICE, BOB, GM, Table, buttonsOf, openTablePer, refused, text, type ScriptedRandom } from './support';

/** `/save ability:death` and `ability:concentration`: the saves a fight's buttons roll, by command. */
describe('/save for the saves a fight asks for', () => {
  let table: Table;
  let dice: ScriptedRandom;
  openTablePer('test', (opened) => ({ table, dice } = opened), 1, 'memory');

  /** Bram (Alice's) dying at the start of his turn, in a fight that leaves death saves to a button. */
  async function bramDying(): Promise<void> {
    await table.run(GM, 'init', 'begin', { 'death-saves': 'button' });
    await table.run(ALICE, 'init', 'join', { name: 'Bram', hp: 10, ac: 12, initiative: 15 });
    await table.run(GM, 'init', 'add', { name: 'Orc', hp: 10, ac: 13, initiative: 5 });
    await table.run(GM, 'hp', 'damage', { target: 'Bram', amount: '12' });
  }

  const deathSaveButton = (reply: Awaited<ReturnType<Table['run']>>): string =>
    buttonsOf(reply).find((b) => b.label === 'Roll death save for Bram')?.customId ?? '';

  test('a death save by command rolls the one the button would, with the same words and tally', async () => {
    await bramDying();
    const first = await table.run(GM, 'init', 'next', {});
    dice.queue(8);
    expect(text(await table.run(ALICE, 'save', null, { ability: 'death' }))).toBe(
      "Bram's death save: 8, a failure (0 successes, 1 failure).",
    );
    expect(table.tracker().embeds?.[0]?.description).toContain('Bram** · 0/10 HP · AC 12 · Death saves ✅ 0 ❌ 1 ·');
    // The button it stood for has nothing left to roll.
    expect(refused(await table.press(ALICE, deathSaveButton(first)))).toBe(
      '⚠️ Bram has no death save to roll now: one is rolled as each of their turns starts, and this turn has begun.',
    );
    await table.run(GM, 'init', 'next', {});
    const second = await table.run(GM, 'init', 'next', {});
    dice.queue(14);
    expect(text(await table.press(ALICE, deathSaveButton(second)))).toBe("Bram's death save: 14, a success (1 success, 1 failure).");
    await table.run(GM, 'init', 'next', {});
    await table.run(GM, 'init', 'next', {});
    dice.queue(12);
    expect(text(await table.run(GM, 'save', null, { ability: 'death', target: 'Bram' }))).toBe(
      "Bram's death save: 12, a success (2 successes, 1 failure).",
    );
    expect(table.tracker().embeds?.[0]?.description).toContain('Death saves ✅ 2 ❌ 1 ·');
    expect(dice.pending).toBe(0);
    // Logged as the button's are: by what was rolled, not as a plain save.
    const log = text(await table.run(GM, 'init', 'log', { count: 8 }));
    expect(log.match(/ · \/(?:death save|save) · /g)).toEqual([' · /death save · ', ' · /death save · ', ' · /death save · ']);
  });

  test('a death save by command is refused, with the reason, when none is due', async () => {
    await bramDying();
    expect(refused(await table.run(ALICE, 'save', null, { ability: 'death' }))).toBe(
      '⚠️ Bram has no death save to roll now: it is rolled at the start of their turn.',
    );
    await table.run(GM, 'init', 'options', { 'death-saves': 'automatic' });
    expect(refused(await table.run(ALICE, 'save', null, { ability: 'death' }))).toBe(
      '⚠️ Bram has no death save to roll now: this fight rolls death saves by itself as each turn starts.',
    );
    expect(refused(await table.run(GM, 'save', null, { ability: 'death', target: 'Orc' }))).toBe(
      '⚠️ Orc has no death save to roll now: it is not dying.',
    );
  });

  test("another player may not roll Bram's death save, and options it has no use for are refused", async () => {
    await bramDying();
    await table.run(BOB, 'init', 'join', { name: 'Cass', hp: 10, initiative: 1 });
    await table.run(GM, 'init', 'next', {});
    expect(refused(await table.run(BOB, 'save', null, { ability: 'death', target: 'Bram' }))).toBe(
      "⚠️ Only Bram's player, the game master (Gina) or a member with Manage Channels can roll Bram's death save.",
    );
    expect(refused(await table.run(BOB, 'save', null, { ability: 'death' }))).toBe(
      '⚠️ Cass has no death save to roll now: Cass is not dying.',
    );
    expect(refused(await table.run(ALICE, 'save', null, { ability: 'death', dc: 12 }))).toBe(
      "⚠️ A death save's DC is the rule set's: leave out `dc`.",
    );
    expect(refused(await table.run(ALICE, 'save', null, { ability: 'death', bonus: '1d4' }))).toBe(
      '⚠️ A death save adds no bonus typed with it: an effect on the combatant that gives one (`/condition add` with ' +
        '`modifiers:death:+1d4`) counts by itself. Leave out `bonus`.',
    );
    expect(refused(await table.run(ALICE, 'save', null, { ability: 'death', mode: 'advantage' }))).toBe(
      '⚠️ A death save has advantage or disadvantage only from conditions and effects (`/condition add` with ' +
        '`modifiers:adv:death`). Leave out `mode`.',
    );
    expect(table.tracker().embeds?.[0]?.description).toContain('Death saves ✅ 0 ❌ 0 (save due)');
  });

  test('a concentration save by command rolls the oldest waiting, with its DC, and a failure ends the concentration', async () => {
    await table.run(GM, 'init', 'begin', {});
    await table.run(ALICE, 'init', 'join', { name: 'Alice', hp: 40, ac: 14, initiative: 15, 'con-save': 3 });
    await table.run(ALICE, 'init', 'concentrate', { target: 'Alice', effect: 'Bless' });
    expect(refused(await table.run(ALICE, 'save', null, { ability: 'concentration' }))).toBe('⚠️ Alice has no concentration save to roll.');
    await table.run(GM, 'hp', 'damage', { target: 'Alice', amount: '6' });
    await table.run(GM, 'hp', 'damage', { target: 'Alice', amount: '24' });
    expect(table.tracker().embeds?.[0]?.description).toContain('🔮 Bless (saves due: DC 10, DC 12)');
    expect(refused(await table.run(ALICE, 'save', null, { ability: 'concentration', dc: 15 }))).toBe(
      '⚠️ A concentration save keeps the DC the damage gave it: leave out `dc`.',
    );
    dice.queue(9);
    expect(text(await table.run(ALICE, 'save', null, { ability: 'concentration' }))).toBe(
      "Alice's concentration save (DC 10): d20 9 + 3 (save bonus) = 12. Alice keeps concentrating on Bless.",
    );
    dice.queue(4, 8);
    expect(text(await table.run(ALICE, 'save', null, { ability: 'concentration', mode: 'advantage' }))).toBe(
      "Alice's concentration save (DC 12): d20 8 (of 4, 8) + 3 (save bonus) = 11. Bless ends.",
    );
    expect(table.tracker().embeds?.[0]?.description).not.toContain('🔮');
    expect(dice.pending).toBe(0);
  });
});
