import { applySheetChanges, freshState, type Character } from '../../../src/characters/sheet';
import { restCharacter, type RestRequest } from '../../../src/characters/rest';
import { createSeededRandom } from '../../../src/dice/seeded';
import { getRuleSet } from '../../../src/rules';
import { DEFAULT_REST_RULES } from '../../../src/settings/store';
import { embedLength } from '../../../src/views/embeds';
import {
  NO_PARTY_TO_REST_TEXT,
  NOT_PARTY_GAME_MASTER_TEXT,
  partyMemberRestRefusedText,
  partyRestReply,
  restDuringFightText,
  type PartyRestOutcome,
  restOptionRefusalText,
  restRefusedText,
} from '../../../src/views/rest-text';

const bram = { name: 'Bram_' };

describe("/rest's refusals", () => {
  it.each([
    [
      restRefusedText(bram, 'short', { kind: 'cannot-rest', why: 'dead' }),
      "Bram\\_ cannot take a short rest: The dead can't rest. The game master of their last fight can bring them back with `/character revive`.",
    ],
    [
      restRefusedText(bram, 'long', { kind: 'cannot-rest', why: 'no-hit-points' }),
      'Bram\\_ cannot take a long rest: A creature needs at least 1 hit point to rest. Heal first: with no fight in the channel, `/hp heal` heals the sheet.',
    ],
    [
      restRefusedText(bram, 'long', { kind: 'supply-unsaid' }),
      'Bram\\_ cannot take a long rest: this table counts Supply (`/config rests`): say `supply:true` if a long rest consumed 1 Supply, ' +
        'or `supply:false` if none was left (1 level of fatigue).',
    ],
    [
      restRefusedText(bram, 'short', { kind: 'hit-dice-heal-nothing', hp: 20, max: 20 }),
      'Bram\\_ cannot take a short rest: HP are at the maximum (20/20), so Hit Dice would heal nothing: none was spent. ' +
        'Leave out `hit-dice` to rest without spending any.',
    ],
    [
      partyMemberRestRefusedText(bram, { kind: 'cannot-rest', why: 'dead' }),
      "**Bram\\_** cannot rest: The dead can't rest. The game master of their last fight can bring them back with `/character revive`.",
    ],
    [
      restDuringFightText({ name: 'Goblin cave', gameMasterName: 'gm' }),
      'Goblin cave is still running in this channel: rest after `/init end`, or ask the game master (gm).',
    ],
    [
      restDuringFightText({ name: '**Goblin** ||cave||', gameMasterName: 'dm_of_doom' }),
      '\\*\\*Goblin\\*\\* \\|\\|cave\\|\\| is still running in this channel: rest after `/init end`, or ask the game master (dm\\_of\\_doom).',
    ],
    [NO_PARTY_TO_REST_TEXT, "No stored characters joined this channel's last encounter: each player rests their own with `/rest long`."],
    [
      NOT_PARTY_GAME_MASTER_TEXT,
      "Only the last encounter's game master, or a member with Manage Channels, can rest the party: rest your own character with `/rest long`.",
    ],
  ])('%s', (said, words) => {
    expect(said).toBe(words);
  });
});

describe("/rest's options the rules here have no use for", () => {
  it.each([
    [
      restOptionRefusalText({ kind: 'a5e-rest-option', option: 'roughing-it', ruleSetName: '5e 2024' }),
      '`roughing-it` is an A5E rest rule; this channel plays the 5e 2024 rules.',
    ],
    [
      restOptionRefusalText({ kind: 'unused-rest-option', option: 'minutes', rest: 'long' }),
      '`minutes` counts only under a D&D Next experimental rest rule that uses it (`/config rests` chooses one); it has no use in this long rest.',
    ],
    [
      restOptionRefusalText({ kind: 'hit-dice-under-experimental-rule', rule: 2 }),
      "This table plays D&D Next's Experimental Rule 2, which heals by time rested instead of Hit Dice: leave out `hit-dice`.",
    ],
  ])('%s', (said, words) => {
    expect(said).toBe(words);
  });
});

const LONG_REST: RestRequest = { kind: 'long', hitDice: 0, healersKit: false };

describe("a party's rest in one message", () => {
  function character(name: string): Character {
    const sheet = applySheetChanges(null, name, { level: 3 });
    return { ...sheet, ...freshState(sheet), id: name, guildId: 'g', ownerId: name, active: true };
  }

  it("names the characters past Discord's 6,000 characters of embeds, those refused sent to their own rest for why", () => {
    const why = `cannot rest: ${'x'.repeat(686)}`;
    const outcomes = Array.from({ length: 10 }, (_, i) => ({ character: character(`Hero ${i + 1}`), rested: false as const, why }));
    const embeds = partyRestReply(outcomes).embeds ?? [];
    expect(embeds.map((e) => e.description)).toEqual([
      ...Array.from({ length: 8 }, () => why),
      'Not rested, not shown for room: **Hero 9** and **Hero 10**; their own `/rest long` says why.',
    ]);
    expect(embeds.reduce((sum, e) => sum + embedLength(e), 0)).toBeLessThanOrEqual(6000);
  });

  it('keeps its last embed within a description however long the names past the shown ones, counting the rest', () => {
    // 50 characters of 48-character names, each doubled by escaping, half rested and half not: both lines of names in one description.
    const name = (i: number) => `${String(i).padStart(2, '0')}${'*_'.repeat(23)}`;
    const why = `cannot rest: ${'x'.repeat(686)}`;
    const outcomes: PartyRestOutcome[] = Array.from({ length: 50 }, (_, i) => {
      const hero = character(name(i));
      if (i % 2 === 1) return { character: hero, rested: false, why };
      const rest = restCharacter(getRuleSet('dnd2024'), DEFAULT_REST_RULES, hero, LONG_REST, createSeededRandom(i));
      if (!rest.ok) throw new Error(`${hero.name} could not rest`);
      return { character: hero, rested: true, rest: rest.value };
    });
    const embeds = partyRestReply(outcomes).embeds ?? [];
    const [rested, refused, ...more] = (embeds.at(-1)?.description ?? '').split('\n');
    expect(more).toEqual([]);
    expect(rested).toMatch(/^Also rested, not shown for room: .* and \d+ more\.$/);
    expect(refused).toMatch(/^Not rested, not shown for room: .* and \d+ more; their own `\/rest long` says why\.$/);
    expect(embeds.at(-1)?.description?.length).toBeLessThanOrEqual(4096);
    expect(embeds.reduce((sum, e) => sum + embedLength(e), 0)).toBeLessThanOrEqual(6000);
  });
});
