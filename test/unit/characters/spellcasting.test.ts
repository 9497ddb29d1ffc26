import { applySpellcastingChanges, spellcastingOf, type Spellcasting } from '../../../src/characters/spellcasting';
import { applySheetChanges, freshState } from '../../../src/characters/sheet';
import type { RuleSetId } from '../../../src/rules/ids';

const casting = (changes: Partial<Spellcasting>): Spellcasting => ({
  casterClass: null,
  ability: null,
  saveDc: null,
  attackBonus: null,
  customSlots: null,
  ...changes,
});

function sheet(level: number, scores: { int?: number; wis?: number; cha?: number }, spellcasting: Spellcasting | null) {
  const made = applySheetChanges(null, 'Alice', { level, scores });
  return { ...made, ...freshState(made), spellcasting };
}

describe('the numbers a sheet derives', () => {
  test.each<[string, ReturnType<typeof sheet>, RuleSetId, object]>([
    // 8 + proficiency 3 + Int 3 = 14; attack +6.
    [
      'wizard 5, Int 16',
      sheet(5, { int: 16 }, casting({ casterClass: 'wizard' })),
      'dnd2024',
      { ability: 'int', saveDc: 14, attackBonus: 6 },
    ],
    [
      'cleric 1, Wis 15',
      sheet(1, { wis: 15 }, casting({ casterClass: 'cleric' })),
      'dnd2014',
      { ability: 'wis', saveDc: 12, attackBonus: 4 },
    ],
    [
      'paladin 9, Cha 18',
      sheet(9, { cha: 18 }, casting({ casterClass: 'paladin' })),
      'dnd2024',
      { ability: 'cha', saveDc: 16, attackBonus: 8 },
    ],
    [
      'a wizard casting with Wisdom',
      sheet(5, { int: 16, wis: 10 }, casting({ casterClass: 'wizard', ability: 'wis' })),
      'dnd2024',
      { ability: 'wis', saveDc: 11, attackBonus: 3 },
    ],
    [
      'overrides',
      sheet(5, { int: 16 }, casting({ casterClass: 'wizard', saveDc: 17, attackBonus: 9 })),
      'dnd2024',
      { ability: 'int', saveDc: 17, attackBonus: 9 },
    ],
  ])('%s', (_, character, ruleset, expected) => {
    expect(spellcastingOf(character, ruleset)).toMatchObject(expected);
  });

  test('the slots follow the rule set in force: a paladin 1 has two in 2024 and none in 2014', () => {
    const paladin = sheet(1, { cha: 16 }, casting({ casterClass: 'paladin' }));
    expect(spellcastingOf(paladin, 'dnd2024')?.slots.table.slots).toEqual([2]);
    expect(spellcastingOf(paladin, 'dnd2014')?.slots.table.slots).toEqual([]);
  });

  test('a character without spellcasting has none', () => {
    expect(spellcastingOf(sheet(5, {}, null), 'dnd2024')).toBeNull();
  });
});

describe('changing spellcasting from the options', () => {
  test('a class, an ability, overrides and a custom table, each checked', () => {
    const wizard = applySpellcastingChanges(null, { casterClass: 'Wizard' });
    expect(wizard).toEqual(casting({ casterClass: 'wizard' }));
    expect(applySpellcastingChanges(wizard, { saveDc: '15', attackBonus: '+7', slots: '4, 3, 2' })).toEqual(
      casting({ casterClass: 'wizard', saveDc: 15, attackBonus: 7, customSlots: [4, 3, 2] }),
    );
    expect(
      applySpellcastingChanges(casting({ casterClass: 'wizard', saveDc: 15, customSlots: [1] }), { saveDc: 'auto', slots: 'class' }),
    ).toEqual(casting({ casterClass: 'wizard' }));
    expect(applySpellcastingChanges(null, { ability: 'cha', slots: '2,0' })).toEqual(casting({ ability: 'cha', customSlots: [2] }));
  });

  test('class none with no ability of its own ends spellcasting', () => {
    expect(applySpellcastingChanges(casting({ casterClass: 'wizard', saveDc: 15 }), { casterClass: 'none' })).toBeNull();
    expect(applySpellcastingChanges(casting({ casterClass: 'wizard', ability: 'wis' }), { casterClass: 'none' })).toEqual(
      casting({ ability: 'wis' }),
    );
  });

  test.each([
    [
      { casterClass: 'fighter' },
      '`class` must be one of: artificer, bard, cleric, druid, paladin, ranger, sorcerer, warlock, wizard, none.',
    ],
    [{ ability: 'luck' }, '`spell-ability` must be one of: str, dex, con, int, wis, cha, class.'],
    [{ casterClass: 'wizard', saveDc: '41' }, '`spell-dc` must be a whole number from 1 to 40, or auto.'],
    [{ casterClass: 'wizard', attackBonus: 'lots' }, '`spell-attack` must be a whole number from -10 to 30, or auto.'],
    [{ casterClass: 'wizard', slots: '4,3,2,1,1,1,1,1,1,1' }, '`slots` lists the slots of each level from the 1st, e.g. `4,3,2`'],
    [{ casterClass: 'wizard', slots: '4,10' }, '`slots` lists the slots of each level from the 1st, e.g. `4,3,2`'],
    [{ saveDc: '15' }, 'A spellcaster needs a `class` (bard, cleric, wizard…) or a `spell-ability`.'],
  ])('%j is refused: %s', (changes, message) => {
    expect(() => applySpellcastingChanges(null, changes)).toThrow(message);
  });
});
