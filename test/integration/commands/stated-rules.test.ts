import type { Services } from '../../../src/services';
import { ALICE, buttonsOf, GM, openTablePer, text, useRules, type ScriptedRandom, type Table } from './support';

/** Issue 22 through the real dispatcher: consequences the rule sets state, as /save, /rest and /init join apply them. */
describe('rules the catalogues state, behind the commands', () => {
  let table: Table;
  let dice: ScriptedRandom;
  let services: Services;
  openTablePer('test', (opened) => ({ table, dice, services } = opened));

  /** A fight with a Goblin (Dex save +2) that takes the Dodge action. */
  async function dodgingGoblin(): Promise<void> {
    await table.run(GM, 'init', 'begin', {});
    await table.run(GM, 'init', 'add', { name: 'Goblin', hp: 7, initiative: 12, saves: 'dex+2' });
    await table.run(GM, 'condition', 'add', { target: 'Goblin', condition: 'Dodge' });
  }

  test.each(['dnd2024', 'crown-misery', 'dnd2014', 'a5e'] as const)(
    '%s: /save for a dodging combatant rolls its Dexterity save with advantage (000 and 003 "Dodge", 004)',
    async (ruleSet) => {
      await useRules(services, ruleSet);
      await dodgingGoblin();
      dice.queue(5, 13);
      expect(text(await table.run(GM, 'save', null, { ability: 'dex', target: 'Goblin', dc: 15 }))).toBe(
        'Goblin: Dexterity save (DC 15)\nd20 13 (of 5, 13) + 2 (save bonus) = 15\nAdvantage: Dodge.\nDC 15: **✅ Success**\nTotal: 15',
      );
    },
  );

  test('D&D Next: /save for a dodging combatant adds 4 to its Dexterity save (002 "Dodge")', async () => {
    await useRules(services, 'dnd-next');
    await dodgingGoblin();
    dice.queue(9);
    expect(text(await table.run(GM, 'save', null, { ability: 'dex', target: 'Goblin', dc: 15 }))).toBe(
      'Goblin: Dexterity save (DC 15)\nd20 9 + 2 (save bonus) + 4 (Dodge) = 15\nDC 15: **✅ Success**\nTotal: 15',
    );
  });

  test('the Dodge touches no other save: a Wisdom save rolls one d20', async () => {
    await dodgingGoblin();
    dice.queue(5);
    expect(text(await table.run(GM, 'save', null, { ability: 'wis', target: 'Goblin' }))).toContain('d20 5 =');
  });

  async function endFight(): Promise<void> {
    const confirm = await table.run(GM, 'init', 'end');
    const end = buttonsOf(confirm).find((b) => b.label === 'End the encounter');
    await table.press(GM, end?.customId ?? '');
  }

  test('2014: a short rest whose Hit Die brings a character back from 0 HP wakes it (000 "Unconscious")', async () => {
    await useRules(services, 'dnd2014');
    await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 3, con: 14, hp: 20, 'hit-die': 'd8' });
    await table.run(GM, 'init', 'begin', {});
    dice.queue(10);
    await table.run(ALICE, 'init', 'join', {});
    await table.run(GM, 'hp', 'damage', { target: 'Alice', amount: '20' });
    await endFight();
    dice.queue(5);
    expect(text(await table.run(ALICE, 'rest', 'short', { 'hit-dice': 1 }))).toBe(
      [
        '**Alice** takes a short rest.',
        'Spends 1 Hit Die: d8 5 +2 → 7.',
        'Regains 7 HP (now 7/20).',
        'Hit Dice left: 2 of 3 (d8).',
        'Alice is conscious again.',
        'Alice is no longer Incapacitated, Unconscious or Prone.',
      ].join('\n'),
    );
  });

  test('2024: a character whose sheet keeps Exhaustion 2 from its last fight rolls initiative 4 lower at /init join (000 "Exhaustion")', async () => {
    await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 3, dex: 14, hp: 20 });
    await table.run(GM, 'init', 'begin', {});
    dice.queue(10);
    await table.run(ALICE, 'init', 'join', {});
    await table.run(GM, 'condition', 'add', { target: 'Alice', condition: 'Exhaustion', level: 2 });
    await endFight();
    await table.run(GM, 'init', 'begin', {});
    dice.queue(12);
    expect(text(await table.run(ALICE, 'init', 'join', {}))).toBe('Alice joins the fight with initiative 10 (d20 12 − 2).');
  });
});
