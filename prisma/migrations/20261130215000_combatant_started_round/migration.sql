-- AlterTable
ALTER TABLE "combatants" ADD COLUMN     "started_round" INTEGER NOT NULL DEFAULT 0;
