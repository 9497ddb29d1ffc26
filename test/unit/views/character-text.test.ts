import {
  CHARACTER_GONE_TEXT,
  characterDeletedText,
  characterExportReply,
  characterExportText,
  characterKeptText,
  characterNameTakenText,
  CREATED_NOTE,
  deleteQuestionText,
  editInFightText,
  IMPORTED_NOTE,
  NO_ACTIVE_CHARACTER_TEXT,
  noCharacterCalledText,
  NO_FIGHT_HERE_TEXT,
  NOT_LAST_FIGHT_GAME_MASTER_TEXT,
  notDeadText,
  NOTHING_TO_CHANGE_TEXT,
  notInLastFightText,
  nowActiveText,
  revivedNote,
  SAVED_NOTE,
} from '../../../src/views/character-text';

const bram = { name: 'Bram *the* Bold' };

describe("/character's replies and refusals", () => {
  it.each([
    [noCharacterCalledText('Al_ice'), 'You have no character called "Al\\_ice" here; `/character list` shows yours.'],
    [NO_ACTIVE_CHARACTER_TEXT, 'You have no active character here: make one with `/character create` or pick one with `/character use`.'],
    [characterNameTakenText(bram, 'create'), 'You already have a character called Bram \\*the\\* Bold: edit it with `/character edit`.'],
    [characterNameTakenText(bram, 'edit'), 'You already have a character called Bram \\*the\\* Bold.'],
    [
      characterNameTakenText(bram, 'import'),
      'You already have a character called Bram \\*the\\* Bold: delete it first, or change `name` in the JSON.',
    ],
    [
      editInFightText(bram, { name: '_Crypt_', channelId: 'c1' }, 'level'),
      'Bram \\*the\\* Bold is in the fight **\\_Crypt\\_** in <#c1>, which keeps their HP and Hit Dice until it ends: ' +
        'change their level after `/init end` there.',
    ],
    [
      editInFightText(bram, { name: '_Crypt_', channelId: 'c1' }, 'maximum'),
      'Bram \\*the\\* Bold is in the fight **\\_Crypt\\_** in <#c1>, which keeps their HP and Hit Dice until it ends: ' +
        'a change that moves their hit point maximum (`hp`, `con`, `hit-die`) waits for `/init end` there.',
    ],
    [NOTHING_TO_CHANGE_TEXT, 'Give at least one thing to change, e.g. `level:6` or `hp:52`.'],
    [CREATED_NOTE, 'Created; it is your active character.'],
    [SAVED_NOTE, 'Saved.'],
    [IMPORTED_NOTE, 'Imported; it is your active character.'],
    [revivedNote(3), 'Brought back by the game master, at 3 HP.'],
    [nowActiveText(bram), 'Bram \\*the\\* Bold is now your active character.'],
    [deleteQuestionText(bram), 'Delete **Bram \\*the\\* Bold** for good? It cannot be undone.'],
    [CHARACTER_GONE_TEXT, 'That character is gone, or is not yours.'],
    [characterKeptText(bram), 'Bram \\*the\\* Bold stays.'],
    [characterDeletedText(bram), 'Bram \\*the\\* Bold is deleted.'],
    [
      NOT_LAST_FIGHT_GAME_MASTER_TEXT,
      "Only the game master of this channel's last fight, or a member with Manage Channels, can bring a character back.",
    ],
    [
      notInLastFightText('<Zed>'),
      'No character called "\\<Zed\\>" joined this channel\'s last fight: revive a character in the channel of the fight it died in, ' +
        'before another fight there.',
    ],
    [
      NO_FIGHT_HERE_TEXT,
      'This channel has had no fight: revive a character in the channel of the fight it died in, before another fight there.',
    ],
    [notDeadText(bram), 'Bram \\*the\\* Bold is not dead.'],
  ])('%s', (said, words) => {
    expect(said).toBe(words);
  });

  it('exports the sheet as a JSON code block, one space an indent', () => {
    expect(characterExportText({ name: 'Alice', level: 5 })).toBe('```json\n{\n "name": "Alice",\n "level": 5\n}\n```');
  });

  it("sends an export past a message's 2,000 characters as a file that reads back the same", () => {
    // A name of 48 backticks takes 288 characters escaped; a long list does the rest.
    const exported = { name: '`'.repeat(48), conditions: Array.from({ length: 100 }, () => 'incapacitated') };
    const reply = characterExportReply(exported, '`'.repeat(48));
    expect(reply.content).toBe(
      "The sheet is too long for a message: here it is as `character.json`, for `/character import`'s `file` option.",
    );
    expect(reply.ephemeral).toBe(true);
    expect(reply.files?.map((file) => file.name)).toEqual(['character.json']);
    expect(JSON.parse(Buffer.from(reply.files?.[0]?.data ?? []).toString('utf8'))).toEqual(exported);
    const small = characterExportReply({ name: 'Alice' }, 'Alice');
    expect(small).toEqual({ ephemeral: true, content: '```json\n{\n "name": "Alice"\n}\n```' });
  });

  it('keeps a name holding ``` inside the code block, and reads back the same', () => {
    const text = characterExportText({ name: 'A```**b**' });
    const json = text.slice('```json\n'.length, -'\n```'.length);
    expect(json).not.toContain('`');
    expect(JSON.parse(json)).toEqual({ name: 'A```**b**' });
  });
});
