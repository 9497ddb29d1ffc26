import type { RuleSetId } from '../../../src/rules/ids';
import type { Services } from '../../../src/services';
import type { Reply } from '../../../src/views/reply';
import { ALICE, GM, openTablePer, text, type ScriptedRandom, type Table } from './support';

/** /attack through the real dispatcher on the in-memory stores, with the dice the test queues. */
describe('/attack', () => {
  let table: Table;
  let dice: ScriptedRandom;
  let services: Services;
  openTablePer('test', (opened) => ({ table, dice, services } = opened), 1, 'memory');

  /** A fight under `ruleset`: Alice (20 HP, AC 14) at initiative 20, a Goblin (30 HP, AC 13) and a hidden Bugbear (40 HP, AC 16). */
  async function fight(ruleset: RuleSetId = 'dnd2024'): Promise<void> {
    await services.settings.setGuildRuleset({ guildId: 'guild-1', ruleset, userId: GM.id });
    await table.run(GM, 'init', 'begin', {});
    await table.run(GM, 'init', 'add', { name: 'Goblin', hp: 30, ac: 13, initiative: 10 });
    await table.run(GM, 'init', 'add', { name: 'Bugbear', hp: 40, ac: 16, initiative: 5, hidden: true });
    await table.run(ALICE, 'init', 'join', { name: 'Alice', hp: 20, ac: 14, initiative: 20 });
  }

  function attack(player = ALICE, values: Record<string, string | number | boolean>): Promise<Reply> {
    return table.run(player, 'attack', null, values);
  }

  // A natural 20 with 1d8+3 [piercing]; the d8s show 5 (then 6 where a second one is rolled).
  it.each([
    ['dnd2014', [5, 6], '🎲 2d8 (5, 6) + 3 [piercing] = `14`', 14],
    ['dnd2024', [5, 6], '🎲 2d8 (5, 6) + 3 [piercing] = `14`', 14],
    ['crown-misery', [5], '🎲 (1d8 (5) + 3 [piercing]) * 2 = `16`', 16],
    ['dnd-next', [5], '🎲 max(1d8) (**8**) + 3 [piercing] + 1d8 (5) = `16`', 16],
    ['a5e', [5], '🎲 (1d8 (5) + 3 [piercing]) * 2 = `16`', 16],
  ] as const)('%s: a critical hit deals the rule set’s critical damage', async (ruleset, faces, roll, damage) => {
    await fight(ruleset);
    dice.queue(20, ...faces);
    const reply = text(await attack(ALICE, { target: 'Goblin', bonus: '5', damage: '1d8+3 [piercing]' }));
    expect(reply).toContain('= 25 against AC 13. **Critical hit** (natural 20).');
    expect(reply).toContain(roll);
    expect(reply).toContain(`Goblin takes ${damage} piercing damage and is at ${30 - damage} HP.`);
    expect(dice.pending).toBe(0);
  });

  it('undo takes the whole attack back in one step', async () => {
    await fight();
    dice.queue(15, 6);
    expect(text(await attack(ALICE, { target: 'Goblin', bonus: '5', damage: '1d8+3' }))).toContain(
      'Goblin takes 9 damage and is at 21 HP.',
    );
    expect(text(await table.run(GM, 'init', 'undo'))).toBe('Undone: `/attack` by Alice (Alice → Goblin: hit, 9 damage).');
    expect(text(table.tracker())).toContain('**Goblin** · 30/30 HP · AC 13');
  });

  it("the game master's secret attack with a hidden monster shows them its numbers, privately", async () => {
    await fight();
    dice.queue(12, 4, 3);
    const reply = await attack(GM, { target: 'Alice', bonus: '6', damage: '2d6+2 [slashing]', attacker: 'Bugbear', secret: true });
    expect(reply.ephemeral).toBe(true);
    expect(text(reply)).toBe(
      [
        '🔒 Secret roll: you run the encounter here, so only you see it.',
        '**Bugbear** makes a melee weapon attack on **Alice**: d20 12 + 6 (attack bonus) = 18 against AC 14. **Hit.**',
        '🎲 2d6 (4, 3) + 2 [slashing] = `9`',
        'Alice takes 9 slashing damage and is at 11 HP.',
      ].join('\n'),
    );
  });

  it('an ability bonus needs a character sheet', async () => {
    await fight();
    const reply = await attack(ALICE, { target: 'Goblin', bonus: 'str', damage: '1d8' });
    expect(reply.ephemeral).toBe(true);
    expect(text(reply)).toBe('⚠️ Alice has no character sheet to read `bonus:str` from: give the bonus as a number, e.g. `bonus:5`.');
  });
});
