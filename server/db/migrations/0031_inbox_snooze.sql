-- The inbox's snooze (issue 49): when a snoozed thread comes back, and who snoozed it. The folders' three
-- indexes are concurrent migrations (migrations-concurrent/0001 to 0003), built without blocking writes.
ALTER TABLE "conversations" ADD COLUMN "snoozed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "snoozed_by_id" integer;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_snoozed_by_id_users_id_fk" FOREIGN KEY ("snoozed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action NOT VALID;
