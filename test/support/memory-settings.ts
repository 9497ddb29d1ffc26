import {
  DEFAULT_LIVE_MONSTER_HP,
  DEFAULT_PLAYERS_HARM,
  type PlayersHarm,
  DEFAULT_REST_RULES,
  rulesetInForce,
  type LiveMonsterHp,
  type RestRules,
  type SettingsPlace,
  type SettingsStore,
  type StoredRuleset,
} from '../../src/settings/store';

/** The settings store in memory, for unit tests of handlers; the settings store tests hold it to the PostgreSQL one's behaviour. */
export function createMemorySettingsStore(now: () => Date = () => new Date()): SettingsStore {
  const servers = new Map<string, StoredRuleset>();
  const channels = new Map<string, StoredRuleset & { guildId: string }>();
  const gmChannels = new Map<string, string>();
  const rests = new Map<string, RestRules>();
  const liveMonsterHp = new Map<string, LiveMonsterHp>();
  const playersHarm = new Map<string, PlayersHarm>();
  const channelIn = ({ guildId, channelId }: SettingsPlace) => {
    const channel = channels.get(channelId);
    return channel?.guildId === guildId ? channel : undefined;
  };
  const parentOf = ({ guildId, parentChannelId }: SettingsPlace) =>
    parentChannelId == null ? null : (channelIn({ guildId, channelId: parentChannelId }) ?? null);
  return {
    effectiveRuleset: (place) =>
      Promise.resolve(
        rulesetInForce({ channel: channelIn(place) ?? null, parent: parentOf(place), server: servers.get(place.guildId) ?? null }),
      ),
    setGuildRuleset({ guildId, ruleset, userId }) {
      servers.set(guildId, { ruleset, updatedBy: userId, updatedAt: now() });
      return Promise.resolve();
    },
    setChannelRuleset({ guildId, channelId, ruleset, userId }) {
      channels.set(channelId, { guildId, ruleset, updatedBy: userId, updatedAt: now() });
      return Promise.resolve();
    },
    clearChannelRuleset: (place) => Promise.resolve(channelIn(place) !== undefined && channels.delete(place.channelId)),
    gmChannel: (guildId) => Promise.resolve(gmChannels.get(guildId) ?? null),
    setGmChannel({ guildId, channelId }) {
      if (channelId === null) gmChannels.delete(guildId);
      else gmChannels.set(guildId, channelId);
      return Promise.resolve();
    },
    restRules: (guildId) => Promise.resolve(rests.get(guildId) ?? DEFAULT_REST_RULES),
    setRestRules({ guildId, rules }) {
      rests.set(guildId, { ...rules });
      return Promise.resolve();
    },
    liveMonsterHp: (guildId) => Promise.resolve(liveMonsterHp.get(guildId) ?? DEFAULT_LIVE_MONSTER_HP),
    setLiveMonsterHp({ guildId, monsterHp }) {
      liveMonsterHp.set(guildId, monsterHp);
      return Promise.resolve();
    },
    playersHarm: (guildId) => Promise.resolve(playersHarm.get(guildId) ?? DEFAULT_PLAYERS_HARM),
    setPlayersHarm(change) {
      playersHarm.set(change.guildId, change.playersHarm);
      return Promise.resolve();
    },
  };
}
