import type { Prisma } from './generated/client';

/*
 * Rows of a table as JSON objects keyed by column name, typed from Prisma's generated model, so the
 * compiler finds a column that hand-written SQL's row code forgets, and a key that names no column.
 * Column names are the model's field names in snake_case (schema.prisma maps every field so); the
 * encounter column tests check that against the migrated database.
 */

/** `maxHp` → `max_hp`. */
export type SnakeCase<Name extends string> = Name extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : Name;

/**
 * A value as it travels in JSON: a `Json` column takes any object or array (or null: Prisma types a
 * `Json?` column as it types a `Json` one, so the model cannot tell them apart), a timestamp an ISO string.
 */
type JsonColumnValue<Field> = [Prisma.JsonValue] extends [Field]
  ? readonly unknown[] | Readonly<Record<string, unknown>> | null
  : Field extends Date
    ? string
    : Field extends readonly (infer Element)[]
      ? readonly Element[]
      : Field;

/** A model's row as JSON, keyed by column name. */
export type RowOf<Model> = { [Field in keyof Model & string as SnakeCase<Field>]: JsonColumnValue<Model[Field]> };

/** A row as the database sends it back (row_to_json, json_agg): the columns are known, their values are not checked. */
export type StoredRow<Row> = { readonly [Column in keyof Row]?: unknown };

type Unlisted<Row, Columns extends readonly unknown[]> = Exclude<keyof Row, Columns[number]>;

/**
 * Checks at compile time that `columns` names every column of `Row` and nothing else:
 * `everyColumnOf<CombatantRow>()(['id', …] as const)`.
 */
export function everyColumnOf<Row>() {
  return <const Columns extends readonly (keyof Row & string)[]>(
    columns: Columns & ([Unlisted<Row, Columns>] extends [never] ? unknown : { unlisted: Unlisted<Row, Columns> }),
  ): Columns => columns;
}

/**
 * Reads the columns of a stored row by name; a name that is not a column of `Row` does not compile.
 * Functions, not methods, so a caller can take them apart.
 */
export function columnReader<Row>(row: StoredRow<Row>) {
  const value = (column: keyof Row): unknown => row[column];
  const textOrNull = (column: keyof Row): string | null => {
    const found = value(column);
    if (found === null || found === undefined) return null;
    if (typeof found !== 'string') throw new Error(`column ${String(column)} holds a ${typeof found}, not text`);
    return found;
  };
  const intOrNull = (column: keyof Row): number | null => {
    const found = value(column);
    return found === null || found === undefined ? null : Number(found);
  };
  const ints = (column: keyof Row): number[] => {
    const found = value(column);
    return Array.isArray(found) ? found.map(Number) : [];
  };
  /** The column only ever receives values of `T`, written by this codebase's own row builders. */
  const texts = <T extends string>(column: keyof Row): T[] => {
    const found = value(column);
    return Array.isArray(found) ? found.filter((item): item is T => typeof item === 'string') : [];
  };
  return {
    value,
    text: (column: keyof Row): string => String(value(column)),
    textOrNull,
    int: (column: keyof Row): number => Number(value(column)),
    intOrNull,
    bool: (column: keyof Row): boolean => value(column) === true,
    ints,
    texts,
  };
}
