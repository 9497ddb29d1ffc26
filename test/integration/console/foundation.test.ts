import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { runConsole } from '../../support/console';
import { HELP_FIELDS } from '../../support/help';

describe('the console, tried as a new user would', () => {
  test('/help prints one JSON line whose embed lists the commands', async () => {
    const replies = await runConsole(['/help'], ['--memory']);
    expect(replies).toHaveLength(1);
    const [help] = replies;
    expect(help).toMatchObject({ input: '/help', user: 'player', channel: 'general', ephemeral: false, components: [] });
    expect(help?.embeds?.[0]?.fields.map((f) => f.name)).toEqual(HELP_FIELDS);
  }, 120_000);

  test('a line that is not a valid command gives {input, error}, and the next line still runs', async () => {
    const replies = await runConsole(['/roll', '/dance', '/roll dice:2d6+3 label:"Two words"'], ['--memory', '--seed', '1']);
    expect(replies[0]).toEqual({ kind: 'error', input: '/roll', error: '/roll needs dice:' });
    expect(replies[1]).toEqual({ kind: 'error', input: '/dance', error: 'unknown command /dance' });
    expect(replies[2]?.embeds?.[0]?.title).toBe('Two words');
  }, 120_000);

  test('the rule set set in one run is in force in the next run on the same DATA_DIR', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rollcall-config-'));
    try {
      const first = await runConsole(['@owner /config ruleset ruleset:dnd2014', '@someone /config ruleset ruleset:a5e'], [], {
        DATA_DIR: dataDir,
      });
      expect(first[0]?.embeds?.[0]?.title).toBe('Rule set for this server: 5e 2014 (`dnd2014`)');
      // Only the first user a fresh database sees administers the server.
      expect(first[1]?.ephemeral).toBe(true);
      expect(first[1]?.embeds?.[0]?.description).toContain('Only members with the Manage Server permission');
      const second = await runConsole(['/config show'], [], { DATA_DIR: dataDir });
      expect(second[0]?.embeds?.[0]?.title).toBe('Rule set here: 5e 2014 (`dnd2014`)');
      expect(second[0]?.embeds?.[0]?.description).toContain('**Critical hit damage:** damage dice twice, modifiers once');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 240_000);

  describe('on PostgreSQL', () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(async () => {
      await database?.drop();
    });

    test('a channel override is stored in channel_settings and wins over the server', async () => {
      const replies = await runConsole(
        [
          '@owner /config ruleset ruleset:dnd2014',
          '@owner #arena /config ruleset ruleset:dnd-next scope:channel',
          '/config show',
          '#general /config show',
        ],
        [],
        { DATABASE_URL: database.url },
      );
      expect(replies.map((r) => r.embeds?.[0]?.title)).toEqual([
        'Rule set for this server: 5e 2014 (`dnd2014`)',
        'Rule set for this channel: D&D Next playtest (`dnd-next`)',
        'Rule set here: D&D Next playtest (`dnd-next`)',
        'Rule set here: 5e 2014 (`dnd2014`)',
      ]);
      const rows = await database.prisma.channelSettings.findMany();
      expect(rows.map((r) => [r.guildId, r.channelId, r.ruleset])).toEqual([['console', 'arena', 'dnd-next']]);
    }, 120_000);
  });
});
