-- AlterTable
ALTER TABLE "encounter_effects" ADD COLUMN     "applied_by" TEXT,
ADD COLUMN     "note" TEXT,
ADD COLUMN     "save_ability" TEXT,
ADD COLUMN     "save_dc" INTEGER;
