import { playConsole, type ConsoleJson } from '../../support/console';

/** A reply as the channel reads it: each embed's description. */
function said(reply: ConsoleJson | undefined): string {
  return (reply?.embeds ?? []).map((embed) => embed.description ?? '').join('\n');
}

/** The reply to the last line of `script`, run in a fresh console. */
async function lastReply(script: string[]): Promise<string> {
  const replies = await playConsole(script, 4);
  expect(replies.map((r) => r.error)).toEqual(script.map(() => undefined));
  return said(replies[replies.length - 1]);
}

describe('/init add monster: in the console', () => {
  test('2024: three Goblin Warriors with AC 15, 10 HP and initiative +2', async () => {
    expect(await lastReply(['@gm /init begin', '@gm /init add monster:"Goblin Warrior" count:3'])).toBe(
      'Goblin Warrior 1–3 join the fight with initiative 3 (d20 1 + 2).\n' +
        '📖 Goblin Warrior, from the SRD 5.2: AC 15 · 10 HP · initiative +2 · saves Str −1, Dex +2, Con +0, Int +0, Wis −1, Cha −1.',
    );
  }, 120_000);

  test('2014: a Goblin with AC 15 and 7 HP', async () => {
    expect(await lastReply(['@gm /config ruleset ruleset:dnd2014', '@gm /init begin', '@gm /init add monster:Goblin'])).toBe(
      'Goblin joins the fight with initiative 3 (d20 1 + 2).\n' +
        '📖 Goblin, from the SRD 5.1: AC 15 · 7 HP · initiative +2 · saves Str −1, Dex +2, Con +0, Int +0, Wis −1, Cha −1.',
    );
  }, 120_000);
});
