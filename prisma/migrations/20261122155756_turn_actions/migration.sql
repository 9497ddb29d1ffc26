-- AlterTable
ALTER TABLE "combatants" ADD COLUMN     "delayed" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "lair_acting" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "lair_round" INTEGER,
ADD COLUMN     "lapsed_ready" TEXT,
ADD COLUMN     "legendary_left" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "legendary_max" INTEGER,
ADD COLUMN     "reaction_note" TEXT,
ADD COLUMN     "reaction_used" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "readied" TEXT,
ADD COLUMN     "surprised" BOOLEAN NOT NULL DEFAULT false;
