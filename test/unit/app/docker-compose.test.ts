import fs from 'node:fs';
import path from 'node:path';
import { safeLoad } from 'js-yaml';
import { parseConfig } from '../../../src/config';

/*
 * No Docker engine runs the tests, so docker-compose.yml is checked as data: the services docs/deployment.md
 * describes, replicas configured only with settings src/config.ts reads and in HTTP mode, on the
 * compose PostgreSQL, and a proxy whose upstreams are exactly those replicas.
 */

const root = path.resolve(__dirname, '../../..');

interface Service {
  image?: string;
  build?: string;
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
}

const compose = safeLoad(fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
};
const services = compose.services;
const replicaNames = Object.keys(services).filter((name) => services[name]?.build === '.');

/** What `docker compose` makes of `${NAME}`, `${NAME:-default}` and `${NAME:?error}`, given a .env. */
function interpolate(value: string, dotenv: Readonly<Record<string, string>>): string {
  return value.replace(/\$\{([A-Z_]+)(?::([-?])([^}]*))?\}/g, (_, name: string, kind: string | undefined, rest: string) => {
    const set = dotenv[name];
    if (set !== undefined && set !== '') return set;
    if (kind === '-') return rest;
    throw new Error(`${name} is required: ${rest}`);
  });
}

/** The variables src/config.ts reads: every `(env, 'NAME'` in it, however the call is wrapped. */
function configVariables(): Set<string> {
  const source = fs.readFileSync(path.join(root, 'src/config.ts'), 'utf8');
  return new Set([...source.matchAll(/\(\s*env,\s*'([A-Z_]+)'/g)].map((match) => match[1] ?? ''));
}

const DOTENV = {
  DISCORD_TOKEN: 'compose-token',
  DISCORD_APPLICATION_ID: '100000000000000001',
  DISCORD_PUBLIC_KEY: 'ab'.repeat(32),
};

function replicaEnvironment(name: string, dotenv: Readonly<Record<string, string>> = DOTENV): Record<string, string> {
  const environment = services[name]?.environment ?? {};
  return Object.fromEntries(Object.entries(environment).map(([key, value]) => [key, interpolate(String(value), dotenv)]));
}

test('runs PostgreSQL, two replicas of the image built from the Dockerfile, and a proxy', () => {
  expect(replicaNames).toEqual(['rollcall-1', 'rollcall-2']);
  expect(services.postgres?.image).toMatch(/^postgres:\d+/);
  expect(services.postgres?.volumes).toEqual(['postgres-data:/var/lib/postgresql/data']);
  expect(compose.volumes).toHaveProperty('postgres-data');
  expect(services.proxy?.image).toMatch(/^nginx:/);
});

test('every replica setting is one src/config.ts reads, and it puts each replica in HTTP mode on the compose PostgreSQL', () => {
  const known = configVariables();
  expect(known.has('DATABASE_URL')).toBe(true);
  const postgres = services.postgres?.environment ?? {};
  for (const name of replicaNames) {
    const environment = replicaEnvironment(name);
    for (const variable of Object.keys(environment)) expect([variable, known.has(variable)]).toEqual([variable, true]);

    const config = parseConfig(environment);
    expect(config).toMatchObject({
      discordToken: 'compose-token',
      discordApplicationId: '100000000000000001',
      discordPublicKey: 'ab'.repeat(32),
      port: 8080,
      shardCount: null,
    });
    const database = new URL(config.databaseUrl ?? '');
    expect(database.hostname).toBe('postgres');
    expect(database.port).toBe('5432');
    expect(database.username).toBe(postgres.POSTGRES_USER);
    expect(decodeURIComponent(database.password)).toBe(interpolate(postgres.POSTGRES_PASSWORD ?? '', {}));
    expect(database.pathname).toBe(`/${postgres.POSTGRES_DB}`);
    expect(services[name]?.depends_on?.postgres?.condition).toBe('service_healthy');
    expect(services[name]?.healthcheck?.test.join(' ')).toContain(`http://127.0.0.1:${config.port}/healthz`);
  }
});

test('a password set in .env reaches PostgreSQL and both replicas alike', () => {
  const dotenv = { ...DOTENV, POSTGRES_PASSWORD: 's3cret' };
  expect(interpolate(services.postgres?.environment?.POSTGRES_PASSWORD ?? '', dotenv)).toBe('s3cret');
  for (const name of replicaNames) expect(new URL(replicaEnvironment(name, dotenv).DATABASE_URL ?? '').password).toBe('s3cret');
});

test('without the Discord settings in .env, compose refuses to start rather than run replicas that cannot answer', () => {
  for (const variable of Object.keys(DOTENV)) {
    const { [variable as keyof typeof DOTENV]: _, ...rest } = DOTENV;
    expect(() => replicaEnvironment('rollcall-1', rest)).toThrow(`${variable} is required`);
  }
});

test("the proxy's upstreams are exactly the replicas, at the port they listen on, and it forwards /interactions", () => {
  const mount = services.proxy?.volumes?.find((volume) => volume.endsWith(':/etc/nginx/nginx.conf:ro'));
  expect(mount).toBeDefined();
  const nginx = fs.readFileSync(path.join(root, mount?.split(':')[0] ?? ''), 'utf8');
  const upstream = /upstream rollcall \{([^}]*)\}/.exec(nginx)?.[1] ?? '';
  const servers = [...upstream.matchAll(/^\s*server\s+([^\s;]+)/gm)].map((match) => match[1]);
  const port = replicaEnvironment('rollcall-1').PORT;
  expect(servers).toEqual(replicaNames.map((name) => `${name}:${port}`));
  expect(nginx).toMatch(/location = \/interactions \{[^}]*proxy_pass http:\/\/rollcall;/);
  const listen = /^\s*listen (\d+);/m.exec(nginx)?.[1];
  expect(services.proxy?.ports).toEqual([`${listen}:${listen}`]);
  expect(Object.keys(services.proxy?.depends_on ?? {}).sort()).toEqual(replicaNames);
});

test('every setting docker-compose.yml reads from .env is in .env.example, where the README sends people to set it', () => {
  const example = fs.readFileSync(path.join(root, '.env.example'), 'utf8');
  const listed = new Set([...example.matchAll(/^#? ?([A-Z_]+)=/gm)].map((m) => m[1]));
  const read = new Set([...fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8').matchAll(/\$\{([A-Z_]+)/g)].map((m) => m[1]));
  expect([...read].filter((name) => !listed.has(name))).toEqual([]);
  expect(read.has('POSTGRES_PASSWORD')).toBe(true);
});
