import { SlashCommandBuilder } from '@discordjs/builders';
import type { Command } from '../../../src/framework/command';
import { dispatchAutocomplete } from '../../../src/framework/dispatch';
import { CommandRegistry } from '../../../src/framework/registry';
import { unitContext } from '../commands/context';

const unused = (): Promise<never> => Promise.reject(new Error('not used'));

describe("autocomplete choices fit Discord's limits, or Discord refuses them all (issue 23 item 1)", () => {
  it('at most 25 choices; a name past 100 characters is shortened, a value past 100 left out', async () => {
    const choices = [
      { name: 'n'.repeat(150), value: 'short' },
      { name: 'too long to send back', value: 'v'.repeat(101) },
      ...Array.from({ length: 40 }, (_, i) => ({ name: `Goblin ${i}`, value: `Goblin ${i}` })),
    ];
    const command: Command = {
      definition: new SlashCommandBuilder().setName('probe').setDescription('probe'),
      execute: unused,
      autocomplete: () => Promise.resolve(choices),
    };
    const base = unitContext({}, { send: unused, sendDirect: unused, edit: unused, pin: unused });
    const offered = await dispatchAutocomplete(new CommandRegistry([command]), 'probe', { ...base, focused: { name: 'x', value: '' } });
    expect(offered).toHaveLength(25);
    expect(offered[0]).toEqual({ name: `${'n'.repeat(99)}…`, value: 'short' });
    expect(offered.map((c) => c.value)).not.toContain('v'.repeat(101));
    expect(offered.every((c) => c.name.length <= 100 && c.value.length <= 100)).toBe(true);
  });
});
