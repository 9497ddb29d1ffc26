import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/client';

/** A Prisma client on `url` through @prisma/adapter-pg, with a pool of at most `poolSize` connections. */
export function createPrismaClient(url: string, poolSize: number): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: poolSize }) });
}
