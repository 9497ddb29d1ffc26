-- CreateTable
CREATE TABLE "live_links" (
    "token_hash" TEXT NOT NULL,
    "guild_id" TEXT NOT NULL,
    "channel_id" TEXT NOT NULL,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "live_links_pkey" PRIMARY KEY ("token_hash")
);

-- CreateTable
CREATE TABLE "live_settings" (
    "guild_id" TEXT NOT NULL,
    "monster_hp" TEXT NOT NULL,
    "updated_by" TEXT NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "live_settings_pkey" PRIMARY KEY ("guild_id")
);

-- CreateIndex
CREATE INDEX "live_links_channel_id_created_at_idx" ON "live_links"("channel_id", "created_at");
