-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "guild_settings" (
    "guild_id" TEXT NOT NULL,
    "ruleset" TEXT NOT NULL,
    "updated_by" TEXT NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "guild_settings_pkey" PRIMARY KEY ("guild_id")
);

-- CreateTable
CREATE TABLE "channel_settings" (
    "channel_id" TEXT NOT NULL,
    "guild_id" TEXT NOT NULL,
    "ruleset" TEXT NOT NULL,
    "updated_by" TEXT NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "channel_settings_pkey" PRIMARY KEY ("channel_id")
);

-- CreateTable
CREATE TABLE "console_users" (
    "name" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "is_admin" BOOLEAN NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "console_users_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE INDEX "channel_settings_guild_id_idx" ON "channel_settings"("guild_id");

-- CreateIndex
CREATE UNIQUE INDEX "console_users_user_id_key" ON "console_users"("user_id");
