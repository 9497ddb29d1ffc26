import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { applyMigrations } from '../src/db/migrations';

/** The PostgreSQL server a benchmark makes its own database on: DATABASE_URL's, or the local one. */
function baseUrl(): string {
  return process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
}

/** Runs one statement (CREATE or DROP DATABASE) on the server's own database. */
async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Runs `use` on a new, migrated database of its own on the benchmark's server, dropped afterwards whatever happens. */
export async function withBenchDatabase<T>(use: (url: string) => Promise<T>): Promise<T> {
  const name = `rollcall_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(baseUrl());
  url.pathname = `/${name}`;
  try {
    await applyMigrations(url.toString());
    return await use(url.toString());
  } finally {
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}
