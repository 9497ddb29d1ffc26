import { CombatRefusal } from '../../src/combat/refusals';
import { deltaOf, hiddenHitPointChanges, wholeSide, type EncounterDelta, type EncounterSide } from '../../src/combat/delta';
import type { LastChange } from '../../src/combat/lifecycle';
import { fightEntry, type FightEntry, type FightRecord } from '../../src/combat/recap';
import type { EncounterStore, SavedChange, SheetWrite } from '../../src/combat/store';
import type { Encounter, EncounterLogEntry } from '../../src/combat/types';

/** One logged change as the PostgreSQL store keeps it: the entry, its delta (no `before` for the begin), and whether it undid one. */
interface StoredEntry extends FightEntry {
  id: string;
  before: EncounterSide | null;
  after: EncounterSide;
  delta: EncounterDelta | null;
  isUndo: boolean;
}

interface StoredFight {
  encounter: Encounter;
  entries: StoredEntry[];
}

/**
 * The encounter store in memory, for handler tests that need no PostgreSQL. The shared contract
 * suite (`test/integration/combat/encounter-store-contract.ts`) holds it to the PostgreSQL store's
 * behaviour. `writeSheets` receives what the end of a fight writes back to stored characters, in
 * the same call as the end, as the PostgreSQL store writes them in the same statement.
 */
export function createMemoryEncounterStore(
  options: { now?: () => Date; writeSheets?: (sheets: readonly SheetWrite[]) => void } = {},
): EncounterStore {
  const now = options.now ?? (() => new Date());
  const fights: StoredFight[] = [];
  /** Interaction ids saves recorded as handled, as the processed_interactions table keeps them. */
  const claimed = new Set<string>();
  let nextEntry = 1;

  const activeIn = (channelId: string) => fights.find((f) => f.encounter.channelId === channelId && f.encounter.endedAt === null);
  const lastEndedIn = (channelId: string) =>
    // As the PostgreSQL store: a fight ended before round 1 has nothing to recap and hides no real one.
    fights.filter((f) => f.encounter.channelId === channelId && f.encounter.endedAt !== null && f.encounter.round > 0).at(-1);

  function lastChange(fight: StoredFight): LastChange | null {
    const last = [...fight.entries].reverse().find((e) => !e.undone && e.delta !== null && !e.isUndo);
    if (last?.delta == null) return null;
    return { id: last.id, actorId: last.actorId, actorName: last.actorName, command: last.command, detail: last.detail, delta: last.delta };
  }

  function record(fight: StoredFight, entry: Omit<StoredEntry, 'id'>): void {
    fight.entries.push({ ...entry, id: String(nextEntry) });
    nextEntry += 1;
  }

  return {
    active: (channelId) => Promise.resolve(activeIn(channelId)?.encounter ?? null),
    cached: (channelId) => Promise.resolve(activeIn(channelId)?.encounter ?? null),
    newer(encounterId, version) {
      const fight = fights.find((f) => f.encounter.id === encounterId);
      return Promise.resolve(fight !== undefined && fight.encounter.version > version ? fight.encounter : null);
    },

    create(begun, actor) {
      if (activeIn(begun.encounter.channelId) !== undefined) return Promise.resolve(false);
      const fight: StoredFight = { encounter: begun.encounter, entries: [] };
      const after = wholeSide(begun.encounter);
      record(fight, { ...fightEntry(actor, begun, begun.encounter.createdAt), before: null, after, delta: null, isUndo: false });
      fights.push(fight);
      return Promise.resolve(true);
    },

    update(channelId, actor, change, updateOptions = {}) {
      const fight = activeIn(channelId);
      if (fight === undefined) return Promise.resolve(null);
      try {
        const before = fight.encounter;
        const transition = change(before, updateOptions.withLastChange === true ? lastChange(fight) : null);
        const { claim } = updateOptions;
        if (claim !== undefined) {
          if (claimed.has(claim)) throw new CombatRefusal({ kind: 'already-handled' });
          claimed.add(claim);
        }
        const at = now();
        const encounter: Encounter = { ...transition.encounter, version: before.version + 1 };
        const delta = deltaOf(before, transition.encounter);
        if (transition.undoes !== undefined) {
          const undone = fight.entries.find((e) => e.id === transition.undoes);
          if (undone !== undefined) undone.undone = true;
        }
        const isUndo = transition.events.some((e) => e.kind === 'undone');
        record(fight, { ...fightEntry(actor, transition, at), before: delta.before, after: delta.after, delta, isUndo });
        fight.encounter = encounter;
        if (transition.sheets !== undefined && transition.sheets.length > 0) options.writeSheets?.(transition.sheets);
        const saved: SavedChange = { ...transition, encounter };
        const prepared = updateOptions.prepare === undefined ? {} : { prepared: updateOptions.prepare(saved) };
        return Promise.resolve(
          updateOptions.withFight === true ? { ...saved, ...prepared, entries: fight.entries.map(entryOf) } : { ...saved, ...prepared },
        );
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },

    log(channelId, count) {
      const fight = activeIn(channelId);
      if (fight === undefined) return Promise.resolve(null);
      const newest = [...fight.entries].reverse().slice(0, count);
      return Promise.resolve(
        newest.map((e): EncounterLogEntry => ({
          at: e.at,
          actorId: e.actorId,
          actorName: e.actorName,
          command: e.command,
          detail: e.detail,
          undone: e.undone,
          hiddenHitPoints: hiddenHitPointChanges(e.before, e.after),
          events: e.events,
        })),
      );
    },

    setTrackerMessage(encounterId, messageId) {
      const fight = fights.find((f) => f.encounter.id === encounterId);
      if (fight !== undefined) fight.encounter = { ...fight.encounter, trackerMessageId: messageId, version: fight.encounter.version + 1 };
      return Promise.resolve();
    },

    fight(channelId, which) {
      const fight = which === 'active' ? activeIn(channelId) : lastEndedIn(channelId);
      const found: FightRecord | null = fight === undefined ? null : { encounter: fight.encounter, entries: fight.entries.map(entryOf) };
      return Promise.resolve(found);
    },
    fightOutline(channelId, which) {
      const fight = which === 'active' ? activeIn(channelId) : lastEndedIn(channelId);
      if (fight === undefined) return Promise.resolve(null);
      // As the PostgreSQL store reads it: a hidden combatant now, or one added hidden and removed since.
      const hidden =
        fight.encounter.combatants.some((c) => c.hidden) ||
        fight.entries.some((entry) => entry.events.some((e) => e.kind === 'combatant-added' && e.combatant.hidden));
      return Promise.resolve({ encounter: fight.encounter, hidden });
    },
  };
}

function entryOf(entry: StoredEntry): FightEntry {
  return {
    at: entry.at,
    actorId: entry.actorId,
    actorName: entry.actorName,
    command: entry.command,
    detail: entry.detail,
    undone: entry.undone,
    events: entry.events,
  };
}
