import pg from 'pg';
import { UserError } from '../errors';

/** PostgreSQL's "invalid catalog name": the database in the URL does not exist. */
const NO_SUCH_DATABASE = '3D000';
/** "insufficient privilege". */
const NOT_ALLOWED = '42501';

function databaseName(url: URL): string {
  return decodeURIComponent(url.pathname.replace(/^\//, ''));
}

function errorCode(error: unknown): string | null {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : null;
}

/**
 * Creates the database a PostgreSQL URL names when it does not exist yet, as `prisma migrate dev`
 * does, connecting to the server's `postgres` database to do it. Returns whether it was created;
 * a user who may not create databases is told how to do it by hand.
 */
export async function ensureDatabase(connectionString: string): Promise<boolean> {
  const probe = new pg.Client({ connectionString });
  try {
    await probe.connect();
    return false;
  } catch (error) {
    // Any other failure (an unreachable server, a wrong password) is reported by the connection
    // that follows, in the one line users already get for it.
    if (errorCode(error) !== NO_SUCH_DATABASE) return false;
  } finally {
    await probe.end().catch(() => undefined);
  }
  const url = new URL(connectionString);
  const name = databaseName(url);
  const maintenance = new URL(connectionString);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
    return true;
  } catch (error) {
    if (errorCode(error) !== NOT_ALLOWED) throw error;
    const user = decodeURIComponent(url.username) || 'this user';
    throw new UserError(
      `The database "${name}" does not exist and ${user} may not create it. Create it with \`createdb ${name}\` (or CREATE DATABASE as a user who may), or point DATABASE_URL at an existing database.`,
    );
  } finally {
    await admin.end().catch(() => undefined);
  }
}
