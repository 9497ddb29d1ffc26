import type { Combatant, Encounter } from '../../../src/combat/types';
import type { Services } from '../../../src/services';
import { ALICE, BOB, GM, Table, openTablePer, refused, text, useRules, type ScriptedRandom } from './support';

/** A spellcasting character to create: its name, class, level, hit points and casting score. */
type Caster = { name: string; class: string; level: number; hp: number } & ({ int: number } | { wis: number });

/** Alice's and Bob's characters joined at initiatives 18 and 15, then `count` Ogres of `hp` HP at 10 (one, named Ogre, by default). */
async function castersAndOgres(
  table: Table,
  services: Services,
  ruleSet: 'dnd2014' | 'dnd2024',
  casters: { alice: Caster; bob: Caster },
  ogres: { hp: number; count?: number },
): Promise<void> {
  await useRules(services, ruleSet);
  await table.run(ALICE, 'character', 'create', casters.alice);
  await table.run(BOB, 'character', 'create', casters.bob);
  await table.run(GM, 'init', 'begin', {});
  await table.run(ALICE, 'init', 'join', { initiative: 18 });
  await table.run(BOB, 'init', 'join', { initiative: 15 });
  await table.run(GM, 'init', 'add', {
    monster: 'Ogre',
    hp: String(ogres.hp),
    initiative: 10,
    ...(ogres.count === undefined ? {} : { count: ogres.count }),
  });
}

/** The test channel's fight and its combatant called `name`, as saved. */
async function combatantNamed(services: Services, name: string): Promise<{ encounter: Encounter | null; found: Combatant | undefined }> {
  const encounter = await services.encounters.get({ guildId: 'guild-1', channelId: 'channel-1' });
  return { encounter, found: encounter?.combatants.find((c) => c.name === name) };
}

/** Wiz and Cleo, level 17 (Int and Wis 16: DC 17, Cleo's Wisdom +3). */
const LEVEL_17 = {
  alice: { name: 'Wiz', level: 17, int: 16, hp: 90, class: 'wizard' },
  bob: { name: 'Cleo', level: 17, wis: 16, hp: 100, class: 'cleric' },
};

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
    const { found } = await combatantNamed(services, 'Ogre');
    return { hp: found?.rules.hp ?? -1, conditions: found?.rules.conditions ?? [] };
  };

  /** Dru, a level 9 druid (Wis 16: DC 15), and Wiz, a level 9 wizard (Int 16: DC 15), against an Ogre with 200 HP. */
  const druidWizardAndOgre = (ruleSet: 'dnd2014' | 'dnd2024'): Promise<void> =>
    castersAndOgres(
      table,
      services,
      ruleSet,
      {
        alice: { name: 'Dru', level: 9, wis: 16, hp: 60, class: 'druid' },
        bob: { name: 'Wiz', level: 9, int: 16, hp: 50, class: 'wizard' },
      },
      { hp: 200 },
    );

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

  test.each([
    ['Hex', 'warlock'],
    ["Hunter's Mark", 'ranger'],
  ] as const)("%s (dnd2024): its 1d6 rides on the caster's later hits, none dealt as it is cast", async (spell, kind) => {
    await useRules(services, 'dnd2024');
    await table.run(ALICE, 'character', 'create', { name: 'Marked', level: 5, cha: 16, wis: 16, hp: 40, class: kind });
    await table.run(GM, 'init', 'begin', {});
    await table.run(ALICE, 'init', 'join', { initiative: 18 });
    await table.run(GM, 'init', 'add', { monster: 'Ogre', hp: '200', initiative: 10 });
    const reply = text(await table.run(ALICE, 'cast', null, { spell, target: 'Ogre' }));
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

/**
 * `/cast` gives the conditions a spell's text gives as it is cast: one of the caster's choice where
 * the text offers a choice, none the caster picks only sometimes, and by the target's hit points
 * where the text says so.
 */
describe('/cast: conditions as the spell text gives them', () => {
  let table: Table;
  let dice: ScriptedRandom;
  let services: Services;
  openTablePer('test', (opened) => ({ table, dice, services } = opened));

  const conditionsOf = async (name: string): Promise<{ hp: number; dead: boolean; conditions: readonly string[]; effects: string[] }> => {
    const { encounter, found } = await combatantNamed(services, name);
    return {
      hp: found?.rules.hp ?? -1,
      dead: found?.rules.dead ?? false,
      conditions: found?.rules.conditions ?? [],
      effects: (encounter?.effects ?? []).filter((e) => e.targetId === found?.id).map((e) => e.name),
    };
  };

  /** Wiz, a level 17 wizard (Int 16: DC 17), Cleo, a level 17 cleric (Wis 16: DC 17), and an Ogre of `hp` HP. */
  const castersAndOgre = (ruleSet: 'dnd2014' | 'dnd2024', hp = 200): Promise<void> =>
    castersAndOgres(table, services, ruleSet, LEVEL_17, { hp });

  test("2024's Sleep: a first failed save incapacitates, and leaves the Unconscious of a second failure to the table", async () => {
    await castersAndOgre('dnd2024');
    // The Ogre's Wisdom save: 3 − 2 = 1 against DC 17.
    dice.queue(3);
    const reply = text(await table.run(ALICE, 'cast', null, { spell: 'Sleep', target: 'Ogre' }));
    expect(dice.pending).toBe(0);
    expect(reply).toContain("Ogre's Wisdom save (DC 17): d20 3 − 2 (save bonus) = 1, failed.");
    expect(reply).toContain("Ogre is now **Incapacitated** (from Wiz) for 1 round, until the end of Ogre's turn");
    expect(reply).toContain("The bot runs its rolls; the rest of the spell is the table's to run.");
    expect(reply).not.toContain('Unconscious');
    expect((await conditionsOf('Ogre')).conditions).toEqual(['incapacitated']);
  });

  test.each([
    // The 2014 Sickened gives no condition (disadvantage on attack rolls and ability checks), but is offered all the same.
    ['dnd2014', 'Unconscious or Frightened or Sickened'],
    ['dnd2024', 'Unconscious or Frightened or Poisoned'],
  ] as const)('Eyebite (%s): a failed save gives one effect of the caster’s choice, not all of them', async (ruleSet, choice) => {
    await castersAndOgre(ruleSet);
    // The Ogre's Wisdom save: 4 − 2 = 2 against DC 17.
    dice.queue(4);
    const reply = text(await table.run(ALICE, 'cast', null, { spell: 'Eyebite', target: 'Ogre' }));
    expect(dice.pending).toBe(0);
    expect(reply).toContain(`It gives Unconscious, the first of the caster's choice (${choice}): \`/condition\` changes it.`);
    expect(reply).toContain("Ogre is now **Unconscious** (from Wiz); it ends with Wiz's concentration on Eyebite.");
    expect(reply).not.toContain('**Frightened**');
    expect((await conditionsOf('Ogre')).conditions).toEqual(['unconscious', 'incapacitated', 'prone']);
  });

  test('Antipathy/Sympathy (dnd2024): Frightened or Charmed, the caster’s choice, not both', async () => {
    await castersAndOgre('dnd2024');
    dice.queue(4);
    const reply = text(await table.run(ALICE, 'cast', null, { spell: 'Antipathy/Sympathy', target: 'Ogre' }));
    expect(reply).toContain("It gives Frightened, the first of the caster's choice (Frightened or Charmed): `/condition` changes it.");
    expect(reply).not.toContain('**Charmed**');
    expect((await conditionsOf('Ogre')).conditions).toEqual(['frightened']);
  });

  test('Contagion (dnd2014): a hit gives neither Blinded nor Stunned, the diseases being the caster’s to choose', async () => {
    await castersAndOgre('dnd2014');
    // Cleo's melee spell attack: 15 + 9 = 24 against AC 11.
    dice.queue(15);
    const reply = text(await table.run(BOB, 'cast', null, { spell: 'Contagion', target: 'Ogre' }));
    expect(dice.pending).toBe(0);
    expect(reply).toContain("The bot runs its rolls; the rest of the spell is the table's to run.");
    expect(reply).not.toContain('**Blinded**');
    expect(reply).not.toContain('**Stunned**');
    expect((await conditionsOf('Ogre')).conditions).toEqual([]);
  });

  test.each(['dnd2014', 'dnd2024'] as const)(
    'Holy Aura (%s) blinds none of its own targets: the attackers’ save is the table’s',
    async (ruleSet) => {
      await castersAndOgre(ruleSet);
      const reply = text(await table.run(BOB, 'cast', null, { spell: 'Holy Aura', target: 'Ogre' }));
      expect(dice.pending).toBe(0);
      expect(reply).toContain("The bot rolls nothing for it: its effects are the table's to run.");
      expect(reply).not.toContain('save');
      expect((await conditionsOf('Ogre')).conditions).toEqual([]);
    },
  );

  test.each(['dnd2014', 'dnd2024'] as const)(
    'Power Word Stun (%s) stuns a target of 150 HP or fewer, with no save to resist, and a repeat save',
    async (ruleSet) => {
      await castersAndOgre(ruleSet, 150);
      const reply = text(await table.run(ALICE, 'cast', null, { spell: 'Power Word Stun', target: 'Ogre' }));
      expect(dice.pending).toBe(0);
      expect(reply).not.toContain("Ogre's Constitution save");
      expect(reply).toContain(
        'Ogre is now **Stunned** (from Wiz); it repeats the Constitution save (DC 17) at the end of each of its turns.',
      );
      expect((await conditionsOf('Ogre')).conditions).toContain('stunned');
    },
  );

  test('Power Word Stun (dnd2014) does nothing to a target of more than 150 HP', async () => {
    await castersAndOgre('dnd2014', 151);
    const reply = text(await table.run(ALICE, 'cast', null, { spell: 'Power Word Stun', target: 'Ogre' }));
    expect(dice.pending).toBe(0);
    expect(reply).not.toContain('Stunned');
    expect(await conditionsOf('Ogre')).toEqual({ hp: 151, dead: false, conditions: [], effects: [] });
  });

  test('Power Word Stun (dnd2024): a target of more than 150 HP has Speed 0 until the start of the caster’s next turn', async () => {
    await castersAndOgre('dnd2024', 151);
    const reply = text(await table.run(ALICE, 'cast', null, { spell: 'Power Word Stun', target: 'Ogre' }));
    expect(dice.pending).toBe(0);
    expect(reply).not.toContain('Stunned');
    expect(reply).toContain("Ogre is now **Power Word Stun** (from Wiz) for 1 round, until the start of Wiz's turn (Speed 0).");
    expect(await conditionsOf('Ogre')).toEqual({ hp: 151, dead: false, conditions: [], effects: ['Power Word Stun'] });
  });

  test.each([
    [35, 'Ogre is now **Blinded** (from Cleo) for 100 rounds', ['blinded', 'deafened']],
    [45, 'Ogre is now **Deafened** (from Cleo) for 10 rounds', ['deafened']],
    [25, 'Ogre is now **Stunned** (from Cleo) for 600 rounds', ['blinded', 'deafened', 'incapacitated', 'stunned']],
  ] as const)('Divine Word (dnd2024): a failed save at %d HP brings its row of the table', async (hp, line, conditions) => {
    await castersAndOgre('dnd2024', hp);
    // The Ogre's Charisma save: 2 − 2 = 0 against DC 17.
    dice.queue(2);
    const reply = text(await table.run(BOB, 'cast', null, { spell: 'Divine Word', target: 'Ogre' }));
    expect(dice.pending).toBe(0);
    expect(reply).toContain(line);
    expect([...(await conditionsOf('Ogre')).conditions].sort()).toEqual(conditions);
  });

  test.each([
    [20, { hp: 0, dead: true, conditions: [] }],
    [51, { hp: 51, dead: false, conditions: [] }],
  ] as const)('Divine Word (dnd2024): a failed save at %d HP', async (hp, after) => {
    await castersAndOgre('dnd2024', hp);
    dice.queue(2);
    const reply = text(await table.run(BOB, 'cast', null, { spell: 'Divine Word', target: 'Ogre' }));
    expect(dice.pending).toBe(0);
    expect(reply).not.toContain('Deafened');
    expect(await conditionsOf('Ogre')).toMatchObject(after);
  });

  test.each(['dnd2014', 'dnd2024'] as const)(
    "Storm of Vengeance (%s): the cast deals the first round's thunder and deafens; the rounds after are the table's",
    async (ruleSet) => {
      await castersAndOgre(ruleSet);
      // The thunder's 2d6, rolled once for every target, then the Ogre's Constitution save: 2 + 3 against DC 17.
      dice.queue(3, 4, 2);
      const reply = text(await table.run(BOB, 'cast', null, { spell: 'Storm of Vengeance', target: 'Ogre' }));
      expect(reply).toContain("Ogre's Constitution save (DC 17): d20 2 + 3 (save bonus) = 5, failed.");
      expect(reply).toContain('Ogre takes 7 thunder damage and is at 193 HP.');
      expect(reply).not.toMatch(/acid|lightning|bludgeoning|cold/);
      expect(reply).toContain("The bot runs its rolls; the rest of the spell is the table's to run.");
      expect(dice.pending).toBe(0);
      expect((await conditionsOf('Ogre')).conditions).toEqual(['deafened']);
    },
  );

  test('Command (dnd2014): a failed save does not knock the target prone, the command being the caster’s', async () => {
    await castersAndOgre('dnd2014');
    dice.queue(2);
    const reply = text(await table.run(BOB, 'cast', null, { spell: 'Command', target: 'Ogre' }));
    expect(dice.pending).toBe(0);
    expect(reply).toContain("Ogre's Wisdom save (DC 17): d20 2 − 2 (save bonus) = 0, failed.");
    expect(reply).toContain("The bot runs its rolls; the rest of the spell is the table's to run.");
    expect((await conditionsOf('Ogre')).conditions).toEqual([]);
  });

  test('Hideous Laughter (dnd2014): a failed save gives Prone and Incapacitated', async () => {
    await castersAndOgre('dnd2014');
    dice.queue(2);
    const reply = text(await table.run(ALICE, 'cast', null, { spell: 'Hideous Laughter', target: 'Ogre' }));
    expect(reply).toContain("Ogre is now **Prone** (from Wiz); it ends with Wiz's concentration on Hideous Laughter.");
    expect(reply).toContain("Ogre is now **Incapacitated** (from Wiz); it ends with Wiz's concentration on Hideous Laughter.");
    expect((await conditionsOf('Ogre')).conditions).toEqual(['prone', 'incapacitated']);
  });

  test('Mislead (dnd2014): the caster’s own invisibility is not cast on the creature given', async () => {
    await castersAndOgre('dnd2014');
    const reply = text(await table.run(ALICE, 'cast', null, { spell: 'Mislead', target: 'Ogre' }));
    expect(reply).toContain("The bot rolls nothing for it: its effects are the table's to run.");
    expect(reply).toContain('Wiz is concentrating on Mislead.');
    expect((await conditionsOf('Ogre')).conditions).toEqual([]);
  });
});

/**
 * `/cast` takes as many targets as the spell's text gives: "up to six creatures", "twelve or fewer",
 * "choose two creatures", and no limit but the fight's for "each creature of your choice in range"
 * or "any number of creatures".
 */
describe('/cast: as many targets as the spell text says', () => {
  let table: Table;
  let dice: ScriptedRandom;
  let services: Services;
  openTablePer('test', (opened) => ({ table, dice, services } = opened));

  const state = async (name: string): Promise<{ hp: number; conditions: readonly string[] }> => {
    const { found } = await combatantNamed(services, name);
    return { hp: found?.rules.hp ?? -1, conditions: found?.rules.conditions ?? [] };
  };

  /** Cleo, a level 17 cleric (Wis 16: DC 17, +3), Wiz, a level 17 wizard (Int 16: DC 17), and four Ogres of `hp` HP. */
  const fourOgres = (ruleSet: 'dnd2014' | 'dnd2024', hp: number): Promise<void> =>
    castersAndOgres(table, services, ruleSet, LEVEL_17, { hp, count: 4 });

  test('Divine Word (dnd2024) on two creatures rolls both saves, and leaves the banishment to the table', async () => {
    await fourOgres('dnd2024', 45);
    // Ogre 1's Charisma save: 2 − 2 = 0 against DC 17; Ogre 2's: 19 − 2 = 17.
    dice.queue(2, 19);
    const reply = text(await table.run(BOB, 'cast', null, { spell: 'Divine Word', target: 'Ogre 1, Ogre 2' }));
    expect(dice.pending).toBe(0);
    expect(reply).toContain(
      "**Cleo** casts **Divine Word** (7th level; 0 of 1 7th-level slots left). The bot runs its rolls; the rest of the spell is the table's to run.",
    );
    expect(reply).toContain("Ogre 1's Charisma save (DC 17): d20 2 − 2 (save bonus) = 0, failed.");
    expect(reply).toContain("Ogre 2's Charisma save (DC 17): d20 19 − 2 (save bonus) = 17, made.");
    expect(reply).toContain('Ogre 1 is now **Deafened** (from Cleo) for 10 rounds');
    expect(await state('Ogre 1')).toEqual({ hp: 45, conditions: ['deafened'] });
    expect(await state('Ogre 2')).toEqual({ hp: 45, conditions: [] });
  });

  test('Mass Healing Word (dnd2024) heals three creatures, each its own 2d4 + 3', async () => {
    await fourOgres('dnd2024', 45);
    await table.run(GM, 'hp', 'damage', { target: 'Wiz', amount: '20' });
    await table.run(GM, 'hp', 'damage', { target: 'Cleo', amount: '20' });
    await table.run(GM, 'hp', 'damage', { target: 'Ogre 1', amount: '20' });
    dice.queue(1, 2, 3, 4, 2, 2);
    const reply = text(await table.run(BOB, 'cast', null, { spell: 'Mass Healing Word', target: 'Wiz, Cleo, Ogre 1' }));
    expect(dice.pending).toBe(0);
    expect(reply).toContain('Wiz regains 6 HP and is at 76 HP.');
    expect(reply).toContain('Cleo regains 10 HP and is at 90 HP.');
    expect(reply).toContain('Ogre 1 regains 7 HP and is at 32 HP.');
  });

  test.each([
    ['dnd2024', 'Compulsion', 'Wisdom'],
    ['dnd2014', 'Compulsion', 'Wisdom'],
    ['dnd2024', 'Enthrall', 'Wisdom'],
    ['dnd2014', 'Enthrall', 'Wisdom'],
    ['dnd2024', 'Seeming', 'Charisma'],
    ['dnd2014', 'Seeming', 'Charisma'],
    ['dnd2014', 'Divine Word', 'Charisma'],
    ['dnd2024', 'Mass Suggestion', 'Wisdom'],
  ] as const)('%s %s: each of the four creatures chosen makes its %s save', async (ruleSet, spell, ability) => {
    await fourOgres(ruleSet, 200);
    dice.queue(18, 18, 18, 18);
    const caster = spell === 'Divine Word' ? BOB : ALICE;
    const reply = text(await table.run(caster, 'cast', null, { spell, target: 'Ogre 1, Ogre 2, Ogre 3, Ogre 4' }));
    expect(dice.pending).toBe(0);
    for (const ogre of ['Ogre 1', 'Ogre 2', 'Ogre 3', 'Ogre 4']) expect(reply).toContain(`${ogre}'s ${ability} save (DC 17): d20 18 −`);
  });

  test.each(['dnd2014', 'dnd2024'] as const)(
    'Beacon of Hope (%s) on any number of allies asks none of them for a save: its benefits are the table’s',
    async (ruleSet) => {
      await fourOgres(ruleSet, 200);
      const reply = text(await table.run(BOB, 'cast', null, { spell: 'Beacon of Hope', target: 'Wiz, Cleo, Ogre 1' }));
      expect(dice.pending).toBe(0);
      expect(reply).toContain('**Cleo** casts **Beacon of Hope**');
      expect(reply).toContain("The bot rolls nothing for it: its effects are the table's to run.");
      expect(reply).not.toContain('save');
    },
  );

  test('Bane (dnd2024), "up to three creatures": a fourth is refused with its limit, one more per slot level above 1st', async () => {
    await fourOgres('dnd2024', 200);
    expect(refused(await table.run(BOB, 'cast', null, { spell: 'Bane', target: 'Ogre 1, Ogre 2, Ogre 3, Ogre 4' }))).toBe(
      '⚠️ Bane takes at most 3 targets, not 4.',
    );
    dice.queue(2, 2, 2, 2);
    const reply = text(await table.run(BOB, 'cast', null, { spell: 'Bane', level: 2, target: 'Ogre 1, Ogre 2, Ogre 3, Ogre 4' }));
    expect(dice.pending).toBe(0);
    expect(reply).toContain('**Cleo** casts **Bane** (2nd level; 2 of 3 2nd-level slots left).');
    expect(reply).toContain("Ogre 4's Charisma save (DC 17): d20 2 − 2 (save bonus) = 0, failed.");
  });

  test.each(['dnd2014', 'dnd2024'] as const)(
    'Bless (%s), announced only, "up to three creatures": a fourth is refused with its limit, one more per slot level above 1st',
    async (ruleSet) => {
      await fourOgres(ruleSet, 200);
      expect(refused(await table.run(BOB, 'cast', null, { spell: 'Bless', target: 'Wiz, Cleo, Ogre 1, Ogre 2' }))).toBe(
        '⚠️ Bless takes at most 3 targets, not 4.',
      );
      const reply = text(await table.run(BOB, 'cast', null, { spell: 'Bless', level: 2, target: 'Wiz, Cleo, Ogre 1, Ogre 2' }));
      expect(reply).toContain('**Cleo** casts **Bless** (2nd level; 2 of 3 2nd-level slots left).');
      expect(refused(await table.run(BOB, 'cast', null, { spell: 'Bless', level: 2, target: 'Wiz, Cleo, Ogre 1, Ogre 2, Ogre 3' }))).toBe(
        '⚠️ Bless takes at most 4 targets, not 5.',
      );
    },
  );

  test.each(['dnd2014', 'dnd2024'] as const)(
    'Mage Armor (%s), announced only, a touch: one creature, a second refused',
    async (ruleSet) => {
      await fourOgres(ruleSet, 200);
      expect(refused(await table.run(BOB, 'cast', null, { spell: 'Mage Armor', target: 'Wiz, Cleo' }))).toBe(
        '⚠️ Mage Armor takes at most 1 target, not 2.',
      );
      expect(text(await table.run(BOB, 'cast', null, { spell: 'Mage Armor', target: 'Wiz' }))).toContain(
        '**Cleo** casts **Mage Armor** (1st level',
      );
    },
  );

  test('Haste (dnd2024) on an ally: no save and no Incapacitated as it is cast (that is its end), one creature', async () => {
    await fourOgres('dnd2024', 200);
    expect(refused(await table.run(ALICE, 'cast', null, { spell: 'Haste', target: 'Cleo, Wiz' }))).toBe(
      '⚠️ Haste takes at most 1 target, not 2.',
    );
    const reply = text(await table.run(ALICE, 'cast', null, { spell: 'Haste', target: 'Cleo' }));
    expect(dice.pending).toBe(0);
    expect(reply).toContain(
      "**Wiz** casts **Haste** (3rd level; 2 of 3 3rd-level slots left). The bot rolls nothing for it: its effects are the table's to run.",
    );
    expect(reply).not.toContain('save');
    expect((await state('Cleo')).conditions).toEqual([]);
  });

  test('Aid (dnd2024), announced only, "up to three creatures": as many at any slot level, its growth being hit points', async () => {
    await fourOgres('dnd2024', 200);
    expect(refused(await table.run(BOB, 'cast', null, { spell: 'Aid', level: 3, target: 'Wiz, Cleo, Ogre 1, Ogre 2' }))).toBe(
      '⚠️ Aid takes at most 3 targets, not 4.',
    );
    expect(text(await table.run(BOB, 'cast', null, { spell: 'Aid', level: 3, target: 'Wiz, Cleo, Ogre 1' }))).toContain(
      '**Cleo** casts **Aid** (3rd level',
    );
  });

  test('Acid Splash (dnd2014), "choose two creatures": both save, a third is refused with its limit', async () => {
    await fourOgres('dnd2014', 200);
    expect(refused(await table.run(ALICE, 'cast', null, { spell: 'Acid Splash', target: 'Ogre 1, Ogre 2, Ogre 3' }))).toBe(
      '⚠️ Acid Splash takes at most 2 targets, not 3.',
    );
    // 4d6 at character level 17, rolled once for both: 1 + 2 + 3 + 4 = 10 acid; both Dexterity saves fail (3 − 1 = 2 against DC 17).
    dice.queue(1, 2, 3, 4, 3, 3);
    const reply = text(await table.run(ALICE, 'cast', null, { spell: 'Acid Splash', target: 'Ogre 1, Ogre 2' }));
    expect(dice.pending).toBe(0);
    expect(reply).toContain('Ogre 1 takes 10 acid damage and is at 190 HP.');
    expect(reply).toContain('Ogre 2 takes 10 acid damage and is at 190 HP.');
  });
});
