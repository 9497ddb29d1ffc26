/** The keys `read` looks up on `row`, sorted: the columns a row reader uses. */
export function columnsRead<Row extends object>(row: Row, read: (row: Row) => unknown): string[] {
  const seen = new Set<string>();
  const watched = new Proxy(row, {
    get(target, key, receiver) {
      if (typeof key === 'string') seen.add(key);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  read(watched);
  return [...seen].sort();
}
