import { gunzipSync } from 'node:zlib';
import type { Services } from '../../../src/services';
import { ALICE, BOB, GM, buttonsOf, openTablePer, refused, text, type ScriptedRandom, type Table } from './support';

/** `/init recap` and `/init export` read a fight's whole log: who may, how many at once, and how large. */
describe('reading a whole fight', () => {
  let table: Table;
  let dice: ScriptedRandom;
  let services: Services;
  openTablePer('test', (opened) => ({ table, dice, services } = opened));

  async function fightWithHiddenOgre(): Promise<void> {
    await table.run(GM, 'init', 'begin', { name: 'Crypt' });
    dice.queue(10, 10);
    await table.run(GM, 'init', 'add', { name: 'Ogre', hp: 59, ac: 11, hidden: true });
    await table.run(ALICE, 'init', 'join', { name: 'Alice', hp: 20, ac: 14 });
    // Round 1 begins: a fight ended before it has no recap.
    await table.run(GM, 'init', 'next');
    await table.run(ALICE, 'hp', 'damage', { target: 'Ogre', amount: '9' });
  }

  async function endFight(): Promise<void> {
    const end = buttonsOf(await table.run(GM, 'init', 'end')).find((b) => b.label === 'End the encounter');
    await table.press(GM, end?.customId ?? '');
  }

  test("a player's export of a fight with a hidden monster is refused before the fight's log is read", async () => {
    await fightWithHiddenOgre();
    const fight = jest.spyOn(services.encounters, 'fight');
    expect(refused(await table.run(ALICE, 'init', 'export'))).toMatch(/^⚠️ Only .* can export a fight with hidden monsters/);
    expect(fight).not.toHaveBeenCalled();
    const exported = await table.run(GM, 'init', 'export');
    expect(exported.files?.[0]?.name).toBe('crypt.json');
    expect(fight).toHaveBeenCalledTimes(1);
  });

  test('a hidden monster removed before the export still keeps a player out', async () => {
    await fightWithHiddenOgre();
    await table.run(GM, 'init', 'remove', { target: 'Ogre' });
    expect(refused(await table.run(ALICE, 'init', 'export'))).toMatch(/can export a fight with hidden monsters/);
  });

  test('one recap or export at a time per member: a second while the first is prepared is refused, others are served', async () => {
    await fightWithHiddenOgre();
    await endFight();
    const [first, second, other] = await Promise.all([
      table.run(ALICE, 'init', 'recap'),
      table.run(ALICE, 'init', 'export'),
      table.run(BOB, 'init', 'recap'),
    ]);
    expect(first.files?.[0]?.name).toBe('recap.png');
    expect(refused(second)).toBe('⚠️ Your last recap or export is still being prepared: wait for it, then ask again.');
    expect(other.files?.[0]?.name).toBe('recap.png');
    expect(text(await table.run(ALICE, 'init', 'recap'))).toMatch(/^📜 Recap: Crypt/);
  });

  test('a repeated recap is the same chart, rendered once', async () => {
    await fightWithHiddenOgre();
    await endFight();
    const png = jest.spyOn(services.charts, 'png');
    const [first, again] = [await table.run(BOB, 'init', 'recap'), await table.run(BOB, 'init', 'recap')];
    expect(again.files?.[0]?.data).toBe(first.files?.[0]?.data);
    expect(png).toHaveBeenCalledTimes(2);
    expect(new Set(png.mock.results.map((r) => r.value as unknown)).size).toBe(1);
  });

  test('an export past the upload limit is gzipped, and unzips to the same JSON', async () => {
    await fightWithHiddenOgre();
    const { exportReply, fightJson } = await import('../../../src/views/fight-export');
    const record = await services.encounters.fight({ guildId: 'guild-1', channelId: table.channelId }, 'any');
    const json = fightJson(record);
    const zipped = await exportReply(record, json.length - 1);
    expect(zipped.files?.map((f) => f.name)).toEqual(['crypt.json.gz']);
    expect(gunzipSync(zipped.files?.[0]?.data ?? new Uint8Array()).toString('utf8')).toBe(json);
    expect(text(zipped)).toMatch(/as `crypt\.json\.gz` \(0\.0 MiB of JSON, gzipped\)\.$/);
    const parts = await exportReply(record, 200);
    const names = parts.files?.map((f) => f.name) ?? [];
    expect(names[0]).toBe('crypt.json.gz.001');
    expect(names.length).toBeGreaterThan(1);
    const joined = Buffer.concat((parts.files ?? []).map((f) => f.data));
    expect(gunzipSync(joined).toString('utf8')).toBe(json);
  });
});
