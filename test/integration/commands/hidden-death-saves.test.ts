import type { Services } from '../../../src/services';
import { ALICE, GM, Table, buttonsOf, openTablePer, text, useRules, type ScriptedRandom } from './support';

/** Crown & Misery monsters make death saves: a hidden one's rolls and tally are the game master's alone. */
describe("a hidden monster's death saves under Crown & Misery", () => {
  let table: Table;
  let dice: ScriptedRandom;
  let services: Services;
  openTablePer('test', (opened) => ({ table, dice, services } = opened), 1, 'memory');

  async function downedLurker(): Promise<void> {
    await useRules(services, 'crown-misery');
    await table.run(GM, 'init', 'begin', {});
    await table.run(ALICE, 'init', 'join', { name: 'Alice', hp: 30, ac: 14, initiative: 15 });
    await table.run(GM, 'init', 'add', { name: 'Lurker', hp: 10, ac: 13, initiative: 10, hidden: true });
    await table.run(ALICE, 'hp', 'damage', { target: 'Lurker', amount: '12' });
    await table.run(GM, 'init', 'next', {});
  }

  const gameMasterTold = (): string => table.messenger.direct.map((d) => text(d.message)).join('\n');

  test('rolled at its turn: the channel and the tracker read that it rolled, never the roll or the tally', async () => {
    await downedLurker();
    dice.queue(5);
    const turn = text(await table.run(GM, 'init', 'next', {}));
    expect(turn).toBe("It's **Lurker**'s turn.\nLurker rolls a death save.");
    expect(table.tracker().embeds?.[0]?.description).toMatch(/▶️ `10` \*\*Lurker\*\* · Down$/);
    expect(gameMasterTold()).toContain("Lurker's death save: 5, a failure (0 successes, 1 failure).");
    await table.run(GM, 'init', 'next', {});
    dice.queue(4);
    expect(text(await table.run(GM, 'init', 'next', {}))).toBe("It's **Lurker**'s turn.\nLurker rolls a death save.");
    expect(gameMasterTold()).toContain("Lurker's death save: 4, a failure (0 successes, 2 failures).");
    const hit = text(await table.run(ALICE, 'hp', 'damage', { target: 'Lurker', amount: '1' }));
    expect(hit).toBe('Lurker is dealt 1 damage. It suffers 1 failed death save. It dies after three failed death saves.');
    expect(gameMasterTold()).toContain('It suffers 1 failed death save (3 of 3).');
    expect(text(table.tracker())).toContain('~~Lurker~~ · Dead');
  });

  test('rolled by its button: the tracker says one is due, the reply says a third success steadies it', async () => {
    await downedLurker();
    await table.run(GM, 'init', 'options', { 'death-saves': 'button' });
    const turn = await table.run(GM, 'init', 'next', {});
    expect(text(table.tracker())).toContain('**Lurker** · Down · Death save due');
    const button = buttonsOf(turn).find((b) => b.label === 'Roll death save for Lurker');
    for (const face of [12, 15]) {
      dice.queue(face);
      expect(text(await table.press(GM, button?.customId ?? ''))).toBe('Lurker rolls a death save.');
      await table.run(GM, 'init', 'next', {});
      await table.run(GM, 'init', 'next', {});
    }
    dice.queue(18);
    expect(text(await table.press(GM, button?.customId ?? ''))).toBe('Lurker rolls a death save. It is stable.');
    expect(table.tracker().embeds?.[0]?.description).toMatch(/\*\*Lurker\*\* · Down · Stable$/);
    expect(gameMasterTold()).toContain("Lurker's death save: 15, a success (2 successes, 0 failures).");
    expect(gameMasterTold()).toContain("Lurker's death save: 18, a third success. It is stable.");
  });
});
