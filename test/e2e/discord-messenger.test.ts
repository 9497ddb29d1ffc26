import { REST } from 'discord.js';
import pino from 'pino';
import { restMessenger } from '../../src/transports/discord-messenger';
import { coalesceEdits } from '../../src/transports/coalescing-messenger';
import { FakeDiscord } from './fake-discord';

/** The messenger both Discord transports (gateway and HTTP interactions) use, against the fake's REST API. */
describe('direct messages through Discord’s REST API', () => {
  let fake: FakeDiscord;
  let rest: REST;

  beforeAll(async () => {
    fake = await FakeDiscord.start();
    rest = new REST({ api: fake.apiUrl }).setToken('fake-token');
  });

  afterAll(async () => {
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
    await fake.close();
  });

  test('open the DM channel, then post in it; a user who takes no DMs gives null, not an error', async () => {
    const messenger = coalesceEdits(restMessenger(rest, pino({ level: 'silent' })));
    const gina = '300000000000000011';
    const id = await messenger.sendDirect(gina, { content: '🔒 Secret roll by **Alice**', embeds: [{ description: '1d20 (14) = `14`' }] });
    const [sent] = fake.directMessages(gina);
    expect(sent?.id).toBe(id);
    expect(sent?.content).toBe('🔒 Secret roll by **Alice**');
    expect(sent?.embeds[0]?.description).toBe('1d20 (14) = `14`');
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/v10/users/@me/channels',
      `POST /api/v10/channels/${sent?.channelId}/messages`,
    ]);

    fake.closeDirectMessages(gina);
    expect(await messenger.sendDirect(gina, { content: 'again' })).toBeNull();
    expect(fake.directMessages(gina)).toHaveLength(1);
  });
});
