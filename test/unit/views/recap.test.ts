import { addMonsters, beginEncounter } from '../../../src/combat/roster';
import type { FightEntry, FightRecord } from '../../../src/combat/recap';
import { refOf } from '../../../src/combat/targets';
import type { Encounter, EncounterEvent } from '../../../src/combat/types';
import { EMBED_LIMITS, embedLength } from '../../../src/views/embeds';
import type { Reply } from '../../../src/views/reply';
import { exportFileName, fightJson } from '../../../src/views/fight-export';
import { recapChartSvg } from '../../../src/views/recap-chart';
import { durationInWords, recapParts, recapReply } from '../../../src/views/recap';
import { summaryEmbed } from '../../../src/views/encounter-summary';
import { ctx, gm, NOW } from '../combat/support';

function fightOf(encounter: Encounter): FightRecord {
  return {
    encounter,
    entries: [{ at: NOW, actorId: 'gm', actorName: 'Gina', command: 'init begin', detail: 'began', undone: false, events: [] }],
  };
}

/** A 2024 fight called `name`, just begun by the game master. */
function begun(name: string): Encounter {
  return beginEncounter(ctx(gm), { id: 'e', place: { guildId: 'g', channelId: 'c' }, name, ruleSet: 'dnd2024' }).encounter;
}

/** Thirty monsters with long names that each suffered four long-named conditions: some 6,900 characters of recap lines. */
function sufferingHorde(): FightRecord {
  let encounter = begun('Horde');
  encounter = addMonsters(encounter, ctx(gm), {
    name: 'Ghoul of the deepest barrow under the hill',
    hp: 10,
    count: 20,
    initiative: 10,
  }).encounter;
  encounter = addMonsters(encounter, ctx(gm), {
    name: 'Wight of the deepest barrow under the hill',
    hp: 10,
    count: 10,
    initiative: 11,
  }).encounter;
  const events: EncounterEvent[] = encounter.combatants.flatMap((combatant) =>
    [1, 2, 3, 4].map((n): EncounterEvent => ({
      kind: 'effect-started',
      effect: { id: `e${n}`, kind: 'condition', name: `Condition with a very long name number ${n}` },
      combatant: refOf(combatant),
      source: null,
      rounds: null,
      ends: null,
      anchor: null,
      save: null,
      concentration: null,
      note: null,
      modifiers: '',
      private: false,
    })),
  );
  const record = fightOf(encounter);
  return { ...record, entries: [...record.entries, { ...record.entries[0], events } as FightEntry] };
}

function replyLength(reply: Reply): number {
  return (reply.embeds ?? []).reduce((sum, embed) => sum + embedLength(embed), 0);
}

describe('the recap reply', () => {
  test('fifty combatants with long names stay within Discord embed limits', async () => {
    let encounter = begun('Horde');
    for (let group = 0; group < 3; group += 1) {
      const name = `${'Abominable snow creature'.padEnd(40, 'x')}${group}`;
      encounter = addMonsters(encounter, ctx(gm), { name, hp: 10, count: group === 2 ? 10 : 20, initiative: 10 + group }).encounter;
    }
    const reply = await recapReply(fightOf(encounter), 'players');
    const embed = reply.embeds?.[0];
    expect(encounter.combatants).toHaveLength(50);
    expect(replyLength(reply)).toBeLessThanOrEqual(EMBED_LIMITS.total);
    expect(embed?.fields?.length).toBeLessThanOrEqual(EMBED_LIMITS.fields);
    expect(embed?.fields?.every((f) => f.value.length <= EMBED_LIMITS.fieldValue)).toBe(true);
    // Every combatant is listed, or counted in a closing "and N more".
    const listed = (embed?.fields ?? []).flatMap((f) => f.value.split('\n')).filter((line) => line.startsWith('**')).length;
    const more = Number(/^and (\d+) more combatants/.exec(embed?.fields?.at(-1)?.value ?? '')?.[1] ?? 0);
    expect(listed + more).toBe(50);
    expect(reply.files?.[0]?.name).toBe('recap.png');
  });

  test('past what an embed holds, the last field counts the combatants left out', async () => {
    const record = sufferingHorde();
    const reply = await recapReply(record, 'players');
    const fields = reply.embeds?.[0]?.fields ?? [];
    expect(replyLength(reply)).toBeLessThanOrEqual(EMBED_LIMITS.total);
    expect(fields.map((f) => f.name)).toEqual(['Combatants', ...fields.slice(1, -1).map(() => 'Combatants (continued)'), '…']);
    const listed = fields.flatMap((f) => f.value.split('\n')).filter((line) => line.startsWith('**')).length;
    expect(listed).toBeGreaterThan(15);
    expect(fields.at(-1)?.value).toBe(`and ${30 - listed} more combatants: \`/init export\` has every number.`);
  });

  test("beside the end's summary, the recap leaves room for it: both embeds within the message's 6,000 characters", async () => {
    const record = sufferingHorde();
    const summary = summaryEmbed(record.encounter);
    const alone = (await recapParts(record, 'players')).embed;
    const { embed } = await recapParts(record, 'players', [summary]);
    expect(embedLength(summary) + embedLength(alone)).toBeGreaterThan(EMBED_LIMITS.total);
    expect(embedLength(summary) + embedLength(embed)).toBeLessThanOrEqual(EMBED_LIMITS.total);
    expect(embed.fields?.at(-1)?.name).toBe('…');
  });

  test('a list of who is standing too long for its field names whole combatants, then how many more', () => {
    const standing = summaryEmbed(sufferingHorde().encounter).fields?.find((f) => f.name === 'Standing')?.value ?? '';
    expect(standing.length).toBeLessThanOrEqual(EMBED_LIMITS.fieldValue);
    const [listed, more] = standing.split(/,? and (?=\d+ more$)/);
    const names = (listed ?? '').split(', ');
    expect(names.every((n) => /^(Ghoul|Wight) of the deepest barrow under the hill \d+ \(10\/10 HP\)$/.test(n))).toBe(true);
    expect(more).toBe(`${30 - names.length} more`);
  });

  test.each([
    [0, 'under a minute'],
    [59_999, 'under a minute'],
    [12 * 60_000 + 30_000, '12 min'],
    [60 * 60_000, '1 h'],
    [65 * 60_000, '1 h 5 min'],
  ])('%d ms of real time read "%s"', (ms, words) => {
    expect(durationInWords(ms)).toBe(words);
  });

  test("the chart escapes names for SVG and clips long ones; an empty chart says there's nothing to show", () => {
    const svg = recapChartSvg('<Fight> & co', [{ name: 'Bob "the" <Brave> & Co. of the very long name', dealt: 3, taken: 0 }]);
    expect(svg).toContain('&#60;Fight&#62; &#38; co');
    expect(svg).toContain('Bob &#34;the&#34; &#60;Brave&#62; &#38; Co.…');
    expect(recapChartSvg('Quiet', [])).toContain('No damage to show');
    expect(recapChartSvg(`${'Long '.repeat(20)}fight`, [])).toContain(`>${'Long '.repeat(11)}Lo…</text>`);
  });
});

describe('the export', () => {
  test.each([
    ['Ambush at the ford', 'ambush-at-the-ford.json'],
    ['Été — à Château-Noir!', 'ete-a-chateau-noir.json'],
    ['🐉🐉', 'fight.json'],
  ])('%s is saved as %s', (name, file) => {
    expect(exportFileName(name)).toBe(file);
  });

  test('the JSON has the format, the encounter without its bookkeeping, the combatants and every change with its events', () => {
    const encounter = addMonsters(begun('Crypt'), ctx(gm), { name: 'Ghoul', hp: 22, initiative: 10 }).encounter;
    const parsed = JSON.parse(fightJson(fightOf(encounter))) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(['format', 'version', 'encounter', 'combatants', 'effects', 'log']);
    expect(parsed).toMatchObject({
      format: 'rollcall-fight',
      version: 1,
      encounter: { id: 'e', name: 'Crypt', ruleSet: 'dnd2024', gameMasterName: 'Gina', round: 0, endedAt: null },
      combatants: [{ id: 'c1', name: 'Ghoul', rules: { hp: 22, maxHp: 22 } }],
      effects: [],
      log: [{ at: NOW.toISOString(), actorName: 'Gina', command: 'init begin', undone: false, events: [] }],
    });
    expect(parsed.encounter).not.toHaveProperty('trackerMessageId');
    expect(parsed.encounter).not.toHaveProperty('version');
  });
});
