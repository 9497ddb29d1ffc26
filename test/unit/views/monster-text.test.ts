import { caveLurker, srdMonster } from '../../support/monsters';
import { monstersOf, type Monster } from '../../../src/compendium';
import { readHomebrew } from '../../../src/compendium/homebrew';
import {
  homebrewImportedReply,
  homebrewIssuesReply,
  homebrewListReply,
  monsterEmbed,
  monsterReply,
  unknownMonsterText,
} from '../../../src/views/monster-text';
import type { Embed } from '../../../src/views/reply';
import { embedLimitViolations } from '../../support/embed-limits';

function text(embed: Embed): string {
  return [embed.title, embed.description, ...(embed.fields ?? []).map((f) => `${f.name}: ${f.value}`), embed.footer].join('\n');
}

/** The least a homebrew monster must say. */
const { actions: _claw, ...BASE } = caveLurker();

/** A homebrew monster as a file would bring it, checked by the reader. */
function homebrew(overrides: Record<string, unknown>): Monster {
  const read = readHomebrew(JSON.stringify({ monsters: [{ ...BASE, ...overrides }] }));
  if (!read.ok) throw new Error(JSON.stringify(read.issues));
  return read.monsters[0] as Monster;
}

describe('a stat block in the bot’s words', () => {
  test('2024 Adult Red Dragon: its numbers, its Rend and its Fire Breath', async () => {
    const embed = monsterEmbed(await srdMonster('srd-5.2', 'Adult Red Dragon'), 'srd-5.2');
    expect(embed.title).toBe('Adult Red Dragon');
    expect(embed.description?.split('\n')).toEqual([
      '*Huge dragon, chaotic evil*',
      '**AC** 19 · **HP** 256 (19d12+133) · **Initiative** +12',
      '**Speed** 40 ft., climb 40 ft., fly 80 ft.',
      '**STR** 27 (+8) · **DEX** 10 (+0) · **CON** 25 (+7) · **INT** 16 (+3) · **WIS** 13 (+1) · **CHA** 23 (+6)',
      '**Saves** Dex +6, Wis +7',
      '**Skills** Perception +13, Stealth +6',
      '**Immunities** fire',
      '**Senses** blindsight 60 ft., darkvision 120 ft., passive Perception 23',
      '**Languages** Common, Draconic',
      '**CR** 17 (18,000 XP) · **Proficiency bonus** +6',
    ]);
    expect(embed.fields).toEqual([
      { name: 'Traits', value: '**Legendary Resistance** (3/Day, 4/Day in its lair)' },
      {
        name: 'Actions',
        value: [
          '**Multiattack**: Rend ×3; may replace 1 of them with Spellcasting.',
          '**Rend**: Melee attack +14, reach 10 ft.; hit: 13 (1d10+8) slashing plus 5 (2d4) fire.',
          '**Fire Breath** (Recharge 5–6): 60-ft. cone, DC 21 Dex save; failure: 59 (17d6) fire, half on a success.',
          '**Spellcasting**: casts one of its spells (below).',
        ].join('\n'),
      },
      {
        name: 'Legendary actions (3 a round)',
        value: [
          '**Commanding Presence** (once per turn): casts Command (level 2).',
          '**Fiery Rays** (once per turn): casts Scorching Ray.',
          '**Pounce**: uses Rend.',
        ].join('\n'),
      },
      {
        name: 'Spells',
        value: '**Spellcasting** (Cha, DC 20, +12 to hit): at will: Command, Detect Magic, Scorching Ray; 1/Day each: Fireball.',
      },
    ]);
    expect(embed.footer).toBe('SRD 5.2 (CC-BY-4.0, Wizards of the Coast)');
  });

  test('its XP has thousands separators without the locale data, which toLocaleString loads at some 7 MB', () => {
    const toLocaleString = jest.spyOn(Number.prototype, 'toLocaleString');
    try {
      const embed = monsterEmbed(homebrew({ xp: 1_000_000 }), 'homebrew');
      expect(embed.description).toContain('(1,000,000 XP)');
      expect(toLocaleString).not.toHaveBeenCalled();
    } finally {
      toLocaleString.mockRestore();
    }
  });

  test('2014 Goblin: AC 15 from its armour, 7 HP, its two attacks with reach and range', async () => {
    const shown = text(monsterEmbed(await srdMonster('srd-5.1', 'Goblin'), 'srd-5.1'));
    expect(shown).toContain('**AC** 15 (leather armor, shield) · **HP** 7 (2d6) · **Initiative** +2');
    expect(shown).toContain('**STR** 8 (−1) · **DEX** 14 (+2)');
    expect(shown).toContain('**CR** 1/4 (50 XP) · **Proficiency bonus** +2');
    expect(shown).toContain('**Scimitar**: Melee attack +4, reach 5 ft.; hit: 5 (1d6+2) slashing.');
    expect(shown).toContain('**Shortbow**: Ranged attack +4, range 80/320 ft.; hit: 5 (1d6+2) piercing.');
    expect(shown).toContain('SRD 5.1 (CC-BY-4.0, Wizards of the Coast)');
  });

  test("2014 Archmage: its 9th-level slot casts Time Stop, without the block's footnote taken for a spell", async () => {
    const shown = text(monsterEmbed(await srdMonster('srd-5.1', 'Archmage'), 'srd-5.1'));
    expect(shown).toContain('level 8 (1 slot): Mind Blank; level 9 (1 slot): Time Stop.');
    expect(shown).not.toContain('before combat');
  });

  test('2014 Lich: qualified immunities, condition immunities, a follow-up save, legendary costs and spell slots', async () => {
    const shown = text(monsterEmbed(await srdMonster('srd-5.1', 'Lich'), 'srd-5.1'));
    expect(shown).toContain('**Immunities** poison; bludgeoning, piercing, slashing from nonmagical attacks');
    expect(shown).toContain('**Condition immunities** Charmed, Exhaustion, Frightened, Paralyzed, Poisoned');
    expect(shown).toContain(
      '**Paralyzing Touch**: Melee attack +12, reach 5 ft.; hit: 10 (3d6) cold; then, on a hit: DC 18 Con save; failure: Paralyzed (for 1 minute, save again at the end of each of its turns).',
    );
    expect(shown).toContain('**Disrupt Life** (costs 3): DC 18 Con save; failure: 21 (6d6) necrotic, half on a success.');
    expect(shown).toContain('level 9 (1 slot): Power Word Kill.');
    expect(shown).toContain("Game master's part: **Partly automated**, the bot rolls and you do the rest: Frightening Gaze.");
  });

  test('actions the bot does not run are named as such, by name only', async () => {
    const shown = text(monsterEmbed(await srdMonster('srd-5.1', 'Adult Gold Dragon'), 'srd-5.1'));
    expect(shown).toContain('**Change Shape**: not automated.');
    expect(shown).toContain('**Not automated**, yours to run: Change Shape, Detect.');
    expect(shown).toContain('**Wing Attack** (costs 2): DC 22 Dex save; failure: 15 (2d6+8) bludgeoning and Prone.');
  });

  test.each(['srd-5.2', 'srd-5.1'] as const)("every monster of the %s fits one embed within Discord's limits, whole", async (book) => {
    const problems = (await monstersOf(book)).entries.flatMap((monster) => {
      const embed = monsterEmbed(monster, book);
      return [...embedLimitViolations(embed), ...(embed.footer?.includes('left out') ? [`${monster.name}: cut`] : [])];
    });
    expect(problems).toEqual([]);
  });
});

describe('a homebrew block is user input', () => {
  test('its names, notes and free text are escaped, and its note shown as its own words', () => {
    const monster = homebrew({
      name: '**Boss** [x](http://e.vil)',
      type: 'monstrosity',
      languages: '`Deep` ||Speech||',
      traits: [{ name: 'Lurk_er', note: 'Hides in __shadows__' }],
      actions: [
        {
          name: 'Claw',
          attack: { kind: 'melee', bonus: 4, reach: 5 },
          damage: [{ dice: '1d6+2', type: 'slashing' }],
          conditions: [{ condition: 'grappled', escapeDc: 12, maxSize: 'large' }],
          note: 'Drags the *target*',
        },
        { name: 'Shriek', recharge: 6, manual: true },
      ],
    });
    const embed = monsterEmbed(monster, 'homebrew');
    expect(embed.title).toBe('\\*\\*Boss\\*\\* \\[x\\](http://e.vil)');
    const shown = text(embed);
    expect(shown).toContain('**Languages** \\`Deep\\` \\|\\|Speech\\|\\|');
    expect(shown).toContain('**Lurk\\_er**: Hides in \\_\\_shadows\\_\\_');
    expect(shown).toContain(
      '**Claw**: Melee attack +4, reach 5 ft.; hit: 5 (1d6+2) slashing and Grappled (escape DC 12, Large or smaller). — Drags the \\*target\\*',
    );
    expect(shown).toContain('**Shriek** (Recharge 6): not automated.');
    expect(embed.footer).toBe("This server's own monster");
  });

  test('a block too long for one message keeps within the limits and says what it left out', () => {
    const actions = Array.from({ length: 30 }, (_, i) => ({ name: `Action ${i + 1}`, manual: true, note: 'n'.repeat(1000) }));
    const embed = monsterEmbed(homebrew({ actions, reactions: actions.slice(0, 3) }), 'homebrew');
    expect(embedLimitViolations(embed)).toEqual([]);
    expect(embed.footer).toBe(
      "This server's own monster · Too long for one message: the rest of Actions, Reactions, Game master's part left out.",
    );
  });
});

describe('replies', () => {
  test('a lookup is private unless shared; the game master’s view of a hidden block says why it is private', async () => {
    const goblin = await srdMonster('srd-5.1', 'Goblin');
    expect(monsterReply(goblin, 'srd-5.1', 'private').ephemeral).toBe(true);
    expect(monsterReply(goblin, 'srd-5.1', 'shared').ephemeral).toBe(false);
    const hidden = monsterReply(goblin, 'srd-5.1', 'hidden');
    expect(hidden.ephemeral).toBe(true);
    expect(hidden.embeds?.[0]?.footer).toBe(
      'SRD 5.1 (CC-BY-4.0, Wizards of the Coast) · Only you see this: a hidden combatant of this fight uses this block.',
    );
  });

  test('an unknown name offers the closest, escaped', () => {
    expect(unknownMonsterText('Goblen', ['Goblin Warrior', 'Goblin Boss'])).toBe(
      'No monster called Goblen. Did you mean Goblin Warrior, Goblin Boss?',
    );
    expect(unknownMonsterText('**x**', [])).toBe(
      'No monster called \\*\\*x\\*\\*. Check the spelling, or look in the other book with `source:`.',
    );
  });

  test("a refused file's issues name the field and the reason, escaped", () => {
    const read = readHomebrew(JSON.stringify({ monsters: [{ ...BASE, '**evil**': 1, ac: 'high' }] }));
    expect(read.ok).toBe(false);
    const issues = read.ok ? [] : read.issues;
    const description = homebrewIssuesReply(issues).embeds?.[0]?.description ?? '';
    expect(description.split('\n')).toEqual([
      '• **monsters\\[0\\].ac**: a number, not "high"',
      '• **monsters\\[0\\]**: not a field of the format: "\\*\\*evil\\*\\*"',
    ]);
    expect(homebrewIssuesReply(issues).ephemeral).toBe(true);
  });

  test('a reason says what the field takes, in the words of someone writing the file', () => {
    const { xp: _xp, ...withoutXp } = BASE;
    const read = readHomebrew(JSON.stringify({ monsters: [{ ...withoutXp, ac: 11.5, size: 'Large', hp: 0, actions: [] }] }));
    expect(read.ok ? [] : read.issues).toEqual([
      { field: 'monsters[0].size', reason: 'one of "tiny", "small", "medium", "large", "huge", "gargantuan"; not "Large"' },
      { field: 'monsters[0].ac', reason: 'a whole number, not 11.5' },
      { field: 'monsters[0].hp', reason: 'at least 1' },
      { field: 'monsters[0].xp', reason: 'missing: the format requires it' },
    ]);
  });

  test("a file's longest keys come back cut short, so ten problems still fit one embed", () => {
    // A pasted import holds 6,000 characters and a file 256 KiB: a key the format does not know is echoed.
    const monsters = Array.from({ length: 10 }, (_, i) => ({ ...BASE, [`${i}${'*'.repeat(20_000)}`]: 1 }));
    const read = readHomebrew(JSON.stringify({ monsters }));
    const issues = read.ok ? [] : read.issues;
    expect(issues).toHaveLength(10);
    const embed = homebrewIssuesReply(issues).embeds?.[0];
    expect(embed === undefined ? ['no embed'] : embedLimitViolations(embed)).toEqual([]);
    expect(embed?.description?.split('\n')[0]).toBe(`• **monsters\\[0\\]**: not a field of the format: "0${'\\*'.repeat(75)}…`);
  });

  test("the list shows as many of the server's monsters as one message holds, and counts the rest", () => {
    const named = (count: number, name: (i: number) => string) => Array.from({ length: count }, (_, i) => ({ name: name(i + 1), cr: '2' }));
    const hundred = homebrewListReply(
      named(120, (i) => `Lurker ${i}`),
      200,
    ).embeds?.[0];
    expect(hundred?.description).toMatch(/^Lurker 1 \(CR 2\), Lurker 2 \(CR 2\), .*, Lurker 120 \(CR 2\)$/);
    const longest = homebrewListReply(
      named(200, (i) => `${'Cave Lurker '.repeat(8)}${i}`),
      200,
    ).embeds?.[0];
    expect(longest === undefined ? ['no embed'] : embedLimitViolations(longest)).toEqual([]);
    expect(longest?.description).toMatch(/, and 162 more$/);
  });

  test('an import names what it added and what it replaced', () => {
    const embed = homebrewImportedReply(['Cave Lurker', 'Mire_Hag'], ['Goblin'], 3, 200).embeds?.[0];
    expect(embed?.description).toBe('**Added** (2): Cave Lurker, Mire\\_Hag\n**Replaced** (1): Goblin');
    expect(embed?.footer).toBe('This server keeps 3 of at most 200. Show one with /monster show.');
  });
});
