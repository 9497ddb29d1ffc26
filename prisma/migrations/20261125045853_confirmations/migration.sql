-- CreateTable
CREATE TABLE "confirmations" (
    "id" UUID NOT NULL,
    "encounter_id" UUID NOT NULL,
    "user_id" TEXT NOT NULL,
    "input" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "confirmations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "confirmations_created_at_idx" ON "confirmations"("created_at");
