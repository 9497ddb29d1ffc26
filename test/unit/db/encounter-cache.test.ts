import { EncounterCache } from '../../../src/db/encounter-cache';
import { fresh } from '../combat/support';

function inChannel(channelId: string, version = 0) {
  return { ...fresh(), id: `enc-${channelId}`, channelId, version };
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
});
