-- AlterTable
ALTER TABLE "encounter_effects" ADD COLUMN     "modifiers" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "save_pending" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "shown_to_players" BOOLEAN NOT NULL DEFAULT false;
