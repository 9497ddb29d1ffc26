import { SlashCommandBuilder } from '@discordjs/builders';
import type { Command } from '../../../src/framework/command';
import { parseConsoleLine, tokenize } from '../../../src/transports/console-input';
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

  test('an attachment option is refused: the console cannot attach files, and pastes JSON instead', () => {
    const characters = new CommandRegistry([character]);
    expect(parseConsoleLine('/character import file:hollis.json', characters)).toEqual({
      ok: false,
      error: 'option file takes a file, which the console cannot attach (paste JSON with json: instead)',
    });
    expect(parseConsoleLine('/character import json:{}', characters)).toMatchObject({ ok: true });
  });
});
