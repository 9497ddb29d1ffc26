import { SlashCommandBuilder } from '@discordjs/builders';
import type { Command } from '../../../src/framework/command';
import { isUnfinished, parseConsoleLine, tokenize, type LocalFiles } from '../../../src/transports/console-input';
import { CommandRegistry } from '../../../src/framework/registry';
import { command as character } from '../../../commands/character';

const noop = () => Promise.resolve({});

const roll: Command = {
  definition: new SlashCommandBuilder()
    .setName('roll')
    .setDescription('Roll dice')
    .addStringOption((o) => o.setName('dice').setDescription('Dice').setRequired(true))
    .addStringOption((o) => o.setName('label').setDescription('Label'))
    .addIntegerOption((o) => o.setName('times').setDescription('Times').setMinValue(1).setMaxValue(20))
    .addBooleanOption((o) => o.setName('secret').setDescription('Secret'))
    .addStringOption((o) =>
      o.setName('mode').setDescription('Mode').addChoices({ name: 'Advantage', value: 'advantage' }, { name: 'Normal', value: 'normal' }),
    ),
  execute: noop,
};

const init: Command = {
  definition: new SlashCommandBuilder()
    .setName('init')
    .setDescription('Initiative')
    .addSubcommand((s) =>
      s
        .setName('begin')
        .setDescription('Begin')
        .addStringOption((o) => o.setName('name').setDescription('Name')),
    )
    .addSubcommand((s) => s.setName('next').setDescription('Next')),
  execute: noop,
};

const config: Command = {
  definition: new SlashCommandBuilder()
    .setName('config')
    .setDescription('Config')
    .addChannelOption((o) => o.setName('channel').setDescription('Channel')),
  execute: noop,
};

const registry = new CommandRegistry([roll, init, config]);

describe('tokenize', () => {
  it('keeps quoted values whole and unquotes them', () => {
    expect(tokenize('/roll dice:1d20+5 label:"Sneak attack"')).toEqual({
      ok: true,
      tokens: ['/roll', 'dice:1d20+5', 'label:Sneak attack'],
    });
  });
  it('accepts escaped quotes inside quotes', () => {
    expect(tokenize('label:"say \\"hi\\""')).toEqual({ ok: true, tokens: ['label:say "hi"'] });
  });
  it('reports an unclosed quote', () => {
    expect(tokenize('label:"oops')).toEqual({ ok: false, error: 'a " quote is not closed' });
  });
});

describe('parseConsoleLine', () => {
  it('reads a command with typed options', () => {
    expect(parseConsoleLine('/roll dice:4d6kh3 times:3 secret:true mode:advantage', registry)).toEqual({
      ok: true,
      action: {
        kind: 'command',
        user: null,
        channel: null,
        name: 'roll',
        options: { subcommandGroup: null, subcommand: null, values: { dice: '4d6kh3', times: 3, secret: true, mode: 'advantage' } },
      },
    });
  });

  it('reads the user and channel prefixes and the subcommand', () => {
    expect(parseConsoleLine('@GM #Tavern /init begin name:"Goblin ambush"', registry)).toEqual({
      ok: true,
      action: {
        kind: 'command',
        user: 'gm',
        channel: 'tavern',
        name: 'init',
        options: { subcommandGroup: null, subcommand: 'begin', values: { name: 'Goblin ambush' } },
      },
    });
  });

  it('reads a channel as written in a message, #name, or as its bare name (a console channel id)', () => {
    const channel = (line: string) => {
      const parsed = parseConsoleLine(line, registry);
      return parsed?.ok && parsed.action.kind === 'command' ? parsed.action.options.values : parsed;
    };
    expect(channel('/config channel:#gm-screen')).toEqual({ channel: 'gm-screen' });
    expect(channel('/config channel:gm-screen')).toEqual({ channel: 'gm-screen' });
    expect(channel('/config channel:gm screen')).toEqual({
      ok: false,
      error: 'option channel takes a channel, such as #gm-screen, not "gm screen"',
    });
  });

  it('reads an unquoted value with spaces up to the next name:, as /help shows it', () => {
    const values = (line: string) => {
      const parsed = parseConsoleLine(line, registry);
      return parsed?.ok && parsed.action.kind === 'command' ? parsed.action.options.values : parsed;
    };
    expect(values('/roll dice:8d6 [fire] secret:true')).toEqual({ dice: '8d6 [fire]', secret: true });
    expect(values('/roll dice:1d20+5 to hit label:Sneak  attack')).toEqual({ dice: '1d20+5 to hit', label: 'Sneak attack' });
    expect(values('/roll dice:"8d6 [fire]" secret:true')).toEqual({ dice: '8d6 [fire]', secret: true });
    expect(values('/roll dice: 2d6')).toEqual({ dice: '2d6' });
  });

  it('reads a button press by label', () => {
    expect(parseConsoleLine('@alice click:"Next turn"', registry)).toEqual({
      ok: true,
      action: { kind: 'click', user: 'alice', channel: null, target: 'Next turn' },
    });
  });

  it('ignores blank lines and comments, and reads a bare channel switch', () => {
    expect(parseConsoleLine('   ', registry)).toBeNull();
    expect(parseConsoleLine('// set up', registry)).toBeNull();
    expect(parseConsoleLine('#dungeon', registry)).toEqual({ ok: true, action: { kind: 'switch', channel: 'dungeon' } });
  });

  it.each([
    ['/dance', 'unknown command /dance'],
    ['/roll', '/roll needs dice:'],
    ['/roll dice:1d20 times:0', 'option times must be at least 1'],
    ['/roll dice:1d20 times:2.5', 'option times takes a whole number, not "2.5"'],
    ['/roll dice:1d20 secret:maybe', 'option secret takes true or false, not "maybe"'],
    ['/roll dice:1d20 mode:sideways', 'option mode must be one of: advantage, normal'],
    ['/roll dice:1d20 colour:red', '/roll has no option colour (options: dice, label, times, secret, mode)'],
    ['/roll dice:1d20 fire colour:red', '/roll has no option colour (options: dice, label, times, secret, mode)'],
    ['/roll dice:1d20 times:2 3', 'option times takes a whole number, not "2 3"'],
    ['/roll dice:1d20 dice:1d4', 'option dice is given twice'],
    ['/roll 1d20', '"1d20" is not an option: write name:value'],
    ['/init', '/init needs one of: begin, next'],
    ['/init start', '/init needs one of: begin, next'],
    ['roll dice:1d20', 'a line is a slash command like /roll dice:1d20, or click:<button>'],
    ['@ /roll dice:1d20', '"@" is not a valid user name'],
  ])('refuses %s', (line, error) => {
    expect(parseConsoleLine(line, registry)).toEqual({ ok: false, error });
  });

  test('an attachment option takes a file named after @, and says how when given anything else', () => {
    const characters = new CommandRegistry([character]);
    const files: LocalFiles = {
      text: () => ({ ok: false, error: 'unused' }),
      attachment: (path) =>
        path === 'hollis.json'
          ? { ok: true, attachment: { name: 'hollis.json', url: 'file:///tmp/hollis.json', size: 9931, contentType: null } }
          : { ok: false, error: `there is no file ${path}` },
    };
    expect(parseConsoleLine('/character import file:hollis.json', characters, files)).toEqual({
      ok: false,
      error: 'option file takes a file: write file:@path/to/file.json',
    });
    expect(parseConsoleLine('/character import file:@nobody.json', characters, files)).toEqual({
      ok: false,
      error: 'option file: there is no file nobody.json',
    });
    expect(parseConsoleLine('/character import file:@hollis.json', characters, files)).toEqual({
      ok: true,
      action: {
        kind: 'command',
        user: null,
        channel: null,
        name: 'character',
        options: {
          subcommandGroup: null,
          subcommand: 'import',
          values: {},
          attachments: { file: { name: 'hollis.json', url: 'file:///tmp/hollis.json', size: 9931, contentType: null } },
        },
      },
    });
  });
});

describe('JSON in a line', () => {
  const characters = new CommandRegistry([character]);
  const json = (line: string, files?: LocalFiles) => {
    const parsed = parseConsoleLine(line, characters, files);
    return parsed?.ok && parsed.action.kind === 'command' ? parsed.action.options.values.json : parsed;
  };

  test('the JSON /help and /character export show is taken as written: quotes, spaces and all', () => {
    expect(json('/character import json:{"format":"rollcall-character","version":1,…}')).toBe(
      '{"format":"rollcall-character","version":1,…}',
    );
    expect(json('/character import json:{"name": "Bram Stone", "class": "fighter: champion", "level": 5}')).toBe(
      '{"name": "Bram Stone", "class": "fighter: champion", "level": 5}',
    );
    expect(json('/character import json: {"a": "} \\" {"}')).toBe('{"a": "} \\" {"}');
  });

  test('JSON pasted over several lines is one value, and the first lines say there is more to read', () => {
    const lines = ['/character import json:{', ' "format": "rollcall-character",', ' "sheet": {"name": "Bram"}', '}'];
    expect(lines.slice(0, 3).map((_, i) => isUnfinished(lines.slice(0, i + 1).join('\n')))).toEqual([true, true, true]);
    expect(isUnfinished(lines.join('\n'))).toBe(false);
    expect(json(lines.join('\n'))).toBe(lines.join('\n').slice('/character import json:'.length));
    expect(parseConsoleLine(lines[0] ?? '', characters)).toEqual({
      ok: false,
      error: 'a { is not closed: the JSON runs on to its closing }',
    });
    expect(isUnfinished('/roll dice:"1d20')).toBe(false);
  });

  test('json:@file reads the file; a file that cannot be read is named in the error', () => {
    const files: LocalFiles = {
      text: (path) =>
        path === 'bram.json' ? { ok: true, text: '{"format": "rollcall-character"}' } : { ok: false, error: `there is no file ${path}` },
      attachment: () => ({ ok: false, error: 'unused' }),
    };
    expect(json('/character import json:@bram.json', files)).toBe('{"format": "rollcall-character"}');
    expect(json('/character import json:@gone.json', files)).toEqual({ ok: false, error: 'option json: there is no file gone.json' });
  });

  test('a quote inside a word is a letter; one where a value begins still quotes it', () => {
    const values = (line: string) => {
      const parsed = parseConsoleLine(line, registry);
      return parsed?.ok && parsed.action.kind === 'command' ? parsed.action.options.values : parsed;
    };
    expect(values("/roll dice:1d20 label:Bram's sneak attack")).toEqual({ dice: '1d20', label: "Bram's sneak attack" });
    expect(values('/roll dice:1d20 label:"Bram\'s: sneak"')).toEqual({ dice: '1d20', label: "Bram's: sneak" });
  });
});

describe('comments', () => {
  test('// and # followed by a space (or nothing) are comments; #name with no space switches channel', () => {
    expect(parseConsoleLine('# scripted fight', registry)).toBeNull();
    expect(parseConsoleLine('  #\tround two', registry)).toBeNull();
    expect(parseConsoleLine('#', registry)).toBeNull();
    expect(parseConsoleLine('// set up', registry)).toBeNull();
    expect(parseConsoleLine('#dungeon', registry)).toEqual({ ok: true, action: { kind: 'switch', channel: 'dungeon' } });
  });
});
