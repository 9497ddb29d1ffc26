import type { Services } from '../../../src/services';
import { ALICE, GM, Table, openTablePer, refused, text, useRules, type ScriptedRandom } from './support';

/**
 * `/cast ongoing:true` rolls what a spell deals after its cast (a creature ending its turn in Spirit
 * Guardians, entering Moonbeam, walking through Spike Growth) without casting it again: no slot, no
 * concentration started, the caster's DC and the level it was cast at.
 */
describe('/cast ongoing: a spell’s later damage, rolled without casting it again', () => {
  let table: Table;
  let dice: ScriptedRandom;
  let services: Services;
  openTablePer('test', (opened) => ({ table, dice, services } = opened));

  const hpOf = async (name: string): Promise<number> => {
    const encounter = await services.encounters.get({ guildId: 'guild-1', channelId: 'channel-1' });
    return encounter?.combatants.find((c) => c.name === name)?.rules.hp ?? -1;
  };

  /** Cleo, a level 7 cleric or druid (Wis 16: DC 14, three 3rd-level slots), against two goblins of 30 HP. */
  async function casterAndGoblins(ruleSet: 'dnd2014' | 'dnd2024', spellClass: 'cleric' | 'druid'): Promise<void> {
    await useRules(services, ruleSet);
    await table.run(ALICE, 'character', 'create', { name: 'Cleo', level: 7, wis: 16, hp: 50, class: spellClass });
    await table.run(GM, 'init', 'begin', {});
    await table.run(ALICE, 'init', 'join', { initiative: 18 });
    const goblin = ruleSet === 'dnd2024' ? 'Goblin Warrior' : 'Goblin';
    await table.run(GM, 'init', 'add', { monster: goblin, count: 2, hp: '30', initiative: 10 });
  }

  test('Spirit Guardians (2024) at 3rd level: the cast says how to roll it; each goblin saves against 3d8 radiant, no slot spent', async () => {
    await casterAndGoblins('dnd2024', 'cleric');
    const cast = text(await table.run(ALICE, 'cast', null, { spell: 'Spirit Guardians' }));
    expect(dice.pending).toBe(0);
    expect(cast).toContain('**Cleo** casts **Spirit Guardians** (3rd level; 2 of 3 3rd-level slots left).');
    expect(cast).toContain('Its later damage, each time it comes: `/cast spell:Spirit Guardians ongoing:true target:…`.');
    expect(cast).not.toContain('The bot rolls nothing for it');

    // 3d8 = 2 + 3 + 4, rolled once; Goblin Warrior 1's Wisdom save 4 − 1 = 3 fails, Goblin Warrior 2's 18 − 1 = 17 succeeds.
    dice.queue(2, 3, 4, 4, 18);
    const reply = text(
      await table.run(ALICE, 'cast', null, { spell: 'Spirit Guardians', ongoing: true, target: 'Goblin Warrior 1, Goblin Warrior 2' }),
    );
    expect(dice.pending).toBe(0);
    expect(reply).toContain("**Cleo**'s **Spirit Guardians** deals its ongoing damage (3rd level).");
    expect(reply).toContain("Goblin Warrior 1's Wisdom save (DC 14): d20 4 − 1 (save bonus) = 3, failed.");
    expect(reply).toContain('Goblin Warrior 1 takes 9 radiant damage and is at 21 HP.');
    expect(reply).toContain("Goblin Warrior 2's Wisdom save (DC 14): d20 18 − 1 (save bonus) = 17, made.");
    expect(reply).toContain('Goblin Warrior 2 takes 4 radiant damage and is at 26 HP.');
    expect(reply).not.toContain('slots left');
    expect([await hpOf('Goblin Warrior 1'), await hpOf('Goblin Warrior 2')]).toEqual([21, 26]);
    const encounter = await services.encounters.get({ guildId: 'guild-1', channelId: 'channel-1' });
    const slots = encounter?.combatants.find((c) => c.name === 'Cleo')?.spellSlots?.levels.find((l) => l.level === 3);
    expect(slots).toMatchObject({ left: 2, total: 3 });
  });

  test('Spirit Guardians (2024) cast at 4th level deals 4d8 later: its concentration keeps the level', async () => {
    await casterAndGoblins('dnd2024', 'cleric');
    await table.run(ALICE, 'cast', null, { spell: 'Spirit Guardians', level: 4 });
    // 4d8 = 1 + 2 + 3 + 4, then a failed save (2 − 1).
    dice.queue(1, 2, 3, 4, 2);
    const reply = text(await table.run(ALICE, 'cast', null, { spell: 'Spirit Guardians', ongoing: true, target: 'Goblin Warrior 1' }));
    expect(dice.pending).toBe(0);
    expect(reply).toContain("**Cleo**'s **Spirit Guardians** deals its ongoing damage (4th level).");
    expect(reply).toContain('Goblin Warrior 1 takes 10 radiant damage and is at 20 HP.');
    // `level:` says otherwise: 5d8 = 1 + 1 + 1 + 1 + 1, and a failed save.
    dice.queue(1, 1, 1, 1, 1, 2);
    const told = text(
      await table.run(ALICE, 'cast', null, { spell: 'Spirit Guardians', ongoing: true, level: 5, target: 'Goblin Warrior 1' }),
    );
    expect(dice.pending).toBe(0);
    expect(told).toContain("**Cleo**'s **Spirit Guardians** deals its ongoing damage (5th level).");
    expect(told).toContain('Goblin Warrior 1 takes 5 radiant damage and is at 15 HP.');
  });

  test('Spirit Guardians cast as necrotic deals necrotic later: its concentration keeps the type chosen', async () => {
    await casterAndGoblins('dnd2024', 'cleric');
    await table.run(ALICE, 'cast', null, { spell: 'Spirit Guardians', 'damage-type': 'necrotic' });
    // 3d8 = 1 + 2 + 3, then a failed save (2 − 1).
    dice.queue(1, 2, 3, 2);
    const reply = text(await table.run(ALICE, 'cast', null, { spell: 'Spirit Guardians', ongoing: true, target: 'Goblin Warrior 1' }));
    expect(dice.pending).toBe(0);
    expect(reply).toContain('Goblin Warrior 1 takes 6 necrotic damage and is at 24 HP.');
    // `damage-type:` says otherwise for this roll: 3d8 = 1 + 1 + 1, and a failed save.
    dice.queue(1, 1, 1, 2);
    const told = text(
      await table.run(ALICE, 'cast', null, {
        spell: 'Spirit Guardians',
        ongoing: true,
        target: 'Goblin Warrior 1',
        'damage-type': 'radiant',
      }),
    );
    expect(dice.pending).toBe(0);
    expect(told).toContain('Goblin Warrior 1 takes 3 radiant damage and is at 21 HP.');
    // A type the spell does not offer is refused on the later roll as on the cast.
    expect(
      refused(
        await table.run(ALICE, 'cast', null, {
          spell: 'Spirit Guardians',
          ongoing: true,
          target: 'Goblin Warrior 1',
          'damage-type': 'fire',
        }),
      ),
    ).toBe('⚠️ Spirit Guardians deals radiant or necrotic damage: `damage-type` is one of those.');
    expect(await hpOf('Goblin Warrior 1')).toBe(21);
  });

  test('Spirit Guardians is refused once the caster’s concentration on it has ended', async () => {
    await casterAndGoblins('dnd2024', 'cleric');
    await table.run(ALICE, 'cast', null, { spell: 'Spirit Guardians' });
    expect(text(await table.run(ALICE, 'init', 'drop-concentration', { target: 'Cleo' }))).toContain('Spirit Guardians');
    const reply = refused(await table.run(ALICE, 'cast', null, { spell: 'Spirit Guardians', ongoing: true, target: 'Goblin Warrior 1' }));
    expect(reply).toBe('⚠️ Spirit Guardians has ended: Cleo is not concentrating.');
    expect(dice.pending).toBe(0);
    expect(await hpOf('Goblin Warrior 1')).toBe(30);
  });

  test("Black Tentacles' ongoing Restrained ends with the caster's concentration on it, as the cast's does", async () => {
    await useRules(services, 'dnd2024');
    await table.run(ALICE, 'character', 'create', { name: 'Wiz', level: 7, int: 16, hp: 40, class: 'wizard' });
    await table.run(GM, 'init', 'begin', {});
    await table.run(ALICE, 'init', 'join', { initiative: 18 });
    await table.run(GM, 'init', 'add', { monster: 'Goblin Warrior', count: 2, hp: '30', initiative: 10 });
    // The cast: 3d6 of 1 each, Goblin Warrior 2's Strength save 20 made.
    dice.queue(1, 1, 1, 20);
    await table.run(ALICE, 'cast', null, { spell: 'Black Tentacles', target: 'Goblin Warrior 2' });
    // Goblin Warrior 1 enters later: 3d6 of 1 each, its save 1 fails.
    dice.queue(1, 1, 1, 1);
    await table.run(ALICE, 'cast', null, { spell: 'Black Tentacles', ongoing: true, target: 'Goblin Warrior 1' });
    expect(dice.pending).toBe(0);
    const restrained = async (): Promise<readonly string[]> =>
      (await services.encounters.get({ guildId: 'guild-1', channelId: 'channel-1' }))?.combatants.find((c) => c.name === 'Goblin Warrior 1')
        ?.rules.conditions ?? [];
    expect(await restrained()).toEqual(['restrained']);
    await table.run(ALICE, 'init', 'drop-concentration', { target: 'Wiz' });
    expect(await restrained()).toEqual([]);
  });

  test('a spell with nothing later is refused, with the reason', async () => {
    await casterAndGoblins('dnd2024', 'cleric');
    const reply = refused(await table.run(ALICE, 'cast', null, { spell: 'Guiding Bolt', ongoing: true, target: 'Goblin Warrior 1' }));
    expect(reply).toBe(
      '⚠️ Guiding Bolt deals nothing later: `ongoing` rolls what a spell such as Spirit Guardians or Moonbeam deals after its cast.',
    );
  });

  test('Moonbeam (2014): a Constitution save against 2d10 radiant, half on a success', async () => {
    await casterAndGoblins('dnd2014', 'druid');
    await table.run(ALICE, 'cast', null, { spell: 'Moonbeam' });
    // 2d10 = 7 + 6, halved to 6 by Goblin 1's Constitution save: 16 + 0 = 16 succeeds.
    dice.queue(7, 6, 16);
    const reply = text(await table.run(ALICE, 'cast', null, { spell: 'Moonbeam', ongoing: true, target: 'Goblin 1' }));
    expect(dice.pending).toBe(0);
    expect(reply).toContain("**Cleo**'s **Moonbeam** deals its ongoing damage (2nd level).");
    expect(reply).toContain("Goblin 1's Constitution save (DC 14): d20 16 = 16, made.");
    expect(reply).toContain('Goblin 1 takes 6 radiant damage and is at 24 HP.');
  });

  test('Spike Growth: 2d4 piercing, no save', async () => {
    await casterAndGoblins('dnd2024', 'druid');
    const cast = text(await table.run(ALICE, 'cast', null, { spell: 'Spike Growth', target: 'Goblin Warrior 2' }));
    expect(cast).toContain('Its later damage, each time it comes: `/cast spell:Spike Growth ongoing:true target:…`.');
    expect(cast).not.toContain('takes');
    expect(await hpOf('Goblin Warrior 2')).toBe(30);
    dice.queue(3, 4);
    const reply = text(await table.run(ALICE, 'cast', null, { spell: 'Spike Growth', ongoing: true, target: 'Goblin Warrior 2' }));
    expect(dice.pending).toBe(0);
    expect(reply).not.toContain('save');
    expect(reply).toContain('Goblin Warrior 2 takes 7 piercing damage and is at 23 HP.');
  });

  test('Wall of Thorns cast at 7th level: the later slashing grows by 1d8 as the piercing does', async () => {
    await useRules(services, 'dnd2024');
    // A level 13 druid (Wis 16: DC 16) has a 7th-level slot.
    await table.run(ALICE, 'character', 'create', { name: 'Dru', level: 13, wis: 16, hp: 80, class: 'druid' });
    await table.run(GM, 'init', 'begin', {});
    await table.run(ALICE, 'init', 'join', { initiative: 18 });
    await table.run(GM, 'init', 'add', { monster: 'Goblin Warrior', count: 2, hp: '60', initiative: 10 });
    // As it appears: 8d8 of 1 each, halved by Goblin Warrior 2's Dexterity save 20 + 2.
    dice.queue(1, 1, 1, 1, 1, 1, 1, 1, 20);
    await table.run(ALICE, 'cast', null, { spell: 'Wall of Thorns', level: 7, target: 'Goblin Warrior 2' });
    // Later: 8d8 of 1 each, then Goblin Warrior 1's Dexterity save 2 + 2 = 4 fails.
    dice.queue(1, 1, 1, 1, 1, 1, 1, 1, 2);
    const reply = text(await table.run(ALICE, 'cast', null, { spell: 'Wall of Thorns', ongoing: true, target: 'Goblin Warrior 1' }));
    expect(dice.pending).toBe(0);
    expect(reply).toContain("**Dru**'s **Wall of Thorns** deals its ongoing damage (7th level).");
    expect(reply).toContain('Goblin Warrior 1 takes 8 slashing damage and is at 52 HP.');
  });

  test('/init undo takes back an ongoing roll, and only it', async () => {
    await casterAndGoblins('dnd2024', 'cleric');
    await table.run(ALICE, 'cast', null, { spell: 'Spirit Guardians' });
    dice.queue(2, 3, 4, 4);
    await table.run(ALICE, 'cast', null, { spell: 'Spirit Guardians', ongoing: true, target: 'Goblin Warrior 1' });
    expect(await hpOf('Goblin Warrior 1')).toBe(21);
    const undone = text(await table.run(GM, 'init', 'undo', {}));
    expect(undone).toBe(
      "Undone: `/cast` by Alice (Cleo's Spirit Guardians dealt its ongoing damage (3rd level); Goblin Warrior 1 failed a DC 14 Wisdom save; Goblin Warrior 1: 9 radiant damage).",
    );
    expect(await hpOf('Goblin Warrior 1')).toBe(30);
    const encounter = await services.encounters.get({ guildId: 'guild-1', channelId: 'channel-1' });
    expect(encounter?.effects.filter((e) => e.kind === 'concentration').map((e) => e.name)).toEqual(['Spirit Guardians']);
  });
});
