import type { Services } from '../../../src/services';
import { GM, Table, buttonsOf, openTablePer, refused, text, type ScriptedRandom } from './support';

/** What the commands accept in a game master's first hour: the dead, empty fights, rests, rolled HP, groups. */
describe('what the commands accept', () => {
  let services: Services;
  let dice: ScriptedRandom;
  let channels = 0;
  openTablePer('describe', (opened) => ({ services, dice } = opened));

  /** A channel of its own for each test, with an encounter begun by the game master. */
  async function begun(name = 'Tower'): Promise<Table> {
    channels += 1;
    const table = new Table(services, `accepts-${channels}`);
    await table.run(GM, 'init', 'begin', { name });
    return table;
  }

  async function endFight(table: Table) {
    const ask = await table.run(GM, 'init', 'end');
    const confirm = buttonsOf(ask).find((b) => b.label === 'End the encounter');
    return table.press(GM, confirm?.customId ?? '');
  }

  describe('an encounter ended before round 1', () => {
    test('leaves the last recap to the last fight that reached round 1, and says so', async () => {
      const table = await begun('Ambush at the ford');
      await table.run(GM, 'init', 'add', { name: 'Goblin', hp: 7, ac: 15, initiative: 10 });
      await table.run(GM, 'init', 'next');
      await table.run(GM, 'hp', 'damage', { target: 'Goblin', amount: '4' });
      await endFight(table);

      await table.run(GM, 'init', 'begin', { name: 'False start' });
      dice.queue(12);
      await table.run(GM, 'init', 'add', { name: 'Orc', hp: 15, ac: 13 });
      const ended = await endFight(table);
      expect(ended.embeds?.map((e) => e.title)).toEqual(['🏁 False start is over']);
      expect(ended.files ?? []).toEqual([]);
      expect(text(ended)).toContain(
        'The fight ended before round 1. Gina ran it.\nNobody took a turn, so it has no recap: `/init recap` shows the last fight that reached round 1.',
      );

      const recap = await table.run(GM, 'init', 'recap');
      expect(recap.embeds?.[0]?.title).toBe('📜 Recap: Ambush at the ford');
      expect(text(recap)).toContain('1 round in under a minute of real time.');
      expect(text(recap)).toContain('**Goblin**: dealt 0 · took 4');
    });

    test('a recap with only empty fights ended says none reached round 1', async () => {
      const table = await begun('Nothing yet');
      await endFight(table);
      expect(refused(await table.run(GM, 'init', 'recap'))).toBe(
        '⚠️ No fight that reached round 1 has ended in this channel yet, so there is nothing to recap. A recap is posted when `/init end` ends one.',
      );
    });
  });
});
