-- AlterTable
ALTER TABLE "encounter_effects" ADD COLUMN     "damage_type" TEXT;
