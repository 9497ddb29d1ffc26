-- AlterTable
ALTER TABLE "combatants" ADD COLUMN     "monster" JSONB;
