-- CreateTable
CREATE TABLE "homebrew_monsters" (
    "guild_id" TEXT NOT NULL,
    "name_key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "block" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "homebrew_monsters_pkey" PRIMARY KEY ("guild_id","name_key")
);
