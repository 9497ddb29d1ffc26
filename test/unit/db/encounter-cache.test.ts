import { EncounterCache, type UndoableChange } from '../../../src/db/encounter-cache';
import { fresh } from '../combat/support';

function inChannel(channelId: string, version = 0) {
  return { ...fresh(), id: `enc-${channelId}`, channelId, version };
}

/** A logged change as a save gives it to the cache, its documents as the texts sent. */
function change(id: string, padding = 0): UndoableChange {
  const side = { fields: { round: Number(id) }, combatants: [], effects: [], ...(padding > 0 ? { padding: 'x'.repeat(padding) } : {}) };
  return {
    id,
    actorId: 'gm',
    actorName: 'Dana',
    command: 'hp damage',
    detail: `hit ${id}`,
    before: JSON.stringify(side),
    after: JSON.stringify(side),
  };
}

/** Saves changes 1…count in channel a from version 0 on. */
function savedChanges(cache: EncounterCache, count: number): void {
  cache.remember(inChannel('a'));
  for (let version = 1; version <= count; version += 1)
    cache.saved(inChannel('a', version), { kind: 'change', change: change(String(version)) });
}

describe('the cache of active encounters', () => {
  it('keeps the latest state of each channel, up to its capacity, forgetting the least recently saved', () => {
    const cache = new EncounterCache(2);
    cache.remember(inChannel('a'));
    cache.remember(inChannel('b'));
    cache.remember(inChannel('a', 1));
    cache.remember(inChannel('c'));
    expect(cache.get('a')?.version).toBe(1);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')?.version).toBe(0);
  });

  it('keeps a newer state of the same encounter over an older one read late', () => {
    const cache = new EncounterCache(2);
    cache.remember(inChannel('a', 5));
    cache.remember(inChannel('a', 4));
    expect(cache.get('a')?.version).toBe(5);
    cache.remember({ ...inChannel('a', 0), id: 'a new fight' });
    expect(cache.get('a')?.id).toBe('a new fight');
  });

  it('forgets an encounter once it has ended', () => {
    const cache = new EncounterCache(2);
    cache.remember(inChannel('a'));
    cache.remember({ ...inChannel('a', 1), endedAt: new Date('2026-11-22T21:00:00Z') });
    expect(cache.get('a')).toBeUndefined();
  });

  it('gives an undo the last change saved here, its documents read back from the texts sent', () => {
    const cache = new EncounterCache(2);
    savedChanges(cache, 2);
    expect(cache.lastChange('a')).toEqual({
      id: '2',
      actorId: 'gm',
      actorName: 'Dana',
      command: 'hp damage',
      detail: 'hit 2',
      delta: {
        before: { fields: { round: 2 }, combatants: [], effects: [] },
        after: { fields: { round: 2 }, combatants: [], effects: [] },
      },
    });
  });

  it('takes an undone change off, so the next undo reverts the one before, for the latest five', () => {
    const cache = new EncounterCache(2);
    savedChanges(cache, 7);
    const undone: (string | undefined)[] = [];
    for (let version = 8; version <= 13; version += 1) {
      const last = cache.lastChange('a');
      undone.push(last?.id);
      cache.saved(inChannel('a', version), { kind: 'undo', undid: last?.id ?? 'read from the log' });
    }
    expect(undone).toEqual(['7', '6', '5', '4', '3', undefined]);
  });

  it('knows no last change for a state it read, after a save from a state it did not hold, or an undo of another change', () => {
    const cache = new EncounterCache(2);
    savedChanges(cache, 2);
    // Read again at the same version: still the state the changes were kept for.
    cache.remember(inChannel('a', 2));
    expect(cache.lastChange('a')?.id).toBe('2');
    // Another process saved version 3: this one read it.
    cache.remember(inChannel('a', 3));
    expect(cache.lastChange('a')).toBeUndefined();
    cache.saved(inChannel('a', 4), { kind: 'change', change: change('4') });
    // Version 6 saved here from a fresh read of 5: the change before it is not known.
    cache.saved(inChannel('a', 6), { kind: 'change', change: change('6') });
    cache.saved(inChannel('a', 7), { kind: 'undo', undid: '6' });
    expect(cache.lastChange('a')).toBeUndefined();
    const another = new EncounterCache(2);
    savedChanges(another, 2);
    another.saved(inChannel('a', 3), { kind: 'undo', undid: '1' });
    expect(another.lastChange('a')).toBeUndefined();
  });

  it('keeps a later state read from another process over its own earlier save landing after it', () => {
    const cache = new EncounterCache(2);
    savedChanges(cache, 2);
    cache.remember(inChannel('a', 4));
    cache.saved(inChannel('a', 3), { kind: 'change', change: change('3') });
    expect(cache.get('a')?.version).toBe(4);
    expect(cache.lastChange('a')).toBeUndefined();
  });

  it('keeps the changes past a version that logged nothing (the tracker message), and drops them with the encounter', () => {
    const cache = new EncounterCache(2);
    savedChanges(cache, 2);
    cache.saved({ ...inChannel('a', 3), trackerMessageId: 'm-1' }, { kind: 'nothing' });
    expect(cache.lastChange('a')?.id).toBe('2');
    cache.forget('a');
    expect(cache.lastChange('a')).toBeUndefined();
  });

  it('keeps no more than 16,384 characters of documents a channel: the oldest go first, and a larger change is not kept', () => {
    const cache = new EncounterCache(2);
    cache.remember(inChannel('a'));
    // Each change's two documents come to some 6,100 characters: two fit, not three.
    for (let version = 1; version <= 3; version += 1) {
      cache.saved(inChannel('a', version), { kind: 'change', change: change(String(version), 3_000) });
    }
    const undone: (string | undefined)[] = [];
    for (let version = 4; version <= 6; version += 1) {
      const last = cache.lastChange('a');
      undone.push(last?.id);
      cache.saved(inChannel('a', version), { kind: 'undo', undid: last?.id ?? 'read from the log' });
    }
    expect(undone).toEqual(['3', '2', undefined]);
    cache.saved(inChannel('a', 7), { kind: 'change', change: change('7') });
    cache.saved(inChannel('a', 8), { kind: 'change', change: change('8', 8_200) });
    expect(cache.lastChange('a')).toBeUndefined();
  });
});
