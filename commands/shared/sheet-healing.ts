import { healCharacter } from '../../src/characters/heal';
import { nameKey, type Character } from '../../src/characters/sheet';
import { rollAmount } from '../../src/combat/amount';
import { rankByName } from '../../src/framework/autocomplete';
import { UserError, type AutocompleteChoice, type AutocompleteContext, type CommandContext } from '../../src/framework/command';
import { getRuleSet } from '../../src/rules';
import type { Reply } from '../../src/views/reply';
import {
  characterToHealUnclearText,
  deadCharacterHealText,
  healInFightText,
  healRacedText,
  noCharacterToHealText,
  sheetHealingReply,
} from '../../src/views/sheet-healing-text';
import { fightAsTold, ownerOf } from './characters';
import { combatantChoices, encountersOf, placeOf } from './encounter';

/**
 * The character `typed` names: the caller's own, else one who joined the channel's last fight, whom
 * anyone may heal, as anyone may heal a combatant in a fight.
 */
async function characterToHeal(ctx: CommandContext, typed: string): Promise<Character> {
  const own = await ctx.services.characters.find(ownerOf(ctx), typed);
  if (own !== null) return own;
  const party = await ctx.services.characters.lastParty(placeOf(ctx));
  const named = (party?.characters ?? []).filter((c) => nameKey(c.name) === nameKey(typed));
  const [only] = named;
  if (only === undefined) throw new UserError(noCharacterToHealText(typed));
  if (named.length > 1) throw new UserError(characterToHealUnclearText(typed));
  return only;
}

/**
 * `/hp heal` where no fight runs: a character regains hit points on its sheet by the rules in force
 * here, as a potion drunk after the fight would heal it, so one left at 0 HP can stand and rest again.
 */
export async function healOnSheet(ctx: CommandContext, input: { target: string; amount: string }): Promise<Reply> {
  const character = await characterToHeal(ctx, input.target);
  const [fight, { ruleset }] = await Promise.all([
    ctx.services.characters.fightOf(character.id),
    ctx.services.settings.effectiveRuleset(placeOf(ctx)),
  ]);
  if (fight !== null) throw new UserError(healInFightText(character, fightAsTold(ctx, character, fight)));
  const amount = rollAmount(input.amount, ctx.services.random, 'healing');
  const healing = healCharacter(getRuleSet(ruleset), character, amount.total);
  if (healing === null) throw new UserError(deadCharacterHealText(character));
  if (!(await ctx.services.characters.recordStateIfUnchanged(character.id, character, healing.character, ctx.claim))) {
    throw new UserError(healRacedText(character));
  }
  return sheetHealingReply(amount.roll, healing, ruleset);
}

/**
 * Suggestions for `/hp heal target:`: the fight's combatants (none yet in one just begun, where a
 * heal goes to the fight); with no fight here, the characters a heal would reach on their sheets
 * (the caller's, then those of the channel's last fight).
 */
export async function suggestHealTargets(ctx: AutocompleteContext, typed: string): Promise<AutocompleteChoice[]> {
  const encounter = await encountersOf(ctx).seen(placeOf(ctx));
  ctx.signal?.throwIfAborted();
  if (encounter !== null) return combatantChoices(encounter.combatants, typed);
  const [own, party] = await Promise.all([ctx.services.characters.list(ownerOf(ctx)), ctx.services.characters.lastParty(placeOf(ctx))]);
  ctx.signal?.throwIfAborted();
  const names = new Map([...own, ...(party?.characters ?? [])].map((c) => [nameKey(c.name), c.name]));
  return rankByName([...names.values()], (name) => name, typed).map((name) => ({ name, value: name }));
}
