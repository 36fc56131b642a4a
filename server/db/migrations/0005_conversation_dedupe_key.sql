ALTER TABLE "conversations" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_dedupe_key_idx" ON "conversations" USING btree ("dedupe_key");