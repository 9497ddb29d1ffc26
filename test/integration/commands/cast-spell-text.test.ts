import type { Services } from '../../../src/services';
import { ALICE, BOB, GM, Table, openTablePer, text, useRules, type ScriptedRandom } from './support';

/**
 * `/cast` does what a spell's text says happens as it is cast, and no more: damage that comes on
 * entering an area, to the caster, or whatever a save decides is not dealt to the targets given.
 */
describe('/cast: what the spell text says happens at casting', () => {
  let table: Table;
  let dice: ScriptedRandom;
  let services: Services;
  openTablePer('test', (opened) => ({ table, dice, services } = opened));

  const ogre = async (): Promise<{ hp: number; conditions: readonly string[] }> => {
    const encounter = await services.encounters.get({ guildId: 'guild-1', channelId: 'channel-1' });
    const found = encounter?.combatants.find((c) => c.name === 'Ogre');
    return { hp: found?.rules.hp ?? -1, conditions: found?.rules.conditions ?? [] };
  };

  /** Dru, a level 9 druid (Wis 16: DC 15), and Wiz, a level 9 wizard (Int 16: DC 15), against an Ogre with 200 HP. */
  async function druidWizardAndOgre(ruleSet: 'dnd2014' | 'dnd2024'): Promise<void> {
    await useRules(services, ruleSet);
    await table.run(ALICE, 'character', 'create', { name: 'Dru', level: 9, wis: 16, hp: 60, class: 'druid' });
    await table.run(BOB, 'character', 'create', { name: 'Wiz', level: 9, int: 16, hp: 50, class: 'wizard' });
    await table.run(GM, 'init', 'begin', {});
    await table.run(ALICE, 'init', 'join', { initiative: 18 });
    await table.run(BOB, 'init', 'join', { initiative: 15 });
    await table.run(GM, 'init', 'add', { monster: 'Ogre', hp: '200', initiative: 10 });
  }

  test.each(['dnd2014', 'dnd2024'] as const)('Web (%s): a failed Dexterity save restrains, and burns nobody', async (ruleSet) => {
    await druidWizardAndOgre(ruleSet);
    // The Ogre's Dexterity save: 5 − 1 = 4 against DC 15.
    dice.queue(5);
    const reply = text(await table.run(BOB, 'cast', null, { spell: 'Web', target: 'Ogre' }));
    expect(dice.pending).toBe(0);
    expect(reply).toContain("Ogre's Dexterity save (DC 15): d20 5 − 1 (save bonus) = 4, failed.");
    expect(reply).toContain("Ogre is now **Restrained** (from Wiz); it ends with Wiz's concentration on Web.");
    expect(reply).toContain("The bot runs its rolls; the rest of the spell is the table's to run.");
    expect(reply).not.toContain('fire');
    expect(await ogre()).toEqual({ hp: 200, conditions: ['restrained'] });
  });

  test.each(['dnd2014', 'dnd2024'] as const)(
    'Heat Metal (%s): its 2d8 fire lands whatever the save, which decides only whether the object is dropped',
    async (ruleSet) => {
      await druidWizardAndOgre(ruleSet);
      // 2d8 = 5 + 6; no save is rolled for the damage (a success took it all the same).
      dice.queue(5, 6);
      const reply = text(await table.run(ALICE, 'cast', null, { spell: 'Heat Metal', target: 'Ogre' }));
      expect(dice.pending).toBe(0);
      expect(reply).not.toContain('save');
      expect(reply).toContain('Ogre takes 11 fire damage and is at 189 HP.');
      expect(reply).toContain("The bot runs its rolls; the rest of the spell is the table's to run.");
      expect((await ogre()).hp).toBe(189);
    },
  );

  test.each([
    ['dnd2014', 'Dimension Door'],
    ['dnd2024', 'Dimension Door'],
    ['dnd2014', 'Spike Growth'],
    ['dnd2024', 'Spike Growth'],
    ['dnd2014', 'Meld into Stone'],
    ['dnd2024', 'Meld into Stone'],
  ] as const)('%s %s does nothing to the creature given as its target: the table runs it', async (ruleSet, spell) => {
    await druidWizardAndOgre(ruleSet);
    const caster = spell === 'Dimension Door' ? BOB : ALICE;
    const reply = text(await table.run(caster, 'cast', null, { spell, target: 'Ogre' }));
    expect(dice.pending).toBe(0);
    expect(reply).toContain(`casts **${spell}**`);
    expect(reply).toContain("The bot rolls nothing for it: its effects are the table's to run.");
    expect(reply).not.toContain('damage');
    expect(await ogre()).toEqual({ hp: 200, conditions: [] });
  });

  test.each(['dnd2014', 'dnd2024'] as const)(
    'Blindness/Deafness (%s): a failed Constitution save blinds, the first of the caster’s choice, and says so',
    async (ruleSet) => {
      await druidWizardAndOgre(ruleSet);
      // The Ogre's Constitution save: 2 + 3 = 5 against DC 15.
      dice.queue(2);
      const reply = text(await table.run(BOB, 'cast', null, { spell: 'Blindness/Deafness', target: 'Ogre' }));
      expect(dice.pending).toBe(0);
      expect(reply).toContain(
        "**Wiz** casts **Blindness/Deafness** (2nd level; 2 of 3 2nd-level slots left). It gives Blinded, the first of the caster's choice (Blinded or Deafened): `/condition` changes it.",
      );
      expect(reply).toContain('Ogre is now **Blinded** (from Wiz) for 10 rounds');
      expect((await ogre()).conditions).toEqual(['blinded']);
    },
  );

  test("a spell without concentration keeps its condition when the caster's other concentration ends", async () => {
    await druidWizardAndOgre('dnd2014');
    // Web on the Ogre: Dexterity 3 − 1 fails; Wiz concentrates on it.
    dice.queue(3);
    await table.run(BOB, 'cast', null, { spell: 'Web', target: 'Ogre' });
    // Blindness/Deafness while concentrating on Web: Constitution 2 + 3 fails.
    dice.queue(2);
    const blinded = text(await table.run(BOB, 'cast', null, { spell: 'Blindness/Deafness', target: 'Ogre' }));
    // Its own minute, and its repeat save: not tied to the concentration on Web.
    expect(blinded.split('\n').find((line) => line.includes('**Blinded**'))).toBe(
      "Ogre is now **Blinded** (from Wiz) for 10 rounds, until the end of Wiz's turn; it repeats the Constitution save (DC 15) at the end of each of its turns.",
    );
    const dropped = text(await table.run(BOB, 'init', 'drop-concentration', { target: 'Wiz' }));
    expect(dropped).toContain("Restrained on Ogre ends (Wiz's concentration ended).");
    expect(dropped).not.toContain('Blinded');
    expect((await ogre()).conditions).toEqual(['blinded']);
  });

  test("2024's Sleep: Incapacitated until the end of the target's next turn, not the caster's", async () => {
    await useRules(services, 'dnd2024');
    await table.run(ALICE, 'character', 'create', { name: 'Merric', level: 5, int: 16, hp: 28, class: 'wizard' });
    await table.run(GM, 'init', 'begin', {});
    await table.run(ALICE, 'init', 'join', { initiative: 18 });
    await table.run(GM, 'init', 'add', { monster: 'Goblin Warrior', hp: '40', initiative: 10 });
    await table.run(GM, 'init', 'next', {});
    // The goblin's Wisdom save: 2 − 1 = 1 against DC 14.
    dice.queue(2);
    const reply = text(await table.run(ALICE, 'cast', null, { spell: 'Sleep', target: 'Goblin Warrior' }));
    expect(dice.pending).toBe(0);
    expect(reply).toContain("Goblin Warrior is now **Incapacitated** (from Merric) for 1 round, until the end of Goblin Warrior's turn");
    // Merric's turn ends: the goblin is still Incapacitated on its own turn.
    await table.run(ALICE, 'init', 'next', {});
    const encounter = await services.encounters.get({ guildId: 'guild-1', channelId: 'channel-1' });
    expect(encounter?.combatants.find((c) => c.name === 'Goblin Warrior')?.rules.conditions).toContain('incapacitated');
  });
});
