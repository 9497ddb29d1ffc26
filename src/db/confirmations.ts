import { randomUUID } from 'node:crypto';
import type { Confirmations } from '../combat/confirmations';
import type { PrismaClient } from './generated/client';

const KEEP_MINUTES = 15;

/**
 * Table `confirmations`: a command's input waiting for its confirmation button. The row is taken by
 * the press (deleted as it is read), so a second press, or one from another member, finds nothing.
 */
export function createConfirmations(prisma: PrismaClient): Confirmations {
  return {
    async save(encounterId, userId, input) {
      const id = randomUUID();
      // Old rows go as new ones come: a confirmation nobody pressed is worth nothing after a while.
      await prisma.$executeRaw`DELETE FROM confirmations WHERE created_at < now() - ${KEEP_MINUTES}::integer * interval '1 minute'`;
      await prisma.$executeRaw`INSERT INTO confirmations (id, encounter_id, user_id, input) VALUES (${id}::uuid, ${encounterId}::uuid, ${userId}, ${JSON.stringify(input)}::jsonb)`;
      return id;
    },
    async take(id, userId) {
      const rows = await prisma.$queryRaw<{ encounter_id: string; input: unknown }[]>`
        DELETE FROM confirmations
        WHERE id = ${id}::uuid AND user_id = ${userId} AND created_at >= now() - ${KEEP_MINUTES}::integer * interval '1 minute'
        RETURNING encounter_id::text, input`;
      const row = rows[0];
      return row === undefined ? null : { encounterId: row.encounter_id, input: row.input };
    },
  };
}
