-- AlterTable
ALTER TABLE "encounters" ADD COLUMN     "monsters_die" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "rest_settings" (
    "guild_id" TEXT NOT NULL,
    "next_rests" TEXT NOT NULL,
    "a5e_supply" BOOLEAN NOT NULL,
    "updated_by" TEXT NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "rest_settings_pkey" PRIMARY KEY ("guild_id")
);
