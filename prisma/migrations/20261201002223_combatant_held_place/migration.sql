-- AlterTable
ALTER TABLE "combatants" ADD COLUMN     "held_place" INTEGER;
