import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { playConsole, runConsole, type ConsoleJson } from '../../support/console';

function said(reply: ConsoleJson | undefined): string {
  return (reply?.embeds ?? []).map((embed) => [embed.title, embed.description].filter(Boolean).join('\n')).join('\n');
}

const DONE_WHEN = [
  '@gm /init begin',
  '@gm /init add name:Goblin hp:7 ac:15 count:2',
  '@alice /init join name:Alice hp:12 ac:14',
  '@gm /init next',
  '@gm /hp damage target:"Goblin 1" amount:9',
];

describe('the console plays a fight', () => {
  test("the issue's done-when script: Goblin 1 dies and its turn is skipped", async () => {
    // Seed 2 rolls Alice's initiative above the goblins', so Goblin 1 is next in line when it dies.
    const replies = await playConsole([...DONE_WHEN, '@gm click:Next turn', '@gm /init list'], 2);
    expect(replies.map((r) => r.input)).toEqual([...DONE_WHEN, '@gm click:Next turn', '@gm /init list']);
    expect(replies.every((r) => r.error === undefined)).toBe(true);
    expect(said(replies[1])).toMatch(/^Goblin 1 and Goblin 2 join the fight with initiative \d+ \(d20 \d+\)\.$/);
    expect(said(replies[3])).toBe("**Round 1** begins.\nIt's **Alice**'s turn.");
    expect(replies[3]?.content).toBe("<@console-alice>, it's your turn.");
    expect(said(replies[4])).toBe('Goblin 1 takes 9 damage and drops to 0 HP. It dies.');
    expect(said(replies[5])).toBe("Goblin 1 is dead and skipped.\nIt's **Goblin 2**'s turn.");
    expect(replies[6]?.ephemeral).toBe(true);
    expect(said(replies[6])).toMatch(/~~Goblin 1~~ · Dead\n▶️ `\s*\d+` \*\*Goblin 2\*\* · 7\/7 HP · AC 15/);
  }, 120_000);

  test('an encounter survives a restart of the console on the same DATA_DIR', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rollcall-restart-'));
    try {
      const first = await runConsole(DONE_WHEN, ['--seed', '2'], { DATA_DIR: dataDir });
      expect(said(first[4])).toBe('Goblin 1 takes 9 damage and drops to 0 HP. It dies.');
      const second = await runConsole(
        ['@alice /init next', '@alice /hp damage target:"Goblin 2" amount:3', '@gm /init list'],
        ['--seed', '3'],
        { DATA_DIR: dataDir },
      );
      expect(said(second[0])).toBe("Goblin 1 is dead and skipped.\nIt's **Goblin 2**'s turn.");
      expect(said(second[1])).toBe('Goblin 2 takes 3 damage and is at 4 HP.');
      expect(said(second[2])).toMatch(/^⚔️ Encounter\nRound \*\*1\*\* · \*\*Goblin 2\*\*'s turn\n/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
