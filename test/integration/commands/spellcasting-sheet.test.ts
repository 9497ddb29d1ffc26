import { spellcastingOf } from '../../../src/characters/spellcasting';
import { spendSlot } from '../../../src/characters/spell-slots';
import type { Services } from '../../../src/services';
import { ALICE, Table, openTablePer, refused, text, useRules } from './support';

/** Spellcasting on the stored sheet: /character create|edit|show|export|import and /rest (issue 20). */
describe('a spellcaster on the sheet', () => {
  let table: Table;
  let services: Services;
  openTablePer('test', (opened) => ({ table, services } = opened));

  const owner = { guildId: 'guild-1', ownerId: ALICE.id };

  /** Spends slots as `/cast` will, through spendSlot on the stored character. */
  async function spend(name: string, ...levels: number[]): Promise<void> {
    let character = await services.characters.find(owner, name);
    for (const level of levels) {
      if (character === null) throw new Error(`no ${name}`);
      const casting = spellcastingOf(character, 'dnd2024');
      if (casting === null) throw new Error(`${name} casts nothing`);
      const spent = spendSlot(casting.slots, level);
      if (!spent.ok) throw new Error(`no slot of level ${level}`);
      character = await services.characters.update({ ...character, slotsSpent: spent.value });
    }
  }

  const lineOf = (reply: string, start: string): string | undefined => reply.split('\n').find((line) => line.startsWith(start));

  test('a level 5 wizard with Int 16: DC 14, attack +6, slots 4/3/2; spent slots show, a long rest restores every one', async () => {
    const created = text(await table.run(ALICE, 'character', 'create', { name: 'Merric', level: 5, int: 16, class: 'wizard' }));
    expect(lineOf(created, '**Spellcasting**')).toBe('**Spellcasting** Wizard, Intelligence · save DC 14 · spell attack +6');
    expect(lineOf(created, '**Spell slots**')).toBe('**Spell slots** 1st 4/4 · 2nd 3/3 · 3rd 2/2');

    await spend('Merric', 1, 3, 3);
    const shown = text(await table.run(ALICE, 'character', 'show', { name: 'Merric' }));
    expect(lineOf(shown, '**Spell slots**')).toBe('**Spell slots** 1st 3/4 · 2nd 3/3 · 3rd 0/2');

    const short = text(await table.run(ALICE, 'rest', 'short', {}));
    expect(lineOf(short, 'Spell slots:')).toBe('Spell slots: 1st 3/4 · 2nd 3/3 · 3rd 0/2.');
    const long = text(await table.run(ALICE, 'rest', 'long', {}));
    expect(long.split('\n')).toEqual([
      '**Merric** takes a long rest.',
      'HP stay at 28/28.',
      'Hit Dice left: 5 of 5 (d8).',
      'Spell slots: 1st 4/4 · 2nd 3/3 · 3rd 2/2.',
    ]);
  });

  test('a warlock 5 has two 3rd-level pact slots, which a short rest restores', async () => {
    const created = text(await table.run(ALICE, 'character', 'create', { name: 'Vex', level: 5, cha: 16, class: 'warlock' }));
    expect(lineOf(created, '**Spellcasting**')).toBe('**Spellcasting** Warlock, Charisma · save DC 14 · spell attack +6');
    expect(lineOf(created, '**Spell slots**')).toBe('**Spell slots** 3rd 2/2 (Pact Magic: back on a short rest)');
    await spend('Vex', 3, 3);
    expect(lineOf(text(await table.run(ALICE, 'character', 'show', {})), '**Spell slots**')).toBe(
      '**Spell slots** 3rd 0/2 (Pact Magic: back on a short rest)',
    );
    expect(lineOf(text(await table.run(ALICE, 'rest', 'short', {})), 'Spell slots:')).toBe('Spell slots: 3rd 2/2.');
  });

  test('a paladin 5 has 4/2; a paladin 1 casts from level 1 under the 2024 rules and not under the 2014 rules', async () => {
    const five = text(await table.run(ALICE, 'character', 'create', { name: 'Dara', level: 5, cha: 16, class: 'paladin' }));
    expect(lineOf(five, '**Spell slots**')).toBe('**Spell slots** 1st 4/4 · 2nd 2/2');
    await table.run(ALICE, 'character', 'create', { name: 'Tomas', level: 1, cha: 14, class: 'paladin' });
    expect(lineOf(text(await table.run(ALICE, 'character', 'show', { name: 'Tomas' })), '**Spell slots**')).toBe('**Spell slots** 1st 2/2');
    await useRules(services, 'dnd2014');
    expect(lineOf(text(await table.run(ALICE, 'character', 'show', { name: 'Tomas' })), '**Spell slots**')).toBe('**Spell slots** none');
  });

  test('edit overrides the DC and attack bonus and sets a custom table; auto and class go back; class none ends spellcasting', async () => {
    await table.run(ALICE, 'character', 'create', { name: 'Merric', level: 5, int: 16, class: 'wizard' });
    const edited = text(
      await table.run(ALICE, 'character', 'edit', { name: 'Merric', 'spell-dc': '16', 'spell-attack': '+8', slots: '4,3,3,1' }),
    );
    expect(lineOf(edited, '**Spellcasting**')).toBe('**Spellcasting** Wizard, Intelligence · save DC 16 · spell attack +8');
    expect(lineOf(edited, '**Spell slots**')).toBe('**Spell slots** 1st 4/4 · 2nd 3/3 · 3rd 3/3 · 4th 1/1');
    const back = text(
      await table.run(ALICE, 'character', 'edit', { name: 'Merric', 'spell-dc': 'auto', 'spell-attack': 'auto', slots: 'class' }),
    );
    expect(lineOf(back, '**Spellcasting**')).toBe('**Spellcasting** Wizard, Intelligence · save DC 14 · spell attack +6');
    expect(lineOf(back, '**Spell slots**')).toBe('**Spell slots** 1st 4/4 · 2nd 3/3 · 3rd 2/2');
    const none = text(await table.run(ALICE, 'character', 'edit', { name: 'Merric', class: 'none' }));
    expect(lineOf(none, '**Spell')).toBeUndefined();
  });

  test('a custom caster: an ability and a table of its own', async () => {
    const made = text(
      await table.run(ALICE, 'character', 'create', { name: 'Hex', level: 3, wis: 14, 'spell-ability': 'wis', slots: '2' }),
    );
    expect(lineOf(made, '**Spellcasting**')).toBe('**Spellcasting** Wisdom · save DC 12 · spell attack +4');
    expect(lineOf(made, '**Spell slots**')).toBe('**Spell slots** 1st 2/2');
  });

  test('bad spellcasting options are refused in words, and nothing is saved', async () => {
    expect(refused(await table.run(ALICE, 'character', 'create', { name: 'Merric', level: 5, 'spell-dc': '15' }))).toBe(
      '⚠️ A spellcaster needs a `class` (bard, cleric, wizard…) or a `spell-ability`.',
    );
    expect(refused(await table.run(ALICE, 'character', 'create', { name: 'Merric', level: 5, class: 'wizard', slots: '4,x' }))).toBe(
      "⚠️ `slots` lists the slots of each level from the 1st, e.g. `4,3,2`: at most 9 levels of 0 to 9 slots (or `class` for the class's table).",
    );
    expect(refused(await table.run(ALICE, 'character', 'create', { name: 'Merric', level: 5, class: 'wizard', 'spell-dc': '99' }))).toBe(
      '⚠️ `spell-dc` must be a whole number from 1 to 40, or auto.',
    );
    expect(await services.characters.find(owner, 'Merric')).toBeNull();
  });

  test('export and import carry the spellcasting and the slots spent', async () => {
    await table.run(ALICE, 'character', 'create', { name: 'Merric', level: 5, int: 16, class: 'wizard', 'spell-dc': '15' });
    await spend('Merric', 2);
    const exported = (await table.run(ALICE, 'character', 'export', { name: 'Merric' })).content ?? '';
    const json = exported.replace(/^```json\n|\n```$/g, '');
    expect(JSON.parse(json)).toMatchObject({
      spellcasting: { class: 'wizard', ability: null, saveDc: 15, attackBonus: null, slots: null },
      slotsSpent: [0, 1],
    });
    const found = await services.characters.find(owner, 'Merric');
    if (found !== null) await services.characters.delete(owner, found.id);
    const imported = text(await table.run(ALICE, 'character', 'import', { json }));
    expect(lineOf(imported, '**Spellcasting**')).toBe('**Spellcasting** Wizard, Intelligence · save DC 15 · spell attack +6');
    expect(lineOf(imported, '**Spell slots**')).toBe('**Spell slots** 1st 4/4 · 2nd 2/3 · 3rd 2/2');
  });
});
