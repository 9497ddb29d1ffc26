-- AlterTable
ALTER TABLE "characters" ADD COLUMN     "slots_spent" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
ADD COLUMN     "spellcasting" JSONB;
