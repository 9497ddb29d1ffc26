import { registry } from '../../commands';
import { FakeDiscord } from './fake-discord';
import { freePort, runScript } from './run-script';

const SCRIPT = 'scripts/register-commands.ts';
const TOKEN = 'register-test-token';

let fake: FakeDiscord;

beforeEach(async () => {
  fake = await FakeDiscord.start();
});

afterEach(async () => {
  await fake.close();
});

test('npm run register puts every definition on the development server when DISCORD_GUILD_ID is set', async () => {
  const run = runScript(SCRIPT, {
    DISCORD_TOKEN: TOKEN,
    DISCORD_APPLICATION_ID: fake.applicationId,
    DISCORD_GUILD_ID: fake.guildId,
    DISCORD_API_URL: fake.apiUrl,
  });
  expect(await run.exited(60_000)).toBe(0);
  const puts = fake.requests.filter((r) => r.method === 'PUT');
  expect(puts.map((r) => r.path)).toEqual([`/api/v10/applications/${fake.applicationId}/guilds/${fake.guildId}/commands`]);
  expect(puts[0]?.authorization).toBe(`Bot ${TOKEN}`);
  expect(puts[0]?.body).toEqual(registry.commands.map((c) => c.definition.toJSON()));
  const names = registry.commands.map((c) => `/${c.definition.name}`).join(', ');
  expect(run.stdout().trim()).toBe(`Registered ${registry.commands.length} commands on server ${fake.guildId}: ${names}`);
}, 90_000);

test('without DISCORD_GUILD_ID the commands are registered globally', async () => {
  const run = runScript(SCRIPT, { DISCORD_TOKEN: TOKEN, DISCORD_APPLICATION_ID: fake.applicationId, DISCORD_API_URL: fake.apiUrl });
  expect(await run.exited(60_000)).toBe(0);
  expect(fake.requests.filter((r) => r.method === 'PUT').map((r) => r.path)).toEqual([
    `/api/v10/applications/${fake.applicationId}/commands`,
  ]);
  expect(run.stdout()).toContain('globally');
}, 90_000);

test('without a token it says what it needs in one line and exits 1, asking Discord nothing', async () => {
  const run = runScript(SCRIPT, { DISCORD_APPLICATION_ID: fake.applicationId, DISCORD_API_URL: fake.apiUrl });
  expect(await run.exited(60_000)).toBe(1);
  expect(run.stderr().trim().split('\n')).toEqual([
    'npm run register needs DISCORD_TOKEN and DISCORD_APPLICATION_ID (Developer Portal → your application) in .env or the environment.',
  ]);
  expect(fake.requests).toEqual([]);
}, 90_000);

test('a Discord that cannot be reached is said to be unreachable, not to have refused', async () => {
  const closed = await freePort();
  const apiUrl = `http://127.0.0.1:${closed}/api`;
  const run = runScript(SCRIPT, { DISCORD_TOKEN: TOKEN, DISCORD_APPLICATION_ID: fake.applicationId, DISCORD_API_URL: apiUrl });
  expect(await run.exited(60_000)).toBe(1);
  expect(run.stderr().trim()).toBe(
    `Discord could not be reached at ${apiUrl} (connect ECONNREFUSED 127.0.0.1:${closed}): check the network connection, then run npm run register again.`,
  );
}, 90_000);

test('a request Discord answers with an error is said to be refused', async () => {
  // A REST base Discord does not serve: every request is answered 404.
  const run = runScript(SCRIPT, {
    DISCORD_TOKEN: TOKEN,
    DISCORD_APPLICATION_ID: fake.applicationId,
    DISCORD_API_URL: `${fake.apiUrl}/nowhere`,
  });
  expect(await run.exited(60_000)).toBe(1);
  expect(run.stderr().trim()).toBe('Discord refused the commands: 404: Not Found');
}, 90_000);
