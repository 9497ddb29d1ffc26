import { readFileSync } from 'node:fs';
import net from 'node:net';
import { ephemeralPortRange, freePort } from './run-script';

/*
 * The port a test hands a bot process must stay free until the bot listens. One from the kernel's
 * ephemeral range could become the local end of a connection the suites open meanwhile (to
 * PostgreSQL, to the fake Discord): the replicas' bot once failed with EADDRINUSE that way.
 */

test('the ephemeral range is the kernel’s own setting where it has one', () => {
  const setting = (() => {
    try {
      return readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8');
    } catch {
      return null;
    }
  })();
  if (setting === null) expect(ephemeralPortRange()).toEqual([32_768, 65_535]);
  else expect(ephemeralPortRange()).toEqual(setting.trim().split(/\s+/).map(Number));
});

test('every port it gives lies outside the ephemeral range, above the services’ ports', async () => {
  const [low, high] = ephemeralPortRange();
  const ports = await Promise.all(Array.from({ length: 50 }, () => freePort()));
  for (const port of ports) {
    expect(port).toBeGreaterThanOrEqual(10_000);
    expect(port < low || port > high).toBe(true);
    expect(port).toBeLessThanOrEqual(65_535);
  }
});

test('it never gives one process the same port twice, though no bot has taken the first yet', async () => {
  // Far more picks than a birthday collision needs in the range left (some 20,000–40,000 ports).
  const ports: number[] = [];
  for (let i = 0; i < 1_000; i++) ports.push(await freePort());
  expect(new Set(ports).size).toBe(ports.length);
});

test('the port it gives can be listened on at once, on every interface as the bot listens', async () => {
  const port = await freePort();
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, resolve);
  });
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
