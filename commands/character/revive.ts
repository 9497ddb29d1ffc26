import { nameKey } from '../../src/characters/sheet';
import { revivedState } from '../../src/characters/fight';
import { getRuleSet } from '../../src/rules';
import { rankByName } from '../../src/framework/autocomplete';
import { UserError, type AutocompleteChoice, type AutocompleteContext } from '../../src/framework/command';
import { integer } from '../../src/framework/options';
import { placeOf } from '../../src/framework/requirements';
import { subcommand } from '../../src/framework/slash-command';
import {
  NO_FIGHT_HERE_TEXT,
  NOT_LAST_FIGHT_GAME_MASTER_TEXT,
  notDeadText,
  notInLastFightText,
  revivedNote,
} from '../../src/views/character-text';
import { nameOption, shown } from './sheet';

/** Suggestions for `revive`: the dead of the channel's last fight, the ones it can bring back. */
export async function suggestTheDead(ctx: AutocompleteContext, typed: string): Promise<AutocompleteChoice[]> {
  const party = await ctx.services.characters.lastParty(placeOf(ctx));
  ctx.signal?.throwIfAborted();
  const dead = (party?.characters ?? []).filter((c) => c.dead);
  return rankByName(dead, (c) => c.name, typed).map((c) => ({ name: c.name, value: c.name }));
}

/**
 * A death the fight's end wrote to a sheet is the game master's to take back: the last fight's game
 * master in this channel (or a member with Manage Channels) brings a character of that fight back.
 */
export const revive = subcommand({
  description: "Game master: bring back a character who died in this channel's last fight",
  options: {
    ...nameOption('Which character of that fight', true),
    hp: integer('Hit points it comes back with (default 1)', { min: 1, max: 1000 }),
  },
  async run(ctx, options) {
    const typed = options.text('name');
    const party = await ctx.services.characters.lastParty(placeOf(ctx));
    if (party === null) throw new UserError(NO_FIGHT_HERE_TEXT);
    if (party.gameMasterId !== ctx.user.id && !ctx.permissions.manageChannels) throw new UserError(NOT_LAST_FIGHT_GAME_MASTER_TEXT);
    const character = party.characters.find((c) => nameKey(c.name) === nameKey(typed));
    if (character === undefined) throw new UserError(notInLastFightText(typed));
    if (!character.dead) throw new UserError(notDeadText(character));
    const { ruleset } = await ctx.services.settings.effectiveRuleset(placeOf(ctx));
    const state = revivedState(getRuleSet(ruleset), character, options.integer('hp') ?? 1);
    await ctx.services.characters.recordStates([{ id: character.id, state }]);
    return shown(ctx, { ...character, ...state }, revivedNote(state.hp));
  },
});
