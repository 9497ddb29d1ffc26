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

  describe('acting on the dead', () => {
    /** An Orc killed outright, and a Goblin to act with; round 1 has begun. */
    async function deadOrc(): Promise<Table> {
      const table = await begun();
      await table.run(GM, 'init', 'add', { name: 'Orc', hp: 5, ac: 13, initiative: 12 });
      await table.run(GM, 'init', 'add', { name: 'Goblin', hp: 7, ac: 15, initiative: 8 });
      await table.run(GM, 'init', 'next');
      expect(text(await table.run(GM, 'hp', 'damage', { target: 'Orc', amount: '9' }))).toBe(
        'Orc takes 9 damage and drops to 0 HP. It dies.',
      );
      return table;
    }

    test('damage, healing, temporary HP, an attack, a turn and a new condition are refused with the reason; nothing is logged', async () => {
      const table = await deadOrc();
      const logged = text(await table.run(GM, 'init', 'log'));
      expect(refused(await table.run(GM, 'hp', 'damage', { target: 'Orc', amount: '5' }))).toBe(
        '⚠️ Orc is dead: damage changes nothing, so none was recorded.',
      );
      expect(refused(await table.run(GM, 'hp', 'heal', { target: 'Orc', amount: '5' }))).toBe(
        '⚠️ Orc is dead and cannot regain hit points. `/hp set` above 0 brings it back to life first.',
      );
      expect(refused(await table.run(GM, 'hp', 'temp', { target: 'Orc', amount: '5' }))).toBe(
        '⚠️ Orc is dead and cannot gain temporary hit points.',
      );
      expect(refused(await table.run(GM, 'attack', null, { target: 'Orc', attacker: 'Goblin', bonus: '4', damage: '1d6+2' }))).toBe(
        '⚠️ Orc is dead: there is nothing left to attack. Choose a living target.',
      );
      expect(refused(await table.run(GM, 'init', 'move', { target: 'Orc' }))).toBe(
        '⚠️ Orc is dead and has no turns. `/hp set` above 0 brings it back to life first.',
      );
      expect(refused(await table.run(GM, 'condition', 'add', { target: 'Orc', condition: 'Prone' }))).toBe(
        '⚠️ Orc is dead: conditions and effects no longer change anything for it (`/condition remove` still clears what it had).',
      );
      expect(text(await table.run(GM, 'init', 'log'))).toBe(logged);
    });

    test('corrections stay allowed: /hp set brings it back, and then it can be healed and given the turn', async () => {
      const table = await deadOrc();
      expect(text(await table.run(GM, 'hp', 'set', { target: 'Orc', amount: '2' }))).toBe(
        'Orc is now at 2 HP (was 0).\nIt is alive again.',
      );
      expect(text(await table.run(GM, 'hp', 'heal', { target: 'Orc', amount: '1' }))).toBe('Orc regains 1 HP and is at 3 HP.');
      expect(text(await table.run(GM, 'init', 'move', { target: 'Orc' }))).toContain('The turn moves to **Orc**.');
    });
  });

  describe('a short rest with nothing to regain', () => {
    const RHEA = { id: 'user-rhea', name: 'Rhea' };

    test('at full HP spends no Hit Die and says why; dice past the maximum stay unspent, and the last says what it healed', async () => {
      channels += 1;
      const table = new Table(services, `accepts-${channels}`);
      await table.run(RHEA, 'character', 'create', { name: 'Rhea', level: 5, con: 14, hp: 40, 'hit-die': 'd8' });
      expect(refused(await table.run(RHEA, 'rest', 'short', { 'hit-dice': 2 }))).toBe(
        '⚠️ Rhea cannot take a short rest: HP are at the maximum (40/40), so Hit Dice would heal nothing: none was spent.',
      );
      expect(text(await table.run(RHEA, 'character', 'show', { name: 'Rhea' }))).toContain('**Hit Dice** 5/5 d8');

      await table.run(GM, 'init', 'begin', { name: 'Scratch' });
      dice.queue(10);
      await table.run(RHEA, 'init', 'join', {});
      await table.run(GM, 'hp', 'damage', { target: 'Rhea', amount: '3' });
      await endFight(table);
      dice.queue(5);
      expect(text(await table.run(RHEA, 'rest', 'short', { 'hit-dice': 2 }))).toBe(
        [
          '**Rhea** takes a short rest.',
          'Spends 1 Hit Die: d8 5 +2 → 3 of 7 (HP full).',
          '1 Hit Die stays unspent: HP are full.',
          'Regains 3 HP (now 40/40).',
          'Hit Dice left: 4 of 5 (d8).',
        ].join('\n'),
      );
    });
  });
});
