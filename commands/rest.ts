import { isGameMaster } from '../src/combat/permissions';
import { restCharacter, restOptionRefusal, type RestChoices, type RestRequest } from '../src/characters/rest';
import type { Character } from '../src/characters/sheet';
import { CHARACTER_NAME_MAX_LENGTH, MAX_LEVEL } from '../src/characters/sheet';
import { UserError, type CommandContext } from '../src/framework/command';
import { flag, integer, text } from '../src/framework/options';
import { commandOfSubcommands, subcommand } from '../src/framework/slash-command';
import { characterNamedOrActive, fightAsTold, suggestCharacters } from './shared/characters';
import { actorOf, encountersOf, placeOf } from './shared/encounter';
import { getRuleSet, type RuleSet } from '../src/rules';
import type { Reply } from '../src/views/reply';
import {
  NO_PARTY_TO_REST_TEXT,
  NOT_PARTY_GAME_MASTER_TEXT,
  partyMemberRestRefusedText,
  partyRestReply,
  type PartyRestOutcome,
  restDuringFightText,
  restInFightText,
  restOptionRefusalText,
  restRacedText,
  restRefusedText,
  restReply,
} from '../src/views/rest-text';

const CHARACTER_OPTION = text('Which of your characters (default: your active one)', {
  maxLength: CHARACTER_NAME_MAX_LENGTH,
  autocomplete: true,
});

/** No rest while this channel's fight runs, unless its game master calls for one. */
async function refuseDuringFight(ctx: CommandContext): Promise<void> {
  const encounter = await encountersOf(ctx).get(placeOf(ctx));
  if (encounter !== null && !isGameMaster(actorOf(ctx), encounter)) {
    throw new UserError(restDuringFightText(encounter));
  }
}

interface RulesHere {
  ruleSet: RuleSet;
  choices: RestChoices;
}

/** The rule set in force here and the server's rest rules. */
async function rulesHere(ctx: CommandContext): Promise<RulesHere> {
  const [{ ruleset }, choices] = await Promise.all([
    ctx.services.settings.effectiveRuleset(placeOf(ctx)),
    ctx.services.settings.restRules(ctx.guildId),
  ]);
  return { ruleSet: getRuleSet(ruleset), choices };
}

/**
 * Why `character` cannot rest now, or null: a running fight holds its state (its end writes it back,
 * over any rest taken meanwhile), or its sheet changed since it was read (another rest came first).
 */
async function restWritten(ctx: CommandContext, character: Character, rested: Character): Promise<string | null> {
  const fight = await ctx.services.characters.fightOf(character.id);
  if (fight !== null) return restInFightText(character, fightAsTold(ctx, character, fight));
  if (await ctx.services.characters.recordStateIfUnchanged(character.id, character, rested)) return null;
  return restRacedText(character);
}

/** Refuses an option the rules here have no use for, before anything is rested. */
function requireOptionsFit({ ruleSet, choices }: RulesHere, request: RestRequest): void {
  const misfit = restOptionRefusal(ruleSet, choices, request);
  if (misfit !== null) throw new UserError(restOptionRefusalText(misfit));
}

async function restOne(ctx: CommandContext, character: Character, request: RestRequest): Promise<Reply> {
  const rules = await rulesHere(ctx);
  requireOptionsFit(rules, request);
  const { ruleSet, choices } = rules;
  const rested = restCharacter(ruleSet, choices, character, request, ctx.services.random);
  if (!rested.ok) throw new UserError(restRefusedText(character, request.kind, rested.reason));
  const refused = await restWritten(ctx, character, rested.value.character);
  if (refused !== null) throw new UserError(refused);
  return restReply(character, request.kind, rested.value);
}

/** The game master rests everyone who joined the channel's last fight with a stored character. */
async function restParty(ctx: CommandContext, request: RestRequest): Promise<Reply> {
  const party = await ctx.services.characters.lastParty(placeOf(ctx));
  if (party === null || party.characters.length === 0) throw new UserError(NO_PARTY_TO_REST_TEXT);
  if (party.gameMasterId !== ctx.user.id && !ctx.permissions.manageChannels) {
    throw new UserError(NOT_PARTY_GAME_MASTER_TEXT);
  }
  const rules = await rulesHere(ctx);
  requireOptionsFit(rules, request);
  const { ruleSet, choices } = rules;
  const outcomes: PartyRestOutcome[] = [];
  for (const character of party.characters) {
    const rested = restCharacter(ruleSet, choices, character, request, ctx.services.random);
    if (!rested.ok) {
      outcomes.push({ character, rested: false, why: partyMemberRestRefusedText(character, rested.reason) });
      continue;
    }
    const refused = await restWritten(ctx, character, rested.value.character);
    outcomes.push(refused === null ? { character, rested: true, rest: rested.value } : { character, rested: false, why: refused });
  }
  return partyRestReply(outcomes);
}

/** Rests the party or one character, once no running fight forbids it; `request` reads the options after that check. */
async function rest(ctx: CommandContext, request: () => RestRequest, party: boolean, character: string | null): Promise<Reply> {
  await refuseDuringFight(ctx);
  const asked = request();
  if (party) return restParty(ctx, asked);
  return restOne(ctx, await characterNamedOrActive(ctx, character), asked);
}

const short = subcommand({
  description: 'A short rest: spend Hit Dice to regain HP',
  options: {
    'hit-dice': integer('How many Hit Dice to spend, one at a time until HP are full (default 0)', { min: 0, max: MAX_LEVEL }),
    character: CHARACTER_OPTION,
    'healers-kit': flag("D&D Next: a healer's kit lets you spend Hit Dice"),
    hours: integer('D&D Next Experimental Rule 1: hours rested (default 1)', { min: 1, max: 24 }),
    minutes: integer('D&D Next Experimental Rule 2: minutes rested, in 5-minute spells (default 5)', { min: 5, max: 1440 }),
  },
  run: (ctx, options) =>
    rest(
      ctx,
      () => ({
        kind: 'short',
        hitDice: options.integer('hit-dice') ?? 0,
        healersKit: options.flag('healers-kit'),
        haven: undefined,
        supply: undefined,
        roughingIt: undefined,
        strenuous: undefined,
        hours: options.integer('hours') ?? undefined,
        minutes: options.integer('minutes') ?? undefined,
      }),
      false,
      options.text('character'),
    ),
});

const long = subcommand({
  description: 'A long rest: HP, Hit Dice, exhaustion, fatigue and strife as the rule set says',
  options: {
    character: CHARACTER_OPTION,
    party: flag("Game master: rest every character of this channel's last encounter"),
    haven: flag('A5E: resting at a Haven, where a second or later level of fatigue or strife recovers'),
    supply: flag('A5E: whether the rest consumed 1 Supply (false: 1 level of fatigue)'),
    'roughing-it': flag('A5E: roughing it, half the Hit Dice and no fatigue or strife recovery'),
    hours: integer('D&D Next experimental rests: hours rested (default 8)', { min: 6, max: 24 }),
    strenuous: flag('D&D Next Experimental Rule 1: something strenuous happened, so no Con-score bonus'),
  },
  run: (ctx, options) =>
    rest(
      ctx,
      () => ({
        kind: 'long',
        hitDice: 0,
        healersKit: false,
        haven: options.givenFlag('haven'),
        supply: options.givenFlag('supply'),
        roughingIt: options.givenFlag('roughing-it'),
        strenuous: options.givenFlag('strenuous'),
        hours: options.integer('hours') ?? undefined,
        minutes: undefined,
      }),
      options.flag('party'),
      options.text('character'),
    ),
});

export const command = commandOfSubcommands({
  name: 'rest',
  description: 'Rest a character: spend Hit Dice on a short rest, recover on a long one',
  dmPermission: false,
  subcommands: { short, long },
  suggest: { character: suggestCharacters },
  examples: [
    '/rest short hit-dice:2',
    '/rest short hit-dice:1 character:Brannoc',
    '/rest long',
    '/rest long party:true',
    '/rest long haven:true supply:true',
    '/rest short hours:2',
  ],
});
