ALTER TABLE "outbox" ADD COLUMN "html_body" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "resent_from_id" integer;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "resend_key" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_resent_from_id_outbox_id_fk" FOREIGN KEY ("resent_from_id") REFERENCES "public"."outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_resent_from_idx" ON "outbox" USING btree ("resent_from_id");--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_resend_key_unique" UNIQUE("resend_key");--> statement-breakpoint
-- The outbox viewer's recipient filter (ILIKE '%text%'); pg_trgm comes from 0000, as in 0003.
CREATE INDEX IF NOT EXISTS outbox_to_address_trgm_idx ON outbox USING gin (to_address gin_trgm_ops);
