-- The database guards its own invariants (issue 15): states and enumerations as CHECK constraints listing
-- the values defined in domain/, money and counts never below zero, and the one id column without a foreign
-- key (order_items.fco_batch_id). Declared in server/db/schema.ts; drizzle-kit wrote the statements, and they
-- were then made safe on a database that already holds rows breaking a rule:
--  * The foreign key: an fco_batch_id naming no batch points at nothing, so it is cleared first (the item's
--    state and timeline still say what happened) and the key is then added and checked in full.
--  * The CHECKs: there is no right value to invent for an unknown state or a negative amount, so nothing is
--    rewritten. Each is added NOT VALID (every new or changed row is checked from now on) and then validated
--    one by one; one that existing rows break stays NOT VALID with a WARNING naming it, for an operator to
--    fix those rows and run ALTER TABLE ... VALIDATE CONSTRAINT ... . The migration itself never fails on data.
UPDATE "order_items" SET "fco_batch_id" = NULL
WHERE "fco_batch_id" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "fco_batches" b WHERE b."id" = "order_items"."fco_batch_id");
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_fco_batch_id_fco_batches_id_fk" FOREIGN KEY ("fco_batch_id") REFERENCES "public"."fco_batches"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_source_check" CHECK ("attachments"."source" IN ('staff', 'customer')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_byte_size_not_negative" CHECK ("attachments"."byte_size" >= 0) NOT VALID;
--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_state_check" CHECK ("carts"."state" IN ('unpaid', 'paid', 'closed')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_total_in_pence_not_negative" CHECK ("carts"."total_in_pence" >= 0) NOT VALID;
--> statement-breakpoint
ALTER TABLE "despatches" ADD CONSTRAINT "despatches_carrier_check" CHECK ("despatches"."carrier" IN ('royal_mail', 'ups')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "despatches" ADD CONSTRAINT "despatches_cost_not_negative" CHECK ("despatches"."cost" >= 0) NOT VALID;
--> statement-breakpoint
ALTER TABLE "fco_batches" ADD CONSTRAINT "fco_batches_state_check" CHECK ("fco_batches"."state" IN ('pending_despatch', 'waiting_fco', 'received')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "fco_batches" ADD CONSTRAINT "fco_batches_fco_cost_not_negative" CHECK ("fco_batches"."fco_cost" >= 0) NOT VALID;
--> statement-breakpoint
ALTER TABLE "fco_batches" ADD CONSTRAINT "fco_batches_despatch_cost_not_negative" CHECK ("fco_batches"."despatch_cost" >= 0) NOT VALID;
--> statement-breakpoint
ALTER TABLE "fco_batches" ADD CONSTRAINT "fco_batches_lock_version_not_negative" CHECK ("fco_batches"."lock_version" >= 0) NOT VALID;
--> statement-breakpoint
ALTER TABLE "gro_orders" ADD CONSTRAINT "gro_orders_destination_check" CHECK ("gro_orders"."destination" IN ('office_orders', 'office_apostille', 'office_scanning', 'customer')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "gro_orders" ADD CONSTRAINT "gro_orders_service_check" CHECK ("gro_orders"."service" IN ('standard', 'priority')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "gro_orders" ADD CONSTRAINT "gro_orders_cost_not_negative" CHECK ("gro_orders"."cost" >= 0) NOT VALID;
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_current_state_check" CHECK ("order_items"."current_state" IN ('unassigned', 'gro_order_required', 'waiting_gro', 'apostille_required', 'fco_order_placed', 'waiting_fco', 'scan_send_required', 'despatch_required', 'gro_refunded', 'gro_refunded_response_received', 'waiting_ips', 'waiting_delivery', 'review_documents', 'ready_for_translation', 'waiting_translation', 'order_complete', 'cancelled', 'gro_order_escalation', 'gro_order_response_received', 'gro_reorder_escalation', 'gro_reorder_response_received', 'apostille_escalation', 'apostille_response_received', 'scan_send_escalation', 'scan_send_response_received', 'despatch_escalation', 'despatch_response_received', 'waiting_downgrade_approval', 'waiting_upgrade_payment', 'waiting_gro_order_response', 'waiting_gro_reorder_response', 'waiting_apostille_response', 'waiting_scan_send_response', 'waiting_despatch_response', 'waiting_gro_refunded_response', 'on_hold_waiting_downgrade_approval', 'on_hold_waiting_upgrade_payment', 'on_hold_waiting_gro_order_response', 'on_hold_waiting_gro_reorder_response', 'on_hold_waiting_apostille_response', 'on_hold_waiting_scan_send_response', 'on_hold_waiting_despatch_response', 'on_hold_waiting_gro_refunded_response')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_state_before_escalation_check" CHECK ("order_items"."state_before_escalation" IN ('unassigned', 'gro_order_required', 'waiting_gro', 'apostille_required', 'fco_order_placed', 'waiting_fco', 'scan_send_required', 'despatch_required', 'gro_refunded', 'gro_refunded_response_received', 'waiting_ips', 'waiting_delivery', 'review_documents', 'ready_for_translation', 'waiting_translation', 'order_complete', 'cancelled', 'gro_order_escalation', 'gro_order_response_received', 'gro_reorder_escalation', 'gro_reorder_response_received', 'apostille_escalation', 'apostille_response_received', 'scan_send_escalation', 'scan_send_response_received', 'despatch_escalation', 'despatch_response_received', 'waiting_downgrade_approval', 'waiting_upgrade_payment', 'waiting_gro_order_response', 'waiting_gro_reorder_response', 'waiting_apostille_response', 'waiting_scan_send_response', 'waiting_despatch_response', 'waiting_gro_refunded_response', 'on_hold_waiting_downgrade_approval', 'on_hold_waiting_upgrade_payment', 'on_hold_waiting_gro_order_response', 'on_hold_waiting_gro_reorder_response', 'on_hold_waiting_apostille_response', 'on_hold_waiting_scan_send_response', 'on_hold_waiting_despatch_response', 'on_hold_waiting_gro_refunded_response')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_state_before_update_check" CHECK ("order_items"."state_before_update" IN ('unassigned', 'gro_order_required', 'waiting_gro', 'apostille_required', 'fco_order_placed', 'waiting_fco', 'scan_send_required', 'despatch_required', 'gro_refunded', 'gro_refunded_response_received', 'waiting_ips', 'waiting_delivery', 'review_documents', 'ready_for_translation', 'waiting_translation', 'order_complete', 'cancelled', 'gro_order_escalation', 'gro_order_response_received', 'gro_reorder_escalation', 'gro_reorder_response_received', 'apostille_escalation', 'apostille_response_received', 'scan_send_escalation', 'scan_send_response_received', 'despatch_escalation', 'despatch_response_received', 'waiting_downgrade_approval', 'waiting_upgrade_payment', 'waiting_gro_order_response', 'waiting_gro_reorder_response', 'waiting_apostille_response', 'waiting_scan_send_response', 'waiting_despatch_response', 'waiting_gro_refunded_response', 'on_hold_waiting_downgrade_approval', 'on_hold_waiting_upgrade_payment', 'on_hold_waiting_gro_order_response', 'on_hold_waiting_gro_reorder_response', 'on_hold_waiting_apostille_response', 'on_hold_waiting_scan_send_response', 'on_hold_waiting_despatch_response', 'on_hold_waiting_gro_refunded_response')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_orderable_type_check" CHECK ("order_items"."orderable_type" IN ('Certificate', 'DivorceCertificate', 'Translation', 'AdultDeedPoll', 'ChildDeedPoll')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_position_check" CHECK ("order_items"."position" >= 1) NOT VALID;
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_net_value_not_negative" CHECK ("order_items"."net_value" >= 0) NOT VALID;
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_lock_version_not_negative" CHECK ("order_items"."lock_version" >= 0) NOT VALID;
--> statement-breakpoint
ALTER TABLE "orderables" ADD CONSTRAINT "orderables_despatch_by_check" CHECK ("orderables"."despatch_by" IN ('standard', 'signed_for', 'tracked', 'courier')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "orderables" ADD CONSTRAINT "orderables_pages_not_negative" CHECK ("orderables"."pages" >= 0) NOT VALID;
--> statement-breakpoint
ALTER TABLE "orderables" ADD CONSTRAINT "orderables_copies_not_negative" CHECK ("orderables"."copies" >= 0) NOT VALID;
--> statement-breakpoint
ALTER TABLE "orderables" ADD CONSTRAINT "orderables_apostille_copies_not_negative" CHECK ("orderables"."apostille_copies" >= 0) NOT VALID;
--> statement-breakpoint
ALTER TABLE "orderables" ADD CONSTRAINT "orderables_subtotal_in_pence_not_negative" CHECK ("orderables"."subtotal_in_pence" >= 0) NOT VALID;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_region_check" CHECK ("orders"."delivery_region" IN ('UK', 'EC', 'NA', 'WW')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_status_check" CHECK ("outbox"."status" IN ('pending', 'sending', 'sent', 'failed')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_attempts_not_negative" CHECK ("outbox"."attempts" >= 0) NOT VALID;
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_action_check" CHECK ("refunds"."action" IN ('cancel', 'partial', 'full', 'refund_only', 'downgrade')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reason_check" CHECK ("refunds"."reason" IN ('before1836', 'before1864', 'duplicate', 'over_payment', 'refund_3yr', 'no_record_found', 'incorrect_details', 'customer_request', 'customer_no_response', 'gro_unable_to_issue', 'restricted_record', 'wrong_product', 'service_downgrade', 'late_delivery', 'lost_in_post', 'damaged_in_post', 'apostille_refused', 'translation_unavailable', 'payment_dispute', 'fraud_suspected')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount" > 0) NOT VALID;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" IN ('admin', 'orderer')) NOT VALID;
--> statement-breakpoint
DO $$
DECLARE
  guard record;
BEGIN
  FOR guard IN
    SELECT c.conrelid::regclass AS tbl, c.conname AS name
    FROM pg_constraint c
    WHERE c.contype = 'c' AND NOT c.convalidated AND c.connamespace = current_schema()::regnamespace
    ORDER BY c.conname
  LOOP
    BEGIN
      EXECUTE format('ALTER TABLE %s VALIDATE CONSTRAINT %I', guard.tbl, guard.name);
    EXCEPTION WHEN check_violation THEN
      RAISE WARNING 'constraint % on % is NOT VALID: existing rows break it; fix them, then VALIDATE it',
        guard.name, guard.tbl;
    END;
  END LOOP;
END $$;
