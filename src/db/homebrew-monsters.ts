import type { HomebrewShelf } from '../compendium/bestiary';
import { nameKey } from '../compendium/lookup';
import type { Monster } from '../compendium/types';
import type { PrismaClient } from './generated/client';

/**
 * Table `homebrew_monsters`: each server's own stat blocks, checked by `readHomebrew` before they
 * get here, so a row's block is read back as the monster it was saved as.
 */
export function createHomebrewShelf(prisma: PrismaClient): HomebrewShelf {
  return {
    async names(guildId) {
      const rows = await prisma.$queryRaw<{ name: string }[]>`
        SELECT name FROM homebrew_monsters WHERE guild_id = ${guildId} ORDER BY created_at, name_key`;
      return rows.map((row) => row.name);
    },
    listing(guildId) {
      return prisma.$queryRaw<{ name: string; cr: string }[]>`
        SELECT name, block->>'cr' AS cr FROM homebrew_monsters WHERE guild_id = ${guildId} ORDER BY created_at, name_key`;
    },
    async get(guildId, name) {
      const rows = await prisma.$queryRaw<{ block: Monster }[]>`
        SELECT block FROM homebrew_monsters WHERE guild_id = ${guildId} AND name_key = ${nameKey(name)}`;
      return rows[0]?.block;
    },
    async save(guildId, monsters, limit) {
      const incoming = JSON.stringify(monsters.map((monster) => ({ name_key: nameKey(monster.name), name: monster.name, block: monster })));
      // The lock makes the count and the insert one step for the server: two imports at once cannot both pass the limit.
      const [, rows] = await prisma.$transaction([
        prisma.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('homebrew:' || ${guildId}))`,
        prisma.$queryRaw<{ held: number; fresh: number; added: number; replaced: number }[]>`
          WITH incoming AS (
            SELECT * FROM jsonb_to_recordset(${incoming}::jsonb) AS x(name_key text, name text, block jsonb)
          ), held AS (
            SELECT count(*)::int AS n FROM homebrew_monsters WHERE guild_id = ${guildId}
          ), fresh AS (
            SELECT count(*)::int AS n FROM incoming i
            WHERE NOT EXISTS (SELECT 1 FROM homebrew_monsters h WHERE h.guild_id = ${guildId} AND h.name_key = i.name_key)
          ), written AS (
            INSERT INTO homebrew_monsters (guild_id, name_key, name, block)
            SELECT ${guildId}, name_key, name, block FROM incoming
            WHERE (SELECT n FROM held) + (SELECT n FROM fresh) <= ${limit}::integer
            ON CONFLICT (guild_id, name_key) DO UPDATE SET name = excluded.name, block = excluded.block
            RETURNING (xmax = 0) AS inserted
          )
          SELECT (SELECT n FROM held) AS held, (SELECT n FROM fresh) AS fresh,
                 (count(*) FILTER (WHERE inserted))::int AS added, (count(*) FILTER (WHERE NOT inserted))::int AS replaced
          FROM written`,
      ]);
      const row = rows[0];
      if (row === undefined) throw new Error('the homebrew import returned no row');
      if (row.held + row.fresh > limit) return { full: row.held };
      return { added: row.added, replaced: row.replaced };
    },
    async remove(guildId, name) {
      const removed = await prisma.$executeRaw`
        DELETE FROM homebrew_monsters WHERE guild_id = ${guildId} AND name_key = ${nameKey(name)}`;
      return removed > 0;
    },
  };
}
