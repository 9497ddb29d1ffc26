import type { Services } from '../../../src/services';
import { ALICE, BOB, GM, openTablePer, useRules, refused, Table, text, type ScriptedRandom } from './support';

/** /check and /save behind the real dispatcher, with the faces each test queues. */
describe('/check and /save', () => {
  let table: Table;
  let dice: ScriptedRandom;
  let services: Services;
  openTablePer('test', (opened) => ({ table, dice, services } = opened));

  /** Alice: level 5 (+3), Dex 16, Wis 14; proficient in Dex and Wis saves and Stealth, expertise in Perception. */
  async function alice(): Promise<void> {
    await table.run(ALICE, 'character', 'create', {
      name: 'Alice',
      level: 5,
      dex: 16,
      wis: 14,
      saves: 'dex, wis',
      skills: 'stealth, perception',
      expertise: 'perception',
    });
  }

  async function fight(): Promise<void> {
    await table.run(GM, 'init', 'begin', {});
    dice.queue(10);
    await table.run(ALICE, 'init', 'join', {});
  }

  test('expertise doubles the proficiency bonus; a skill is typed as it reads', async () => {
    await alice();
    dice.queue(9);
    const reply = await table.run(ALICE, 'check', null, { skill: 'Perception' });
    expect(text(reply)).toBe('Alice: Wisdom (Perception) check\nd20 9 + 2 (Wis) + 6 (expertise) = 17\nTotal: 17');
    expect(reply.ephemeral).toBe(false);
    expect(dice.pending).toBe(0);
  });

  test("a joined character's effects and conditions apply: Bless adds its d4 and Restrained puts Dex saves at disadvantage", async () => {
    await alice();
    await fight();
    await table.run(GM, 'condition', 'add', { target: 'Alice', condition: 'Bless', modifiers: 'save:+1d4' });
    await table.run(GM, 'condition', 'add', { target: 'Alice', condition: 'Restrained' });
    dice.queue(15, 7, 2);
    const reply = await table.run(ALICE, 'save', null, { ability: 'dex', dc: 14 });
    expect(text(reply)).toBe(
      'Alice: Dexterity save (DC 14)\nd20 7 (of 15, 7) + 3 (Dex) + 3 (proficiency) + 2 (Bless 1d4) = 15\n' +
        'Disadvantage: Restrained.\nDC 14: **✅ Success**\nTotal: 15',
    );
    // In another channel the fight's conditions and effects do not follow her.
    dice.queue(7);
    const elsewhere = await new Table(services, 'channel-2').run(ALICE, 'save', null, { ability: 'wis' });
    expect(text(elsewhere)).toContain('d20 7 + 2 (Wis) + 3 (proficiency) = 12');
  });

  test('Paralyzed fails a Dexterity save outright whatever the d20, and says why', async () => {
    await alice();
    await fight();
    await table.run(GM, 'condition', 'add', { target: 'Alice', condition: 'Paralyzed' });
    dice.queue(20);
    const reply = await table.run(ALICE, 'save', null, { ability: 'dex', dc: 5 });
    expect(text(reply)).toBe('Alice: Dexterity save (DC 5)\nFails automatically: Paralyzed.\nDC 5: **❌ Failure**');
  });

  test('the game master rolls a joined character with its sheet, and a monster with the saves it was given', async () => {
    await alice();
    await fight();
    await table.run(GM, 'init', 'add', { name: 'Ogre', hp: 59, initiative: 8, saves: 'con+3, wis-2' });
    dice.queue(11);
    expect(text(await table.run(GM, 'check', null, { skill: 'stealth', target: 'Alice' }))).toContain(
      'd20 11 + 3 (Dex) + 3 (proficiency) = 17',
    );
    dice.queue(11);
    expect(text(await table.run(GM, 'save', null, { ability: 'wis', target: 'Ogre', dc: 10 }))).toBe(
      'Ogre: Wisdom save (DC 10)\nd20 11 − 2 (save bonus) = 9\nDC 10: **❌ Failure**\nTotal: 9',
    );
    // A player may roll for their own combatant by name, not for the Ogre.
    dice.queue(4);
    expect(text(await table.run(ALICE, 'save', null, { ability: 'dex', target: 'Alice' }))).toContain(
      'd20 4 + 3 (Dex) + 3 (proficiency) = 10',
    );
    expect(refused(await table.run(ALICE, 'save', null, { ability: 'con', target: 'Ogre' }))).toBe(
      '⚠️ Only the game master (Gina) or a member with Manage Channels can roll checks and saves for Ogre.',
    );
    expect(refused(await table.run(ALICE, 'save', null, { ability: 'con', target: 'Alice', character: 'Alice' }))).toBe(
      '⚠️ Give `character` (one of yours) or `target` (a combatant in this fight), not both.',
    );
    expect(dice.pending).toBe(0);
  });

  test('the dead make no checks or saves', async () => {
    await alice();
    await fight();
    await table.run(GM, 'hp', 'damage', { target: 'Alice', amount: '200' });
    expect(refused(await table.run(ALICE, 'check', null, { ability: 'str' }))).toBe('⚠️ Alice is dead: the dead make no checks or saves.');
  });

  test("`skill` suggests the skills of the rule set here as they are typed, `character` the caller's characters", async () => {
    expect(await table.suggest(ALICE, 'check', null, 'sleight', 'skill')).toEqual(['Sleight of Hand']);
    expect(await table.suggest(ALICE, 'check', null, 'cul', 'skill')).toEqual([]);
    await alice();
    await table.run(ALICE, 'character', 'create', { name: 'Brannoc', level: 1 });
    expect(await table.suggest(ALICE, 'save', null, 'bra', 'character')).toEqual(['Brannoc']);
    expect(await table.suggest(BOB, 'save', null, '', 'character')).toEqual([]);
    await useRules(services, 'a5e');
    expect(await table.suggest(ALICE, 'check', null, 'cul', 'skill')).toEqual(['Culture']);
    expect(await table.suggest(ALICE, 'check', null, 'eng', 'skill')).toEqual(['Engineering']);
  });

  test('a bonus of dice is rolled before the d20 and named by its comment; a secret roll is for the roller alone', async () => {
    await alice();
    dice.queue(3, 12);
    const reply = await table.run(ALICE, 'check', null, { skill: 'stealth', bonus: '1d4 Guidance', secret: true });
    expect(reply.ephemeral).toBe(true);
    // No encounter here and no game master channel: nobody else can be sent the copy.
    expect(reply.content).toContain('🔒 Secret roll: no game master could be reached');
    expect(text({ ...reply, content: '' })).toBe(
      'Alice: Dexterity (Stealth) check\n🎲 Guidance: 1d4 (3) = `3`\nd20 12 + 3 (Dex) + 3 (proficiency) + 3 (Guidance) = 21\nTotal: 21',
    );
    expect(refused(await table.run(BOB, 'save', null, { ability: 'dex' }))).toContain('You have no active character here');
  });

  test('advantage typed in the bonus is refused with the mode to use, not dropped or taken as its label', async () => {
    await alice();
    const refusal =
      '⚠️ `bonus` adds a number or dice; advantage and disadvantage go in `mode` (`mode:advantage`), where those of conditions count too.';
    expect(refused(await table.run(ALICE, 'check', null, { skill: 'stealth', bonus: '1d4 Guidance adv' }))).toBe(refusal);
    expect(refused(await table.run(ALICE, 'save', null, { ability: 'dex', bonus: '1d4 advantage' }))).toBe(refusal);
    expect(refused(await table.run(ALICE, 'save', null, { ability: 'dex', bonus: '+2 dis' }))).toBe(refusal);
    // A label in brackets, or a word that only starts like one, is the bonus's own.
    dice.queue(3, 10);
    expect(text(await table.run(ALICE, 'check', null, { ability: 'dex', bonus: '1d4 [adv] Adventurer' }))).toContain('+ 3 (Adventurer)');
    expect(dice.pending).toBe(0);
  });

  test('a bonus past ±100 is refused with the range, not told it should have been a number', async () => {
    await alice();
    expect(refused(await table.run(ALICE, 'check', null, { ability: 'str', bonus: '+200' }))).toBe('⚠️ A bonus goes from -100 to +100.');
    dice.queue(...Array<number>(20).fill(6));
    expect(refused(await table.run(ALICE, 'save', null, { ability: 'dex', bonus: '20d6 Rage' }))).toBe(
      '⚠️ That bonus came to 120; a bonus goes from -100 to +100.',
    );
  });
});
