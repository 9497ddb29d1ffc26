import { archiveEntries } from '../../../src/db/memory-copy';

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

test('an archive that stops without end blocks ends with its last member', () => {
  expect(archiveEntries(Buffer.concat([member({ name: '/PG_VERSION', body: '17\n' })]))?.map((entry) => entry.name)).toEqual([
    'PG_VERSION',
  ]);
  expect(archiveEntries(Buffer.alloc(0))).toEqual([]);
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
