-- CreateTable
CREATE TABLE "processed_interactions" (
    "id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "processed_interactions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "processed_interactions_created_at_idx" ON "processed_interactions"("created_at");
