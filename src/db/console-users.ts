import type { PrismaClient } from './generated/client';

/**
 * The console transport's users, named on the command line: each is stored on first sight, and the
 * very first one a fresh database sees administers the server, as its owner would.
 */
export function createConsoleUsers(prisma: PrismaClient): { isAdmin(user: { id: string; name: string }): Promise<boolean> } {
  return {
    async isAdmin({ id, name }) {
      const existing = await prisma.consoleUser.findUnique({ where: { name } });
      if (existing) return existing.isAdmin;
      // The admin flag rides on an insert that only succeeds for the first row, so two racing
      // console processes cannot both become administrator.
      const inserted = await prisma.$executeRaw`
        INSERT INTO console_users (name, user_id, is_admin)
        SELECT ${name}, ${id}, NOT EXISTS (SELECT 1 FROM console_users)
        ON CONFLICT DO NOTHING`;
      const row = await prisma.consoleUser.findUnique({ where: { name } });
      if (!row) throw new Error(`console user ${name} was not stored (inserted ${inserted})`);
      return row.isAdmin;
    },
  };
}
