import type { Services } from '../../../src/services';
import { BOB, GM, Table, buttonsOf, openTablePer, text, type ScriptedRandom } from './support';

/** What a table meets in its first evening (issue: wrong numbers, leaked secrets, rough wording). */
describe('a first session at the table', () => {
  let services: Services;
  let dice: ScriptedRandom;
  let channels = 0;
  openTablePer('describe', (opened) => ({ services, dice } = opened), 1, 'memory');

  /** A channel of its own for each test, with an encounter begun by the game master. */
  async function begun(name = 'Tower', ruleset?: string): Promise<Table> {
    channels += 1;
    const table = new Table(services, `first-session-${channels}`);
    await table.run(GM, 'init', 'begin', ruleset === undefined ? { name } : { name, ruleset });
    return table;
  }

  describe('wording', () => {
    test('ending before round 1 says the fight has not started, not "after round 0" or "0 rounds"', async () => {
      const table = await begun();
      const ask = await table.run(GM, 'init', 'end');
      expect(text(ask)).toBe('End **Tower**? The fight has not started yet. It cannot be undone.');
      const summary = await table.press(GM, buttonsOf(ask)[0]?.customId ?? '');
      expect(text(summary)).toContain('The fight ended before round 1. Gina ran it.');
      expect(table.tracker().embeds?.[0]?.description?.split('\n')[0]).toBe('Ended before round 1.');
    });

    test('a first maximum does not say it was 0', async () => {
      const table = await begun();
      dice.queue(10);
      await table.run(BOB, 'init', 'join', {});
      expect(text(await table.run(GM, 'hp', 'max', { target: 'Bob', amount: '12' }))).toBe("Bob's hit point maximum is now 12.");
      expect(text(await table.run(GM, 'hp', 'max', { target: 'Bob', amount: '14' }))).toBe("Bob's hit point maximum is now 14 (was 12).");
    });

    test('count:20 names the range, not twenty names', async () => {
      const table = await begun();
      dice.queue(12);
      const reply = await table.run(GM, 'init', 'add', { name: 'Goblin', hp: 7, count: 20 });
      expect(text(reply)).toBe('Goblin 1–20 join the fight with initiative 12 (d20 12).');
    });
  });

  describe('names are shown as typed, never as markdown', () => {
    test('a masked link, bold and a heading in names stay plain text in replies, the tracker and the log', async () => {
      const table = await begun('[Free Nitro](https://x.example)');
      dice.queue(12);
      const added = await table.run(GM, 'init', 'add', { name: '**Boss**', hp: 7 });
      expect(text(added)).toBe('\\*\\*Boss\\*\\* joins the fight with initiative 12 (d20 12).');
      dice.queue(9);
      await table.run(BOB, 'init', 'join', { name: '# Loud', hp: 9 });
      const tracker = table.tracker().embeds?.[0];
      expect(tracker?.title).toBe('⚔️ \\[Free Nitro\\](https://x.example)');
      expect(tracker?.description).toContain('**\\*\\*Boss\\*\\***');
      expect(tracker?.description).toContain('**\\# Loud**');
      expect(text(await table.run(GM, 'hp', 'damage', { target: '**Boss**', amount: '3' }))).toBe(
        '\\*\\*Boss\\*\\* takes 3 damage and is at 4 HP.',
      );
      expect(text(await table.run(GM, 'init', 'log'))).toContain('\\*\\*Boss\\*\\*: 3 damage');
      expect(text(await table.run(BOB, 'hp', 'damage', { target: '[x](https://y)', amount: '3' }))).toContain(
        'called "\\[x\\](https://y)"',
      );
    });
  });

  describe("a hidden monster's numbers stay with the game master", () => {
    async function withHiddenOgre(): Promise<Table> {
      const table = await begun();
      dice.queue(5);
      await table.run(GM, 'init', 'add', { name: 'Ogre', hp: 65, hidden: true });
      return table;
    }

    test('the log and undo show no HP or maximum of a hidden monster', async () => {
      const table = await withHiddenOgre();
      await table.run(GM, 'hp', 'set', { target: 'Ogre', amount: '30' });
      await table.run(GM, 'hp', 'max', { target: 'Ogre', amount: '70' });
      await table.run(GM, 'hp', 'temp', { target: 'Ogre', amount: '5' });
      const log = text(await table.run(BOB, 'init', 'log'));
      expect(log).toContain('Ogre: HP set');
      expect(log).toContain('Ogre: maximum HP set');
      expect(log).toContain('Ogre: temporary HP');
      expect(log.replace(/`\d\d:\d\d:\d\d`/g, '')).not.toMatch(/65|30|70|→/);
      const undone = text(await table.run(GM, 'init', 'undo'));
      expect(undone).toContain('Ogre: temporary HP');
      expect(undone).not.toMatch(/\b5\b/);
    });

    test("the game master's log is private and shows the hidden numbers; a player's never does", async () => {
      const table = await withHiddenOgre();
      await table.run(GM, 'hp', 'damage', { target: 'Ogre', amount: '35' });
      await table.run(GM, 'hp', 'temp', { target: 'Ogre', amount: '5' });
      await table.run(BOB, 'hp', 'heal', { target: 'Ogre', amount: '4' });
      const players = await table.run(BOB, 'init', 'log');
      expect(players.ephemeral).toBe(false);
      // Without the clock, whose digits could be anything.
      expect(text(players).replace(/`\d\d:\d\d:\d\d`/g, '')).not.toMatch(/65|30|34|→|🔒/);
      const gm = await table.run(GM, 'init', 'log');
      expect(gm.ephemeral).toBe(true);
      const lines = text(gm).split('\n');
      expect(lines[1]).toMatch(/ · \/hp heal · Ogre: healed 4 · 🔒 Ogre HP 30 → 34$/);
      expect(lines[2]).toMatch(/ · \/hp temp · Ogre: temporary HP · 🔒 Ogre temporary 0 → 5$/);
      expect(lines[3]).toMatch(/ · \/hp damage · Ogre: 35 damage · 🔒 Ogre HP 65 → 30$/);
      expect(lines[4]).toMatch(/ · \/init add · added Ogre \(initiative 5\) · 🔒 Ogre HP 65\/65$/);
      // A player who runs the log after the game master still sees only the players' view.
      expect(text(await table.run(BOB, 'init', 'log'))).toBe(text(players));
    });

    test("a player's heal does not tell how much the monster was missing", async () => {
      const table = await withHiddenOgre();
      await table.run(GM, 'hp', 'damage', { target: 'Ogre', amount: '4' });
      expect(text(await table.run(BOB, 'hp', 'heal', { target: 'Ogre', amount: '10' }))).toBe('Ogre is healed.');
      expect(text(await table.run(BOB, 'hp', 'heal', { target: 'Ogre', amount: '10' }))).toBe('Ogre is healed.');
    });
  });

  describe('damage of several types', () => {
    test('the reply shows each part and what the target made of it', async () => {
      const table = await begun();
      dice.queue(5);
      await table.run(GM, 'init', 'add', { name: 'Ogre', hp: 59, resist: 'fire' });
      dice.queue(5, 3, 4);
      expect(text(await table.run(BOB, 'hp', 'damage', { target: 'Ogre', amount: '1d8+3 [slashing] + 2d6 [fire]' }))).toBe(
        '🎲 1d8 (5) + 3 [slashing] = `8` + 2d6 (3, 4) [fire] = `7`\nOgre takes 11 damage (8 slashing; 7 fire → 3 (resistant)) and is at 48 HP.',
      );
      expect(text(await table.run(BOB, 'hp', 'damage', { target: 'Ogre', amount: '1d6 [fier]' }))).toMatch(
        /^⚠️ \\?\[fier\\?\] is not a damage type/,
      );
    });
  });
});
