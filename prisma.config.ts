// For the Prisma CLI, where its native engine can be downloaded: `prisma migrate deploy` and
// `prisma migrate status` then work on the same folder and `_prisma_migrations` table as
// `npm run db:migrate` (scripts/migrate.ts), so either can take over from the other.
import dotenv from 'dotenv';
import { defineConfig } from 'prisma/config';

dotenv.config({ quiet: true });

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  // Only migration commands need a URL; `prisma generate` (run by npm install) must work without one.
  datasource: { url: process.env.DATABASE_URL },
});
