import { SlashCommandBuilder } from '@discordjs/builders';
import type { Command } from '../src/framework/command';
import type { EmbedField } from '../src/views/reply';
import { COLORS } from '../src/views/embeds';

const definition = new SlashCommandBuilder().setName('help').setDescription('What Rollcall can do, with an example of each command');

function field(command: Command): EmbedField {
  const examples = (command.examples ?? []).map((e) => `\`${e}\``);
  return {
    name: `/${command.definition.name}`,
    value: [command.definition.description, ...examples].join('\n').slice(0, 1024),
  };
}

/** /help lists whatever the registry holds, so a new command documents itself. */
export function createHelpCommand(listCommands: () => readonly Command[]): Command {
  const help: Command = {
    definition,
    examples: ['/help'],
    execute() {
      return Promise.resolve({
        embeds: [
          {
            title: 'Rollcall: tabletop combat in Discord',
            description:
              'Dice, initiative, hit points, concentration and death saves, by the rules of the rule set chosen with `/config`. Start typing a command to see its options.',
            fields: listCommands()
              .filter((c) => c !== help)
              .map(field),
            footer: 'Dice notation: 4d6kh3, 1d20+5 adv, 2d6+3 [fire], (1d4+1, 3)kh1 — see the README for every operator.',
            color: COLORS.info,
          },
        ],
      });
    },
  };
  return help;
}
