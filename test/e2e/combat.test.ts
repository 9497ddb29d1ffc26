import { ComponentType } from 'discord.js';
import pino from 'pino';
import { registry as rollcall } from '../../commands';
import { command as condition } from '../../commands/condition';
import { command as hp } from '../../commands/hp';
import { command as init } from '../../commands/init';
import { command as roll } from '../../commands/roll';
import { buildServices } from '../../src/app';
import { startGateway, type Gateway } from '../../src/transports/gateway';
import { CommandRegistry } from '../../src/framework/registry';
import { ScriptedRandom } from '../integration/commands/support';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { chartRenderer } from '../support/chart-renderers';
import { FakeDiscord, type FakeMessage, type Invoker } from './fake-discord';

// The concentration save's button is shared (damage from /hp or /attack asks for it), not /hp's own.
const registry = new CommandRegistry([init, hp, condition, roll], rollcall.sharedButtons);

const gm: Invoker = { userId: '300000000000000001', userName: 'Gina' };
const alice: Invoker = { userId: '300000000000000002', userName: 'Alice' };

function description(message: FakeMessage): string {
  return message.embeds.map((embed) => embed.description ?? '').join('\n');
}

function buttons(message: FakeMessage): { customId: string; label: string }[] {
  const found: { customId: string; label: string }[] = [];
  for (const row of message.components) {
    if (row.type !== ComponentType.ActionRow) continue;
    for (const component of row.components) {
      if (component.type === ComponentType.Button && 'custom_id' in component)
        found.push({ customId: component.custom_id, label: component.label ?? '' });
    }
  }
  return found;
}

/** A fight played through the real discord.js client against the fake Discord, on PostgreSQL. */
describe('a fight through Discord', () => {
  let db: TestDatabase;
  let dice: ScriptedRandom;
  let fake: FakeDiscord;
  let gateway: Gateway;

  beforeAll(async () => {
    db = await createTestDatabase();
    dice = new ScriptedRandom(3);
    const services = buildServices({ prisma: db.prisma, random: dice, logger: pino({ level: 'silent' }), charts: chartRenderer() });
    fake = await FakeDiscord.start({ commands: registry.commands.map((c) => c.definition.toJSON()) });
    // Deferral is the gateway's own test; a loaded machine must not turn these replies into follow-ups.
    gateway = await startGateway({
      token: 'fake-token',
      apiUrl: fake.apiUrl,
      registry,
      services,
      logger: services.logger,
      deferAfterMs: 5_000,
      drainTimeoutMs: 5_000,
    });
    await fake.ready();
  });

  afterAll(async () => {
    await gateway.stop();
    await fake.close();
    await db.drop();
  });

  /** The tracker: the one message the bot posted on its own, once its latest edit satisfies `ready`. */
  function tracker(ready: (message: FakeMessage) => boolean): Promise<FakeMessage> {
    return fake.waitForMessage((m) => m.interactionId === null && ready(m));
  }

  test('begin, add, join, next, concentration with a linked condition, a death save and end', async () => {
    const begun = await fake.sendCommand('init begin', { name: 'The crypt' }, gm);
    expect(description(begun.message).split('\n')[0]).toBe('**The crypt** begins. Gina is the game master.');
    const posted = await tracker((m) => m.pinned);
    expect(posted.embeds[0]?.title).toBe('⚔️ The crypt');
    expect(buttons(posted).map((b) => b.label)).toEqual(['Previous turn', 'Next turn']);

    // From the bestiary: the SRD 5.2 Ghoul's AC 12 and 22 HP, with the initiative the table rolled.
    expect(await fake.autocomplete('init add', { monster: 'ghou' }, 'monster', gm)).toEqual([
      { name: 'Ghoul', value: 'Ghoul' },
      { name: 'Ghost', value: 'Ghost' },
    ]);
    const added = await fake.sendCommand('init add', { monster: 'Ghoul', initiative: 10 }, gm);
    expect(description(added.message)).toBe(
      'Ghoul joins the fight with initiative 10 (given).\n' +
        '📖 Ghoul, from the SRD 5.2: AC 12 · 22 HP · saves Str +1, Dex +2, Con +0, Int −2, Wis +0, Cha −2 · ' +
        'immune to poison damage · immune to Charmed, Exhaustion, Poisoned.',
    );
    dice.queue(15);
    const joined = await fake.sendCommand('init join', { hp: 12, ac: 14, 'con-save': 2 }, alice);
    expect(description(joined.message)).toBe('Alice joins the fight with initiative 15 (d20 15).');
    expect(await fake.autocomplete('hp damage', { target: 'gh' }, 'target', alice)).toEqual([{ name: 'Ghoul', value: 'Ghoul' }]);

    const next = buttons(posted).find((b) => b.label === 'Next turn');
    expect(next?.customId).toMatch(/^init:next:/);
    const first = await fake.clickButton(posted, next?.customId, gm);
    expect(first.message.content).toBe(`<@${alice.userId}>, it's your turn.`);
    expect(first.message.allowedMentions).toEqual({ parse: [], users: [alice.userId] });
    expect(description(first.message)).toBe("**Round 1** begins.\nIt's **Alice**'s turn.");
    await tracker((m) => description(m).startsWith("Round **1** · **Alice**'s turn"));

    await fake.sendCommand('init concentrate', { target: 'Alice', effect: 'Bless' }, alice);
    expect(await fake.autocomplete('condition add', { condition: 'fri' }, 'condition', alice)).toEqual([
      { name: 'Frightened', value: 'Frightened' },
    ]);
    const scared = await fake.sendCommand('condition add', { target: 'Ghoul', condition: 'Frightened', source: 'Alice' }, alice);
    expect(description(scared.message)).toBe("Ghoul is now **Frightened** (from Alice); it ends with Alice's concentration on Bless.");
    await tracker((m) => description(m).includes('**Ghoul** · 22/22 HP · AC 12 · Frightened ⟲'));
    const hit = await fake.sendCommand('hp damage', { target: 'Alice', amount: '8', type: 'necrotic' }, gm);
    expect(description(hit.message)).toBe(
      'Alice takes 8 necrotic damage and is at 4 HP.\nAlice must make a **DC 10** Constitution save to keep concentrating on Bless.',
    );
    const [save] = buttons(hit.message);
    expect(save?.label).toBe('Roll concentration save (DC 10)');
    dice.queue(9);
    const kept = await fake.clickButton(hit.message, save?.customId, alice);
    expect(kept.message.ephemeral).toBe(false);
    expect(description(kept.message)).toBe(
      "Alice's concentration save (DC 10): d20 9 + 2 (save bonus) = 11. Alice keeps concentrating on Bless.",
    );
    await tracker((m) => description(m).includes('**Alice** · 4/12 HP · AC 14 · 🔮 Bless'));

    const downed = await fake.sendCommand('hp damage', { target: 'Alice', amount: '6' }, gm);
    expect(description(downed.message)).toBe(
      "Alice takes 6 damage and drops to 0 HP. Alice is dying and makes death saves at the start of each turn. Alice is now Unconscious, Incapacitated and Prone.\nAlice loses concentration on Bless.\nFrightened on Ghoul ends (Alice's concentration ended).",
    );
    await fake.sendCommand('init next', {}, gm);
    dice.queue(12);
    const turn = await fake.sendCommand('init next', {}, gm);
    expect(description(turn.message)).toBe(
      "**Round 2** begins.\nIt's **Alice**'s turn.\nAlice's death save: 12, a success (1 success, 0 failures).",
    );
    await tracker((m) => description(m).includes('Death saves ✅ 1 ❌ 0'));

    const ask = await fake.sendCommand('init end', {}, gm);
    expect(ask.message.ephemeral).toBe(true);
    const [confirm] = buttons(ask.message);
    const summary = await fake.clickButton(ask.message, confirm?.customId, gm);
    expect(summary.message.ephemeral).toBe(false);
    expect(summary.message.embeds[0]?.title).toBe('🏁 The crypt is over');
    expect(summary.message.embeds[0]?.fields).toEqual([
      { name: 'Standing', value: 'Ghoul (22/22 HP)', inline: false },
      { name: 'Down', value: 'Alice', inline: false },
    ]);
    const [, recap] = summary.message.embeds;
    expect(recap).toEqual({
      title: '📜 Recap: The crypt',
      description: '2 rounds in under a minute of real time.\nBiggest hit: **Alice** took 8 necrotic damage, dealer unknown.',
      color: 0x5865f2,
      fields: [
        {
          name: 'Combatants',
          value:
            '**Alice**: dealt 0 · took 14 · dropped to 0 once · suffered Unconscious\n**Ghoul**: dealt 0 · took 0 · suffered Frightened',
          inline: false,
        },
      ],
      footer: { text: 'Damage counts what got through resistance and temporary HP.' },
      image: { url: 'attachment://recap.png' },
    });
    // The chart went up as a multipart upload through discord.js, and arrived whole.
    const upload = fake.requests.find((r) => r.files.length > 0);
    expect(upload?.path).toMatch(/^\/api\/v10\/interactions\/\d+\/[^/]+\/callback$/);
    expect(upload?.files.map((f) => [f.field, f.filename])).toEqual([['files[0]', 'recap.png']]);
    const [chart] = summary.message.attachments;
    expect(chart?.filename).toBe('recap.png');
    expect(chart?.description).toBe('Damage dealt and taken in The crypt');
    expect(chart?.data.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // Width and height from the PNG header: 800 wide, a row of bars per combatant.
    expect([chart?.data.readUInt32BE(16), chart?.data.readUInt32BE(20)]).toEqual([800, 208]);
    expect(chart?.data.length).toBeGreaterThan(5_000);
    const retired = await tracker((m) => m.components.length === 0);
    expect(description(retired).split('\n')[0]).toBe('Ended after 2 rounds.');
  });

  test('a secret roll reaches the game master by direct message (REST: open the DM, then post), never the channel', async () => {
    await fake.sendCommand('init begin', { name: 'Second crypt' }, gm);
    await tracker((m) => m.embeds[0]?.title === '⚔️ Second crypt');
    const before = fake.channelMessages().filter((m) => !m.ephemeral).length;
    dice.queue(14);
    const rolled = await fake.sendCommand('roll', { dice: '1d20+3', secret: true, label: 'Stealth' }, alice);
    expect(rolled.message.ephemeral).toBe(true);
    expect(rolled.message.content).toBe('🔒 Secret roll: only you and the game master, Gina, see it (sent by direct message).');
    expect(description(rolled.message)).toBe('1d20 (14) + 3 = `17`');
    const [copy] = fake.directMessages(gm.userId ?? '');
    expect(copy?.content).toBe(`🔒 Secret roll by **Alice** in <#${fake.channelId}>:`);
    expect(copy?.embeds[0]?.title).toBe('Stealth');
    expect(description(copy!)).toBe('1d20 (14) + 3 = `17`');
    expect(fake.channelMessages().filter((m) => !m.ephemeral)).toHaveLength(before);

    fake.closeDirectMessages(gm.userId ?? '');
    dice.queue(5);
    const refused = await fake.sendCommand('roll', { dice: '1d20', secret: true }, alice);
    expect(refused.message.ephemeral).toBe(true);
    expect(refused.message.content).toBe(
      '🔒 Secret roll: no game master could be reached, as Gina takes no direct messages from the bot. Only you see it.',
    );
    expect(fake.directMessages(gm.userId ?? '')).toHaveLength(1);
  });
});
