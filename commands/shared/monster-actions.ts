import { attackerOf } from '../../src/combat/attacks';
import { actionNames, choose, type MonsterActionInput } from '../../src/combat/monster-actions';
import type { RuleSetId } from '../../src/rules/ids';
import { actionCast } from './casting';
import { CombatRefusal } from '../../src/combat/refusals';
import { monsterAction } from '../../src/combat/steps';
import type { Change } from '../../src/combat/transition';
import { MAX_COMBATANTS, type Combatant } from '../../src/combat/types';
import type { Monster } from '../../src/compendium/types';
import { rankByName } from '../../src/framework/autocomplete';
import {
  UserError,
  type AutocompleteChoice,
  type AutocompleteContext,
  type CommandContext,
  type InvocationContext,
} from '../../src/framework/command';
import type { RollMode } from '../../src/rules/types';
import { ATTACK_BONUS } from '../../src/views/attack-text';
import { gameMasterAccount, resultReply } from '../../src/views/encounter-replies';
import { blockGone } from '../../src/views/monster-action-text';
import type { Reply } from '../../src/views/reply';
import { actorOf, applyStep, encountersOf, labelOf, placeOf, refreshTracker, withHarmSetting } from './encounter';
import { secretRollReply } from './secret-rolls';
import { extended } from '../../src/framework/extended';
import { requireSeenEncounter } from '../../src/framework/requirements';

/** `target:` for an action: one combatant, or several separated by commas. */
export function targetsOf(typed: string): string[] {
  const named = typed
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return [...new Set(named)].slice(0, MAX_COMBATANTS);
}

/**
 * The acting combatant, found as the change will find it, and the stat block its link names: on the
 * state this process last saw, so finding them costs no read (`stillActing` checks it again).
 * `signal`: a suggestion's deadline, which stops it between the encounter and the block.
 */
async function actingBlock(
  ctx: InvocationContext,
  typedAttacker: string | null,
  signal?: AbortSignal,
): Promise<{ attacker: Combatant; block: Monster; ruleSet: RuleSetId }> {
  const encounter = await requireSeenEncounter(ctx);
  signal?.throwIfAborted();
  const attacker = attackerOf(encounter, actorOf(ctx), typedAttacker);
  if (attacker.monster === null) throw new CombatRefusal({ kind: 'no-stat-block', combatant: attacker.name });
  const block = await ctx.services.bestiary.blockOf(ctx.guildId, attacker.monster);
  if (block === undefined) throw new UserError(blockGone(attacker.name, attacker.monster.block));
  return { attacker, block, ruleSet: encounter.ruleSet };
}

/** A monster's action from its stat block: `/attack action:`, and `/init legendary action:`. */
export async function runMonsterAction(
  ctx: CommandContext,
  input: { attacker: string | null; action: string; targets: string; legendary: boolean; mode?: RollMode; secret: boolean },
): Promise<Reply> {
  const { attacker, block, ruleSet } = await actingBlock(ctx, input.attacker);
  const targets = targetsOf(input.targets);
  const { action } = choose(block, input.action, input.legendary);
  const cast = await actionCast(block, action, ruleSet, { caster: attacker.id, targets, bonusReason: ATTACK_BONUS });
  const actionInput: MonsterActionInput = {
    attacker: attacker.id,
    block,
    action: input.action,
    targets,
    legendary: input.legendary,
    secret: input.secret,
    bonusReason: ATTACK_BONUS,
    // The optional fields last: in Node 20's V8, keys written after a spread take a slow path.
    ...(input.mode === undefined ? {} : { mode: input.mode }),
    ...(cast === undefined ? {} : { cast: { secret: input.secret, ...cast, ...(input.mode === undefined ? {} : { mode: input.mode }) } }),
  };
  return applyAttack(ctx, stillActing(input.attacker, attacker, monsterAction), actionInput);
}

/**
 * A monster's action or a spell, refused when the combatant found acting is not the one who acts on
 * the state the change runs on: another process may have moved the turn since this one last saw the
 * encounter.
 */
export function stillActing<Input>(typedAttacker: string | null, found: Combatant, change: Change<[Input]>): Change<[Input]> {
  return (encounter, stepCtx, input) => {
    if (attackerOf(encounter, stepCtx.actor, typedAttacker).id !== found.id) {
      throw new CombatRefusal({ kind: 'attacker-changed', combatant: found.name });
    }
    return change(encounter, stepCtx, input);
  };
}

/**
 * Suggests the actions of the acting combatant's block for `action:` as it is typed: the one the
 * option `actor` names (`attacker` of /attack, `target` of /init legendary), else the caller's own or
 * the current one. Nothing when there is none the caller may act as.
 */
export function suggestActions(actor: 'attacker' | 'target') {
  return async (ctx: AutocompleteContext, typed: string): Promise<AutocompleteChoice[]> => {
    const named = ctx.options.values[actor];
    try {
      const { attacker, block } = await actingBlock(ctx, typeof named === 'string' && named.trim() !== '' ? named : null, ctx.signal);
      ctx.signal?.throwIfAborted();
      const recharging = new Set(attacker.monster?.recharging.map((r) => r.action) ?? []);
      // `/init legendary` offers the block's legendary actions; `/attack` every action it has.
      return rankByName(actionNames(block, actor === 'target'), (name) => name, typed).map((name) => ({
        name: recharging.has(name) ? `${name} (recharging)` : name,
        value: name,
      }));
    } catch (error) {
      if (error instanceof UserError || error instanceof CombatRefusal) return [];
      throw error;
    }
  };
}

/**
 * Applies an attack or an action and answers. A secret one reaches the roller and the game master as
 * any secret roll does: the roller's copy keeps a hidden monster's numbers hidden, the game master's
 * has them; buttons (a concentration save) stay with the roller's copy.
 */
export async function applyAttack<Input extends { secret?: boolean; anyoneMayHarm?: boolean }>(
  ctx: CommandContext,
  change: Change<[Input]>,
  input: Input,
): Promise<Reply> {
  if (input.secret !== true) return withHarmSetting(ctx, (anyoneMayHarm) => applyStep(ctx, change, extended(input, { anyoneMayHarm })));
  const result = await withHarmSetting(ctx, (anyoneMayHarm) =>
    encountersOf(ctx).apply(actorOf(ctx), placeOf(ctx), labelOf(ctx), change, extended(input, { anyoneMayHarm })),
  );
  await refreshTracker(ctx, result.encounter);
  const reply = resultReply(result);
  const account = gameMasterAccount(result);
  const secretReply = await secretRollReply(ctx, reply.embeds ?? [], account === null ? undefined : [account]);
  return { ...secretReply, components: reply.components ?? [] };
}
