-- AlterTable
ALTER TABLE "encounter_effects" ADD COLUMN     "spell_level" INTEGER;
