import fs from 'node:fs';
import path from 'node:path';
import type { CharacterState } from '../../../src/characters/sheet';
import type { OptionAttachment } from '../../../src/framework/command';
import { createAttachmentFetcher, type Fetch } from '../../../src/transports/attachment-fetcher';
import type { RuleSetId } from '../../../src/rules/ids';
import type { NextRestVariant } from '../../../src/rules/types';
import type { Services } from '../../../src/services';
import { ALICE, GM, Table, buttonsOf, openTablePer, refused, text, type Player, type ScriptedRandom } from './support';

const ADMIN_GM: Player = { ...GM, admin: true };

/** The table's rest rules (`/config rests`) as /rest follows them, and the encounter option that lets Crown & Misery monsters die. */
describe('rest variants, A5E havens and Supply, and monsters that die at 0 HP', () => {
  let table: Table;
  let dice: ScriptedRandom;
  let services: Services;
  openTablePer('test', (opened) => ({ table, dice, services } = opened));

  async function useRules(ruleset: RuleSetId, rests: { nextRests?: NextRestVariant; a5eSupply?: boolean } = {}): Promise<void> {
    await services.settings.setGuildRuleset({ guildId: 'guild-1', ruleset, userId: GM.id });
    await services.settings.setRestRules({
      guildId: 'guild-1',
      rules: { nextRests: rests.nextRests ?? 'standard', a5eSupply: rests.a5eSupply ?? false },
      userId: GM.id,
    });
  }

  /** Alice, level 5 with Con 14 (+2), at `hp` of her `maxHp`, with these fatigue and strife levels. */
  async function alice(maxHp: number, state: Partial<CharacterState> = {}): Promise<void> {
    await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 5, con: 14, hp: maxHp, 'hit-die': 'd8' });
    const stored = await services.characters.active({ guildId: 'guild-1', ownerId: ALICE.id });
    if (stored === null) throw new Error('Alice was not created');
    await services.characters.recordStates([{ id: stored.id, state: { ...stored, ...state } }]);
  }

  describe('D&D Next experimental rests', () => {
    test('Experimental Rule 1: each hour of a short rest restores level + Con modifier, 7 an hour; Hit Dice are refused', async () => {
      await useRules('dnd-next', { nextRests: 'experimental-1' });
      await alice(40, { hp: 10 });
      expect(text(await table.run(ALICE, 'rest', 'short', { hours: 2 }))).toBe(
        [
          '**Alice** takes a short rest.',
          'Experimental Rule 1 (rests): each hour restores level + Con modifier HP.',
          'Rested 2 hours at 7 HP an hour.',
          'Regains 14 HP (now 24/40).',
          'Hit Dice left: 5 of 5 (d8).',
        ].join('\n'),
      );
      expect(refused(await table.run(ALICE, 'rest', 'short', { 'hit-dice': 1 }))).toBe(
        "⚠️ This table plays D&D Next's Experimental Rule 1, which heals by time rested instead of Hit Dice: leave out `hit-dice`.",
      );
    });

    test('Experimental Rule 1: a long rest adds the Con score (14) unless something strenuous happened', async () => {
      await useRules('dnd-next', { nextRests: 'experimental-1' });
      await alice(100, { hp: 10 });
      const calm = text(await table.run(ALICE, 'rest', 'long', { hours: 6 }));
      expect(calm).toContain('Rested 6 hours at 7 HP an hour, +14 (Con score) for a rest free of strenuous activity.');
      expect(calm).toContain('Regains 56 HP (now 66/100).');
      const strenuous = text(await table.run(ALICE, 'rest', 'long', { hours: 6, strenuous: true }));
      expect(strenuous).toContain('Rested 6 hours at 7 HP an hour.');
      expect(strenuous).toContain('Regains 34 HP (now 100/100).');
    });

    test('Experimental Rule 1 needs 1 HP for a short rest; the standard Next short rest does not', async () => {
      await useRules('dnd-next', { nextRests: 'experimental-1' });
      await alice(40, { hp: 0 });
      expect(refused(await table.run(ALICE, 'rest', 'short'))).toBe(
        '⚠️ Alice cannot take a short rest: A creature needs at least 1 hit point to rest. Heal first: with no fight in the channel, `/hp heal` heals the sheet.',
      );
      await useRules('dnd-next');
      expect(text(await table.run(ALICE, 'rest', 'short'))).toBe(
        ['**Alice** takes a short rest.', 'HP stay at 0/40.', 'Hit Dice left: 5 of 5 (d8).'].join('\n'),
      );
    });

    test('Experimental Rule 2: 15 minutes are three spells of 8 HP, held at the bloodied value 20 while bloodied', async () => {
      await useRules('dnd-next', { nextRests: 'experimental-2' });
      await alice(40, { hp: 5 });
      expect(text(await table.run(ALICE, 'rest', 'short', { minutes: 15 }))).toBe(
        [
          '**Alice** takes a short rest.',
          'Experimental Rule 2 (healing and rests): every 5 minutes restores 1 + level + Con modifier HP (at least the level), no higher than the bloodied value while bloodied.',
          'Rested 15 minutes: 3 × 8 HP.',
          'Regains 15 HP (now 20/40).',
          'Hit Dice left: 5 of 5 (d8).',
        ].join('\n'),
      );
    });

    test('slower hit points: Hit Dice spend without a kit, and a long rest restores no HP but every Hit Die', async () => {
      await useRules('dnd-next');
      await alice(40, { hp: 10, hitDiceLeft: 2 });
      expect(refused(await table.run(ALICE, 'rest', 'short', { 'hit-dice': 1 }))).toBe(
        "⚠️ Alice cannot take a short rest: In the D&D Next playtest, spending Hit Dice on a short rest needs a healer's kit or a feature that allows it.",
      );
      await useRules('dnd-next', { nextRests: 'slower-hp' });
      dice.queue(6);
      expect(text(await table.run(ALICE, 'rest', 'short', { 'hit-dice': 1 }))).toBe(
        [
          '**Alice** takes a short rest.',
          "Slower recovery (hit points): Hit Dice are spent without a healer's kit.",
          'Spends 1 Hit Die: d8 6 +2 → 8.',
          'Regains 8 HP (now 18/40).',
          'Hit Dice left: 1 of 5 (d8).',
        ].join('\n'),
      );
      expect(text(await table.run(ALICE, 'rest', 'long'))).toBe(
        [
          '**Alice** takes a long rest.',
          'Slower recovery (hit points): a long rest restores no HP, and gives back every Hit Die.',
          'HP stay at 18/40.',
          'Regains 4 Hit Dice.',
          'Hit Dice left: 5 of 5 (d8).',
        ].join('\n'),
      );
    });

    test('options of a rule the table does not play are refused, not ignored', async () => {
      await useRules('dnd-next');
      await alice(40, { hp: 10 });
      expect(refused(await table.run(ALICE, 'rest', 'short', { hours: 2 }))).toBe(
        '⚠️ `hours` counts only under a D&D Next experimental rest rule that uses it (`/config rests` chooses one); it has no use in this short rest.',
      );
      expect(refused(await table.run(ALICE, 'rest', 'long', { haven: true }))).toBe(
        '⚠️ `haven` is an A5E rest rule; this channel plays the D&D Next playtest rules.',
      );
    });
  });

  describe('A5E havens and Supply', () => {
    test('away from a Haven only a first level recovers; at one, fatigue 3 and strife 2 each lose a level', async () => {
      await useRules('a5e');
      await alice(40, { tracks: { exhaustion: 0, fatigue: 3, strife: 2 } });
      const away = text(await table.run(ALICE, 'rest', 'long'));
      expect(away).toBe(
        [
          '**Alice** takes a long rest.',
          'Not at a Haven: Fatigue 3 and Strife 2 stay; only a first level recovers away from one (`haven:true` at a Haven).',
          'HP stay at 40/40.',
          'Hit Dice left: 5 of 5 (d8).',
        ].join('\n'),
      );
      const haven = text(await table.run(ALICE, 'rest', 'long', { haven: true }));
      expect(haven).toContain('At a Haven: Fatigue 3 and Strife 2 each recover a level.');
      expect(haven).toContain('Alice loses 1 level of Fatigue (now 2).');
      expect(haven).toContain('Alice loses 1 level of Strife (now 1).');
      expect(text(await table.run(ALICE, 'character', 'show'))).toContain('**Tracks** Fatigue 2, Strife 1');
    });

    test('at a Haven the reply names only the tracks that recover, and says nothing of a Haven with none to recover', async () => {
      await useRules('a5e');
      await alice(40, { tracks: { exhaustion: 0, fatigue: 0, strife: 2 } });
      expect(text(await table.run(ALICE, 'rest', 'long', { haven: true }))).toBe(
        [
          '**Alice** takes a long rest.',
          'At a Haven: Strife 2 recovers a level.',
          'HP stay at 40/40.',
          'Hit Dice left: 5 of 5 (d8).',
          'Alice loses 1 level of Strife (now 1).',
        ].join('\n'),
      );
      await table.run(ALICE, 'rest', 'long', { haven: true });
      expect(text(await table.run(ALICE, 'rest', 'long', { haven: true }))).toBe(
        ['**Alice** takes a long rest.', 'HP stay at 40/40.', 'Hit Dice left: 5 of 5 (d8).'].join('\n'),
      );
    });

    test('with Supply counted, a long rest must say whether it consumed one; none left adds 1 fatigue', async () => {
      await useRules('a5e', { a5eSupply: true });
      await alice(40, { hp: 20, tracks: { exhaustion: 0, fatigue: 2, strife: 0 } });
      expect(refused(await table.run(ALICE, 'rest', 'long'))).toBe(
        '⚠️ Alice cannot take a long rest: this table counts Supply (`/config rests`): say `supply:true` if a long rest consumed 1 Supply, or `supply:false` if none was left (1 level of fatigue).',
      );
      expect(text(await table.run(ALICE, 'character', 'show'))).toContain('**HP** 20/40');
      const without = text(await table.run(ALICE, 'rest', 'long', { haven: true, supply: false }));
      expect(without).toContain('No Supply to consume: 1 level of fatigue.');
      expect(without).toContain('Regains 20 HP (now 40/40).');
      expect(text(await table.run(ALICE, 'character', 'show'))).toContain('**Tracks** Fatigue 2');
      const fed = text(await table.run(ALICE, 'rest', 'long', { haven: true, supply: true }));
      expect(fed).toContain('Consumed 1 Supply.');
      expect(fed).toContain('Alice loses 1 level of Fatigue (now 1).');
    });

    test('away from a Haven without Supply, the kept level named is the one the rest began with, before the fatigue it adds', async () => {
      await useRules('a5e', { a5eSupply: true });
      await alice(40, { tracks: { exhaustion: 0, fatigue: 3, strife: 0 } });
      expect(text(await table.run(ALICE, 'rest', 'long', { supply: false }))).toBe(
        [
          '**Alice** takes a long rest.',
          'Not at a Haven: Fatigue 3 stays; only a first level recovers away from one (`haven:true` at a Haven).',
          'No Supply to consume: 1 level of fatigue.',
          'HP stay at 40/40.',
          'Hit Dice left: 5 of 5 (d8).',
          'Alice gains 1 level of Fatigue (now 4).',
        ].join('\n'),
      );
    });

    test('roughing it gives back half the usual Hit Dice and no fatigue', async () => {
      await useRules('a5e');
      await alice(40, { hitDiceLeft: 0, tracks: { exhaustion: 0, fatigue: 1, strife: 0 } });
      const rough = text(await table.run(ALICE, 'rest', 'long', { 'roughing-it': true }));
      expect(rough).toContain('Roughing it: half the usual Hit Dice, and no fatigue or strife recovers.');
      expect(rough).toContain('Regains 1 Hit Die.');
      expect(rough).not.toContain('Fatigue');
    });

    test('A5E options are refused under another rule set', async () => {
      await useRules('dnd2024');
      await alice(40);
      expect(refused(await table.run(ALICE, 'rest', 'long', { supply: true }))).toBe(
        '⚠️ `supply` is an A5E rest rule; this channel plays the 5e 2024 rules.',
      );
    });
  });

  describe('Crown & Misery monsters at 0 HP', () => {
    async function goblinAtZero(): Promise<string> {
      await table.run(GM, 'init', 'begin');
      dice.queue(10);
      await table.run(GM, 'init', 'add', { name: 'Goblin', hp: 7 });
      return text(await table.run(GM, 'hp', 'damage', { target: 'Goblin', amount: '7' }));
    }

    test('by default a monster at 0 HP is dying, as the Death Saving Throws entry says', async () => {
      await useRules('crown-misery');
      expect(await goblinAtZero()).toBe(
        'Goblin takes 7 damage and drops to 0 HP. It is dying and makes death saves at the start of each turn. It is now Unconscious, Incapacitated and Prone.',
      );
    });

    test('monsters-die:true lets it die at 0 HP, and /init options can turn it off again', async () => {
      await useRules('crown-misery');
      const begun = text(await table.run(GM, 'init', 'begin', { 'monsters-die': true }));
      expect(begun).toContain(
        'Death saves are rolled when the turn starts; concentration saves are rolled with a button. Monsters die at 0 HP; only player characters and important creatures make death saves.',
      );
      dice.queue(10);
      await table.run(GM, 'init', 'add', { name: 'Goblin', hp: 7, count: 2 });
      expect(text(await table.run(GM, 'hp', 'damage', { target: 'Goblin 1', amount: '7' }))).toBe(
        'Goblin 1 takes 7 damage and drops to 0 HP. It dies.',
      );
      await table.run(GM, 'init', 'options', { 'monsters-die': false });
      expect(text(await table.run(GM, 'hp', 'damage', { target: 'Goblin 2', amount: '7' }))).toMatch(
        /^Goblin 2 takes 7 damage and drops to 0 HP\. It is dying and makes death saves/,
      );
    });

    test('under rules where monsters already die, the option is refused', async () => {
      await useRules('dnd2024');
      expect(refused(await table.run(GM, 'init', 'begin', { 'monsters-die': true }))).toBe(
        '⚠️ Monsters already die at 0 HP in the 5e 2024 rules: `monsters-die` changes something only under Crown & Misery, where every creature makes death saves.',
      );
      expect(buttonsOf(await table.run(GM, 'init', 'begin'))).toEqual([]);
    });
  });

  describe('/config rests', () => {
    test('a server manager chooses the rest rules; /config show names the one its rule set uses; others may only look', async () => {
      expect(refused(await table.run(ALICE, 'config', 'rests', { next: 'experimental-2' }))).toBe(
        "⚠️ Only members with the Manage Server permission can change the server's rest rules.",
      );
      expect(text(await table.run(ADMIN_GM, 'config', 'rests', { next: 'experimental-2', 'a5e-supply': true }))).toBe(
        [
          'Rest rules for this server',
          '**D&D Next rests:** Experimental Rule 2 — every 5 minutes heals 1 + level + Con modifier',
          '**A5E Supply:** counted: each long rest says `supply:true` or `supply:false`',
          'Each applies only in channels playing its rule set.',
        ].join('\n'),
      );
      expect(await services.settings.restRules('guild-1')).toEqual({ nextRests: 'experimental-2', a5eSupply: true });
      await table.run(ADMIN_GM, 'config', 'rests', { 'a5e-supply': false });
      expect(await services.settings.restRules('guild-1')).toEqual({ nextRests: 'experimental-2', a5eSupply: false });
      await table.run(ADMIN_GM, 'config', 'ruleset', { ruleset: 'dnd-next' });
      expect(text(await table.run(ALICE, 'config', 'show'))).toContain(
        '**D&D Next rests:** Experimental Rule 2 — every 5 minutes heals 1 + level + Con modifier',
      );
      expect(text(await table.run(ALICE, 'config', 'rests'))).toContain('**A5E Supply:** not counted');
    });
  });

  describe('stored characters in and out of a fight', () => {
    async function begin(values: Record<string, number> = {}): Promise<void> {
      await table.run(GM, 'init', 'begin');
      dice.queue(10);
      await table.run(ALICE, 'init', 'join', values);
    }

    async function end(): Promise<void> {
      const confirm = await table.run(GM, 'init', 'end');
      await table.press(GM, buttonsOf(confirm).find((b) => b.label === 'End the encounter')?.customId ?? '');
    }

    async function aliceInFight(): Promise<{ hp: number; maxHp: number } | undefined> {
      const encounter = await services.encounters.get({ guildId: 'guild-1', channelId: table.channelId });
      const rules = encounter?.combatants.find((c) => c.name === 'Alice')?.rules;
      return rules && { hp: rules.hp, maxHp: rules.maxHp };
    }

    test('a join with a lower hp: than the sheet enters at that maximum, not above it', async () => {
      await alice(40);
      await begin({ hp: 20 });
      expect(await aliceInFight()).toEqual({ hp: 20, maxHp: 20 });
      await end();
      expect(text(await table.run(ALICE, 'character', 'show'))).toContain('**HP** 20/40');
    });

    test("a fight that ends above the sheet's maximum writes back no more than it", async () => {
      await alice(40, { hp: 30 });
      await begin({ hp: 50 });
      expect(await aliceInFight()).toEqual({ hp: 30, maxHp: 50 });
      await table.run(GM, 'hp', 'heal', { target: 'Alice', amount: '20' });
      await end();
      expect(text(await table.run(ALICE, 'character', 'show'))).toContain('**HP** 40/40');
    });

    test('only lasting conditions go back to the sheet, in alphabetical order: Petrified stays, Prone and Grappled end', async () => {
      await useRules('dnd2024');
      await alice(40);
      await begin();
      for (const condition of ['prone', 'petrified', 'grappled']) {
        await table.run(GM, 'condition', 'add', { target: 'Alice', condition });
      }
      await end();
      expect(text(await table.run(ALICE, 'character', 'show'))).toContain('**Conditions** Incapacitated, Petrified\n');
    });

    test('a character left at 0 HP stays unconscious (and so prone) until healed', async () => {
      await useRules('dnd2024');
      await alice(40);
      await begin();
      await table.run(GM, 'hp', 'damage', { target: 'Alice', amount: '40' });
      await end();
      expect(text(await table.run(ALICE, 'character', 'show'))).toContain('**Conditions** Incapacitated, Prone, Unconscious\n');
    });
  });

  describe('waking out of a fight', () => {
    test('2014: a Hit Die spent at 0 HP wakes the character, who stands up: no condition stays on the sheet', async () => {
      await useRules('dnd2014');
      await alice(40, { hp: 0, conditions: ['incapacitated', 'prone', 'unconscious'] });
      dice.queue(5);
      expect(text(await table.run(ALICE, 'rest', 'short', { 'hit-dice': 1 }))).toBe(
        [
          '**Alice** takes a short rest.',
          'Spends 1 Hit Die: d8 5 +2 → 7.',
          'Regains 7 HP (now 7/40).',
          'Hit Dice left: 4 of 5 (d8).',
          'Alice is conscious again.',
          'Alice is no longer Incapacitated, Unconscious or Prone.',
        ].join('\n'),
      );
      expect(text(await table.run(ALICE, 'character', 'show'))).not.toContain('**Conditions**');
    });
  });

  describe('2014 Exhaustion 4 halves the hit point maximum', () => {
    test('the sheet, the list and a rest count HP against the halved maximum, 20 of 40, and say so', async () => {
      await useRules('dnd2014');
      await alice(40, { hp: 10, tracks: { exhaustion: 4, fatigue: 0, strife: 0 } });
      expect(text(await table.run(ALICE, 'character', 'show'))).toContain('**HP** 10/20 (of 40) ·');
      expect(text(await table.run(ALICE, 'character', 'list'))).toContain('**Alice** · level 5 · 10/20 (of 40) HP');
      dice.queue(8);
      expect(text(await table.run(ALICE, 'rest', 'short', { 'hit-dice': 3 }))).toBe(
        [
          '**Alice** takes a short rest.',
          'Spends 1 Hit Die: d8 8 +2 → 10.',
          '2 Hit Dice stay unspent: HP are full.',
          'Regains 10 HP (now 20/20 of 40).',
          'Hit Dice left: 4 of 5 (d8).',
        ].join('\n'),
      );
      expect(refused(await table.run(ALICE, 'rest', 'short', { 'hit-dice': 1 }))).toBe(
        '⚠️ Alice cannot take a short rest: HP are at the maximum (20/20), so Hit Dice would heal nothing: none was spent. Leave out `hit-dice` to rest without spending any.',
      );
      const long = text(await table.run(ALICE, 'rest', 'long'));
      expect(long).toContain('Regains 20 HP (now 40/40).');
      expect(long).toContain('Alice loses 1 level of Exhaustion (now 3).');
    });
  });

  describe('a Hit Die that rolls under its floor', () => {
    test('2024: a die heals at least 1, and the reply shows the floor, not a sum that does not add up', async () => {
      await useRules('dnd2024');
      await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 5, con: 6, 'hit-die': 'd6' });
      const stored = await services.characters.active({ guildId: 'guild-1', ownerId: ALICE.id });
      if (stored === null) throw new Error('Alice was not created');
      await services.characters.recordStates([{ id: stored.id, state: { ...stored, hp: 5 } }]);
      dice.queue(1, 5);
      expect(text(await table.run(ALICE, 'rest', 'short', { 'hit-dice': 2 }))).toContain(
        'Spends 2 Hit Dice: d6 1 −2 (at least 1) → 1, d6 5 −2 → 3.',
      );
    });
  });

  describe("the sheet's speed under the tracks the rules count", () => {
    test.each([
      ['dnd2024', { exhaustion: 2, fatigue: 0, strife: 0 }, '**Speed** 20 ft (of 30)'],
      ['dnd2014', { exhaustion: 2, fatigue: 0, strife: 0 }, '**Speed** 15 ft (of 30)'],
      ['dnd2014', { exhaustion: 5, fatigue: 0, strife: 0 }, '**Speed** 0 ft (of 30)'],
      ['a5e', { exhaustion: 0, fatigue: 3, strife: 0 }, '**Speed** 15 ft (of 30)'],
      ['dnd2014', { exhaustion: 1, fatigue: 0, strife: 0 }, '**Speed** 30 ft\n'],
    ] as const)('%s at %o: %s', async (ruleset, tracks, speed) => {
      await useRules(ruleset);
      await alice(40, { tracks });
      expect(text(await table.run(ALICE, 'character', 'show'))).toContain(speed);
    });
  });

  describe('/character import file:', () => {
    const foundry = fs.readFileSync(path.join(__dirname, '../../fixtures/foundry/hollis-fighter-dnd5e-3.json'), 'utf8');
    const file: OptionAttachment = {
      name: 'hollis.json',
      url: 'https://cdn.discordapp.com/attachments/1/2/hollis.json',
      size: Buffer.byteLength(foundry),
      contentType: 'application/json; charset=utf-8',
    };

    /** The table with a fake CDN serving `body` for any address; the addresses asked for are recorded. */
    function withFakeCdn(body: string): { attached: Table; urls: string[] } {
      const urls: string[] = [];
      const fetch: Fetch = (url) => {
        urls.push(url);
        return Promise.resolve(new Response(body, { headers: { 'content-type': 'application/json' } }));
      };
      return { attached: new Table({ ...services, attachments: createAttachmentFetcher({ fetch }) }), urls };
    }

    test('an attached Foundry actor imports as pasted JSON does', async () => {
      const { attached, urls } = withFakeCdn(foundry);
      expect(text(await attached.run(ALICE, 'character', 'import', {}, { file }))).toMatch(
        /^Hollis \(Human Fighter\)\nLevel 3 · proficiency \+2 · active\n\*\*HP\*\* 21\/28 \(\+4 temporary\) · \*\*AC\*\* 18/,
      );
      expect(urls).toEqual([file.url]);
    });

    test('a file over 64 KiB is refused without fetching; neither or both options are refused', async () => {
      const { attached, urls } = withFakeCdn(foundry);
      expect(refused(await attached.run(ALICE, 'character', 'import', {}, { file: { ...file, size: 70_000 } }))).toBe(
        '⚠️ `hollis.json` is larger than 64 KiB: that is not a character file.',
      );
      expect(urls).toEqual([]);
      expect(refused(await attached.run(ALICE, 'character', 'import'))).toBe(
        '⚠️ Attach the character file with `file:`, or paste its JSON into `json:`.',
      );
      expect(refused(await attached.run(ALICE, 'character', 'import', { json: foundry }, { file }))).toBe(
        '⚠️ Give the character as a `file` or as `json`, not both.',
      );
      expect(text(await attached.run(ALICE, 'character', 'list'))).toBe(
        'You have no characters here yet: make one with `/character create`.',
      );
    });

    test('a malformed attached file names its first bad field and saves nothing', async () => {
      const { attached } = withFakeCdn(foundry.replace('"levels": 3', '"levels": 30'));
      expect(refused(await attached.run(ALICE, 'character', 'import', {}, { file }))).toBe(
        '⚠️ `items[0].system.levels` must be a whole number from 1 to 20.',
      );
      expect(text(await attached.run(ALICE, 'character', 'list'))).toBe(
        'You have no characters here yet: make one with `/character create`.',
      );
    });
  });
});
