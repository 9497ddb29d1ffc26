import { DEFAULT_RULESET, isRuleSetId, type RuleSetId } from '../rules/ids';
import { NEXT_REST_VARIANTS, type NextRestVariant } from '../rules/types';

/**
 * Where the rule set in force comes from: the channel's (or thread's) override, the override of the
 * channel a thread was opened under, the server's choice, or the default.
 */
export type RulesetSource = 'channel' | 'parent' | 'server' | 'default';

export interface EffectiveRuleset {
  ruleset: RuleSetId;
  source: RulesetSource;
  /** Who chose it, and when; null for the default. */
  updatedBy: string | null;
  updatedAt: Date | null;
}

/**
 * The rest rules a server's table chose (`/config rests`). Each applies only where its rule set is
 * played: the Next variant in D&D Next channels, Supply in A5E ones.
 */
export interface RestRules {
  /** D&D Next's optional slower recovery or experimental rests (RULES.md §23d). */
  nextRests: NextRestVariant;
  /** A5E Supply: every long rest says whether it consumed 1 Supply; without one it gives 1 fatigue (§23e). */
  a5eSupply: boolean;
}

export const DEFAULT_REST_RULES: RestRules = { nextRests: 'standard', a5eSupply: false };

/** Stored rest rules, with a Next variant this version does not know read as the standard rules. */
export function restRulesFrom(stored: { nextRests: string; a5eSupply: boolean } | null): RestRules {
  if (stored === null) return DEFAULT_REST_RULES;
  const known = (NEXT_REST_VARIANTS as readonly string[]).includes(stored.nextRests);
  return { nextRests: known ? (stored.nextRests as NextRestVariant) : 'standard', a5eSupply: stored.a5eSupply };
}

/** How monsters' hit points show on a server's live pages: in words (unhurt … near death), or not at all. */
export const LIVE_MONSTER_HP = ['words', 'hidden'] as const;
export type LiveMonsterHp = (typeof LIVE_MONSTER_HP)[number];
export const DEFAULT_LIVE_MONSTER_HP: LiveMonsterHp = 'words';

/** A stored choice, with one this version does not know read as the default. */
export function liveMonsterHpFrom(stored: string | null | undefined): LiveMonsterHp {
  return (LIVE_MONSTER_HP as readonly (string | null | undefined)[]).includes(stored) ? (stored as LiveMonsterHp) : DEFAULT_LIVE_MONSTER_HP;
}

/**
 * Whom players may harm (damage, a level of exhaustion or the like): by default their own combatants
 * and the game master's; `anyone` for tables that let players apply damage to each other's too.
 */
export const PLAYERS_HARM = ['own', 'anyone'] as const;
export type PlayersHarm = (typeof PLAYERS_HARM)[number];
export const DEFAULT_PLAYERS_HARM: PlayersHarm = 'own';

/** A stored choice, with one this version does not know read as the default. */
export function playersHarmFrom(stored: string | null | undefined): PlayersHarm {
  return (PLAYERS_HARM as readonly (string | null | undefined)[]).includes(stored) ? (stored as PlayersHarm) : DEFAULT_PLAYERS_HARM;
}

/** A channel and the server it belongs to. */
export interface SettingsPlace {
  guildId: string;
  channelId: string;
  /** For a thread, the channel it was opened under, whose rule set it follows until it has its own; null or absent elsewhere. */
  parentChannelId?: string | null;
}

/**
 * Where each server's and channel's choices live. Handlers reach the database only through stores
 * like this one, so they can be tested with an in-memory one.
 */
export interface SettingsStore {
  /** The rule set in force in a channel: its override, else (in a thread) its parent channel's, else the server's choice, else the default. */
  effectiveRuleset(place: SettingsPlace): Promise<EffectiveRuleset>;
  /** Sets the server's rule set, remembering who did. */
  setGuildRuleset(change: { guildId: string; ruleset: RuleSetId; userId: string }): Promise<void>;
  /** Overrides the rule set for one channel, remembering who did. */
  setChannelRuleset(change: SettingsPlace & { ruleset: RuleSetId; userId: string }): Promise<void>;
  /** Removes a channel's override, so the server's rule set applies again; false when there was none. */
  clearChannelRuleset(place: SettingsPlace): Promise<boolean>;
  /** The channel where the game master's copies of secret rolls are posted in a server, or null. */
  gmChannel(guildId: string): Promise<string | null>;
  /** Sets (or, with null, clears) the server's game master channel, remembering who did. */
  setGmChannel(change: { guildId: string; channelId: string | null; userId: string }): Promise<void>;
  /** The server's rest rules, or the defaults. */
  restRules(guildId: string): Promise<RestRules>;
  /** Sets the server's rest rules, remembering who did. */
  setRestRules(change: { guildId: string; rules: RestRules; userId: string }): Promise<void>;
  /** How monsters' hit points show on the server's live pages. */
  liveMonsterHp(guildId: string): Promise<LiveMonsterHp>;
  /** Sets it, remembering who did. */
  setLiveMonsterHp(change: { guildId: string; monsterHp: LiveMonsterHp; userId: string }): Promise<void>;
  /** Whom players may harm in the server's fights. */
  playersHarm(guildId: string): Promise<PlayersHarm>;
  /** Sets it; the server's rule set stays as it was. */
  setPlayersHarm(change: { guildId: string; playersHarm: PlayersHarm; userId: string }): Promise<void>;
}

/** A choice as a store keeps it: the id (perhaps of a rule set since removed), who made it, and when. */
export interface StoredRuleset {
  ruleset: string;
  updatedBy: string;
  updatedAt: Date;
}

/** The stored choices that may decide a place's rule set, each null when unset. */
export interface StoredRulesets {
  channel: StoredRuleset | null;
  /** The parent channel's, for a thread. */
  parent: StoredRuleset | null;
  server: StoredRuleset | null;
}

/**
 * The rule set in force: the first stored choice of the channel, its parent channel and its server.
 * A stored id this version does not know is passed over, as if unset, rather than breaking every
 * command in that channel.
 */
export function rulesetInForce(stored: StoredRulesets): EffectiveRuleset {
  for (const source of ['channel', 'parent', 'server'] as const) {
    const choice = stored[source];
    if (choice && isRuleSetId(choice.ruleset)) {
      return { ruleset: choice.ruleset, source, updatedBy: choice.updatedBy, updatedAt: choice.updatedAt };
    }
  }
  return { ruleset: DEFAULT_RULESET, source: 'default', updatedBy: null, updatedAt: null };
}
