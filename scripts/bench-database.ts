import pg from 'pg';

/** The PostgreSQL server a benchmark makes its own database on: DATABASE_URL's, or the local one. */
export function baseUrl(): string {
  return process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
}

/** `url` pointed at the database `name` on the same server. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Runs one statement (CREATE or DROP DATABASE) on the server's own database. */
export async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
