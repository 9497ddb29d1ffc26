import { SlashCommandBuilder } from '@discordjs/builders';
import { isGameMaster } from '../src/combat/permissions';
import { restCharacter, type RestChoices, type RestKind, type RestRequest } from '../src/characters/rest';
import type { Character } from '../src/characters/sheet';
import { CHARACTER_NAME_MAX_LENGTH, MAX_LEVEL } from '../src/characters/sheet';
import { UserError, type Command, type CommandContext, type CommandOptions } from '../src/framework/command';
import { characterNamedOrActive } from '../src/framework/character-commands';
import { actorOf, encountersOf, placeOf } from '../src/framework/encounter-commands';
import { givenBoolean, optionalBoolean, optionalInteger, optionalString } from '../src/framework/options';
import { getRuleSet, type RuleSet } from '../src/rules';
import { characterName } from '../src/views/character-sheet';
import { COLORS } from '../src/views/embeds';
import type { Reply } from '../src/views/reply';
import { restReply } from '../src/views/rest-text';

const definition = new SlashCommandBuilder()
  .setName('rest')
  .setDescription('Rest a character: spend Hit Dice on a short rest, recover on a long one')
  .setDMPermission(false)
  .addSubcommand((sub) =>
    sub
      .setName('short')
      .setDescription('A short rest: spend Hit Dice to regain HP')
      .addIntegerOption((o) =>
        o
          .setName('hit-dice')
          .setDescription('How many Hit Dice to spend, one at a time until HP are full (default 0)')
          .setMinValue(0)
          .setMaxValue(MAX_LEVEL),
      )
      .addStringOption((o) =>
        o
          .setName('character')
          .setDescription('Which of your characters (default: your active one)')
          .setMaxLength(CHARACTER_NAME_MAX_LENGTH),
      )
      .addBooleanOption((o) => o.setName('healers-kit').setDescription("D&D Next: a healer's kit lets you spend Hit Dice"))
      .addIntegerOption((o) =>
        o.setName('hours').setDescription('D&D Next Experimental Rule 1: hours rested (default 1)').setMinValue(1).setMaxValue(24),
      )
      .addIntegerOption((o) =>
        o
          .setName('minutes')
          .setDescription('D&D Next Experimental Rule 2: minutes rested, in 5-minute spells (default 5)')
          .setMinValue(5)
          .setMaxValue(1440),
      ),
  )
  .addSubcommand((sub) =>
    sub
      .setName('long')
      .setDescription('A long rest: HP, Hit Dice, exhaustion, fatigue and strife as the rule set says')
      .addStringOption((o) =>
        o
          .setName('character')
          .setDescription('Which of your characters (default: your active one)')
          .setMaxLength(CHARACTER_NAME_MAX_LENGTH),
      )
      .addBooleanOption((o) => o.setName('party').setDescription("Game master: rest every character of this channel's last encounter"))
      .addBooleanOption((o) =>
        o.setName('haven').setDescription('A5E: resting at a Haven, where a second or later level of fatigue or strife recovers'),
      )
      .addBooleanOption((o) => o.setName('supply').setDescription('A5E: whether the rest consumed 1 Supply (false: 1 level of fatigue)'))
      .addBooleanOption((o) =>
        o.setName('roughing-it').setDescription('A5E: roughing it, half the Hit Dice and no fatigue or strife recovery'),
      )
      .addIntegerOption((o) =>
        o.setName('hours').setDescription('D&D Next experimental rests: hours rested (default 8)').setMinValue(6).setMaxValue(24),
      )
      .addBooleanOption((o) =>
        o.setName('strenuous').setDescription('D&D Next Experimental Rule 1: something strenuous happened, so no Con-score bonus'),
      ),
  );

/** No rest while this channel's fight runs, unless its game master calls for one. */
async function refuseDuringFight(ctx: CommandContext): Promise<void> {
  const encounter = await encountersOf(ctx).get(placeOf(ctx));
  if (encounter !== null && !isGameMaster(actorOf(ctx), encounter)) {
    throw new UserError(
      `${encounter.name} is still running in this channel: rest after \`/init end\`, or ask the game master (${encounter.gameMasterName}).`,
    );
  }
}

/** The rule set in force here and the server's rest rules. */
async function rulesHere(ctx: CommandContext): Promise<{ ruleSet: RuleSet; choices: RestChoices }> {
  const [{ ruleset }, choices] = await Promise.all([
    ctx.services.settings.effectiveRuleset(placeOf(ctx)),
    ctx.services.settings.restRules(ctx.guildId),
  ]);
  return { ruleSet: getRuleSet(ruleset), choices };
}

async function restOne(ctx: CommandContext, character: Character, request: RestRequest): Promise<Reply> {
  const { ruleSet, choices } = await rulesHere(ctx);
  const rested = restCharacter(ruleSet, choices, character, request, ctx.services.random);
  if (!rested.ok) throw new UserError(`${characterName(character)} cannot take a ${request.kind} rest: ${rested.reason}`);
  await ctx.services.characters.recordStates([{ id: character.id, state: rested.value.character }]);
  return restReply(character, request.kind, rested.value);
}

/** The game master rests everyone who joined the channel's last fight with a stored character. */
async function restParty(ctx: CommandContext, request: RestRequest): Promise<Reply> {
  const party = await ctx.services.characters.lastParty(placeOf(ctx));
  if (party === null || party.characters.length === 0) throw new UserError("No stored characters joined this channel's last encounter.");
  if (party.gameMasterId !== ctx.user.id && !ctx.permissions.manageChannels) {
    throw new UserError("Only the last encounter's game master, or a member with Manage Channels, can rest the party.");
  }
  const { ruleSet, choices } = await rulesHere(ctx);
  const embeds = [];
  for (const character of party.characters) {
    const rested = restCharacter(ruleSet, choices, character, request, ctx.services.random);
    if (!rested.ok) {
      embeds.push({ description: `**${characterName(character)}** cannot rest: ${rested.reason}`, color: COLORS.warning });
      continue;
    }
    await ctx.services.characters.recordStates([{ id: character.id, state: rested.value.character }]);
    embeds.push(...(restReply(character, 'long', rested.value).embeds ?? []));
  }
  return { embeds: embeds.slice(0, 10) };
}

function requestOf(options: CommandOptions, kind: RestKind): RestRequest {
  return {
    kind,
    hitDice: optionalInteger(options, 'hit-dice') ?? 0,
    healersKit: optionalBoolean(options, 'healers-kit'),
    haven: givenBoolean(options, 'haven'),
    supply: givenBoolean(options, 'supply'),
    roughingIt: givenBoolean(options, 'roughing-it'),
    strenuous: givenBoolean(options, 'strenuous'),
    hours: optionalInteger(options, 'hours') ?? undefined,
    minutes: optionalInteger(options, 'minutes') ?? undefined,
  };
}

async function run(ctx: CommandContext): Promise<Reply> {
  const kind: RestKind | null = ctx.options.subcommand === 'short' || ctx.options.subcommand === 'long' ? ctx.options.subcommand : null;
  if (kind === null) throw new UserError('Choose `/rest short` or `/rest long`.');
  await refuseDuringFight(ctx);
  const request = requestOf(ctx.options, kind);
  if (kind === 'long' && optionalBoolean(ctx.options, 'party')) return restParty(ctx, request);
  const character = await characterNamedOrActive(ctx, optionalString(ctx.options, 'character'));
  return restOne(ctx, character, request);
}

export const command: Command = {
  definition,
  examples: [
    '/rest short hit-dice:2',
    '/rest short hit-dice:1 character:Brannoc',
    '/rest long',
    '/rest long party:true',
    '/rest long haven:true supply:true',
    '/rest short hours:2',
  ],
  execute: run,
};
