import type { EncounterLogEntry } from '../combat/types';
import { shown } from './markdown';
import type { Reply } from './reply';
import { COLORS, EMBED_LIMITS } from './embeds';

function clock(at: Date): string {
  return at.toISOString().slice(11, 19);
}

/** One change per line, newest first, with the time (UTC), who did it and what it did. */
function logLine(entry: EncounterLogEntry): string {
  const line = `\`${clock(entry.at)}\` ${shown(entry.actorName)} · /${entry.command} · ${shown(entry.detail)}`;
  return entry.undone ? `~~${line}~~ (undone)` : line;
}

export function logReply(entries: readonly EncounterLogEntry[], asked: number): Reply {
  if (entries.length === 0) return { embeds: [{ description: 'Nothing has happened in this encounter yet.', color: COLORS.info }] };
  const lines: string[] = [];
  let length = 0;
  for (const entry of entries) {
    const line = logLine(entry);
    if (length + line.length + 1 > EMBED_LIMITS.description) break;
    lines.push(line);
    length += line.length + 1;
  }
  const title = entries.length < asked ? `All ${entries.length} changes, newest first` : `The last ${lines.length} changes, newest first`;
  return {
    embeds: [
      {
        title,
        description: lines.join('\n'),
        color: COLORS.info,
        footer: 'Times are UTC. /init undo reverts the newest one you may undo.',
      },
    ],
  };
}
