/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-member-access -- the tests edit fixture JSON at any depth */
import fs from 'node:fs';
import path from 'node:path';
import { exportCharacter, importCharacter } from '../../../src/characters/portable';
import type { Character } from '../../../src/characters/sheet';
import { getRuleSet } from '../../../src/rules';
import type { RuleSetId } from '../../../src/rules/ids';

/** Imports `text` where `ruleset` is in force (2024 unless said). */
const read = (text: string, ruleset: RuleSetId = 'dnd2024') => importCharacter(text, getRuleSet(ruleset));

const fixture = (name: string): string => fs.readFileSync(path.join(__dirname, '../../fixtures/foundry', name), 'utf8');

function withField(json: string, change: (actor: Record<string, any>) => void): string {
  const actor = JSON.parse(json) as Record<string, any>;
  change(actor);
  return JSON.stringify(actor);
}

const stored = (imported: ReturnType<typeof read>): Character => ({
  id: 'id-1',
  guildId: 'g',
  ownerId: 'u',
  active: true,
  ...imported.sheet,
  ...imported.state,
});

describe('importing a Foundry VTT dnd5e actor', () => {
  test('dnd5e 4: class levels and spent Hit Dice from `hd`, worn light armour, expertise, no HP maximum given', () => {
    expect(read(fixture('tamsin-rogue-dnd5e-4.json'))).toEqual({
      sheet: {
        name: 'Tamsin (Halfling Rogue)',
        level: 5,
        abilities: { str: 8, dex: 17, con: 12, int: 13, wis: 12, cha: 14 },
        // d8 + 1 at 1st level, then 5 + 1 for each of 4 levels.
        maxHp: 33,
        armourClass: 15,
        hitDie: 8,
        saves: ['dex', 'int'],
        skills: ['acrobatics', 'deception', 'investigation', 'perception'],
        expertise: ['sleight-of-hand', 'stealth'],
        initBonus: null,
        speed: 25,
        spellcasting: null,
      },
      state: {
        hp: 27,
        tempHp: 0,
        hitDiceLeft: 4,
        tracks: { exhaustion: 1, fatigue: 0, strife: 0 },
        conditions: [],
        dead: false,
        slotsSpent: [],
      },
    });
  });

  test('dnd5e 3: `hitDice` and `hitDiceUsed`, heavy armour and a shield, an initiative bonus written as text', () => {
    const { sheet, state } = read(fixture('hollis-fighter-dnd5e-3.json'));
    expect(sheet).toMatchObject({ level: 3, hitDie: 10, maxHp: 28, armourClass: 18, saves: ['str', 'con'], initBonus: 3, speed: 30 });
    expect(sheet.skills).toEqual(['athletics', 'intimidation', 'perception']);
    expect(state).toMatchObject({ hp: 21, tempHp: 4, hitDiceLeft: 1 });
  });

  test('the first bad field is named', () => {
    const tooStrong = withField(fixture('tamsin-rogue-dnd5e-4.json'), (a) => (a.system.abilities.dex.value = 40));
    expect(() => read(tooStrong)).toThrow('`system.abilities.dex.value` must be a whole number from 1 to 30.');
    const oddDie = withField(fixture('tamsin-rogue-dnd5e-4.json'), (a) => (a.items[0].system.hd.denomination = 'd7'));
    expect(() => read(oddDie)).toThrow('`items[0].system.hd.denomination` must be d6, d8, d10 or d12.');
    const monster = withField(fixture('hollis-fighter-dnd5e-3.json'), (a) => (a.type = 'npc'));
    expect(() => read(monster)).toThrow('`type` must be "character" (a player character actor).');
    const classless = withField(fixture('hollis-fighter-dnd5e-3.json'), (a) => (a.items = []));
    expect(() => read(classless)).toThrow('`items` must hold at least one class item.');
    expect(() => read('{"name": "x"}')).toThrow(/neither a Rollcall character/);
    expect(() => read('not json')).toThrow(/^That is not JSON/);
  });
});

describe('a Foundry VTT caster', () => {
  const wizard = (change: (actor: Record<string, any>) => void = () => undefined) =>
    withField(fixture('tamsin-rogue-dnd5e-4.json'), (a) => {
      a.items[0].system.identifier = 'wizard';
      a.system.attributes.spellcasting = 'int';
      a.system.spells = { spell1: { value: 2, override: null }, spell2: { value: 3 }, spell3: { value: 0 }, pact: { value: 0 } };
      change(a);
    });

  test("the caster class's identifier gives the spellcasting, and the slots left in `system.spells` the slots spent", () => {
    const { sheet, state } = read(wizard());
    expect(sheet.spellcasting).toEqual({ casterClass: 'wizard', ability: null, saveDc: null, attackBonus: null, customSlots: null });
    // A wizard 5 has 4/3/2: 2, 3 and 0 left.
    expect(state.slotsSpent).toEqual([2, 0, 2]);
  });

  test('a warlock counts its pact slots; another spellcasting ability is kept; a rogue casts nothing', () => {
    const warlock = read(wizard((a) => ((a.items[0].system.identifier = 'warlock'), (a.system.spells.pact.value = 1))));
    expect(warlock.sheet.spellcasting).toMatchObject({ casterClass: 'warlock', ability: 'int' });
    expect(warlock.state.slotsSpent).toEqual([0, 0, 1]);
    expect(read(fixture('tamsin-rogue-dnd5e-4.json')).sheet.spellcasting).toBeNull();
  });

  test('a wrong slot count is named', () => {
    expect(() => read(wizard((a) => (a.system.spells.spell2.value = -1)))).toThrow(
      '`system.spells.spell2.value` must be a whole number from 0 to 99.',
    );
  });
});

describe("Rollcall's own JSON", () => {
  test.each(['tamsin-rogue-dnd5e-4.json', 'hollis-fighter-dnd5e-3.json'])('%s round-trips through export and import', (name) => {
    const first = stored(read(fixture(name)));
    const again = read(JSON.stringify(exportCharacter(first)));
    expect(stored(again)).toEqual(first);
  });

  test('a state the rule set in force could not leave is refused, the field named, as /character create would never make it', () => {
    const exported = exportCharacter(stored(read(fixture('tamsin-rogue-dnd5e-4.json'))));
    const at = (hp: number) => JSON.stringify({ ...exported, hp: { max: 33, current: hp, temp: 0 } });
    expect(() => read(at(-1000))).toThrow('`hp.current` must be a whole number from 0 to 33 under the 5e 2024 rules.');
    expect(() => read(at(-1))).toThrow('`hp.current` must be a whole number from 0 to 33 under the 5e 2024 rules.');
    expect(read(at(0)).state).toMatchObject({ hp: 0, dead: false });
    // Next: death at −(Con 12 + level 5) = −17.
    expect(read(at(-16), 'dnd-next').state.hp).toBe(-16);
    expect(() => read(at(-17), 'dnd-next')).toThrow(
      '`hp.current` must be a whole number from -16 to 33 under the D&D Next playtest rules.',
    );
    expect(() => read(at(-1000), 'dnd-next')).toThrow('`hp.current` must be a whole number from -16 to 33');
    const tired = (exhaustion: number, dead = false) =>
      JSON.stringify({ ...exported, dead, tracks: { exhaustion, fatigue: 0, strife: 0 } });
    expect(() => read(tired(7))).toThrow('`tracks.exhaustion` must be a whole number from 0 to 6.');
    expect(() => read(tired(6))).toThrow('`tracks.exhaustion` 6 is death under the 5e 2024 rules: a living character has at most 5.');
    expect(() => read(tired(6), 'dnd2014')).toThrow('`tracks.exhaustion` 6 is death under the 5e 2014 rules');
    expect(read(tired(6, true)).state).toMatchObject({ dead: true, tracks: { exhaustion: 6 } });
    expect(read(tired(5)).state.tracks.exhaustion).toBe(5);
    const doomed = JSON.stringify({ ...exported, tracks: { exhaustion: 0, fatigue: 8, strife: 0 } });
    expect(() => read(doomed, 'a5e')).toThrow('`tracks.fatigue` must be a whole number from 0 to 7.');
    const foundry = withField(fixture('tamsin-rogue-dnd5e-4.json'), (a) => (a.system.attributes.exhaustion = 6));
    expect(() => read(foundry)).toThrow('`system.attributes.exhaustion` 6 is death under the 5e 2024 rules');
  });

  test('a wrong field in an export is named', () => {
    const exported = exportCharacter(stored(read(fixture('tamsin-rogue-dnd5e-4.json'))));
    expect(() => read(JSON.stringify({ ...exported, hitDiceLeft: 9 }))).toThrow('`hitDiceLeft` must be a whole number from 0 to 5.');
    expect(() => read(JSON.stringify({ ...exported, skills: ['stealth', 'flying'] }))).toThrow('`skills[1]` must be one of: acrobatics,');
  });
});

describe('spellcasting in the JSON', () => {
  const exported = exportCharacter(stored(read(fixture('tamsin-rogue-dnd5e-4.json'))));

  test('a caster round-trips: class, overrides, custom slots and slots spent', () => {
    const json = {
      ...exported,
      spellcasting: { class: 'wizard', ability: null, saveDc: 15, attackBonus: null, slots: [4, 3, 2] },
      slotsSpent: [1, 0, 2],
    };
    const imported = read(JSON.stringify(json));
    expect(imported.sheet.spellcasting).toEqual({
      casterClass: 'wizard',
      ability: null,
      saveDc: 15,
      attackBonus: null,
      customSlots: [4, 3, 2],
    });
    expect(imported.state.slotsSpent).toEqual([1, 0, 2]);
    expect(exportCharacter(stored(imported))).toMatchObject({ spellcasting: json.spellcasting, slotsSpent: [1, 0, 2] });
  });

  test('a character who casts nothing exports no spellcasting, and imports back without it', () => {
    expect(Object.keys(exported)).not.toContain('spellcasting');
    expect(Object.keys(exported)).not.toContain('slotsSpent');
    expect(read(JSON.stringify(exported))).toMatchObject({ sheet: { spellcasting: null }, state: { slotsSpent: [] } });
    expect(read(JSON.stringify({ ...exported, spellcasting: null, slotsSpent: null })).sheet.spellcasting).toBeNull();
  });

  test('a wrong spellcasting field is named', () => {
    const withCasting = (spellcasting: unknown, slotsSpent: unknown = []) => JSON.stringify({ ...exported, spellcasting, slotsSpent });
    expect(() => read(withCasting({ class: 'fighter' }))).toThrow('`spellcasting.class` must be one of: artificer, bard, cleric,');
    expect(() => read(withCasting({ ability: 'luck' }))).toThrow('`spellcasting.ability` must be one of: str, dex, con, int, wis, cha.');
    expect(() => read(withCasting({ class: 'wizard', saveDc: 41 }))).toThrow('`spellcasting.saveDc` must be a whole number from 1 to 40.');
    expect(() => read(withCasting({ saveDc: 15 }))).toThrow('`spellcasting` must name a class or an ability.');
    expect(() => read(withCasting({ class: 'wizard', slots: [4, 3, 2, 1, 1, 1, 1, 1, 1, 1] }))).toThrow(
      '`spellcasting.slots` must hold at most 9 entries.',
    );
    expect(() => read(withCasting({ class: 'wizard' }, [0, 10]))).toThrow('`slotsSpent[1]` must be a whole number from 0 to 9.');
  });
});
