ALTER TABLE "order_items" ADD COLUMN "despatch_due_on" date;--> statement-breakpoint
CREATE INDEX "order_items_despatch_due_idx" ON "order_items" USING btree ("despatch_due_on");