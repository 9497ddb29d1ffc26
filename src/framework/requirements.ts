import { requireGameMaster } from '../combat/permissions';
import { CombatRefusal } from '../combat/refusals';
import type { Actor, Encounter, Place } from '../combat/types';
import { UserError, type InvocationContext } from './command';

/** The invoking member, as the combat rules know actors. */
export function actorOf(ctx: InvocationContext): Actor {
  return { userId: ctx.user.id, name: ctx.user.name, canManageChannel: ctx.permissions.manageChannels };
}

/** The channel (or thread) the invocation came from. */
export function placeOf(ctx: InvocationContext): Place {
  return { guildId: ctx.guildId, channelId: ctx.channelId, parentChannelId: ctx.parentChannelId ?? null };
}

const PERMISSION_NAMES = { guild: 'Manage Server', channels: 'Manage Channels' } as const;

export interface PermissionRequirement {
  manage: keyof typeof PERMISSION_NAMES;
  /** Completes "Only members with the … permission can": e.g. "clear this channel's rule set". */
  to: string;
}

/** What a subcommand requires before its handler runs, checked in this order. */
export interface Requirements {
  permission?: PermissionRequirement;
  /** A running encounter in the channel, which the handler receives. */
  encounter?: true;
  /** Only the encounter's game master (or a member with Manage Channels); completes "Only … can". Implies `encounter`. */
  gameMaster?: string;
}

/** Refuses a member without a Discord permission; `hint` says what they can do instead. */
export function requirePermission(ctx: InvocationContext, required: PermissionRequirement, hint?: string): void {
  const has = required.manage === 'guild' ? ctx.permissions.manageGuild : ctx.permissions.manageChannels;
  if (has) return;
  const refusal = `Only members with the ${PERMISSION_NAMES[required.manage]} permission can ${required.to}.`;
  throw new UserError(hint === undefined ? refusal : `${refusal} ${hint}`);
}

/** The channel's running encounter, or the refusal saying there is none. */
export async function requireEncounter(ctx: InvocationContext): Promise<Encounter> {
  const encounter = await ctx.services.encounters.get(placeOf(ctx));
  if (!encounter) throw new CombatRefusal({ kind: 'no-encounter' });
  return encounter;
}

/**
 * `requireEncounter` on the fight as this process last saw it (`seen`), at no cost while no other
 * process is heard to have changed it: for what a handler finds before its change, which the change
 * checks again on the state it runs on.
 */
export async function requireSeenEncounter(ctx: InvocationContext): Promise<Encounter> {
  const encounter = await ctx.services.encounters.seen(placeOf(ctx));
  if (!encounter) throw new CombatRefusal({ kind: 'no-encounter' });
  return encounter;
}

/** Checks a subcommand's declared requirements, one wording each; returns what they found. */
export async function checkRequirements(ctx: InvocationContext, requires: Requirements): Promise<{ encounter?: Encounter }> {
  if (requires.permission !== undefined) requirePermission(ctx, requires.permission);
  if (requires.encounter !== true && requires.gameMaster === undefined) return {};
  const encounter = await requireEncounter(ctx);
  if (requires.gameMaster !== undefined) requireGameMaster(actorOf(ctx), encounter, requires.gameMaster);
  return { encounter };
}
