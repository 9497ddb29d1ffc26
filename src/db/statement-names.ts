/**
 * Most statements the bot sends are a few fixed texts (the encounter store's load and saves, the
 * settings and characters reads), so naming them makes PostgreSQL parse and plan each once per
 * connection rather than on every call. The names are kept per text: past `limit` texts (Prisma's
 * own queries vary with their arguments' count) the rest go unnamed, so neither this map nor a
 * connection's prepared statements grow without end.
 */
export function statementNamer(limit: number): (sql: string) => string {
  const names = new Map<string, string>();
  return (sql) => {
    let name = names.get(sql);
    if (name === undefined) {
      // pg sends an empty name as the unnamed statement, parsed anew each time.
      if (names.size >= limit) return '';
      name = `rollcall_${names.size + 1}`;
      names.set(sql, name);
    }
    return name;
  };
}
