import type { Services } from '../../../src/services';
import { ALICE, BOB, GM, Table, openTablePer, text, type ScriptedRandom } from './support';

/** States that stick or get lost at a table, and what players may do for themselves (issue: first session). */
describe('a table in the middle of a fight', () => {
  let services: Services;
  let dice: ScriptedRandom;
  let channels = 0;
  openTablePer('describe', (opened) => ({ services, dice } = opened));

  /** A channel of its own for each test, with an encounter begun by the game master. */
  async function begun(options: Record<string, string> = {}): Promise<Table> {
    channels += 1;
    const table = new Table(services, `table-states-${channels}`);
    await table.run(GM, 'init', 'begin', { name: 'Crypt', ...options });
    return table;
  }

  describe('what players may do', () => {
    test("a player gives another player's character temporary HP, as they may heal it", async () => {
      const table = await begun();
      dice.queue(10, 12);
      await table.run(ALICE, 'init', 'join', { hp: 20 });
      await table.run(BOB, 'init', 'join', { hp: 20 });
      expect(text(await table.run(ALICE, 'hp', 'temp', { target: 'Bob', amount: '8' }))).toBe('Bob has 8 temporary HP.');
    });

    test('trading higher temporary HP for new ones (keep:new) is the recipient’s choice', async () => {
      const table = await begun({ ruleset: 'a5e' });
      dice.queue(10, 12);
      await table.run(ALICE, 'init', 'join', { hp: 20 });
      await table.run(BOB, 'init', 'join', { hp: 20 });
      await table.run(ALICE, 'hp', 'temp', { target: 'Bob', amount: '10' });
      expect(text(await table.run(ALICE, 'hp', 'temp', { target: 'Bob', amount: '5', keep: 'new' }))).toMatch(
        /^⚠️ .*replace Bob's temporary HP/,
      );
      expect(text(await table.run(BOB, 'hp', 'temp', { target: 'Bob', amount: '5', keep: 'new' }))).toBe(
        'Bob has 5 temporary HP (replacing 10).',
      );
    });

    test('a player enters the initiative they rolled at the table, or rolls it with advantage', async () => {
      const table = await begun();
      expect(text(await table.run(ALICE, 'init', 'join', { initiative: 17 }))).toBe('Alice joins the fight with initiative 17 (given).');
      dice.queue(4, 15);
      expect(text(await table.run(BOB, 'init', 'join', { 'init-mod': 2, mode: 'advantage' }))).toBe(
        'Bob joins the fight with initiative 17 (d20 4, 15 with advantage + 2).',
      );
    });
  });

  describe('the dead', () => {
    test('a dead player character is skipped like a dead monster, said once, and its player is not pinged', async () => {
      const table = await begun();
      dice.queue(15, 10, 5);
      await table.run(ALICE, 'init', 'join', { hp: 5 });
      await table.run(GM, 'init', 'add', { name: 'Ogre', hp: 30 });
      await table.run(GM, 'init', 'add', { name: 'Rat', hp: 1 });
      await table.run(GM, 'init', 'next');
      expect(text(await table.run(GM, 'hp', 'damage', { target: 'Alice', amount: '10' }))).toContain('Alice dies');
      await table.run(GM, 'init', 'next');
      await table.run(GM, 'init', 'next');
      const round2 = await table.run(GM, 'init', 'next');
      expect(text(round2)).toBe("**Round 2** begins.\nAlice is dead and skipped.\nIt's **Ogre**'s turn.");
      expect(JSON.stringify(round2)).not.toContain(ALICE.id);
      await table.run(GM, 'init', 'next');
      const round3 = await table.run(GM, 'init', 'next');
      expect(text(round3)).toBe("**Round 3** begins.\nIt's **Ogre**'s turn.");
    });
  });

  describe('saves left to buttons are never lost', () => {
    test('three hits ask three concentration saves; the tracker shows them; Next rolls those still waiting', async () => {
      const table = await begun();
      dice.queue(15, 10);
      await table.run(ALICE, 'init', 'join', { hp: 40, 'con-save': 2 });
      await table.run(GM, 'init', 'add', { name: 'Ogre', hp: 30 });
      await table.run(GM, 'init', 'next');
      await table.run(ALICE, 'init', 'concentrate', { target: 'Alice', effect: 'Bless' });
      await table.run(GM, 'hp', 'damage', { target: 'Alice', amount: '4' });
      await table.run(GM, 'hp', 'damage', { target: 'Alice', amount: '6' });
      await table.run(GM, 'hp', 'damage', { target: 'Alice', amount: '24' });
      expect(table.tracker().embeds?.[0]?.description).toContain('🔮 Bless (saves due: DC 10, DC 10, DC 12)');
      dice.queue(15, 12, 9);
      const next = await table.run(ALICE, 'init', 'next');
      expect(text(next)).toBe(
        [
          "Alice's concentration save (DC 10): d20 15 + 2 (save bonus) = 17. Alice keeps concentrating on Bless.",
          "Alice's concentration save (DC 10): d20 12 + 2 (save bonus) = 14. Alice keeps concentrating on Bless.",
          "Alice's concentration save (DC 12): d20 9 + 2 (save bonus) = 11. Bless ends.",
          "It's **Ogre**'s turn.",
        ].join('\n'),
      );
      expect(table.tracker().embeds?.[0]?.description).not.toContain('🔮');
    });

    test('with death saves on a button, Next rolls the one the player did not press', async () => {
      const table = await begun({ 'death-saves': 'button' });
      dice.queue(15, 10);
      await table.run(ALICE, 'init', 'join', { hp: 10 });
      await table.run(GM, 'init', 'add', { name: 'Ogre', hp: 30 });
      await table.run(GM, 'hp', 'damage', { target: 'Alice', amount: '10' });
      const turn = await table.run(GM, 'init', 'next');
      expect(text(turn)).toContain('Alice is dying and must make a death save: press **Roll death save**.');
      expect(table.tracker().embeds?.[0]?.description).toContain('Death saves ✅ 0 ❌ 0 (save due)');
      dice.queue(4);
      expect(text(await table.run(GM, 'init', 'next'))).toBe(
        "Alice's death save: 4, a failure (0 successes, 1 failure).\nIt's **Ogre**'s turn.",
      );
    });
  });
});
