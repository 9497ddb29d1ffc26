import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runConsole } from '../../support/console';

/** Bram as `/character export` prints him, field for field. */
const BRAM = {
  format: 'rollcall-character',
  version: 1,
  name: 'Bram',
  level: 3,
  abilities: { str: 10, dex: 10, con: 14, int: 10, wis: 10, cha: 10 },
  hp: { max: 20, current: 20, temp: 0 },
  ac: 10,
  hitDie: 'd8',
  hitDiceLeft: 3,
  saves: [],
  skills: [],
  expertise: [],
  initBonus: null,
  speed: 30,
  tracks: { exhaustion: 0, fatigue: 0, strife: 0 },
  conditions: [],
  dead: false,
};

describe('the console reads JSON as written and saves the files it is sent', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'rollcall-console-json-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  test('an export pasted back over several lines, json:@file, file:@file, a bad field named, comments, and /init export saved', async () => {
    const exported = JSON.stringify(BRAM, null, 1);
    await writeFile(path.join(folder, 'bram.json'), exported);
    const files = path.join(folder, 'saved');
    const replies = await runConsole(
      [
        '# scripted fight: four players bring Bram',
        `@bob /character import json:${exported}`,
        '@bob /character export name:Bram',
        `@carl /character import json:${JSON.stringify({ ...BRAM, level: 25 })}`,
        `@carl /character import json:@${path.join(folder, 'bram.json')}`,
        '@dora /character import file:@test/fixtures/foundry/hollis-fighter-dnd5e-3.json',
        '// the fight',
        '@gm /init begin name:Goblin cave',
        '@gm /init export',
      ],
      ['--memory', '--seed', '1', '--files', files],
    );
    expect(replies.map((r) => r.input.split('\n')[0])).toEqual([
      '@bob /character import json:{',
      '@bob /character export name:Bram',
      `@carl /character import json:${JSON.stringify({ ...BRAM, level: 25 })}`,
      `@carl /character import json:@${path.join(folder, 'bram.json')}`,
      '@dora /character import file:@test/fixtures/foundry/hollis-fighter-dnd5e-3.json',
      '@gm /init begin name:Goblin cave',
      '@gm /init export',
    ]);
    const [imported, reexported, badLevel, fromFile, foundry, , exportReply] = replies;
    expect(imported?.embeds?.[0]?.title).toBe('Bram');
    expect(imported?.embeds?.[0]?.footer).toBe('Imported; it is your active character.');
    expect(reexported?.content).toBe(`\`\`\`json\n${exported}\n\`\`\``);
    expect(badLevel?.embeds?.[0]?.description).toBe('⚠️ `level` must be a whole number from 1 to 20.');
    expect(fromFile?.embeds?.[0]?.footer).toBe('Imported; it is your active character.');
    expect(foundry?.embeds?.[0]?.footer).toBe('Imported; it is your active character.');
    const [file] = exportReply?.files ?? [];
    expect(file).toMatchObject({ name: 'goblin-cave.json', path: path.join(files, 'goblin-cave.json') });
    expect((await stat(path.join(files, 'goblin-cave.json'))).size).toBe(file?.bytes);
    const saved = JSON.parse(await readFile(path.join(files, 'goblin-cave.json'), 'utf8')) as { encounter: { name: string } };
    expect(saved.encounter.name).toBe('Goblin cave');
  }, 120_000);
});
