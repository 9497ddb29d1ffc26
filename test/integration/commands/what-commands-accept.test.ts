import type { Services } from '../../../src/services';
import type { Reply } from '../../../src/views/reply';
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
        'Orc is now at 2 HP (was 0).\nOrc is alive again.',
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
        '⚠️ Rhea cannot take a short rest: HP are at the maximum (40/40), so Hit Dice would heal nothing: none was spent. Leave out `hit-dice` to rest without spending any.',
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

  describe('/init add with dice for hp', () => {
    test('rolls for each monster of the group, shows every roll, and each starts at its own total', async () => {
      const table = await begun();
      dice.queue(3, 4, 5, 2, 2, 2);
      const added = await table.run(GM, 'init', 'add', { name: 'Goblin', hp: '2d6', ac: 15, count: 3, initiative: 10 });
      expect(added.ephemeral).toBeUndefined();
      expect(text(added)).toBe(
        [
          'Goblin 1–3 join the fight with initiative 10 (given).',
          "🎲 Goblin 1's HP: 2d6 (3, 4) = `7`",
          "🎲 Goblin 2's HP: 2d6 (5, 2) = `7`",
          "🎲 Goblin 3's HP: 2d6 (2, 2) = `4`",
        ].join('\n'),
      );
      const order = table.tracker().embeds?.[0]?.description ?? '';
      expect(order).toContain('**Goblin 1** · 7/7 HP');
      expect(order).toContain('**Goblin 3** · 4/4 HP');
      expect(text(await table.run(GM, 'init', 'add', { name: 'Orc', hp: '15', initiative: 9 }))).toBe(
        'Orc joins the fight with initiative 9 (given).',
      );
    });

    test("a hidden monster's rolls go to the game master alone; the channel's tracker shows only how it looks", async () => {
      const table = await begun();
      dice.queue(8, 1, 5);
      const added = await table.run(GM, 'init', 'add', { name: 'Shade', hp: '3d8', hidden: true, initiative: 5 });
      expect(added.ephemeral).toBe(true);
      expect(text(added)).toBe("Shade joins the fight with initiative 5 (given).\n🎲 Shade's HP: 3d8 (**8**, **1**, 5) = `14`");
      const tracker = table.tracker().embeds?.[0]?.description ?? '';
      expect(tracker).toContain('**Shade** · Healthy');
      expect(tracker).not.toContain('14');
    });

    test('each roll keeps to the dice limits, a total below 1 adds nobody, and a big group is shown as totals', async () => {
      const table = await begun();
      expect(refused(await table.run(GM, 'init', 'add', { name: 'Swarm', hp: '1001d6', initiative: 3 }))).toBe(
        '⚠️ HP must be a number or dice such as `2d6+3`: At most 1000 dice can be rolled at once.',
      );
      expect(refused(await table.run(GM, 'init', 'add', { name: 'Wisp', hp: '1d1-1', initiative: 3 }))).toBe(
        '⚠️ HP rolled for Wisp came to 0 (1d1 (**1**) - 1 = `0`): hit points must be from 1 to 100000, so nobody was added.',
      );
      expect(refused(await table.run(GM, 'init', 'list'))).not.toContain('Wisp');
      const horde = text(await table.run(GM, 'init', 'add', { name: 'Zombie', hp: '100d8', count: 20, initiative: 2 }));
      expect(horde).toMatch(
        /^Zombie 1–20 join the fight with initiative 2 \(given\)\.\n🎲 HP rolled as 100d8 for each: Zombie 1 \d+, Zombie 2 \d+, /,
      );
      expect(horde.split('\n')).toHaveLength(2);
    });
  });

  describe("a group's name", () => {
    /** Goblin 1–3 from one count:3, and an Orc; round 1 has begun. */
    async function goblins(): Promise<Table> {
      const table = await begun();
      await table.run(GM, 'init', 'add', { name: 'Goblin', hp: 7, ac: 15, count: 3, initiative: 10 });
      await table.run(GM, 'init', 'add', { name: 'Orc', hp: 15, ac: 13, initiative: 5 });
      await table.run(GM, 'init', 'next');
      return table;
    }

    function pressLabel(table: Table, reply: Reply, label: string): Promise<Reply> {
      const button = buttonsOf(reply).find((b) => b.label === label);
      if (button === undefined) throw new Error(`no button ${label}`);
      return table.press(GM, button.customId);
    }

    test('/condition add target:Goblin asks first, then puts it on every goblin as one change', async () => {
      const table = await goblins();
      const asked = await table.run(GM, 'condition', 'add', { target: 'Goblin', condition: 'Poisoned', duration: 1 });
      expect(asked.ephemeral).toBe(true);
      expect(text(asked)).toBe(
        '**Goblin** stands for Goblin 1, Goblin 2 and Goblin 3. Put **Poisoned** on all 3?\nName one of them (Goblin 1) to put it on that one alone.',
      );
      expect(buttonsOf(asked).map((b) => b.label)).toEqual(['Put it on all 3', 'Cancel']);
      expect(table.tracker().embeds?.[0]?.description).not.toContain('Poisoned');

      const done = await pressLabel(table, asked, 'Put it on all 3');
      expect(done.ephemeral).toBeUndefined();
      // One line for each, in the order; how a duration reads is the condition's own sentence.
      expect(
        text(done)
          .split('\n')
          .map((line) => line.split(' for ')[0]),
      ).toEqual(['Goblin 1 is now **Poisoned**', 'Goblin 2 is now **Poisoned**', 'Goblin 3 is now **Poisoned**']);
      const tracker = table.tracker().embeds?.[0]?.description ?? '';
      for (const goblin of ['Goblin 1', 'Goblin 2', 'Goblin 3']) expect(tracker).toMatch(new RegExp(`\\*\\*${goblin}\\*\\* · .*Poisoned`));
      expect(tracker).not.toMatch(/\*\*Orc\*\* · .*Poisoned/);
      expect(refused(await pressLabel(table, asked, 'Put it on all 3'))).toBe(
        '⚠️ This confirmation was already answered or has expired: nothing was changed.',
      );

      await table.run(GM, 'init', 'undo');
      expect(table.tracker().embeds?.[0]?.description).not.toContain('Poisoned');
    });

    test('Cancel changes nothing; the dead are left out; one living member needs no question', async () => {
      const table = await goblins();
      const asked = await table.run(GM, 'condition', 'add', { target: 'goblin', condition: 'Blinded' });
      const cancelled = await pressLabel(table, asked, 'Cancel');
      expect(cancelled).toMatchObject({ updateMessage: true, components: [] });
      expect(text(cancelled)).toBe('Nothing was changed.');
      expect(table.tracker().embeds?.[0]?.description).not.toContain('Blinded');

      await table.run(GM, 'hp', 'damage', { target: 'Goblin 1', amount: '9' });
      const twoLeft = await table.run(GM, 'condition', 'add', { target: 'Goblin', condition: 'Prone' });
      expect(text(twoLeft)).toBe(
        '**Goblin** stands for Goblin 2 and Goblin 3. Put **Prone** on both?\nGoblin 1 is dead and left out.\nName one of them (Goblin 2) to put it on that one alone.',
      );
      await table.run(GM, 'hp', 'damage', { target: 'Goblin 2', amount: '9' });
      const one = await table.run(GM, 'condition', 'add', { target: 'Goblin', condition: 'Prone' });
      expect(one.ephemeral).toBeUndefined();
      expect(text(one)).toBe('Goblin 3 is now **Prone**.');
    });

    test('commands meant for one combatant still ask "which one?"', async () => {
      const table = await goblins();
      expect(refused(await table.run(GM, 'hp', 'damage', { target: 'Goblin', amount: '3' }))).toBe(
        '⚠️ "Goblin" could be Goblin 1, Goblin 2, Goblin 3: which one?',
      );
      expect(refused(await table.run(GM, 'condition', 'remove', { target: 'Goblin', condition: 'Prone' }))).toBe(
        '⚠️ "Goblin" could be Goblin 1, Goblin 2, Goblin 3: which one?',
      );
    });
  });
});
