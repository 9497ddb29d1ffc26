-- AlterTable
ALTER TABLE "combatants" ADD COLUMN     "death_announced" BOOLEAN NOT NULL DEFAULT false;
