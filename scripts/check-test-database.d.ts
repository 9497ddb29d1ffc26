/** The server the tests make their databases on: TEST_DATABASE_URL, else the local one as user postgres. */
export function testDatabaseUrl(env?: NodeJS.ProcessEnv): string;
/** What to tell someone whose tests found no PostgreSQL at `url`. */
export function unreachable(url: string, reason: string): string;
