import { caveLurker } from '../../support/monsters';
import type { Monster } from '../../../src/compendium/types';
import { addMonsters } from '../../../src/combat/steps';
import type { MonsterSource } from '../../../src/compendium';
import type { OptionAttachment } from '../../../src/framework/command';
import type { ExpectedFile, Services } from '../../../src/services';
import { ALICE, GM, openTablePer, refused, text, useRules, type Player, type Table } from './support';

const ADMIN: Player = { id: 'user-admin', name: 'Ada', admin: true };

/** A homebrew monster: a Cave Lurker unless told otherwise. */
/** The Cave Lurker of the shared fixtures, climbing and seeing in the dark. */
function lurker(overrides: Record<string, unknown> = {}): Monster {
  return caveLurker({ speed: { walk: 30, climb: 30 }, senses: { passivePerception: 10, darkvision: 60 }, ...overrides });
}

/** /monster through the real dispatcher on the in-memory stores; attached files are read from `files`. */
describe('/monster', () => {
  let table: Table;
  let services: Services;
  const files = new Map<string, string>();
  const expected: (ExpectedFile | undefined)[] = [];
  openTablePer(
    'test',
    (opened) => {
      ({ table, services } = opened);
      expected.length = 0;
      services.attachments = {
        text: (file: OptionAttachment, wanted?: ExpectedFile) => {
          expected.push(wanted);
          return Promise.resolve(files.get(file.name) ?? '');
        },
      };
    },
    1,
    'memory',
  );

  function attach(name: string, monsters: readonly unknown[]): Record<string, OptionAttachment> {
    const json = JSON.stringify({ monsters });
    files.set(name, json);
    return { file: { name, url: `https://cdn.example/${name}`, size: json.length, contentType: 'application/json' } };
  }

  function importFile(player: Player, name: string, monsters: readonly unknown[]) {
    return table.run(player, 'monster', 'import', {}, attach(name, monsters));
  }

  function show(player: Player, values: Record<string, string | boolean>) {
    return table.run(player, 'monster', 'show', values);
  }

  describe('show', () => {
    test("the block of the channel's book, privately; share:true posts it", async () => {
      const reply = await show(ALICE, { name: 'goblin warrior' });
      expect(reply.ephemeral).toBe(true);
      expect(reply.embeds?.[0]?.title).toBe('Goblin Warrior');
      expect(text(reply)).toContain('**AC** 15 · **HP** 10 (3d6) · **Initiative** +2');
      expect(reply.embeds?.[0]?.footer).toBe('SRD 5.2 (CC-BY-4.0, Wizards of the Coast)');
      expect((await show(ALICE, { name: 'Goblin Warrior', share: true })).ephemeral).toBe(false);
    });

    test('a 2024 block names no armour, as the SRD 5.2 prints none; a 2014 block names its own', async () => {
      expect(text(await show(ALICE, { name: 'Mage' }))).toContain('**AC** 15 · **HP** 81 (18d8) · **Initiative** +2');
      expect(text(await show(ALICE, { name: 'Guard', source: 'srd-5.1' }))).toContain(
        '**AC** 16 (chain shirt, shield) · **HP** 11 (2d8+2)',
      );
    });

    test('a 2014 channel reads the SRD 5.1; source: picks the other book', async () => {
      await useRules(services, 'dnd2014');
      expect(text(await show(ALICE, { name: 'Goblin' }))).toContain(
        '**AC** 15 (leather armor, shield) · **HP** 7 (2d6) · **Initiative** +2',
      );
      expect(refused(await show(ALICE, { name: 'Goblin Warrior' }))).toMatch(/^⚠️ No monster called Goblin Warrior\./);
      const other = await show(ALICE, { name: 'Goblin Warrior', source: 'srd-5.2' });
      expect(other.embeds?.[0]?.footer).toBe('SRD 5.2 (CC-BY-4.0, Wizards of the Coast)');
    });

    test('a name only the other book has is refused with the source: that finds it, for /monster show and /init add alike', async () => {
      expect(refused(await show(ALICE, { name: 'goblin' }))).toBe(
        '⚠️ No monster called goblin. The SRD 5.1 has one: use `source:srd-5.1`. Or did you mean Goblin Boss, Goblin Minion, Goblin Warrior?',
      );
      await useRules(services, 'dnd2014');
      expect(refused(await show(ALICE, { name: 'Goblin Warrior' }))).toBe(
        '⚠️ No monster called Goblin Warrior. The SRD 5.2 has one: use `source:srd-5.2`.',
      );
      await table.run(GM, 'init', 'begin', {});
      expect(refused(await table.run(GM, 'init', 'add', { monster: 'Goblin Warrior' }))).toBe(
        "⚠️ No monster called Goblin Warrior in the SRD 5.1 or this server's homebrew. The SRD 5.2 has one: use `source:srd-5.2`.",
      );
      expect(text(await table.run(GM, 'init', 'add', { monster: 'Goblin Warrior', source: 'srd-5.2' }))).toContain(
        'Goblin Warrior joins the fight',
      );
    });

    test('an unknown name is refused with the closest names, the typed one escaped', async () => {
      expect(refused(await show(ALICE, { name: 'Goblen' }))).toBe(
        '⚠️ No monster called Goblen. Did you mean Goblin Boss, Goblin Minion, Goblin Warrior?',
      );
      expect(refused(await show(ALICE, { name: '**Zzyzx**' }))).toBe(
        '⚠️ No monster called \\*\\*Zzyzx\\*\\*. Check the spelling, or look in the other book with `source:`.',
      );
    });

    test("name suggests the server's monsters first, then the book's", async () => {
      await importFile(ADMIN, 'lurkers.json', [lurker({ name: 'Goblin Sneak' })]);
      expect(await table.suggest(ALICE, 'monster', 'show', 'gob', 'name')).toEqual([
        'Goblin Sneak',
        'Goblin Boss',
        'Goblin Minion',
        'Goblin Warrior',
        'Hobgoblin Captain',
        'Hobgoblin Warrior',
        'Gelatinous Cube',
        'Ogre Zombie',
      ]);
    });
  });

  describe('import, show, list and delete', () => {
    test('only a member with Manage Server imports or deletes', async () => {
      expect(refused(await importFile(GM, 'lurker.json', [lurker()]))).toBe(
        "⚠️ Only members with the Manage Server permission can change this server's monsters.",
      );
      expect(refused(await table.run(GM, 'monster', 'delete', { name: 'Cave Lurker' }))).toBe(
        "⚠️ Only members with the Manage Server permission can change this server's monsters.",
      );
    });

    test('a file is saved whole, shown like an SRD monster, replaced by name, listed and deleted', async () => {
      const imported = await importFile(ADMIN, 'lurkers.json', [lurker(), lurker({ name: 'Mire Hag', cr: '3', xp: 700 })]);
      expect(text(imported)).toBe('Monsters imported\n**Added** (2): Cave Lurker, Mire Hag');
      expect(imported.embeds?.[0]?.footer).toBe('This server keeps 2 of at most 200. Show one with /monster show.');
      // The file is fetched under the homebrew reader's own limit, and refused in a monster file's words.
      expect(expected[0]).toEqual({ maxBytes: 256 * 1024, kind: 'a monster file', attach: 'a `.json` file of monsters' });

      const shown = await show(ALICE, { name: 'cave lurker' });
      expect(shown.embeds?.[0]?.footer).toBe("This server's own monster");
      expect(text(shown)).toContain('**AC** 13 · **HP** 22 (4d8+4) · **Initiative** +1');
      expect(text(shown)).toContain('**Claw**: Melee attack +4, reach 5 ft.; hit: 5 (1d6+2) slashing.');

      const again = await importFile(ADMIN, 'lurker-v2.json', [lurker({ ac: 15 }), lurker({ name: 'Rock Crab' })]);
      expect(text(again)).toBe('Monsters imported\n**Added** (1): Rock Crab\n**Replaced** (1): Cave Lurker');
      expect(again.embeds?.[0]?.footer).toBe('This server keeps 3 of at most 200. Show one with /monster show.');
      expect(text(await show(ALICE, { name: 'Cave Lurker' }))).toContain('**AC** 15 · **HP** 22 (4d8+4)');

      expect(text(await table.run(ALICE, 'monster', 'list'))).toBe(
        "This server's monsters (3 of at most 200)\nCave Lurker (CR 1), Mire Hag (CR 3), Rock Crab (CR 1)",
      );
      expect(await table.suggest(ADMIN, 'monster', 'delete', 'm', 'name')).toEqual(['Mire Hag']);

      const deleted = await table.run(ADMIN, 'monster', 'delete', { name: 'mire hag' });
      expect(deleted.ephemeral).toBe(true);
      expect(text(deleted)).toBe("Deleted **Mire Hag** from this server's monsters.");
      expect(refused(await table.run(ADMIN, 'monster', 'delete', { name: 'Mire Hag' }))).toBe(
        '⚠️ This server has no monster of its own called Mire Hag: `/monster list` shows them.',
      );
      expect(refused(await show(ALICE, { name: 'Mire Hag' }))).toMatch(/^⚠️ No monster called Mire Hag\./);
    });

    test('a file with problems is refused with each field and reason, and nothing of it is saved', async () => {
      const reply = await importFile(ADMIN, 'bad.json', [
        lurker(),
        lurker({ name: 'Broken', ac: 99, actions: [{ name: 'Bite', damage: [{ dice: '2d6+', type: 'piercing' }] }] }),
      ]);
      expect(reply.ephemeral).toBe(true);
      expect(text(reply)).toBe(
        [
          'Nothing imported: the file has problems',
          '• **monsters\\[1\\].ac**: at most 50',
          '• **monsters\\[1\\].actions\\[0\\].damage\\[0\\].dice**: dice like 2d6+3, 17d6 or 5',
          '• **monsters\\[1\\].actions\\[0\\].damage\\[0\\].dice**: at most 100 dice of at most 100 sides, and a bonus of at most 1000',
        ].join('\n'),
      );
      expect(text(await table.run(ALICE, 'monster', 'list'))).toContain('(0 of at most 200)');
      expect(refused(await importFile(ADMIN, 'empty.json', []))).toContain('• **monsters**: at least 1 entry');
    });

    test('a file that would take the server past 200 monsters is refused whole', async () => {
      for (let file = 0; file < 4; file++) {
        const monsters = Array.from({ length: 50 }, (_, i) => lurker({ name: `Lurker ${file * 50 + i + 1}` }));
        expect(text(await importFile(ADMIN, `batch-${file}.json`, monsters))).toContain('**Added** (50)');
      }
      expect(refused(await importFile(ADMIN, 'one-more.json', [lurker({ name: 'Lurker 1' }), lurker()]))).toBe(
        '⚠️ Nothing imported: a server keeps at most 200 monsters, and this one holds 200. Delete some with `/monster delete` first.',
      );
      expect(await services.bestiary.homebrew.get('guild-1', 'Cave Lurker')).toBeUndefined();
      // Replacing one already kept adds nothing, so it is still allowed.
      expect(text(await importFile(ADMIN, 'replace.json', [lurker({ name: 'Lurker 1' })]))).toContain('**Replaced** (1): Lurker 1');
    });
  });

  describe("a hidden combatant's block is the game master's", () => {
    /** A fight with a hidden Cave Lurker (the server's) and a hidden Adult Red Dragon (the book's), added from their blocks. */
    async function hiddenFight(): Promise<void> {
      await importFile(ADMIN, 'lurker.json', [lurker()]);
      await table.run(GM, 'init', 'begin', {});
      const add = (name: string, source: MonsterSource, block: string) =>
        services.encounters.apply(
          { userId: GM.id, name: GM.name, canManageChannel: false },
          { guildId: 'guild-1', channelId: table.channelId },
          'init add',
          addMonsters,
          {
            name,
            hp: 22,
            ac: 13,
            hidden: true,
            monster: { source, block, skills: {}, conditionImmunities: [], recharging: [], usesLeft: {} },
          },
        );
      await add('Cave Lurker', 'homebrew', 'Cave Lurker');
      await add('Adult Red Dragon 2', 'srd-5.2', 'Adult Red Dragon');
      // Renamed: what it is stays the game master's, which refusing its block would tell.
      await add('Old Flame', 'srd-5.2', 'Ogre');
    }

    test('a player is refused without a number; the game master sees it privately, even asking to share', async () => {
      await hiddenFight();
      for (const name of ['Cave Lurker', 'adult red dragon']) {
        const refusal = refused(await show(ALICE, { name, share: true }));
        expect(refusal).toBe("⚠️ That stat block is the game master's while a hidden combatant of this fight uses it.");
      }
      const gm = await show(GM, { name: 'Adult Red Dragon', share: true });
      expect(gm.ephemeral).toBe(true);
      expect(text(gm)).toContain('**AC** 19 · **HP** 256 (19d12+133)');
      expect(gm.embeds?.[0]?.footer).toBe(
        'SRD 5.2 (CC-BY-4.0, Wizards of the Coast) · Only you see this: a hidden combatant of this fight uses this block.',
      );
      // Other blocks are anyone's, a renamed hidden combatant's too.
      expect((await show(ALICE, { name: 'Goblin Warrior', share: true })).ephemeral).toBe(false);
      expect((await show(ALICE, { name: 'Ogre', share: true })).ephemeral).toBe(false);
      expect(await table.suggest(ALICE, 'monster', 'show', 'ogr', 'name')).toContain('Ogre');
    });

    test("a player's suggestions and did-you-mean leave the hidden blocks out; the game master's keep them", async () => {
      await hiddenFight();
      expect(await table.suggest(ALICE, 'monster', 'show', 'cave', 'name')).toEqual(['Camel', 'Raven']);
      expect(await table.suggest(ALICE, 'monster', 'show', 'adult red', 'name')).not.toContain('Adult Red Dragon');
      expect(await table.suggest(GM, 'monster', 'show', 'cave', 'name')).toEqual(['Cave Lurker', 'Camel', 'Raven']);
      expect(await table.suggest(GM, 'monster', 'show', 'adult red', 'name')).toContain('Adult Red Dragon');
      expect(refused(await show(ALICE, { name: 'Cave Lurke' }))).not.toContain('Cave Lurker');
    });
  });
});
