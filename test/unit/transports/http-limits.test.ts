import pino from 'pino';
import { Writable } from 'node:stream';
import { EvictingPool } from '../../../src/connection-guard';
import { shedReport } from '../../../src/transports/http-limits';

test('past its capacity the pool evicts the member admitted longest ago; admitting again makes a member the newest', () => {
  const evicted: string[] = [];
  const pool = new EvictingPool<string>(2, (member) => evicted.push(member));
  pool.admit('a');
  pool.admit('b');
  pool.admit('a');
  pool.admit('c');
  expect(evicted).toEqual(['b']);
  pool.release('a');
  pool.admit('d');
  expect(evicted).toEqual(['b']);
  pool.admit('e');
  expect(evicted).toEqual(['b', 'c']);
  expect(pool.size).toBe(2);
});

test('shedding is reported at most once per interval, with what was shed since the last report', () => {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  let now = 1_000_000;
  const spy = jest.spyOn(Date, 'now').mockImplementation(() => now);
  try {
    const shed = shedReport(pino(sink), 60_000);
    shed('connection');
    shed('connection');
    shed('body');
    now += 60_000;
    shed('body');
    expect(lines.map(({ connectionsClosed, bodiesCut, level }) => ({ connectionsClosed, bodiesCut, level }))).toEqual([
      { connectionsClosed: 1, bodiesCut: 0, level: 40 },
      { connectionsClosed: 1, bodiesCut: 2, level: 40 },
    ]);
  } finally {
    spy.mockRestore();
  }
});
