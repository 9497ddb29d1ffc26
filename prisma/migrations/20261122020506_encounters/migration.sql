-- CreateTable
CREATE TABLE "encounters" (
    "id" UUID NOT NULL,
    "guild_id" TEXT NOT NULL,
    "channel_id" TEXT NOT NULL,
    "active_channel_id" TEXT,
    "name" TEXT NOT NULL,
    "game_master_id" TEXT NOT NULL,
    "game_master_name" TEXT NOT NULL,
    "ruleset" TEXT NOT NULL,
    "round" INTEGER NOT NULL,
    "current_id" TEXT,
    "auto_death_saves" BOOLEAN NOT NULL,
    "auto_concentration_saves" BOOLEAN NOT NULL,
    "tracker_message_id" TEXT,
    "version" INTEGER NOT NULL,
    "next_seq" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "ended_at" TIMESTAMPTZ(3),

    CONSTRAINT "encounters_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "combatants" (
    "encounter_id" UUID NOT NULL,
    "id" TEXT NOT NULL,
    "sort_order" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "controller_id" TEXT,
    "is_player_character" BOOLEAN NOT NULL,
    "important" BOOLEAN NOT NULL,
    "hidden" BOOLEAN NOT NULL,
    "hp_known" BOOLEAN NOT NULL,
    "hp" INTEGER NOT NULL,
    "max_hp" INTEGER NOT NULL,
    "hp_max_reduction" INTEGER NOT NULL,
    "temp_hp" INTEGER NOT NULL,
    "armour_class" INTEGER,
    "con_save_bonus" INTEGER NOT NULL,
    "con_score" INTEGER NOT NULL,
    "level" INTEGER NOT NULL,
    "group_id" TEXT,
    "initiative" INTEGER NOT NULL,
    "init_mod" INTEGER NOT NULL,
    "init_mode" TEXT NOT NULL,
    "init_rolls" INTEGER[],
    "init_given" BOOLEAN NOT NULL,
    "init_tiebreak" INTEGER[],
    "resistances" TEXT[],
    "immunities" TEXT[],
    "vulnerabilities" TEXT[],
    "damage_threshold" INTEGER NOT NULL,
    "conditions" TEXT[],
    "tracks" JSONB NOT NULL,
    "pending_fatigue" INTEGER NOT NULL,
    "hit_dice" JSONB NOT NULL,
    "heroic_inspiration" BOOLEAN NOT NULL,
    "death_successes" INTEGER NOT NULL,
    "death_failures" INTEGER NOT NULL,
    "stable" BOOLEAN NOT NULL,
    "dead" BOOLEAN NOT NULL,
    "death_save_pending" BOOLEAN NOT NULL,
    "pending_concentration_dcs" INTEGER[],

    CONSTRAINT "combatants_pkey" PRIMARY KEY ("encounter_id","id")
);

-- CreateTable
CREATE TABLE "encounter_effects" (
    "encounter_id" UUID NOT NULL,
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "source_id" TEXT,
    "target_id" TEXT,
    "started_round" INTEGER NOT NULL,
    "expiry_round" INTEGER,
    "expiry_combatant_id" TEXT,
    "expiry_boundary" TEXT,
    "concentration_id" TEXT,

    CONSTRAINT "encounter_effects_pkey" PRIMARY KEY ("encounter_id","id")
);

-- CreateTable
CREATE TABLE "encounter_events" (
    "id" BIGSERIAL NOT NULL,
    "encounter_id" UUID NOT NULL,
    "actor_id" TEXT NOT NULL,
    "actor_name" TEXT NOT NULL,
    "command" TEXT NOT NULL,
    "detail" TEXT NOT NULL,
    "before" JSONB,
    "after" JSONB NOT NULL,
    "undone" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "encounter_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "encounters_active_channel_id_key" ON "encounters"("active_channel_id");

-- CreateIndex
CREATE INDEX "encounters_channel_id_created_at_idx" ON "encounters"("channel_id", "created_at");

-- CreateIndex
CREATE INDEX "encounter_events_encounter_id_id_idx" ON "encounter_events"("encounter_id", "id");

-- AddForeignKey
ALTER TABLE "combatants" ADD CONSTRAINT "combatants_encounter_id_fkey" FOREIGN KEY ("encounter_id") REFERENCES "encounters"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "encounter_effects" ADD CONSTRAINT "encounter_effects_encounter_id_fkey" FOREIGN KEY ("encounter_id") REFERENCES "encounters"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "encounter_events" ADD CONSTRAINT "encounter_events_encounter_id_fkey" FOREIGN KEY ("encounter_id") REFERENCES "encounters"("id") ON DELETE CASCADE ON UPDATE CASCADE;
