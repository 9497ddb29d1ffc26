import type { FightRecord } from '../combat/recap';
import { COLORS, errorReply } from './embeds';
import { shown } from './markdown';
import { gzip } from 'node:zlib';
import type { Reply, ReplyFile } from './reply';

/** Bumped when the file's shape changes, so tools reading it can tell. */
export const EXPORT_FORMAT = { format: 'rollcall-fight', version: 1 } as const;

/** "ambush-at-the-ford.json": a name as a file name, `fallback` when nothing of it is left. */
export function exportFileName(name: string, fallback = 'fight'): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug === '' ? fallback : slug}.json`;
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

/** Discord refuses a file over 10 MiB from a bot, and takes at most 10 files a message. */
export const UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;
const FILES_PER_MESSAGE = 10;

/**
 * The export, privately to whoever asked. Past Discord's upload limit (a fight of some 5,000 logged
 * changes) the JSON is gzipped, which shrinks it about tenfold; a gzip still over it is cut into
 * parts to join (`cat fight.json.gz.* > fight.json.gz`).
 */
export async function exportReply(record: FightRecord, limit = UPLOAD_LIMIT_BYTES): Promise<Reply> {
  const name = exportFileName(record.encounter.name);
  const count = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`;
  const what = `${count(record.encounter.combatants.length, 'combatant')} and ${count(record.entries.length, 'logged change')}`;
  const json = Buffer.from(fightJson(record), 'utf8');
  const description = `The whole fight ${record.encounter.name} as JSON`;
  const reply = (files: ReplyFile[], how: string): Reply => ({
    ephemeral: true,
    embeds: [{ description: `**${shown(record.encounter.name)}**: ${what}, as ${how}.`, color: COLORS.info }],
    files,
  });
  if (json.byteLength <= limit) return reply([{ name, data: json, description }], `\`${name}\``);
  // Off the event loop: zlib's asynchronous form runs on libuv's thread pool.
  const zipped = await gzipped(json);
  const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  if (zipped.byteLength <= limit) {
    return reply([{ name: `${name}.gz`, data: zipped, description }], `\`${name}.gz\` (${mib(json.byteLength)} of JSON, gzipped)`);
  }
  const parts = Math.ceil(zipped.byteLength / limit);
  if (parts > FILES_PER_MESSAGE) {
    return errorReply(`This fight's log is too large to send, even gzipped (${mib(zipped.byteLength)}).`);
  }
  const files = Array.from({ length: parts }, (_, index) => ({
    name: `${name}.gz.${String(index + 1).padStart(3, '0')}`,
    data: zipped.subarray(index * limit, (index + 1) * limit),
    description: `Part ${index + 1} of ${parts} of ${name}.gz`,
  }));
  return reply(files, `\`${name}.gz\` in ${parts} parts to join (${mib(json.byteLength)} of JSON, gzipped)`);
}

function gzipped(data: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => gzip(data, (error, result) => (error ? reject(error) : resolve(result))));
}
