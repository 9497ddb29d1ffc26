-- AlterTable
ALTER TABLE "encounter_events" ADD COLUMN     "events" JSONB NOT NULL DEFAULT '[]';
