import type { Encounter } from '../combat/types';

/*
 * What a process learns about channels with live pages: an encounter saved (here, or by another
 * replica through PostgreSQL's NOTIFY), links revoked, a server's page settings changed, or, after
 * the listening connection was lost, that anything may have changed.
 */
export type LiveNotice =
  | {
      kind: 'changed';
      channelId: string;
      encounterId: string;
      version: number;
      /** The saved state itself, when the change was saved in this process: no need to read it back. */
      encounter?: Encounter;
      /**
       * What another process's save wrote, as the database rendered its rows (unchecked here: the
       * encounter store reads them), when they fitted in the notice.
       */
      rows?: unknown;
      /** The listener name of the process whose save this was, when a command's save sent it. */
      from?: string;
    }
  | { kind: 'revoked'; channelId: string }
  | { kind: 'settings'; guildId: string }
  | { kind: 'resync' };

/** A saved change's notice. */
export type ChangedNotice = Extract<LiveNotice, { kind: 'changed' }>;

export type LiveNoticeListener = (notice: LiveNotice) => void;

/** Passes notices on to whoever listens in this process; the database's notices are published into it too. */
export class LiveFeed {
  private readonly listeners = new Set<LiveNoticeListener>();

  publish(notice: LiveNotice): void {
    for (const listener of this.listeners) listener(notice);
  }

  /** Returns the function that stops listening. */
  subscribe(listener: LiveNoticeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** A notice as NOTIFY carries it (JSON), or null for one this version does not read. */
export function parseLiveNotice(payload: string): LiveNotice | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const notice = value as Record<string, unknown>;
  if (notice.kind === 'changed' && typeof notice.channelId === 'string' && typeof notice.encounterId === 'string') {
    const version = Number(notice.version);
    if (!Number.isInteger(version)) return null;
    const changed = { kind: 'changed', channelId: notice.channelId, encounterId: notice.encounterId, version } as const;
    const from = typeof notice.from === 'string' ? { from: notice.from } : {};
    return notice.rows === undefined ? { ...changed, ...from } : { ...changed, ...from, rows: notice.rows };
  }
  if (notice.kind === 'revoked' && typeof notice.channelId === 'string') return { kind: 'revoked', channelId: notice.channelId };
  if (notice.kind === 'settings' && typeof notice.guildId === 'string') return { kind: 'settings', guildId: notice.guildId };
  return null;
}
