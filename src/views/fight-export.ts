import type { FightRecord } from '../combat/recap';
import { COLORS } from './embeds';
import { shown } from './markdown';
import type { Reply } from './reply';

/** Bumped when the file's shape changes, so tools reading it can tell. */
export const EXPORT_FORMAT = { format: 'rollcall-fight', version: 1 } as const;

/** "ambush-at-the-ford.json": the fight's name as a file name. */
export function exportFileName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug === '' ? 'fight' : slug}.json`;
}

/** The whole fight as JSON: the encounter, its combatants and effects as they stand, and every logged change with its events. */
export function fightJson(record: FightRecord): string {
  const { encounter } = record;
  const { combatants, effects, trackerMessageId: _tracker, version: _version, nextSeq: _nextSeq, ...fields } = encounter;
  return JSON.stringify(
    {
      ...EXPORT_FORMAT,
      encounter: fields,
      combatants,
      effects,
      log: record.entries.map((entry) => ({
        at: entry.at,
        actorId: entry.actorId,
        actorName: entry.actorName,
        command: entry.command,
        detail: entry.detail,
        undone: entry.undone,
        events: entry.events,
      })),
    },
    null,
    2,
  );
}

/** The export, privately to whoever asked. */
export function exportReply(record: FightRecord): Reply {
  const name = exportFileName(record.encounter.name);
  const count = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`;
  const what = `${count(record.encounter.combatants.length, 'combatant')} and ${count(record.entries.length, 'logged change')}`;
  return {
    ephemeral: true,
    embeds: [
      {
        description: `**${shown(record.encounter.name)}**: ${what}, as \`${name}\`.`,
        color: COLORS.info,
      },
    ],
    files: [{ name, data: Buffer.from(fightJson(record), 'utf8'), description: `The whole fight ${record.encounter.name} as JSON` }],
  };
}
