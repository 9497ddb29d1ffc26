import { HeardVersions } from '../../../src/db/heard-versions';
import { running } from '../../support/encounter-fixtures';

const changed = (encounterId: string, version: number) => ({ kind: 'changed', channelId: 'channel-1', encounterId, version }) as const;

describe('what a process has heard of the encounters’ versions', () => {
  it('vouches that nothing is newer than the newest version heard while listening, and no further', () => {
    const heard = new HeardVersions();
    heard.setListening(true);
    heard.hear(changed('e1', 4));
    heard.hear(changed('e1', 6));
    heard.hear(changed('e1', 5));
    expect(heard.nothingPast('e1', 6)).toBe(true);
    expect(heard.nothingPast('e1', 5)).toBe(false);
    expect(heard.nothingPast('e2', 1)).toBe(false);
  });

  it('hands each save heard while listening to its followers once the version is recorded, so a cache brought up to date by it is vouched for', () => {
    const heard = new HeardVersions();
    const followed: [number, boolean][] = [];
    heard.followSaves((notice) => followed.push([notice.version, heard.nothingPast(notice.encounterId, notice.version)]));
    heard.hear(changed('e1', 4));
    heard.setListening(true);
    heard.hear(changed('e1', 5));
    heard.hear({ ...changed('e1', 6), encounter: running });
    heard.hear({ kind: 'resync' });
    expect(followed).toEqual([[5, true]]);
  });

  it("tells that another process saves for three minutes after its last save heard, not after this process's own", () => {
    let now = 0;
    const heard = new HeardVersions(() => now);
    heard.setListening(true);
    heard.hear({ ...changed('e1', 4), from: heard.listenerName });
    expect(heard.othersSaving).toBe(false);
    heard.hear({ ...changed('e1', 5), from: 'another process' });
    now = 179_999;
    expect(heard.othersSaving).toBe(true);
    now = 180_000;
    expect(heard.othersSaving).toBe(false);
    heard.hear({ ...changed('e1', 6), from: 'another process' });
    heard.setListening(false);
    heard.setListening(true);
    expect(heard.othersSaving).toBe(false);
  });

  it('vouches for nothing heard while not listening, nor for anything heard before the connection was lost', () => {
    const heard = new HeardVersions();
    heard.hear(changed('e1', 4));
    expect(heard.nothingPast('e1', 4)).toBe(false);
    heard.setListening(true);
    heard.hear(changed('e1', 5));
    heard.setListening(false);
    expect(heard.nothingPast('e1', 5)).toBe(false);
    heard.setListening(true);
    expect(heard.nothingPast('e1', 5)).toBe(false);
  });

  it('vouches for a version it saved or read only when it was listening, without a break, since before the statement was sent', () => {
    const heard = new HeardVersions();
    const before = heard.since;
    heard.setListening(true);
    heard.current('e1', 3, before);
    expect(heard.nothingPast('e1', 3)).toBe(false);
    const sent = heard.since;
    heard.current('e1', 4, sent);
    expect(heard.nothingPast('e1', 4)).toBe(true);
    const sentBeforeTheBreak = heard.since;
    heard.setListening(false);
    heard.setListening(true);
    heard.current('e1', 5, sentBeforeTheBreak);
    expect(heard.nothingPast('e1', 5)).toBe(false);
  });

  it('takes this process’s own saves only from the store, not from the feed they are announced on', () => {
    const heard = new HeardVersions();
    heard.setListening(true);
    heard.hear({ ...changed(running.id, 4), encounter: running });
    expect(heard.nothingPast(running.id, 4)).toBe(false);
  });

  it('forgets what it heard when told that notices may have been missed', () => {
    const heard = new HeardVersions();
    heard.setListening(true);
    heard.hear(changed('e1', 5));
    heard.hear({ kind: 'resync' });
    expect(heard.nothingPast('e1', 5)).toBe(false);
  });

  it('knows a copy is out of date once a later save of its encounter was heard, and only then', () => {
    const heard = new HeardVersions();
    heard.setListening(true);
    expect(heard.heardPast('e1', 4)).toBe(false);
    heard.hear(changed('e1', 5));
    expect(heard.heardPast('e1', 4)).toBe(true);
    expect(heard.heardPast('e1', 5)).toBe(false);
    expect(heard.heardPast('e2', 1)).toBe(false);
    heard.setListening(false);
    expect(heard.heardPast('e1', 4)).toBe(false);
  });
});
