-- AlterTable
ALTER TABLE "combatants" ADD COLUMN     "spell_slots" JSONB;
