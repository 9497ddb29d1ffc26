-- AlterTable
ALTER TABLE "combatants" ADD COLUMN     "held_rank" INTEGER,
ADD COLUMN     "left_place" JSONB;
