-- AlterTable
ALTER TABLE "encounters" ADD COLUMN     "turn_started_at" TIMESTAMPTZ(3);

-- Fights saved before this migration: when the newest logged change that began the fight or moved
-- its turn or round was made, as the live page read it from the log until now.
UPDATE "encounters" e SET "turn_started_at" = (
  SELECT ev.created_at FROM "encounter_events" ev
  WHERE ev.encounter_id = e.id AND (ev.before IS NULL
    OR ev.before->'fields'->>'currentId' IS DISTINCT FROM ev.after->'fields'->>'currentId'
    OR ev.before->'fields'->>'round' IS DISTINCT FROM ev.after->'fields'->>'round')
  ORDER BY ev.id DESC LIMIT 1
);
