-- What each change did, as the events its step returned: the fight's recap and export read them.
-- Changes logged before this column existed have none.
ALTER TABLE "encounter_events" ADD COLUMN "events" JSONB NOT NULL DEFAULT '[]';
