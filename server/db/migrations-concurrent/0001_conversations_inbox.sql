CREATE INDEX CONCURRENTLY IF NOT EXISTS "conversations_inbox_idx" ON "conversations" USING btree ("last_message_at","id") WHERE "conversations"."active" AND "conversations"."snoozed_until" IS NULL;
