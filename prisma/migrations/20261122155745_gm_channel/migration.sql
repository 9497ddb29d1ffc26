-- AlterTable
ALTER TABLE "guild_settings" ADD COLUMN     "gm_channel_id" TEXT,
ALTER COLUMN "ruleset" DROP NOT NULL;
