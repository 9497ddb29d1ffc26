-- CreateTable
CREATE TABLE "listeners" (
    "name" TEXT NOT NULL,
    "seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "listeners_pkey" PRIMARY KEY ("name")
);
