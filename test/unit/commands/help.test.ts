import pino from 'pino';
import { ApplicationCommandOptionType, type APIApplicationCommandOption } from 'discord-api-types/v10';
import { registry } from '../../../commands';
import { dispatchAutocomplete, dispatchCommand } from '../../../src/framework/dispatch';
import { parseConsoleLine } from '../../../src/transports/console-input';
import { EMBED_LIMITS } from '../../../src/views/embeds';
import type { Embed, Reply } from '../../../src/views/reply';
import { unitContext } from './context';

const services = { logger: pino({ level: 'silent' }) };
const messenger = {
  send: () => Promise.resolve('m'),
  sendDirect: () => Promise.resolve('m'),
  edit: () => Promise.resolve(true),
  pin: () => Promise.resolve(true),
};

function help(values: Record<string, string> = {}): Promise<Reply> {
  return dispatchCommand(registry, 'help', unitContext(services, messenger, values));
}

function text(embed: Embed | undefined): string {
  return [embed?.title, embed?.description, ...(embed?.fields ?? []).flatMap((f) => [f.name, f.value]), embed?.footer].join('\n');
}

function embedSize(embed: Embed): number {
  return [embed.title, embed.description, embed.footer, ...(embed.fields ?? []).flatMap((f) => [f.name, f.value])].join('').length;
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

  test('never sends a Discord user to the README, and fits in one embed', async () => {
    const embeds = [await help(), ...(await Promise.all(registry.commands.map((c) => help({ command: c.definition.name }))))].flatMap(
      (r) => r.embeds ?? [],
    );
    for (const embed of embeds) {
      expect(text(embed)).not.toMatch(/readme/i);
      expect(embedSize(embed)).toBeLessThanOrEqual(EMBED_LIMITS.total);
      expect(embed.fields?.length ?? 0).toBeLessThanOrEqual(EMBED_LIMITS.fields);
      for (const field of embed.fields ?? []) expect(field.value.length).toBeLessThanOrEqual(EMBED_LIMITS.fieldValue);
    }
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
      'No command /dance. Try one of: roll, init, hp, condition, attack, check, save, character, rest, config, help.',
    );
  });

  test('the command option suggests command names as they are typed', async () => {
    const ctx = { ...unitContext(services, messenger, { command: 'in' }), focused: { name: 'command', value: 'in' } };
    const choices = await dispatchAutocomplete(registry, 'help', ctx);
    expect(choices.map((c) => c.value)).toEqual(['init', 'condition']);
  });
});
