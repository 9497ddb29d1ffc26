import fs from 'node:fs';
import path from 'node:path';
import type { Services } from '../../../src/services';
import { ALICE, BOB, GM, Table, buttonsOf, openTablePer, useRules, refused, text, type ScriptedRandom } from './support';

/** Characters kept between fights: made with /character, fighting through /init join, resting with /rest. */
describe('stored characters through /character, /init and /rest', () => {
  let table: Table;
  let dice: ScriptedRandom;
  let services: Services;
  openTablePer('test', (opened) => ({ table, dice, services } = opened));

  async function sheetOf(name: string, player = ALICE): Promise<string> {
    return text(await table.run(player, 'character', 'show', { name }));
  }

  /** Begins a fight, joins `player` with the active character, and returns after the join. */
  async function fight(player = ALICE, values: Record<string, string> = {}): Promise<string> {
    await table.run(GM, 'init', 'begin', {});
    dice.queue(10);
    return text(await table.run(player, 'init', 'join', values));
  }

  /** The JSON `/character export` printed, without its code block. */
  function exportedJson(content: string | undefined): string {
    return (content ?? '').replace(/^```json\n|\n```$/g, '');
  }

  async function endFight(): Promise<void> {
    const confirm = await table.run(GM, 'init', 'end');
    const end = buttonsOf(confirm).find((b) => b.label === 'End the encounter');
    await table.press(GM, end?.customId ?? '');
  }

  /** Alice (2014, level 5, Con 14, d8 Hit Dice) at 15 of her 40 HP after a fight, her 5 Hit Dice left. */
  async function aliceAt15Of40(): Promise<void> {
    await useRules(services, 'dnd2014');
    await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 5, con: 14, hp: 40, 'hit-die': 'd8' });
    await fight();
    await table.run(GM, 'hp', 'damage', { target: 'Alice', amount: '25' });
    await endFight();
  }

  test("a fight's end writes back no more temporary HP than a character file holds, so the export imports again", async () => {
    await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 5, con: 14, hp: 40 });
    await fight();
    await table.run(GM, 'hp', 'temp', { target: 'Alice', amount: '999999' });
    await endFight();
    const json = exportedJson((await table.run(ALICE, 'character', 'export', {})).content);
    expect(JSON.parse(json)).toMatchObject({ hp: { max: 40, current: 40, temp: 1000 } });
    expect(text(await table.run(BOB, 'character', 'import', { json }))).not.toMatch(/⚠️/);
  });

  test('a player keeps at most 25 characters, even creating several at once; one of them is active', async () => {
    for (let i = 1; i <= 23; i += 1) await table.run(ALICE, 'character', 'create', { name: `Hero ${i}`, level: 1 });
    const replies = await Promise.all(
      ['Ash', 'Birch', 'Cedar', 'Dogwood'].map((name) => table.run(ALICE, 'character', 'create', { name, level: 1 })),
    );
    expect(replies.map(text).filter((said) => said.startsWith('⚠️'))).toEqual([
      '⚠️ A player can keep at most 25 characters in a server: delete one first.',
      '⚠️ A player can keep at most 25 characters in a server: delete one first.',
    ]);
    const kept = await services.characters.list({ guildId: 'guild-1', ownerId: ALICE.id });
    expect([kept.length, kept.filter((c) => c.active).length]).toEqual([25, 1]);
  });

  test("D&D Next: an edit that raises a dying character's death threshold past its HP keeps it alive just above, and its export imports", async () => {
    await useRules(services, 'dnd-next');
    await table.run(ALICE, 'character', 'create', { name: 'Cara', level: 5, con: 14, hp: 40 });
    await fight();
    await table.run(GM, 'hp', 'damage', { target: 'Cara', amount: '58' });
    await endFight();
    expect(await sheetOf('Cara')).toContain('**HP** -18/40');
    // Con 8 and level 1: death at -9, so a living Cara holds at least -8.
    expect(text(await table.run(ALICE, 'character', 'edit', { name: 'Cara', con: 8, level: 1, hp: 40 }))).toContain('**HP** -8/40');
    const json = exportedJson((await table.run(ALICE, 'character', 'export', {})).content);
    expect(text(await table.run(BOB, 'character', 'import', { json }))).not.toMatch(/⚠️/);
  });

  test('create shows the sheet with the proficiency bonus its level gives', async () => {
    const reply = await table.run(ALICE, 'character', 'create', {
      name: 'Alice',
      level: 5,
      dex: 16,
      con: 14,
      hp: 40,
      saves: 'dex, wis',
      skills: 'stealth, perception',
      expertise: 'stealth',
    });
    expect(text(reply)).toBe(
      [
        'Alice',
        'Level 5 · proficiency +3 · active',
        '**HP** 40/40 · **AC** 13 · **Initiative** +3 · **Speed** 30 ft',
        '**Hit Dice** 5/5 d8',
        'Abilities: STR 10 (+0) · DEX 16 (+3) · CON 14 (+2) · INT 10 (+0) · WIS 10 (+0) · CHA 10 (+0)',
        'Saving throws (● proficient): STR +0 · DEX +6● · CON +2 · INT +0 · WIS +3● · CHA +0',
        'Skills: perception +3, stealth +9 (expertise)',
      ].join('\n'),
    );
  });

  test('bad scores, levels, skills and hit dice are refused in words, and nothing is saved', async () => {
    expect(refused(await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 21 }))).toBe(
      '⚠️ Level must be a whole number from 1 to 20.',
    );
    expect(refused(await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 3, str: 31 }))).toBe(
      '⚠️ STR (an ability score) must be a whole number from 1 to 30.',
    );
    expect(refused(await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 3, skills: 'stealth, flying' }))).toMatch(
      /^⚠️ `flying` in `skills` is not one of: acrobatics, /,
    );
    // What was typed is shown as code, so markdown in it shows as typed.
    expect(
      refused(await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 3, saves: '[x](http://e.vil), **dex**' })),
    ).toMatch(/^⚠️ `\[x\]\(http:\/\/e\.vil\)` in `saves` is not one of: str, /);
    expect(refused(await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 3, skills: '`a`' }))).toMatch(
      /^⚠️ `'a'` in `skills` is not one of: acrobatics, /,
    );
    expect(refused(await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 3, 'hit-die': 'd7' }))).toBe(
      '⚠️ "d7" is not a hit die: use d6, d8, d10 or d12.',
    );
    expect(text(await table.run(ALICE, 'character', 'list'))).toBe('You have no characters here yet: make one with `/character create`.');
  });

  test('names of what every object inherits and half a UTF-16 pair are refused in words, and nothing is saved', async () => {
    const skills = /^⚠️ `constructor` in `expertise` is not one of: acrobatics, /;
    expect(refused(await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 3, saves: 'constructor' }))).toMatch(
      /^⚠️ `constructor` in `saves` is not one of: str, /,
    );
    expect(refused(await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 3, saves: '__proto__' }))).toMatch(
      /^⚠️ `__proto__` in `saves` is not one of: str, /,
    );
    expect(refused(await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 3, expertise: 'constructor' }))).toMatch(skills);
    expect(refused(await table.run(ALICE, 'character', 'create', { name: 'Al\uD800ice', level: 3 }))).toBe(
      '⚠️ `name` has a broken character in it: type it again.',
    );
    expect(text(await table.run(ALICE, 'character', 'list'))).toBe('You have no characters here yet: make one with `/character create`.');
    await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 3 });
    expect(refused(await table.run(ALICE, 'character', 'edit', { name: 'Alice', saves: 'dex, constructor' }))).toMatch(
      /^⚠️ `constructor` in `saves` is not one of: str, /,
    );
    await table.run(GM, 'init', 'begin', {});
    expect(refused(await table.run(GM, 'init', 'add', { name: 'Gob\uDC00lin', hp: 7, ac: 12 }))).toBe(
      '⚠️ `name` has a broken character in it: type it again.',
    );
  });

  test('look-alike names: zero-width and bidirectional characters are dropped before names are stored or compared', async () => {
    await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 3 });
    const json = JSON.stringify({
      ...JSON.parse(exportedJson((await table.run(ALICE, 'character', 'export')).content)),
      name: 'Alice\u200B',
    });
    expect(refused(await table.run(ALICE, 'character', 'import', { json }))).toBe(
      '⚠️ You already have a character called Alice: delete it first, or change `name` in the JSON.',
    );
    expect(refused(await table.run(ALICE, 'character', 'create', { name: 'A\u200Dlice', level: 3 }))).toBe(
      '⚠️ You already have a character called Alice: edit it with `/character edit`.',
    );
    await table.run(GM, 'init', 'begin', {});
    dice.queue(10);
    expect(text(await table.run(GM, 'init', 'add', { name: 'Gob\u202Elin  \u2066Boss', hp: 7, ac: 12 }))).toMatch(/^Goblin Boss joins/);
    expect(text(await table.run(GM, 'condition', 'add', { target: 'Goblin Boss', condition: 'Poisoned\u200B' }))).toBe(
      'Goblin Boss is now **Poisoned**.',
    );
    const tracker = text(table.tracker());
    expect(tracker).toContain('**Goblin Boss**');
    expect(tracker).not.toMatch(/[\u200B\u202E\u2066]|\u200D/);
    expect(text(await table.run(GM, 'condition', 'remove', { target: 'Goblin Boss', condition: 'poisoned' }))).toBe(
      'Poisoned on Goblin Boss ends.',
    );
  });

  test('an imported sheet passes the checks of the rule set in force: no -1000 HP, no exhaustion 7 on a living 2024 character', async () => {
    await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 5, con: 14, hp: 40 });
    const exported = JSON.parse(exportedJson((await table.run(ALICE, 'character', 'export')).content)) as Record<string, unknown>;
    const as = (changes: Record<string, unknown>) => JSON.stringify({ ...exported, name: 'Alicia', ...changes });
    expect(refused(await table.run(ALICE, 'character', 'import', { json: as({ hp: { max: 40, current: -1000, temp: 0 } }) }))).toBe(
      '⚠️ `hp.current` must be a whole number from 0 to 40 under the 5e 2024 rules.',
    );
    expect(refused(await table.run(ALICE, 'character', 'import', { json: as({ tracks: { exhaustion: 7, fatigue: 0, strife: 0 } }) }))).toBe(
      '⚠️ `tracks.exhaustion` must be a whole number from 0 to 6.',
    );
    expect(refused(await table.run(ALICE, 'character', 'import', { json: as({ tracks: { exhaustion: 6, fatigue: 0, strife: 0 } }) }))).toBe(
      '⚠️ `tracks.exhaustion` 6 is death under the 5e 2024 rules: a living character has at most 5.',
    );
    expect(text(await table.run(ALICE, 'character', 'list'))).toBe('Your characters\n▶️ **Alice** · level 5 · 40/40 HP');
    await useRules(services, 'dnd-next');
    expect(text(await table.run(ALICE, 'character', 'import', { json: as({ hp: { max: 40, current: -10, temp: 0 } }) }))).toMatch(
      /^Alicia\n.*\n\*\*HP\*\* -10\/40/,
    );
  });

  test('a character is in one fight at a time: joining a second is refused with where it is, and each fight writes back its own', async () => {
    await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 5, con: 14, hp: 40 });
    await table.run(GM, 'init', 'begin', { name: 'Ford' });
    dice.queue(10);
    await table.run(ALICE, 'init', 'join', {});
    const tavern = new Table(services, 'channel-2');
    await tavern.run(GM, 'init', 'begin', { name: 'Tavern brawl' });
    expect(refused(await tavern.run(ALICE, 'init', 'join', {}))).toBe(
      '⚠️ Alice is already in the fight **Ford** in <#channel-1>: a character is in one fight at a time. Leave that one first (its game master can `/init remove` you), or join here with `name:` and no stored character.',
    );
    expect(refused(await table.run(ALICE, 'init', 'join', { character: 'Alice' }))).toBe(
      '⚠️ Your character is already in this fight, as Alice.',
    );
    dice.queue(10);
    expect(text(await tavern.run(ALICE, 'init', 'join', { name: 'Stranger', hp: 10 }))).toMatch(/^Stranger joins/);
    await table.run(GM, 'hp', 'damage', { target: 'Alice', amount: '35' });
    await endFight();
    expect(await sheetOf('Alice')).toMatch(/\*\*HP\*\* 5\/40/);
    dice.queue(10);
    expect(text(await tavern.run(ALICE, 'init', 'join', { character: 'Alice' }))).toMatch(/^Alice joins/);
  });

  test('names are unique per player whatever their case, escaped for Markdown, and each player sees only their own', async () => {
    await table.run(ALICE, 'character', 'create', { name: '*Shade*_', level: 2 });
    expect(refused(await table.run(ALICE, 'character', 'create', { name: '*SHADE*_', level: 3 }))).toBe(
      '⚠️ You already have a character called \\*SHADE\\*\\_: edit it with `/character edit`.',
    );
    expect(text(await table.run(BOB, 'character', 'create', { name: '*Shade*_', level: 1 }))).toMatch(/^\\\*Shade\\\*\\_\n/);
    expect(text(await table.run(ALICE, 'character', 'list'))).toBe('Your characters\n▶️ **\\*Shade\\*\\_** · level 2 · 13/13 HP');
  });

  test('edit changes only what it names; a higher level adds its Hit Die', async () => {
    await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 4, hp: 30 });
    await table.run(ALICE, 'character', 'edit', { name: 'alice', level: 5, hp: 38 });
    expect(await sheetOf('Alice')).toMatch(/Level 5 · proficiency \+3 · active\n\*\*HP\*\* 38\/38 .*\n\*\*Hit Dice\*\* 5\/5 d8/);
  });

  test("edit without hp: moves the maximum as the level and Con move it: a level's average and Con, Con's change at every level", async () => {
    await table.run(ALICE, 'character', 'create', { name: 'Merric', level: 5, int: 16, class: 'wizard' });
    expect(await sheetOf('Merric')).toContain('**HP** 28/28');
    // Level 6 with a d8 and Con 10: 5 more.
    expect(text(await table.run(ALICE, 'character', 'edit', { name: 'Merric', level: 6 }))).toContain('**HP** 33/33');
    // Con 10 to 14 at level 6: +2 at each of 6 levels.
    expect(text(await table.run(ALICE, 'character', 'edit', { name: 'Merric', con: 14 }))).toContain('**HP** 45/45');
    // A maximum chosen with hp: keeps what was chosen and gains the same: 40 at level 5, 47 at 6.
    await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 5, con: 14, hp: 40 });
    expect(text(await table.run(ALICE, 'character', 'edit', { name: 'Alice', level: 6 }))).toContain('**HP** 47/47');
    expect(text(await table.run(ALICE, 'character', 'edit', { name: 'Alice', level: 7, hp: 50 }))).toContain('**HP** 50/50');
  });

  test('use picks the active character; delete asks first, and only the owner can press it', async () => {
    await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 1 });
    await table.run(ALICE, 'character', 'create', { name: 'Brannoc', level: 3 });
    await table.run(ALICE, 'character', 'use', { name: 'alice' });
    expect(text(await table.run(ALICE, 'character', 'list'))).toMatch(/▶️ \*\*Alice\*\*.*\n▫️ \*\*Brannoc\*\*/);
    const confirm = await table.run(ALICE, 'character', 'delete', { name: 'Brannoc' });
    expect(text(confirm)).toBe('Delete **Brannoc** for good? It cannot be undone.');
    const button = buttonsOf(confirm).find((b) => b.label === 'Delete')?.customId ?? '';
    expect(refused(await table.press(BOB, button))).toBe('⚠️ That character is gone, or is not yours.');
    expect(text(await table.press(ALICE, button))).toBe('Brannoc is deleted.');
    expect(text(await table.run(ALICE, 'character', 'list'))).toBe('Your characters\n▶️ **Alice** · level 1 · 8/8 HP');
  });

  test("dnd-next: the sheet's level and Constitution set the death threshold, −19 at level 5 with Con 14", async () => {
    await useRules(services, 'dnd-next');
    await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 5, con: 14, hp: 40 });
    expect(await fight()).toBe('Alice joins the fight with initiative 10 (d20 10).');
    expect(text(await table.run(GM, 'hp', 'damage', { target: 'Alice', amount: '58' }))).toMatch(
      /^Alice takes 58 damage and drops to -18 HP\. Alice is dying/,
    );
    expect(text(await table.run(GM, 'hp', 'damage', { target: 'Alice', amount: '1' }))).toBe(
      'Alice takes 1 damage and is at -19 HP. Alice dies: their hit points reached their death threshold.',
    );
    await endFight();
    expect(await sheetOf('Alice')).toMatch(/\*\*HP\*\* -19\/40[^]*💀 \*\*Dead\*\*/);
    expect(refused(await table.run(ALICE, 'rest', 'long'))).toBe(
      "⚠️ Alice cannot take a long rest: The dead can't rest. The game master of their last fight can bring them back with `/character revive`.",
    );
    // Revived from another channel, or by a name the fight did not have, the game master is told where it works.
    expect(refused(await new Table(services, 'channel-2').run(GM, 'character', 'revive', { name: 'Alice' }))).toBe(
      '⚠️ This channel has had no fight: revive a character in the channel of the fight it died in, before another fight there.',
    );
    expect(refused(await table.run(GM, 'character', 'revive', { name: 'Bram' }))).toBe(
      '⚠️ No character called "Bram" joined this channel\'s last fight: revive a character in the channel of the fight it died in, ' +
        'before another fight there.',
    );
    // The game master is offered the dead of the channel's last fight.
    expect(await table.suggest(GM, 'character', 'revive', '', 'name')).toEqual(['Alice']);
    expect(text(await table.run(GM, 'character', 'revive', { name: 'Alice' }))).toContain('**HP** 1/40 ·');
    expect(await table.suggest(GM, 'character', 'revive', '', 'name')).toEqual([]);
  });

  test('a5e: massive damage is 20 + 3 × the sheet level, so a level-8 character shrugs off 30 but saves against 44', async () => {
    await useRules(services, 'a5e');
    await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 8, con: 14, hp: 30 });
    await table.run(BOB, 'character', 'create', { name: 'Bram', level: 8, con: 14, hp: 30 });
    await fight();
    dice.queue(9);
    await table.run(BOB, 'init', 'join');
    const shrugged = text(await table.run(GM, 'hp', 'damage', { target: 'Alice', amount: '30' }));
    expect(shrugged).toMatch(/^Alice takes 30 damage and drops to 0 HP\. Alice is dying/);
    expect(shrugged).not.toContain('Massive damage');
    dice.queue(13);
    expect(text(await table.run(GM, 'hp', 'damage', { target: 'Bram', amount: '44' }))).toContain(
      'Massive damage: DC 15 Constitution save, rolled 13 for a total of 15: a success.',
    );
  });

  test('a5e: fatigue gained in a fight is on the sheet after /init end, and a long rest takes the first level away', async () => {
    await useRules(services, 'a5e');
    await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 8, con: 14, hp: 30 });
    await fight();
    await table.run(GM, 'hp', 'damage', { target: 'Alice', amount: '30' });
    await table.run(GM, 'hp', 'heal', { target: 'Alice', amount: '5' });
    await endFight();
    expect(await sheetOf('Alice')).toMatch(/\*\*HP\*\* 5\/30 [^]*\n\*\*Tracks\*\* Fatigue 1\n/);
    const rested = text(await table.run(ALICE, 'rest', 'long'));
    expect(rested).toContain('Alice loses 1 level of Fatigue (now 0).');
    expect(rested).toContain('Regains 25 HP (now 30/30).');
    expect(await sheetOf('Alice')).not.toContain('Fatigue');
  });

  test('two short rests sent at once spend no Hit Die twice: the second, worked out from the same sheet, is refused', async () => {
    await aliceAt15Of40();
    dice.queue(5, 3);
    // Neither writes before both have worked their rest out, so both read the same sheet: on a busy
    // machine the first could otherwise be written before the second read it, and both rightly spend.
    const record = services.characters.recordStateIfUnchanged.bind(services.characters);
    let bothWorkedOut = (): void => undefined;
    const workedOut = new Promise<void>((resolve) => (bothWorkedOut = resolve));
    let writing = 0;
    jest.spyOn(services.characters, 'recordStateIfUnchanged').mockImplementation(async (...args) => {
      writing += 1;
      if (writing === 2) bothWorkedOut();
      await workedOut;
      return record(...args);
    });
    const replies = await Promise.all([1, 2].map(() => table.run(ALICE, 'rest', 'short', { 'hit-dice': 1 })));
    const [rested, refusal] = replies.map(text).sort();
    expect(refusal).toBe(
      "⚠️ Alice's sheet changed while they rested (another rest came first): nothing of this one was spent; rest again.",
    );
    expect(rested).toContain('Hit Dice left: 4 of 5 (d8).');
    const healed = Number(/Regains (\d+) HP/.exec(rested ?? '')?.[1]);
    expect(await sheetOf('Alice')).toContain(`**HP** ${15 + healed}/40`);
  });

  test("no level or hit point maximum changed while the character fights: the fight's end would write its HP and Hit Dice back over the edit", async () => {
    await useRules(services, 'dnd2014');
    await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 5, con: 14 });
    await fight();
    await table.run(GM, 'hp', 'damage', { target: 'Alice', amount: '10' });
    const inFight = '⚠️ Alice is in the fight **Encounter** in <#channel-1>, which keeps their HP and Hit Dice until it ends: ';
    expect(refused(await table.run(ALICE, 'character', 'edit', { name: 'Alice', level: 6 }))).toBe(
      `${inFight}change their level after \`/init end\` there.`,
    );
    // Con and the Hit Die move the maximum, as hp: does: the refusal says so, not "level".
    const maximum = `${inFight}a change that moves their hit point maximum (\`hp\`, \`con\`, \`hit-die\`) waits for \`/init end\` there.`;
    expect(refused(await table.run(ALICE, 'character', 'edit', { name: 'Alice', con: 16 }))).toBe(maximum);
    expect(refused(await table.run(ALICE, 'character', 'edit', { name: 'Alice', 'hit-die': 'd10' }))).toBe(maximum);
    expect(refused(await table.run(ALICE, 'character', 'edit', { name: 'Alice', hp: 50 }))).toBe(maximum);
    // What the fight does not hold back changes at once.
    expect(text(await table.run(ALICE, 'character', 'edit', { name: 'Alice', skills: 'stealth' }))).toContain('stealth +3');
    await endFight();
    // 2014, Con 14, d8: 38 at level 5, and a 6th level adds 5 + 2.
    expect(text(await table.run(ALICE, 'character', 'edit', { name: 'Alice', level: 6 }))).toContain(
      '**HP** 35/45 · **AC** 10 · **Initiative** +0 · **Speed** 30 ft\n**Hit Dice** 6/6 d8',
    );
  });

  test('the sheet shown while the character fights says the fight holds its HP, Hit Dice and slots, and where', async () => {
    await useRules(services, 'dnd2014');
    await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 5, con: 14 });
    await fight();
    await table.run(GM, 'hp', 'damage', { target: 'Alice', amount: '10' });
    const elsewhere = new Table(services, 'channel-2');
    expect(text(await elsewhere.run(ALICE, 'character', 'show'))).toContain(
      '**HP** 38/38 · **AC** 10 · **Initiative** +0 · **Speed** 30 ft\n**Hit Dice** 5/5 d8\n' +
        '⚔️ In the fight **Encounter** in <#channel-1>, which keeps its own HP, Hit Dice and spell slots until it ends: ' +
        "these are the sheet's, from before it.",
    );
    await endFight();
    const after = text(await table.run(ALICE, 'character', 'show'));
    expect(after).toContain('**HP** 28/38 ·');
    expect(after).not.toContain('In the fight');
  });

  test('no rest while the character fights, here or in another channel: the fight would write its own state back over it', async () => {
    await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 5, con: 14, hp: 40 });
    await fight();
    await table.run(GM, 'hp', 'damage', { target: 'Alice', amount: '30' });
    const elsewhere = new Table(services, 'channel-2');
    expect(refused(await elsewhere.run(ALICE, 'rest', 'long'))).toBe(
      '⚠️ Alice is in the fight **Encounter** in <#channel-1>, which keeps their HP and Hit Dice until it ends: rest after `/init end` there.',
    );
    // Nor the game master's party rest in the fight's own channel.
    expect(text(await table.run(GM, 'rest', 'long', { party: true }))).toContain('Alice is in the fight **Encounter**');
    await endFight();
    expect(await sheetOf('Alice')).toContain('**HP** 10/40');
    expect(text(await table.run(ALICE, 'rest', 'long'))).toContain('Regains 30 HP (now 40/40).');
  });

  test('a short rest spends Hit Dice at die + Con, shown as rolled, and leaves the rest', async () => {
    await aliceAt15Of40();
    dice.queue(5, 3);
    expect(text(await table.run(ALICE, 'rest', 'short', { 'hit-dice': 2 }))).toBe(
      [
        '**Alice** takes a short rest.',
        'Spends 2 Hit Dice: d8 5 +2 → 7, d8 3 +2 → 5.',
        'Regains 12 HP (now 27/40).',
        'Hit Dice left: 3 of 5 (d8).',
      ].join('\n'),
    );
  });

  test.each([
    ['dnd2014', 2, 'Hit Dice left: 2 of 5 (d8).'],
    ['dnd2024', 5, 'Hit Dice left: 5 of 5 (d8).'],
  ] as const)('%s: a long rest after spending all 5 Hit Dice gives back %i', async (ruleset, back, left) => {
    await useRules(services, ruleset);
    await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 5, con: 14, hp: 40 });
    await fight();
    await table.run(GM, 'hp', 'damage', { target: 'Alice', amount: '39' });
    await endFight();
    dice.queue(1, 1, 1, 1, 1);
    await table.run(ALICE, 'rest', 'short', { 'hit-dice': 5 });
    const rested = text(await table.run(ALICE, 'rest', 'long'));
    expect(rested).toContain(`Regains ${back} Hit Dice.`);
    expect(rested).toContain(left);
  });

  test("no rest during the channel's fight unless the game master calls it", async () => {
    await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 5, hp: 40 });
    await fight();
    expect(refused(await table.run(ALICE, 'rest', 'short'))).toBe(
      '⚠️ Encounter is still running in this channel: rest after `/init end`, or ask the game master (Gina).',
    );
    await table.run(GM, 'character', 'create', { name: 'Warden', level: 2 });
    expect(text(await table.run(GM, 'rest', 'short'))).toMatch(/^\*\*Warden\*\* takes a short rest\./);
  });

  /** 2024: Alice (level 5, 40 HP) and Bram (level 3, 24 HP) in a fight here, with `during` done before it ends. */
  async function partyFight(during: () => Promise<unknown> = () => Promise.resolve()): Promise<void> {
    await useRules(services, 'dnd2024');
    await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 5, hp: 40 });
    await table.run(BOB, 'character', 'create', { name: 'Bram', level: 3, hp: 24 });
    await fight();
    dice.queue(4);
    await table.run(BOB, 'init', 'join');
    await during();
    await endFight();
  }

  test('the game master rests the party of the last fight; a player may not', async () => {
    await partyFight(async () => {
      await table.run(GM, 'hp', 'damage', { target: 'Alice', amount: '10' });
      await table.run(GM, 'hp', 'damage', { target: 'Bram', amount: '4' });
    });
    expect(refused(await table.run(BOB, 'rest', 'long', { party: true }))).toBe(
      "⚠️ Only the last encounter's game master, or a member with Manage Channels, can rest the party: rest your own character with `/rest long`.",
    );
    const rested = text(await table.run(GM, 'rest', 'long', { party: true }));
    expect(rested).toContain('**Alice** takes a long rest.\nRegains 10 HP (now 40/40).');
    expect(rested).toContain('**Bram** takes a long rest.\nRegains 4 HP (now 24/24).');
  });

  test("the party rest names no fight in another channel, which the table there may not see; the character's owner is told it", async () => {
    await partyFight();
    const elsewhere = new Table(services, 'channel-2');
    await elsewhere.run(GM, 'init', 'begin', { name: 'Secret Vault' });
    dice.queue(10);
    await elsewhere.run(ALICE, 'init', 'join');
    const rested = text(await table.run(GM, 'rest', 'long', { party: true }));
    expect(rested).toContain(
      'Alice is in a fight in another channel, which keeps their HP and Hit Dice until it ends: rest after `/init end` there.',
    );
    expect(rested).not.toContain('Secret Vault');
    expect(rested).toContain('**Bram** takes a long rest.');
    expect(refused(await table.run(ALICE, 'rest', 'long'))).toBe(
      '⚠️ Alice is in the fight **Secret Vault** in <#channel-2>, which keeps their HP and Hit Dice until it ends: rest after `/init end` there.',
    );
  });

  test('looks for a fight a character is in once per command, and not for one just made', async () => {
    const fightOf = jest.spyOn(services.characters, 'fightOf');
    await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 5, hp: 40 });
    expect(fightOf).toHaveBeenCalledTimes(0);
    await table.run(ALICE, 'character', 'edit', { name: 'Alice', level: 6 });
    expect(fightOf).toHaveBeenCalledTimes(1);
    await table.run(ALICE, 'character', 'edit', { name: 'Alice', ac: 15 });
    expect(fightOf).toHaveBeenCalledTimes(2);
  });

  test('the options naming one of your characters suggest yours as you type, as /check and /save do', async () => {
    await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 1 });
    await table.run(ALICE, 'character', 'create', { name: 'Alfred', level: 1 });
    await table.run(ALICE, 'character', 'create', { name: 'Brannoc', level: 1 });
    await table.run(BOB, 'character', 'create', { name: 'Albert', level: 1 });
    for (const [command, subcommand, option] of [
      ['rest', 'short', 'character'],
      ['rest', 'long', 'character'],
      ['character', 'show', 'name'],
      ['character', 'edit', 'name'],
      ['character', 'use', 'name'],
      ['character', 'export', 'name'],
      ['character', 'delete', 'name'],
    ] as const) {
      expect([command, subcommand, (await table.suggest(ALICE, command, subcommand, 'al', option)).sort()]).toEqual([
        command,
        subcommand,
        ['Alfred', 'Alice'],
      ]);
    }
  });

  test("a party past one message's ten embeds names every character it rested", async () => {
    await useRules(services, 'dnd2024');
    await table.run(GM, 'init', 'begin', {});
    const players = Array.from({ length: 12 }, (_, i) => ({ id: `user-${i + 1}`, name: `Player ${i + 1}` }));
    for (const [i, player] of players.entries()) {
      await table.run(player, 'character', 'create', { name: `Hero ${String(i + 1).padStart(2, '0')}`, level: 2 });
      dice.queue(10);
      await table.run(player, 'init', 'join');
    }
    await endFight();
    const reply = await table.run(GM, 'rest', 'long', { party: true });
    const embeds = reply.embeds ?? [];
    expect(embeds).toHaveLength(10);
    expect(embeds.slice(0, 9).map((e) => e.description?.split('\n')[0])).toEqual(
      players.slice(0, 9).map((_, i) => `**Hero 0${i + 1}** takes a long rest.`),
    );
    expect(embeds[9]?.description).toBe('Also rested, not shown for room: **Hero 10**, **Hero 11** and **Hero 12**.');
  });

  test('a Foundry actor imports, and its export imports back to the same sheet; a bad file saves nothing', async () => {
    const foundry = fs.readFileSync(path.join(__dirname, '../../fixtures/foundry/hollis-fighter-dnd5e-3.json'), 'utf8');
    expect(refused(await table.run(ALICE, 'character', 'import', { json: foundry.replace('"levels": 3', '"levels": 30') }))).toBe(
      '⚠️ `items[0].system.levels` must be a whole number from 1 to 20.',
    );
    expect(text(await table.run(ALICE, 'character', 'list'))).toBe('You have no characters here yet: make one with `/character create`.');
    const imported = text(await table.run(ALICE, 'character', 'import', { json: foundry }));
    expect(imported).toMatch(
      /^Hollis \(Human Fighter\)\nLevel 3 · proficiency \+2 · active\n\*\*HP\*\* 21\/28 \(\+4 temporary\) · \*\*AC\*\* 18/,
    );
    const exported = (await table.run(ALICE, 'character', 'export')).content ?? '';
    const json = exported.replace(/^```json\n|\n```$/g, '');
    expect(JSON.parse(json)).toMatchObject({ format: 'rollcall-character', version: 1, level: 3, hitDie: 'd10', hitDiceLeft: 1 });
    const before = await sheetOf('Hollis (Human Fighter)');
    expect(refused(await table.run(ALICE, 'character', 'import', { json }))).toBe(
      '⚠️ You already have a character called Hollis (Human Fighter): delete it first, or change `name` in the JSON.',
    );
    expect(text(await table.run(BOB, 'character', 'import', { json }))).toMatch(/^Hollis \(Human Fighter\)\n/);
    expect(await sheetOf('Hollis (Human Fighter)', BOB)).toBe(before);
  });

  test("/init add takes monsters' saves, level and Constitution", async () => {
    await useRules(services, 'dnd-next');
    await table.run(GM, 'init', 'begin', {});
    dice.queue(10);
    await table.run(GM, 'init', 'add', { name: 'Ogre', hp: 59, saves: 'con+3, str+4', level: 7, con: 16 });
    const encounter = await services.encounters.get({ guildId: 'guild-1', channelId: table.channelId });
    const ogre = encounter?.combatants[0];
    expect(ogre?.saveBonuses).toEqual({ con: 3, str: 4 });
    expect(ogre?.rules).toMatchObject({ conSaveBonus: 3, level: 7, conScore: 16 });
    expect(refused(await table.run(GM, 'init', 'add', { name: 'Imp', saves: 'luck+2' }))).toBe(
      '⚠️ "luck+2" in `saves` is not a save bonus: write them like `con+3, dex+2` (str, dex, con, int, wis, cha).',
    );
  });

  test('/init join with a name joins without the stored character; character: picks another', async () => {
    await table.run(ALICE, 'character', 'create', { name: 'Alice', level: 5, hp: 40 });
    await table.run(ALICE, 'character', 'create', { name: 'Brannoc', level: 3, hp: 28 });
    await table.run(ALICE, 'character', 'use', { name: 'Alice' });
    expect(await fight(ALICE, { character: 'brannoc' })).toBe('Brannoc joins the fight with initiative 10 (d20 10).');
    dice.queue(10);
    expect(text(await table.run(ALICE, 'init', 'join', { name: 'Pip', hp: 5 }))).toBe('Pip joins the fight with initiative 10 (d20 10).');
    const encounter = await services.encounters.get({ guildId: 'guild-1', channelId: table.channelId });
    const joined = encounter?.combatants.map((c) => [c.name, c.rules.maxHp, c.characterId !== null]);
    expect(joined?.sort()).toEqual([
      ['Brannoc', 28, true],
      ['Pip', 5, false],
    ]);
  });
});
