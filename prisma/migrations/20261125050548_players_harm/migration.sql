-- AlterTable
ALTER TABLE "guild_settings" ADD COLUMN     "players_harm" TEXT NOT NULL DEFAULT 'own';
