-- AlterTable
ALTER TABLE "combatants" ADD COLUMN     "character_id" UUID,
ADD COLUMN     "save_bonuses" JSONB NOT NULL DEFAULT '{}';

-- CreateTable
CREATE TABLE "characters" (
    "id" UUID NOT NULL,
    "guild_id" TEXT NOT NULL,
    "owner_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "name_key" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL,
    "level" INTEGER NOT NULL,
    "str" INTEGER NOT NULL,
    "dex" INTEGER NOT NULL,
    "con" INTEGER NOT NULL,
    "int" INTEGER NOT NULL,
    "wis" INTEGER NOT NULL,
    "cha" INTEGER NOT NULL,
    "max_hp" INTEGER NOT NULL,
    "hp" INTEGER NOT NULL,
    "temp_hp" INTEGER NOT NULL,
    "armour_class" INTEGER NOT NULL,
    "hit_die" INTEGER NOT NULL,
    "hit_dice_left" INTEGER NOT NULL,
    "saves" TEXT[],
    "skills" TEXT[],
    "expertise" TEXT[],
    "init_bonus" INTEGER,
    "speed" INTEGER NOT NULL,
    "exhaustion" INTEGER NOT NULL,
    "fatigue" INTEGER NOT NULL,
    "strife" INTEGER NOT NULL,
    "dead" BOOLEAN NOT NULL,
    "conditions" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "characters_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "characters_guild_id_owner_id_name_key_key" ON "characters"("guild_id", "owner_id", "name_key");
