import { SlashCommandBuilder } from '@discordjs/builders';
import { isGameMaster } from '../src/combat/permissions';
import { restCharacter, type RestKind, type RestRequest } from '../src/characters/rest';
import type { Character } from '../src/characters/sheet';
import { CHARACTER_NAME_MAX_LENGTH, MAX_LEVEL } from '../src/characters/sheet';
import { UserError, type Command, type CommandContext } from '../src/framework/command';
import { characterNamedOrActive } from '../src/framework/character-commands';
import { actorOf, encountersOf, placeOf } from '../src/framework/encounter-commands';
import { optionalBoolean, optionalInteger, optionalString } from '../src/framework/options';
import { getRuleSet } from '../src/rules';
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
        o.setName('hit-dice').setDescription('How many Hit Dice to spend (default 0)').setMinValue(0).setMaxValue(MAX_LEVEL),
      )
      .addStringOption((o) =>
        o
          .setName('character')
          .setDescription('Which of your characters (default: your active one)')
          .setMaxLength(CHARACTER_NAME_MAX_LENGTH),
      )
      .addBooleanOption((o) => o.setName('healers-kit').setDescription("D&D Next: a healer's kit lets you spend Hit Dice")),
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
      .addBooleanOption((o) => o.setName('party').setDescription("Game master: rest every character of this channel's last encounter")),
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

async function rulesHere(ctx: CommandContext) {
  const { ruleset } = await ctx.services.settings.effectiveRuleset(placeOf(ctx));
  return getRuleSet(ruleset);
}

async function restOne(ctx: CommandContext, character: Character, request: RestRequest): Promise<Reply> {
  const rested = restCharacter(await rulesHere(ctx), character, request, ctx.services.random);
  if (!rested.ok) throw new UserError(`${characterName(character)} cannot take a ${request.kind} rest: ${rested.reason}`);
  const { character: after, events, healed } = rested.value;
  await ctx.services.characters.recordStates([{ id: after.id, state: after }]);
  return restReply(character, after, request.kind, events, healed);
}

/** The game master rests everyone who joined the channel's last fight with a stored character. */
async function restParty(ctx: CommandContext): Promise<Reply> {
  const party = await ctx.services.characters.lastParty(placeOf(ctx));
  if (party === null || party.characters.length === 0) throw new UserError("No stored characters joined this channel's last encounter.");
  if (party.gameMasterId !== ctx.user.id && !ctx.permissions.manageChannels) {
    throw new UserError("Only the last encounter's game master, or a member with Manage Channels, can rest the party.");
  }
  const ruleSet = await rulesHere(ctx);
  const embeds = [];
  for (const character of party.characters) {
    const rested = restCharacter(ruleSet, character, { kind: 'long', hitDice: 0, healersKit: false }, ctx.services.random);
    if (!rested.ok) {
      embeds.push({ description: `**${characterName(character)}** cannot rest: ${rested.reason}`, color: COLORS.warning });
      continue;
    }
    await ctx.services.characters.recordStates([{ id: character.id, state: rested.value.character }]);
    embeds.push(...(restReply(character, rested.value.character, 'long', rested.value.events, rested.value.healed).embeds ?? []));
  }
  return { embeds: embeds.slice(0, 10) };
}

async function run(ctx: CommandContext): Promise<Reply> {
  const kind: RestKind | null = ctx.options.subcommand === 'short' || ctx.options.subcommand === 'long' ? ctx.options.subcommand : null;
  if (kind === null) throw new UserError('Choose `/rest short` or `/rest long`.');
  await refuseDuringFight(ctx);
  if (kind === 'long' && optionalBoolean(ctx.options, 'party')) return restParty(ctx);
  const character = await characterNamedOrActive(ctx, optionalString(ctx.options, 'character'));
  const request: RestRequest = {
    kind,
    hitDice: optionalInteger(ctx.options, 'hit-dice') ?? 0,
    healersKit: optionalBoolean(ctx.options, 'healers-kit'),
  };
  return restOne(ctx, character, request);
}

export const command: Command = {
  definition,
  examples: ['/rest short hit-dice:2', '/rest short hit-dice:1 character:Brannoc', '/rest long', '/rest long party:true'],
  execute: run,
};
