CREATE INDEX CONCURRENTLY IF NOT EXISTS "conversations_snoozed_idx" ON "conversations" USING btree ("snoozed_until","id") WHERE "conversations"."snoozed_until" IS NOT NULL;
