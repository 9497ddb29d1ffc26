import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runConsole, type ConsoleJson } from '../../support/console';

function said(reply: ConsoleJson | undefined): string {
  return (reply?.embeds ?? []).map((embed) => [embed.title, embed.description].filter(Boolean).join('\n')).join('\n');
}

describe('characters in the console', () => {
  test("the issue's Next script: Alice is at −18 and dying after 58, dies at −19; the sheet survives a restart", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rollcall-characters-'));
    try {
      const first = await runConsole(
        [
          '@gm /config ruleset ruleset:dnd-next',
          '@alice /character create name:Alice level:5 con:14 hp:40',
          '@gm /init begin',
          '@alice /init join',
          '@gm /hp damage target:Alice amount:58',
          '@gm /hp damage target:Alice amount:1',
        ],
        ['--seed', '2'],
        { DATA_DIR: dataDir },
      );
      expect(first.every((r) => r.error === undefined)).toBe(true);
      expect(said(first[4])).toMatch(/^Alice takes 58 damage and drops to -18 HP\. Alice is dying/);
      expect(said(first[5])).toBe('Alice takes 1 damage and is at -19 HP. Alice dies: their hit points reached their death threshold.');
      const second = await runConsole(['@gm /init end', '@gm click:End the encounter', '@alice /character show'], ['--seed', '3'], {
        DATA_DIR: dataDir,
      });
      expect(said(second[2])).toMatch(/^Alice\nLevel 5 · proficiency \+3 · active\n\*\*HP\*\* -19\/40 [^]*💀 \*\*Dead\*\*$/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
