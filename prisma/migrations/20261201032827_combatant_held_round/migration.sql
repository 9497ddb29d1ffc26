-- AlterTable
ALTER TABLE "combatants" ADD COLUMN     "held_round" INTEGER;
