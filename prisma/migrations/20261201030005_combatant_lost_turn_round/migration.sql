-- AlterTable
ALTER TABLE "combatants" ADD COLUMN     "lost_turn_round" INTEGER NOT NULL DEFAULT 0;
