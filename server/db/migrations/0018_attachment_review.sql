ALTER TABLE "attachments" ADD COLUMN "reviewed_by_id" integer;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;