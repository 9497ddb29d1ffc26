-- AlterTable
ALTER TABLE "combatants" ADD COLUMN     "started_round" INTEGER NOT NULL DEFAULT 0;

-- Fights under way: the turns up to the current one have started in its round, the others in the
-- round before. During a lair turn that opened a round (after a turn below initiative 20), the
-- current turn is the last of the round before.
UPDATE "combatants" c SET "started_round" = GREATEST(
  e.round
    - CASE WHEN cur.initiative < 20 AND EXISTS (
        SELECT 1 FROM "combatants" l WHERE l.encounter_id = e.id AND l.lair_acting
      ) THEN 1 ELSE 0 END
    - CASE WHEN c.sort_order <= cur.sort_order THEN 0 ELSE 1 END,
  0)
FROM "encounters" e JOIN "combatants" cur ON cur.encounter_id = e.id AND cur.id = e.current_id
WHERE c.encounter_id = e.id AND e.ended_at IS NULL;
