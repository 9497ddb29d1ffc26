import pino from 'pino';
import { ApplicationCommandOptionType, type APIApplicationCommandOption } from 'discord-api-types/v10';
import { registry } from '../../../commands';
import { dispatchAutocomplete, dispatchCommand } from '../../../src/framework/dispatch';
import { parseConsoleLine } from '../../../src/transports/console-input';
import type { Embed, Reply } from '../../../src/views/reply';
import { embedLimitViolations } from '../../support/embed-limits';
import { unitContext } from './context';

const services = { logger: pino({ level: 'silent' }) };
const messenger = {
  send: () => Promise.resolve('m'),
  sendDirect: () => Promise.resolve('m'),
  edit: () => Promise.resolve(true),
  pin: () => Promise.resolve(true),
};

function help(values: Record<string, string | number> = {}): Promise<Reply> {
  return dispatchCommand(registry, 'help', unitContext(services, messenger, values));
}

/** Every page of the help for `command` (or of the overview): page 1, then each page its footer names as the next. */
async function pages(command?: string): Promise<Embed[]> {
  const found: Embed[] = [];
  for (let page = 1; ; page++) {
    const embed = (await help({ ...(command === undefined ? {} : { command }), page })).embeds?.[0];
    if (embed === undefined) break;
    found.push(embed);
    if (!embed.footer?.includes(`page:${page + 1}`)) break;
  }
  return found;
}

function text(embed: Embed | undefined): string {
  return [embed?.title, embed?.description, ...(embed?.fields ?? []).flatMap((f) => [f.name, f.value]), embed?.footer].join('\n');
}

/** Every command and subcommand as a player types its start: `/roll`, `/init add`, `/hp damage`. */
function invocations(): string[] {
  return registry.commands.flatMap((command) => {
    const json = command.definition.toJSON();
    const subcommands = (json.options ?? []).filter((o: APIApplicationCommandOption) => o.type === ApplicationCommandOptionType.Subcommand);
    return subcommands.length === 0 ? [`/${json.name}`] : subcommands.map((s) => `/${json.name} ${s.name}`);
  });
}

function startsWithInvocation(example: string, invocation: string): boolean {
  return example === invocation || example.startsWith(`${invocation} `);
}

describe('/help', () => {
  test('shows an example of every command and subcommand, each one a line the console accepts', async () => {
    const reply = await help();
    const shown = text(reply.embeds?.[0]);
    const examples = [...shown.matchAll(/`(\/[^`]+)`/g)].map((m) => m[1] ?? '');
    for (const invocation of invocations()) {
      expect([invocation, examples.some((e) => startsWithInvocation(e, invocation))]).toEqual([invocation, true]);
    }
    for (const example of examples) {
      const parsed = parseConsoleLine(example, registry);
      expect([example, parsed?.ok]).toEqual([example, true]);
    }
  });

  test('carries the SRD attribution word for word on its last overview page and on the help of /monster and /cast', async () => {
    const attribution = (embeds: readonly Embed[]): string | undefined =>
      embeds.flatMap((embed) => embed.fields ?? []).find((field) => field.name === 'Monsters and spells: the SRD')?.value;
    const expected = [
      'This work includes material from the System Reference Document 5.2 ("SRD 5.2") by Wizards of the Coast LLC, available at https://www.dndbeyond.com/srd. The SRD 5.2 is licensed under the Creative Commons Attribution 4.0 International License, available at https://creativecommons.org/licenses/by/4.0/legalcode.',
      'This work includes material taken from the System Reference Document 5.1 ("SRD 5.1") by Wizards of the Coast LLC and available at https://dnd.wizards.com/resources/systems-reference-document. The SRD 5.1 is licensed under the Creative Commons Attribution 4.0 International License available at https://creativecommons.org/licenses/by/4.0/legalcode.',
    ].join('\n');
    expect(attribution(await pages())).toBe(expected);
    expect(attribution(await pages('monster'))).toBe(expected);
    expect(attribution(await pages('cast'))).toBe(expected);
    expect(attribution(await pages('roll'))).toBeUndefined();
  });

  test("/help's line for /config names what each of its subcommands sets, live pages and harm too", async () => {
    const overview = (await pages()).flatMap((embed) => embed.fields ?? []).find((field) => field.name === '/config')?.value ?? '';
    const [description] = overview.split('\n');
    for (const subject of ['rule set', 'rest rules', 'game master channel', 'live pages', 'whom players may harm']) {
      expect([subject, description?.includes(subject)]).toEqual([subject, true]);
    }
  });

  test("/roll's help lists the whole dice notation a refused roll sends the player to", async () => {
    const notation = (await pages('roll')).flatMap((embed) => embed.fields ?? []).find((field) => field.name === 'Dice notation')?.value;
    for (const operator of [
      '`4d6kh3`',
      '`4d6pl1`',
      '`2d6rr1`',
      '`2d6ro<3`',
      '`3d6ra6`',
      '`2d6e6`',
      '`8d6mi2`',
      '`4d8ma6`',
      '`d%`',
      '`//`',
      '`[fire]`',
    ]) {
      expect([operator, notation?.includes(operator)]).toEqual([operator, true]);
    }
    expect(notation).toContain('At most 1,000 dice, 1,000,000 sides and 500 characters.');
    const refused = await dispatchCommand(registry, 'roll', unitContext(services, messenger, { dice: '4d6dl1' }));
    expect(refused.embeds?.[0]?.description ?? refused.content).toContain('`/help command:roll` lists the rest.');
  });

  test("never sends a Discord user to the README, and every page fits Discord's limits", async () => {
    for (const embed of [...(await pages()), ...(await Promise.all(registry.commands.map((c) => pages(c.definition.name)))).flat()]) {
      expect(text(embed)).not.toMatch(/readme/i);
      expect([embed.title, embedLimitViolations(embed)]).toEqual([embed.title, []]);
    }
  });

  test('every example of every command is shown whole, on a line of its own, on a page of its help', async () => {
    for (const command of registry.commands) {
      const lines = (await pages(command.definition.name)).flatMap((embed) => text(embed).split('\n'));
      for (const example of command.examples ?? []) expect([example, lines.includes(`\`${example}\``)]).toEqual([example, true]);
    }
    const overview = (await pages()).flatMap((embed) => text(embed).split('\n'));
    for (const command of registry.commands.filter((c) => c.definition.name !== 'help')) {
      const headline = command.examples?.[0] ?? '';
      expect([headline, overview.includes(`\`${headline}\``)]).toEqual([headline, true]);
    }
  });

  test('command:init shows the /init add example that runs past one field whole, in a field that continues it', async () => {
    const [embed] = await pages('init');
    const add = (embed?.fields ?? []).filter((f) => f.name.startsWith('/init add'));
    expect(add.map((f) => f.name)).toEqual(['/init add', '/init add (continued)']);
    expect(add.map((f) => f.value).join('\n')).toContain('`/init add name:Ogre chief hp:59 ac:11 saves:con+3,str+4 level:7 con:16`');
  });

  test('a page past the last is refused with the number of pages', async () => {
    const reply = await help({ command: 'init', page: 2 });
    expect(reply.ephemeral).toBe(true);
    expect(text(reply.embeds?.[0])).toContain('There is no page 2: this help has 1.');
  });

  test('command:hp shows each subcommand with its options, their descriptions, and an example', async () => {
    const reply = await help({ command: 'hp' });
    const embed = reply.embeds?.[0];
    expect(embed?.title).toBe('/hp');
    expect(embed?.fields?.map((f) => f.name)).toEqual(['/hp damage', '/hp heal', '/hp temp', '/hp set', '/hp max']);
    const damage = embed?.fields?.[0]?.value ?? '';
    expect(damage).toContain('Deal damage');
    expect(damage).toMatch(/`target` \(required\): /);
    expect(damage).toMatch(/`critical`: A critical hit/);
    expect(damage).toMatch(/`\/hp damage target:/);
  });

  test('command:save names the death and concentration saves among its abilities, with an example of each', async () => {
    const shown = (await pages('save')).map(text).join('\n');
    expect(shown).toContain(
      '`ability` (required): Which saving throw: an ability, death (the death save due) or concentration (the save damage left)\n',
    );
    expect(shown).toContain('`/save ability:death`\n');
    expect(shown).toContain('`/save ability:concentration mode:advantage`');
  });

  test("command:character: edit's options name no defaults, since what an edit leaves out stays as it was", async () => {
    const shown = (await pages('character')).map(text).join('\n');
    const edit = shown.slice(shown.indexOf('/character edit\n'), shown.indexOf('/character show\n'));
    expect(edit).toContain("Change one of your characters' sheet: what you leave out stays as it is");
    expect(edit).toContain('`str`: Strength score\n');
    expect(edit).toContain('`hp`: Hit point maximum (left out: follows level, hit die and Con)\n');
    expect(edit).toContain('`ac`: Armour class\n');
    expect(edit).not.toContain('default');
    const create = shown.slice(shown.indexOf('/character create\n'), shown.indexOf('/character edit\n'));
    expect(create).toContain('`str`: Strength score (default 10)\n');
  });

  test('command:roll shows its options and every example; a leading slash is fine', async () => {
    const reply = await help({ command: '/roll' });
    const shown = text(reply.embeds?.[0]);
    expect(shown).toMatch(/`dice` \(required\): /);
    expect(shown).toContain('`/roll dice:8d6 [fire] secret:true`');
  });

  test('an unknown command is refused with the list of commands', async () => {
    const reply = await help({ command: 'dance' });
    expect(reply.ephemeral).toBe(true);
    expect(text(reply.embeds?.[0])).toContain(
      'No command /dance. Try one of: roll, init, hp, condition, attack, cast, check, save, character, rest, monster, config, help.',
    );
  });

  test('the command option suggests command names as they are typed', async () => {
    const ctx = { ...unitContext(services, messenger, { command: 'in' }), focused: { name: 'command', value: 'in' } };
    const choices = await dispatchAutocomplete(registry, 'help', ctx);
    expect(choices.map((c) => c.value)).toEqual(['init', 'condition']);
  });
});
