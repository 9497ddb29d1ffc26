import { registry } from '../../../commands';
import type { CharacterState } from '../../../src/characters/sheet';
import { dispatchCommand } from '../../../src/framework/dispatch';
import type { InteractionClaim } from '../../../src/combat/store';
import { RULESET_IDS, type RuleSetId } from '../../../src/rules/ids';
import type { Services } from '../../../src/services';
import { ALICE, BOB, GM, Table, buttonsOf, openTablePer, refused, text, type ScriptedRandom } from './support';

/** `/hp heal` with no fight in the channel: a character left at 0 HP by a fight stands up and can rest again. */
describe('healing a character between fights', () => {
  let table: Table;
  let dice: ScriptedRandom;
  let services: Services;
  openTablePer('test', (opened) => ({ table, dice, services } = opened));

  async function useRules(ruleset: RuleSetId): Promise<void> {
    await services.settings.setGuildRuleset({ guildId: 'guild-1', ruleset, userId: GM.id });
  }

  /** Alice, level 5 with Con 14 and 40 HP, as her sheet stands after `state`. */
  async function alice(state: Partial<CharacterState> = {}): Promise<string> {
    await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 5, con: 14, hp: 40, 'hit-die': 'd8' });
    const stored = await services.characters.active({ guildId: 'guild-1', ownerId: ALICE.id });
    if (stored === null) throw new Error('Alice was not created');
    await services.characters.recordStates([{ id: stored.id, state: { ...stored, ...state } }]);
    return stored.id;
  }

  async function fight(run: () => Promise<unknown>): Promise<void> {
    await table.run(GM, 'init', 'begin');
    dice.queue(10);
    await table.run(ALICE, 'init', 'join');
    await run();
    const confirm = await table.run(GM, 'init', 'end');
    await table.press(GM, buttonsOf(confirm).find((b) => b.label === 'End the encounter')?.customId ?? '');
  }

  test.each(RULESET_IDS)('%s: dropped to 0 HP in a fight, healed 8 after it, then a long rest to 40/40', async (ruleset) => {
    await useRules(ruleset);
    await alice();
    // Two hits of 20: none is massive damage (A5E's threshold at level 5 is 35).
    await fight(async () => {
      await table.run(GM, 'hp', 'damage', { target: 'Alice', amount: '20' });
      await table.run(GM, 'hp', 'damage', { target: 'Alice', amount: '20' });
    });
    expect(text(await table.run(ALICE, 'character', 'show'))).toContain('**HP** 0/40 ·');
    expect(refused(await table.run(ALICE, 'rest', 'long'))).toBe(
      '⚠️ Alice cannot take a long rest: A creature needs at least 1 hit point to rest. Heal first: with no fight in the channel, `/hp heal` heals the sheet.',
    );
    const healed = text(await table.run(ALICE, 'hp', 'heal', { target: 'Alice', amount: '8' }));
    // Out of a fight nothing keeps a character lying down: Prone ends as it wakes.
    expect(healed).toMatch(
      /^Alice regains 8 HP and is at 8 HP\. Alice is conscious again\. Alice is no longer [^.]*Unconscious or Prone\.\n/,
    );
    expect(healed).toMatch(/\nNo fight runs here: written to Alice's sheet \(8\/40 HP\)\.$/);
    const sheet = text(await table.run(ALICE, 'character', 'show'));
    expect(sheet).toContain('**HP** 8/40 ·');
    expect(sheet).not.toContain('**Conditions**');
    expect(text(await table.run(ALICE, 'rest', 'long'))).toContain('Regains 32 HP (now 40/40).');
  });

  test('D&D Next: healing from below 0 starts from 0 (-5 healed 11 is 11), and rolls its dice as in a fight', async () => {
    await useRules('dnd-next');
    await alice({ hp: -5, conditions: ['prone', 'unconscious'] });
    dice.queue(8);
    expect(text(await table.run(ALICE, 'hp', 'heal', { target: 'alice', amount: '1d8+3' }))).toBe(
      [
        '🎲 1d8 (**8**) + 3 = `11`',
        'Alice regains 11 HP and is at 11 HP. Alice is conscious again. Alice is no longer Unconscious or Prone.',
        "No fight runs here: written to Alice's sheet (11/40 HP).",
      ].join('\n'),
    );
  });

  test('2014 Exhaustion 4: healing stops at the halved maximum, 20 of 40', async () => {
    await useRules('dnd2014');
    await alice({ hp: 10, tracks: { exhaustion: 4, fatigue: 0, strife: 0 } });
    expect(text(await table.run(ALICE, 'hp', 'heal', { target: 'Alice', amount: '50' }))).toBe(
      ['Alice regains 10 HP and is at 20 HP.', "No fight runs here: written to Alice's sheet (20/20 (of 40) HP)."].join('\n'),
    );
  });

  test("anyone may heal a character of the channel's last fight, as in the fight; not in another channel, nor while it fights elsewhere", async () => {
    await useRules('dnd2024');
    await alice();
    await fight(() => table.run(GM, 'hp', 'damage', { target: 'Alice', amount: '30' }));
    expect(text(await table.run(BOB, 'hp', 'heal', { target: 'Alice', amount: '5' }))).toContain(
      "No fight runs here: written to Alice's sheet (15/40 HP).",
    );
    const elsewhere = new Table(services, 'channel-2');
    expect(refused(await elsewhere.run(BOB, 'hp', 'heal', { target: 'Alice', amount: '5' }))).toBe(
      '⚠️ There is no encounter in this channel, and neither you nor anyone in its last fight has a character called "Alice": `/character list` shows yours.',
    );
    await elsewhere.run(GM, 'init', 'begin', { name: 'Ambush' });
    await elsewhere.run(ALICE, 'init', 'join');
    expect(refused(await table.run(ALICE, 'hp', 'heal', { target: 'Alice', amount: '5' }))).toBe(
      '⚠️ Alice is in the fight **Ambush** in <#channel-2>, which keeps their HP until it ends: heal them there.',
    );
    // Bob, in neither that fight nor Alice's shoes, is not told which fight, nor where.
    expect(refused(await table.run(BOB, 'hp', 'heal', { target: 'Alice', amount: '5' }))).toBe(
      '⚠️ Alice is in a fight in another channel, which keeps their HP until it ends: heal them there.',
    );
  });

  test("with no fight here, target: suggests your characters and those of the channel's last fight; in a fight, its combatants", async () => {
    await useRules('dnd2024');
    await alice();
    expect(await table.suggest(ALICE, 'hp', 'heal', 'al')).toEqual(['Alice']);
    expect(await table.suggest(BOB, 'hp', 'heal', 'al')).toEqual([]);
    await fight(() => table.run(GM, 'hp', 'damage', { target: 'Alice', amount: '30' }));
    expect(await table.suggest(BOB, 'hp', 'heal', 'al')).toEqual(['Alice']);
    // A fight begun here with nobody in it yet: a heal would go to it, so no sheet is offered.
    await table.run(GM, 'init', 'begin');
    expect(await table.suggest(ALICE, 'hp', 'heal', 'al')).toEqual([]);
    await table.run(GM, 'init', 'add', { name: 'Goblin', hp: 7, initiative: 12 });
    expect(await table.suggest(BOB, 'hp', 'heal', '')).toEqual(['Goblin']);
  });

  test('the dead are not healed: the game master of the fight brings them back', async () => {
    await useRules('dnd2024');
    await alice({ hp: 0, dead: true });
    expect(refused(await table.run(ALICE, 'hp', 'heal', { target: 'Alice', amount: '5' }))).toBe(
      '⚠️ Alice is dead and cannot regain hit points: the game master of the fight can bring them back with `/character revive`.',
    );
  });

  test('a second delivery of the same interaction (HTTP) heals once', async () => {
    await useRules('dnd2024');
    await alice({ hp: 10 });
    const claim: InteractionClaim = { id: 'interaction-1', recorded: false };
    const heal = (delivery: InteractionClaim) =>
      dispatchCommand(registry, 'hp', {
        interactionId: delivery.id,
        user: { id: ALICE.id, name: ALICE.name },
        guildId: 'guild-1',
        channelId: table.channelId,
        permissions: { manageGuild: false, manageChannels: false },
        services,
        messenger: table.messenger,
        label: 'hp heal',
        claim: delivery,
        options: { subcommandGroup: null, subcommand: 'heal', values: { target: 'Alice', amount: '5' }, attachments: {} },
      });
    expect(text(await heal(claim))).toContain('(15/40 HP)');
    expect(claim.recorded).toBe(true);
    expect(refused(await heal({ id: claim.id, recorded: false }))).toBe('⚠️ This interaction was already handled.');
    expect(text(await table.run(ALICE, 'character', 'show'))).toContain('**HP** 15/40 ·');
  });
});
