import type { PGlite } from '@electric-sql/pglite';
import { archiveEntries, CopyInMemory } from '../../../src/db/memory-copy';

const BLOCK = 512;

interface Member {
  name: string;
  type?: string;
  body?: string;
  mtime?: number;
  prefix?: string;
}

/** A ustar header and body as PGlite's dumpDataDir writes them; `damage` changes the header after its checksum. */
function member({ name, type = '0', body = '', mtime = 1_700_000_000, prefix = '' }: Member, damage?: (header: Buffer) => void): Buffer {
  const header = Buffer.alloc(BLOCK);
  header.write(name, 0, 'utf8');
  header.write('0000600\0', 100, 'latin1');
  header.write(`${body.length.toString(8).padStart(11, '0')}\0`, 124, 'latin1');
  header.write(`${mtime.toString(8).padStart(11, '0')}\0`, 136, 'latin1');
  header.write(type, 156, 'latin1');
  header.write('ustar\u000000', 257, 'latin1');
  header.write(prefix, 345, 'utf8');
  header.fill(' ', 148, 156);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  damage?.(header);
  const padded = Buffer.alloc(Math.ceil(body.length / BLOCK) * BLOCK);
  padded.write(body, 'latin1');
  return Buffer.concat([header, padded]);
}

const END = Buffer.alloc(2 * BLOCK);

test('lists folders and files with their bytes, read in place, and stops at the end blocks', () => {
  const archive = Buffer.concat([
    member({ name: '/base', type: '5' }),
    member({ name: '/base/5/1255', body: 'x'.repeat(700), mtime: 1_800_000_000 }),
    member({ name: '/PG_VERSION', body: '17\n' }),
    member({ name: '/empty' }),
    END,
    member({ name: '/after-the-end', body: 'never read' }),
  ]);
  const entries = archiveEntries(archive);
  expect(entries?.map(({ name, folder, bytes }) => [name, folder, Buffer.from(bytes).toString('latin1')])).toEqual([
    ['base', true, ''],
    ['base/5/1255', false, 'x'.repeat(700)],
    ['PG_VERSION', false, '17\n'],
    ['empty', false, ''],
  ]);
  expect(entries?.[1]?.modifiedMs).toBe(1_800_000_000_000);
  // Views of the archive, not copies: writing through one writes the archive.
  expect(entries?.[2]?.bytes.buffer).toBe(archive.buffer);
  entries?.[2]?.bytes.set([0x31, 0x38], 0);
  expect(archive.toString('latin1', 3 * BLOCK + 2 * BLOCK, 3 * BLOCK + 2 * BLOCK + 3)).toBe('18\n');
});

test('an archive that stops without its end blocks, or an empty file, is not read; the end blocks alone are an empty archive', () => {
  expect(archiveEntries(member({ name: '/PG_VERSION', body: '17\n' }))).toBeNull();
  expect(archiveEntries(Buffer.alloc(0))).toBeNull();
  expect(archiveEntries(END)).toEqual([]);
});

test('the in-memory file system writes each file as a view of the archive under PGDATA, makes each folder once, and then lets go of the archive', async () => {
  const archive = Buffer.concat([
    member({ name: '/base', type: '5' }),
    member({ name: '/base/5/1255', body: 'catalog' }),
    member({ name: '/base/5/1259', body: 'another' }),
    member({ name: '/PG_VERSION', body: '17\n' }),
    END,
  ]);
  const calls: string[] = [];
  const views: Uint8Array[] = [];
  const module = {
    ENV: { PGDATA: '/pglite/data' },
    FS: {
      mkdirTree: (path: string) => calls.push(`mkdir ${path}`),
      writeFile: (path: string, data: Uint8Array, { canOwn }: { canOwn: boolean }) => {
        views.push(data);
        calls.push(`write ${path} ${Buffer.from(data).toString('latin1')} ${canOwn ? 'owned' : 'copied'}`);
      },
      utime: (path: string, _atime: number, mtime: number) => calls.push(`utime ${path} ${mtime}`),
    },
  };
  const files = new CopyInMemory(archiveEntries(archive) ?? []);
  // PGlite hands its file system the instance whose module it then starts.
  await files.init({ Module: module } as unknown as PGlite, {});
  await files.initialSyncFs();
  expect(calls).toEqual([
    'mkdir /pglite/data/base',
    'mkdir /pglite/data/base/5',
    'write /pglite/data/base/5/1255 catalog owned',
    'utime /pglite/data/base/5/1255 1700000000000',
    'write /pglite/data/base/5/1259 another owned',
    'utime /pglite/data/base/5/1259 1700000000000',
    'mkdir /pglite/data',
    'write /pglite/data/PG_VERSION 17\n owned',
    'utime /pglite/data/PG_VERSION 1700000000000',
  ]);
  expect(views.every((view) => view.buffer === archive.buffer)).toBe(true);
  calls.length = 0;
  await files.initialSyncFs();
  expect(calls).toEqual([]);
});

const folder = member({ name: '/global', type: '5' });

test.each<[string, Buffer]>([
  [
    'a header whose checksum does not match',
    Buffer.concat([folder, member({ name: '/PG_VERSION', body: '17\n' }, (header) => header.write('X', 1, 'latin1')), END]),
  ],
  [
    'a member cut short by the end of the file',
    Buffer.concat([folder, member({ name: '/PG_VERSION', body: '17\n' }).subarray(0, BLOCK + 1)]),
  ],
  [
    'a size that is not a number',
    Buffer.concat([folder, member({ name: '/PG_VERSION', body: '17\n' }, (header) => header.write('zz', 124, 'latin1')), END]),
  ],
  ['a symbolic link', Buffer.concat([folder, member({ name: '/base/link', type: '2' }), END])],
  ['a name that climbs out of the folder', Buffer.concat([folder, member({ name: '/base/../../etc/passwd', body: 'x' }), END])],
  ['a name with a prefix, which PGlite never writes', Buffer.concat([folder, member({ name: '1255', prefix: 'base/5', body: 'x' }), END])],
])('a copy holding %s is not read at all', (_, archive) => {
  expect(archiveEntries(archive)).toBeNull();
});
