import { bookOf, createNameIndex, monstersOf, otherBook, HOMEBREW_LIMITS } from '../../../src/compendium';
import { readHomebrew } from '../../../src/compendium/homebrew';
import { RULESET_IDS } from '../../../src/rules/ids';

describe('finding monsters by name', () => {
  it('each rule set reads its book, and source: picks the other', () => {
    expect(Object.fromEntries(RULESET_IDS.map((id) => [id, bookOf(id)]))).toEqual({
      dnd2024: 'srd-5.2',
      dnd2014: 'srd-5.1',
      'crown-misery': 'srd-5.2',
      'dnd-next': 'srd-5.1',
      a5e: 'srd-5.1',
    });
    expect(otherBook('srd-5.2')).toBe('srd-5.1');
  });

  it('an exact name ignores case, accents and spacing', async () => {
    const monsters = await monstersOf('srd-5.2');
    expect(monsters.find('  ádult   RED dragon ')?.name).toBe('Adult Red Dragon');
    expect(monsters.find('Adult Red')).toBeUndefined();
  });

  it('autocomplete ranks a prefix first, then a word start', async () => {
    const monsters = await monstersOf('srd-5.2');
    // Prefix, then inside a word, then letters in order (g…o…b).
    expect(monsters.suggest('gob')).toEqual([
      'Goblin Boss',
      'Goblin Minion',
      'Goblin Warrior',
      'Hobgoblin Captain',
      'Hobgoblin Warrior',
      'Gelatinous Cube',
      'Ogre Zombie',
    ]);
    expect(monsters.suggest('red dragon')).toEqual(['Red Dragon Wyrmling', 'Adult Red Dragon', 'Ancient Red Dragon', 'Young Red Dragon']);
    expect(monsters.suggest('')).toHaveLength(25);
  });

  it('an unknown name gets the closest names', async () => {
    const monsters = await monstersOf('srd-5.2');
    expect(monsters.closest('Goblen')).toEqual(['Goblin Boss', 'Goblin Minion', 'Goblin Warrior']);
    expect(monsters.closest('Owlbare')).toEqual(['Owlbear']);
    expect(monsters.closest('Beholder')).toEqual([]);
  });

  it('a homebrew list is indexed the same way', () => {
    const index = createNameIndex([{ name: 'Bog Troll' }, { name: 'Troll' }]);
    expect(index.suggest('tro')).toEqual(['Troll', 'Bog Troll']);
  });
});

describe('homebrew files', () => {
  const goblin = {
    name: 'Cave Goblin',
    size: 'small',
    type: 'humanoid',
    ac: 13,
    hp: 9,
    hitDice: '2d6+2',
    speed: { walk: 30 },
    abilities: { str: 8, dex: 14, con: 12, int: 10, wis: 8, cha: 8 },
    senses: { passivePerception: 9, darkvision: 60 },
    cr: '1/4',
    xp: 50,
    proficiencyBonus: 2,
    initiative: 2,
    actions: [{ name: 'Spear', attack: { kind: 'melee', bonus: 4, reach: 5 }, damage: [{ dice: '1d6+2', type: 'piercing' }] }],
  };

  it('accepts a monster in the converter’s shape', () => {
    const result = readHomebrew(JSON.stringify({ monsters: [goblin] }));
    expect(result.ok && result.monsters[0]?.actions?.[0]?.damage).toEqual([{ dice: '1d6+2', type: 'piercing' }]);
  });

  it.each([
    [
      'bad dice',
      { ...goblin, actions: [{ ...goblin.actions[0], damage: [{ dice: '1d6+', type: 'piercing' }] }] },
      'monsters[0].actions[0].damage[0].dice',
    ],
    ['too many dice', { ...goblin, hitDice: '500d6' }, 'monsters[0].hitDice'],
    ['an unknown damage type', { ...goblin, resistances: ['sonic'] }, 'monsters[0].resistances[0]'],
    ['a misspelt field', { ...goblin, armour: 'leather' }, 'monsters[0]'],
    ['a name too long for Discord', { ...goblin, name: 'G'.repeat(101) }, 'monsters[0].name'],
  ])('refuses %s, naming the field', (_, monster, field) => {
    const result = readHomebrew(JSON.stringify({ monsters: [monster] }));
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.issues.map((issue) => issue.field)).toContain(field);
    expect(result.ok ? '' : result.issues[0]?.reason).not.toBe('');
  });

  it('refuses a file over its size, JSON that does not parse, and two monsters of one name', () => {
    expect(readHomebrew(' '.repeat(HOMEBREW_LIMITS.bytes + 1))).toEqual({
      ok: false,
      issues: [{ field: '(file)', reason: 'larger than 256 KiB' }],
    });
    expect(readHomebrew('{"monsters": [')).toEqual({ ok: false, issues: [{ field: '(file)', reason: 'not valid JSON' }] });
    expect(readHomebrew(JSON.stringify({ monsters: [goblin, { ...goblin, name: 'cave goblin' }] }))).toEqual({
      ok: false,
      issues: [{ field: 'monsters[1].name', reason: 'a second monster called cave goblin' }],
    });
    // The shelf keys names without accents or doubled spaces: these are the same monster there.
    expect(readHomebrew(JSON.stringify({ monsters: [goblin, { ...goblin, name: 'Cave  Góblin' }] }))).toEqual({
      ok: false,
      issues: [{ field: 'monsters[1].name', reason: 'a second monster called Cave  Góblin' }],
    });
  });
});
